"""Emit the ``bisect`` module's functions (typed by typing/bisects.py) as calls into
``pyaot/bisect.hpp``.

Free functions over the FunctionEmitter of codegen/function.py, which calls them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import INT, NONE, ListType
from hatch_pyaot.typing.bisects import FUNCTIONS, arguments

if TYPE_CHECKING:
    from hatch_pyaot.codegen.function import FunctionEmitter

HEADER = "pyaot/bisect.hpp"


def call(em: FunctionEmitter, e: ir.Call) -> str:
    em.headers.add(HEADER)
    given = arguments(e)
    assert given is not None
    a, x, lo, hi = given
    assert a is not None and x is not None
    lt = em.spec.type_of(a)
    assert isinstance(lt, ListType) and lt.item is not None
    lst = em.held(a)
    value = em.cast(em.expr(x), em.spec.type_of(x), lt.item)
    value = em.temp(lt.item, value)
    start = em.cast(em.expr(lo), em.spec.type_of(lo), INT) if lo is not None else "0"
    if hi is None or em.spec.type_of(hi) == NONE:
        if hi is not None:
            em.expr(hi)
        bound = "false, 0"
    else:
        bound = f"true, {em.cast(em.expr(hi), em.spec.type_of(hi), INT)}"
    right = "true" if FUNCTIONS[str(e.func)] == "right" else "false"
    if str(e.func).startswith("bisect.insort"):
        em.line(f"if (!pyaot::insort({lst}, {value}, {start}, {bound}, {right})) [[unlikely]] "
                f"{em.fail(e.loc.line)}")
        return "pyaot::none"
    out = em.temp(INT)
    em.line(f"if (!pyaot::bisect_index({out}, {lst}, {value}, {start}, {bound}, {right})) "
            f"[[unlikely]] {em.fail(e.loc.line)}")
    return out
