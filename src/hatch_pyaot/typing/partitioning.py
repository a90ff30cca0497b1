"""``numpy.partition``, ``numpy.argpartition`` and the methods ``a.partition()`` (in place)
and ``a.argpartition()`` (``pyaot/numpy/partition.hpp``): kth an int, ``axis=`` an int
written in the code or None (flattened)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import INT, NONE, ArrayType, Type
from hatch_pyaot.typing import dtypes
from hatch_pyaot.typing.array_calls import (
    Bound,
    Function,
    Rule,
    array,
    axis_or_none,
    integer,
)
from hatch_pyaot.typing.typed import ArrayCall, Converted

if TYPE_CHECKING:
    from hatch_pyaot.typing.infer import FunctionTyper

HEADER = "pyaot/numpy/partition.hpp"


def _rule(arg: bool) -> Rule:
    def rule(typer: FunctionTyper, e: ir.Expr, b: Bound) -> Type | None:
        name = f"numpy.{'arg' if arg else ''}partition"
        a = array(typer, e, name, b["a"])
        if a is None or not integer(typer, name, "kth", b["kth"]):
            return None
        if a.ndim == 0:
            typer.diags.error(e.loc, "axis -1 is out of bounds for array of dimension 0")
            return None
        axis_expr = b.get("axis", ir.Const(e.loc, -1))
        axis = axis_or_none(typer, name, axis_expr, a.ndim)
        if axis is False or set(b) - {"a", "kth", "axis", "kind"}:
            if axis is not False:
                typer.diags.error(e.loc, f"{name}() takes kth, axis and kind here")
            return None
        assert isinstance(e, ir.Call | ir.MethodCall)
        in_place = isinstance(e, ir.MethodCall) and not arg
        if in_place and axis is None:
            typer.diags.error(e.loc, "the axis of a.partition() must be an int")
            return None
        func = ("arg" if arg else "") + "partition" + (
            "_inplace" if in_place else "_flat" if axis is None else "_axis")
        args = [Converted(b["a"], a), Converted(b["kth"], INT)]
        typer.spec.calls[e] = ArrayCall(f"pyaot::numpy::{func}", HEADER,
                                        (*args, *([] if axis is None else [str(axis)])),
                                        returns_none=in_place)
        if in_place:
            return NONE
        return ArrayType(dtypes.INT64 if arg else a.dtype, 1 if axis is None else a.ndim)
    return rule


FUNCTIONS = {
    "numpy.partition": Function(("a", "kth", "axis", "kind", "order"), 2, _rule(False),
                                "kth an int, `axis=` (None: flattened); `x.partition()` "
                                "in place", method=True),
    "numpy.argpartition": Function(("a", "kth", "axis", "kind", "order"), 2,
                                   _rule(True),
                                   "kth an int, `axis=` (None: flattened)", method=True),
}
