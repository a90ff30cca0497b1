"""NumPy's set functions of arrays (``pyaot/numpy/sets.hpp``): ``isin``, ``intersect1d``,
``union1d``, ``setdiff1d``, ``setxor1d`` and ``array_equal``, the operands converted to
their common dtype first (as NumPy's comparisons and concatenations do)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import BOOL, ArrayType, Type
from hatch_pyaot.typing import dtypes
from hatch_pyaot.typing.array_calls import Bound, Function, Rule, array, flag
from hatch_pyaot.typing.typed import ArrayCall, Converted

if TYPE_CHECKING:
    from hatch_pyaot.typing.infer import FunctionTyper

HEADER = "pyaot/numpy/sets.hpp"


def _common(typer: FunctionTyper, e: ir.Expr, name: str, b: Bound, first: str,
            second: str) -> tuple[list[Converted], dtypes.DType, int] | None:
    x = array(typer, e, name, b[first])
    y = array(typer, e, name, b[second])
    if x is None or y is None:
        return None
    dtype = dtypes.promote(x.dtype, y.dtype)
    return ([Converted(b[first], ArrayType(dtype, x.ndim)),
             Converted(b[second], ArrayType(dtype, y.ndim))], dtype, x.ndim)


def _call(typer: FunctionTyper, e: ir.Expr, func: str, *args: Converted | str) -> None:
    assert isinstance(e, ir.Call | ir.MethodCall)
    typer.spec.calls[e] = ArrayCall(f"pyaot::numpy::{func}", HEADER, args)


def _isin(typer: FunctionTyper, e: ir.Expr, b: Bound) -> Type | None:
    found = _common(typer, e, "numpy.isin", b, "element", "test_elements")
    invert = flag(typer, "numpy.isin", "invert", b.get("invert"), False)
    if found is None or invert is None or set(b) - {"element", "test_elements", "invert"}:
        return None
    args, _, ndim = found
    _call(typer, e, "isin", *args, "true" if invert else "false")
    return ArrayType(dtypes.BOOL_, ndim)


def _set_rule(name: str) -> Rule:
    def rule(typer: FunctionTyper, e: ir.Expr, b: Bound) -> Type | None:
        found = _common(typer, e, f"numpy.{name}", b, "ar1", "ar2")
        if found is None or set(b) - {"ar1", "ar2"}:
            if found is not None:
                typer.diags.error(e.loc, f"numpy.{name}() takes two arrays here")
            return None
        args, dtype, _ = found
        if name == "setdiff1d":  # unique(ar1) filtered: ar1's dtype
            a = array(typer, e, name, b["ar1"])
            assert a is not None
            args = [Converted(b["ar1"], a), args[1]]
            if a.dtype != dtype:
                typer.diags.error(e.loc, "numpy.setdiff1d() of a second array of a wider "
                                  "dtype than the first is not supported yet")
                return None
            dtype = a.dtype
        _call(typer, e, name, *args)
        return ArrayType(dtype, 1)
    return rule


def _array_equal(typer: FunctionTyper, e: ir.Expr, b: Bound) -> Type | None:
    found = _common(typer, e, "numpy.array_equal", b, "a1", "a2")
    equal_nan = flag(typer, "numpy.array_equal", "equal_nan", b.get("equal_nan"), False)
    if found is None or equal_nan is None:
        return None
    args, _, _ = found
    _call(typer, e, "array_equal", *args, "true" if equal_nan else "false")
    return BOOL


FUNCTIONS = {
    "numpy.isin": Function(("element", "test_elements", "assume_unique", "invert", "kind"), 2,
                           _isin, "`invert=`; of element's shape"),
    **{f"numpy.{name}": Function(("ar1", "ar2", "assume_unique"), 2, _set_rule(name),
                                 "sorted unique values, flattened; one NaN kept as NumPy's")
       for name in ("intersect1d", "union1d", "setdiff1d", "setxor1d")},
    "numpy.array_equal": Function(("a1", "a2", "equal_nan"), 2, _array_equal,
                                  "shapes and values, `equal_nan=`; a bool"),
}
