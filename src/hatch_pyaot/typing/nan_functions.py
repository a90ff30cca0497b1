"""NumPy's NaN-ignoring functions (``pyaot/numpy/nan.hpp``): ``nansum``, ``nanprod``,
``nanmax``, ``nanmin``, ``nanargmax``, ``nanargmin``, ``nanmean``, ``nancumsum``,
``nancumprod`` (whole, or along ``axis=`` written in the code) and ``nan_to_num``. Their
dtypes are those of the plain functions."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import ArrayType, DTypeScalar, Type
from hatch_pyaot.typing import dtypes
from hatch_pyaot.typing.array_calls import (
    Bound,
    Function,
    Rule,
    array,
    axis_or_none,
    is_none,
    number,
)
from hatch_pyaot.typing.array_functions import reduced
from hatch_pyaot.typing.typed import ArrayCall, Converted

if TYPE_CHECKING:
    from hatch_pyaot.typing.infer import FunctionTyper

HEADER = "pyaot/numpy/nan.hpp"
_PLAIN = {"nansum": "sum", "nanprod": "prod", "nanmax": "max", "nanmin": "min",
          "nanargmax": "argmax", "nanargmin": "argmin", "nanmean": "mean",
          "nancumsum": "cumsum", "nancumprod": "cumprod"}


def _rule(name: str) -> Rule:
    def rule(typer: FunctionTyper, e: ir.Expr, b: Bound) -> Type | None:
        from hatch_pyaot.typing.arrays import reduction_dtype

        a = array(typer, e, f"numpy.{name}", b["a"])
        if a is None:
            return None
        extra = set(b) - {"a", "axis"}
        if extra:
            typer.diags.error(b[min(extra)].loc, f"numpy.{name}() with {min(extra)}= is not "
                              "supported yet")
            return None
        axis = axis_or_none(typer, f"numpy.{name}", b.get("axis"), a.ndim)
        if axis is False:
            return None
        plain = _PLAIN[name]
        cumulative = plain.startswith("cum")
        dtype = reduction_dtype("sum" if cumulative else plain, a.dtype)
        whole = axis is None or (a.ndim == 1 and not cumulative)
        assert isinstance(e, ir.Call | ir.MethodCall)
        typer.spec.calls[e] = ArrayCall(
            f"pyaot::numpy::{name}{'' if whole else '_axis'}", HEADER,
            (Converted(b["a"], a), *([] if whole else [str(axis)])))
        if cumulative:
            return ArrayType(dtype, 1 if axis is None else a.ndim)
        return reduced(typer, e, DTypeScalar(dtype), a.ndim, axis, False)
    return rule


def _optional(typer: FunctionTyper, b: Bound, param: str) -> list[Converted | str] | None:
    if is_none(b.get(param)):
        return ["false", "0.0"]
    return ["true", Converted(b[param], DTypeScalar(dtypes.FLOAT64))] \
        if number(typer, "numpy.nan_to_num", param, b[param]) else None


def _nan_to_num(typer: FunctionTyper, e: ir.Expr, b: Bound) -> Type | None:
    a = array(typer, e, "numpy.nan_to_num", b["x"])
    if a is None or a.dtype.kind not in "biuf":
        return None
    nan: Converted | str = "0.0"
    if not is_none(b.get("nan")):
        if not number(typer, "numpy.nan_to_num", "nan", b["nan"]):
            return None
        nan = Converted(b["nan"], DTypeScalar(dtypes.FLOAT64))
    pos, neg = _optional(typer, b, "posinf"), _optional(typer, b, "neginf")
    if pos is None or neg is None or (not is_none(b.get("copy"))):
        return None
    assert isinstance(e, ir.Call | ir.MethodCall)
    typer.spec.calls[e] = ArrayCall("pyaot::numpy::nan_to_num", HEADER,
                                    (Converted(b["x"], a), nan, *pos, *neg))
    return a


FUNCTIONS = {f"numpy.{name}": Function(("a", "axis", "dtype", "out", "keepdims"), 1,
                                       _rule(name), f"as `numpy.{plain}`, NaN ignored; whole or "
                                       "`axis=`") for name, plain in _PLAIN.items()}
FUNCTIONS["numpy.nan_to_num"] = Function(("x", "copy", "nan", "posinf", "neginf"), 1,
                                         _nan_to_num, "`nan=`, `posinf=`, `neginf=`")
