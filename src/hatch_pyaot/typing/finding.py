"""``numpy.lexsort`` (a tuple of 1-d keys written out): one ArrayCall into
pyaot/numpy/indices.hpp. (nonzero, flatnonzero, argwhere, count_nonzero: typing/sorting.py.)"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import ArrayType, Type
from hatch_pyaot.typing import dtypes
from hatch_pyaot.typing.array_calls import Bound, Function, array, is_none
from hatch_pyaot.typing.typed import ArrayCall, Converted

if TYPE_CHECKING:
    from hatch_pyaot.typing.infer import FunctionTyper

HEADER = "pyaot/numpy/indices.hpp"


def _call(typer: FunctionTyper, e: ir.Expr, func: str, *args: Converted) -> None:
    assert isinstance(e, ir.Call | ir.MethodCall)
    typer.spec.calls[e] = ArrayCall(f"pyaot::numpy::{func}", HEADER, args)


def _lexsort(typer: FunctionTyper, e: ir.Expr, b: Bound) -> Type | None:
    keys = b["keys"]
    if not isinstance(keys, ir.TupleExpr) or not keys.items:
        typer.diags.error(keys.loc, "numpy.lexsort() takes the keys as a tuple of 1-d arrays "
                          "written out here")
        return None
    if not is_none(b.get("axis")):
        typer.diags.error(b["axis"].loc, "numpy.lexsort() with axis= is not supported yet")
        return None
    types = [array(typer, e, "numpy.lexsort", k) for k in keys.items]
    if any(t is None or t.ndim != 1 for t in types):
        typer.diags.error(keys.loc, "numpy.lexsort() of 1-d keys only, so far")
        return None
    _call(typer, e, "lexsort", *(Converted(k, t) for k, t in zip(keys.items, types, strict=True)
                                 if t is not None))
    return ArrayType(dtypes.INT64, 1)


FUNCTIONS = {
    "numpy.lexsort": Function(("keys", "axis"), 1, _lexsort,
                              "a tuple of 1-d keys, the last primary; stable"),
}
