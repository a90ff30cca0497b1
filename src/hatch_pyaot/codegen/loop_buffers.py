"""Small arrays made in loops reuse their storage: ``for ...: v = np.zeros(3)``.

A local bound only by one ``numpy.zeros/ones/empty/full`` call inside a loop is made by
``pyaot::numpy::renew_*`` (``pyaot/numpy/renew.hpp``) straight into the local: when the
previous iteration's array is seen by nothing else (its storage's reference count, checked
at run time, so an array returned, stored in a list or kept by a view is never reused) and
has the new shape, its storage is filled again instead of allocated.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatch_pyaot.codegen.statement_fusion import binds, walk
from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import ArrayType
from hatch_pyaot.typing.arrays import CREATION

if TYPE_CHECKING:
    from hatch_pyaot.codegen.function import FunctionEmitter

HEADER = "pyaot/numpy/renew.hpp"
LOOPS = (ir.ForRange, ir.ForEach, ir.While)


def plan(em: FunctionEmitter) -> dict[ir.Expr, str]:
    """The creation calls that renew their local's array, with the local's name."""
    from hatch_pyaot.typing.typed import NumpyCall

    function = em.spec.function
    if function.generator:
        return {}
    counts = binds(function.body)
    excluded = {p.name for p in function.params} | set(function.cells)
    found: dict[ir.Expr, str] = {}
    for loop in walk(function.body):
        if not isinstance(loop, LOOPS):
            continue
        for s in walk(loop.body):
            if not (isinstance(s, ir.Assign) and isinstance(s.target, ir.NameTarget)
                    and isinstance(s.value, ir.Call)):
                continue
            name = s.target.id
            target = em.spec.calls.get(s.value)
            if (isinstance(target, NumpyCall) and target.name in CREATION
                    and counts[name] == 1 and name not in excluded
                    and em.spec.var_types.get(name) == em.spec.type_of(s.value)
                    and isinstance(em.spec.var_types.get(name), ArrayType)):
                found[s.value] = name
    return found
