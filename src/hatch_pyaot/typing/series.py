"""NumPy's functions of sequences of samples (``pyaot/numpy/series.hpp``): ``digitize``,
``ediff1d``, ``trapezoid``, ``polyval``, ``vander``, ``logspace``, ``ptp`` and ``append``,
with NumPy 2's result dtypes."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import BOOL, FLOAT, INT, ArrayType, DTypeScalar, Type
from hatch_pyaot.typing import dtypes
from hatch_pyaot.typing.array_calls import (
    Bound,
    Function,
    array,
    axis_or_none,
    flag,
    int_or,
    integer,
    is_none,
    number,
    type_of,
)
from hatch_pyaot.typing.array_functions import reduced
from hatch_pyaot.typing.typed import ArrayCall, Converted

if TYPE_CHECKING:
    from hatch_pyaot.typing.infer import FunctionTyper

HEADER = "pyaot/numpy/series.hpp"


def _call(typer: FunctionTyper, e: ir.Expr, func: str, *args: Converted | str,
          header: str = HEADER) -> None:
    assert isinstance(e, ir.Call | ir.MethodCall)
    typer.spec.calls[e] = ArrayCall(f"pyaot::numpy::{func}", header, args)


def _numeric(typer: FunctionTyper, e: ir.Expr, name: str, t: ArrayType | None) -> bool:
    if t is not None and t.dtype.kind == "b":
        typer.diags.error(e.loc, f"numpy boolean subtract, the `-` operator, is not supported, "
                          f"use the bitwise_xor, the `^` operator, or the logical_xor function "
                          f"instead. ({name})")
        return False
    return t is not None


def _digitize(typer: FunctionTyper, e: ir.Expr, b: Bound) -> Type | None:
    x = array(typer, e, "numpy.digitize", b["x"])
    bins = array(typer, e, "numpy.digitize", b["bins"], "1-d bins")
    right = flag(typer, "numpy.digitize", "right", b.get("right"), False)
    if x is None or bins is None or right is None:
        return None
    if bins.ndim != 1:
        typer.diags.error(b["bins"].loc, "object too deep for desired array")
        return None
    dtype = dtypes.promote(x.dtype, bins.dtype)
    _call(typer, e, "digitize", Converted(b["x"], ArrayType(dtype, x.ndim)),
          Converted(b["bins"], ArrayType(dtype, 1)), "true" if right else "false")
    return ArrayType(dtypes.INT64, x.ndim)


def _ediff1d(typer: FunctionTyper, e: ir.Expr, b: Bound) -> Type | None:
    a = array(typer, e, "numpy.ediff1d", b["ary"])
    if not _numeric(typer, e, "numpy.ediff1d", a) or not (
            is_none(b.get("to_end")) and is_none(b.get("to_begin"))):
        if a is not None and a.dtype.kind != "b":
            typer.diags.error(e.loc, "numpy.ediff1d() with to_end= or to_begin= is not "
                              "supported yet")
        return None
    assert a is not None
    _call(typer, e, "ediff1d", Converted(b["ary"], a))
    return ArrayType(a.dtype, 1)


def _float_of(dtype: dtypes.DType) -> dtypes.DType:
    return dtype if dtype.kind == "f" else dtypes.FLOAT64


def _trapezoid(typer: FunctionTyper, e: ir.Expr, b: Bound) -> Type | None:
    y = array(typer, e, "numpy.trapezoid", b["y"])
    if y is None:
        return None
    if y.ndim != 1 or not is_none(b.get("axis")):
        typer.diags.error(e.loc, "numpy.trapezoid() of a 1-d y only, so far")
        return None
    if not is_none(b.get("x")):
        x = array(typer, e, "numpy.trapezoid", b["x"], "1-d sample points x")
        if x is None or x.ndim != 1:
            return None
        dtype = _float_of(dtypes.promote(y.dtype, x.dtype))
        _call(typer, e, "trapezoid", Converted(b["y"], ArrayType(dtype, 1)),
              Converted(b["x"], ArrayType(dtype, 1)))
        return DTypeScalar(dtype)
    dx = b.get("dx")
    dt = number(typer, "numpy.trapezoid", "dx", dx) if dx is not None else FLOAT
    if dt is None:
        return None
    dtype = _float_of(y.dtype) if not isinstance(dt, DTypeScalar) else _float_of(
        dtypes.promote(y.dtype, dt.dtype))
    _call(typer, e, "trapezoid", Converted(b["y"], ArrayType(dtype, 1)),
          Converted(dx, DTypeScalar(dtype)) if dx is not None else "1.0")
    return DTypeScalar(dtype)


def _polyval(typer: FunctionTyper, e: ir.Expr, b: Bound) -> Type | None:
    p = array(typer, e, "numpy.polyval", b["p"], "1-d coefficients p")
    if p is None:
        return None
    if p.ndim != 1:
        typer.diags.error(b["p"].loc, "numpy.polyval() takes 1-d coefficients here")
        return None
    xt = type_of(typer, b["x"])
    if isinstance(xt, ArrayType):
        dtype = dtypes.promote(xt.dtype, p.dtype)
        _call(typer, e, "polyval", Converted(b["p"], ArrayType(dtype, 1)),
              Converted(b["x"], ArrayType(dtype, xt.ndim)))
        return ArrayType(dtype, xt.ndim)
    if xt not in (INT, FLOAT, BOOL) and not isinstance(xt, DTypeScalar):
        typer.diags.error(b["x"].loc, f"numpy.polyval() takes x as an array or a number (not "
                          f"{xt})")
        return None
    x_dtype = xt.dtype if isinstance(xt, DTypeScalar) else (
        dtypes.FLOAT64 if xt == FLOAT else dtypes.INT64 if xt == INT else dtypes.BOOL_)
    dtype = dtypes.promote(x_dtype, p.dtype)
    _call(typer, e, "polyval", Converted(b["p"], ArrayType(dtype, 1)),
          Converted(b["x"], DTypeScalar(dtype)))
    return DTypeScalar(dtype)


def _vander(typer: FunctionTyper, e: ir.Expr, b: Bound) -> Type | None:
    x = array(typer, e, "numpy.vander", b["x"])
    increasing = flag(typer, "numpy.vander", "increasing", b.get("increasing"), False)
    if x is None or increasing is None:
        return None
    if x.ndim != 1:
        typer.diags.error(b["x"].loc, "x must be a one-dimensional array or sequence.")
        return None
    n: Converted | str = "-2"
    dtype = dtypes.promote(x.dtype, dtypes.INT64)
    if is_none(b.get("N")):
        n = "-2"  # the C++ below reads len(x)
    elif integer(typer, "numpy.vander", "N", b["N"]):
        n = Converted(b["N"], INT)
    else:
        return None
    _call(typer, e, "vander" if n != "-2" else "vander_square",
          Converted(b["x"], ArrayType(dtype, 1)), *([n] if n != "-2" else []),
          "true" if increasing else "false")
    return ArrayType(dtype, 2)


def _logspace(typer: FunctionTyper, e: ir.Expr, b: Bound) -> Type | None:
    name = "numpy.logspace"
    if any(number(typer, name, p, b[p]) is None for p in ("start", "stop")) or (
            set(b) - {"start", "stop", "num", "endpoint", "base"}):
        return None
    num = int_or(typer, name, b, "num", "50")
    endpoint = flag(typer, name, "endpoint", b.get("endpoint"), True)
    base: Converted | str = "10.0"
    if "base" in b:
        if number(typer, name, "base", b["base"]) is None:
            return None
        base = Converted(b["base"], FLOAT)
    if endpoint is None or num is None:
        return None
    _call(typer, e, "logspace", Converted(b["start"], FLOAT), Converted(b["stop"], FLOAT), num,
          "true" if endpoint else "false", base)
    return ArrayType(dtypes.FLOAT64, 1)


def _ptp(typer: FunctionTyper, e: ir.Expr, b: Bound) -> Type | None:
    a = array(typer, e, "numpy.ptp", b["a"])
    if not _numeric(typer, e, "numpy.ptp", a) or set(b) - {"a", "axis"}:
        return None
    assert a is not None
    axis = axis_or_none(typer, "numpy.ptp", b.get("axis"), a.ndim)
    if axis is False:
        return None
    whole = axis is None or a.ndim == 1
    _call(typer, e, "ptp" if whole else "ptp_axis", Converted(b["a"], a),
          *([] if whole else [str(axis)]))
    return reduced(typer, e, DTypeScalar(a.dtype), a.ndim, axis, False)


def _append(typer: FunctionTyper, e: ir.Expr, b: Bound) -> Type | None:
    a = array(typer, e, "numpy.append", b["arr"])
    v = array(typer, e, "numpy.append", b["values"])
    if a is None or v is None:
        return None
    dtype = dtypes.promote(a.dtype, v.dtype)
    args = (Converted(b["arr"], ArrayType(dtype, a.ndim)),
            Converted(b["values"], ArrayType(dtype, v.ndim)))
    axis = axis_or_none(typer, "numpy.append", b.get("axis"), a.ndim)
    if axis is False:
        return None
    if axis is None:
        _call(typer, e, "append_flat", *args)
        return ArrayType(dtype, 1)
    if a.ndim != v.ndim:
        typer.diags.error(e.loc, "all the input arrays must have same number of dimensions")
        return None
    _call(typer, e, "concatenate", *args, str(axis), header="pyaot/numpy/join.hpp")
    return ArrayType(dtype, a.ndim)


FUNCTIONS = {
    "numpy.digitize": Function(("x", "bins", "right"), 2, _digitize,
                               "x an array, monotonic 1-d bins, `right=`"),
    "numpy.ediff1d": Function(("ary", "to_end", "to_begin"), 1, _ediff1d, "flattened"),
    "numpy.trapezoid": Function(("y", "x", "dx", "axis"), 1, _trapezoid,
                                "of a 1-d y, `x=` or `dx=`; NumPy's pairwise sum"),
    "numpy.polyval": Function(("p", "x"), 2, _polyval, "x an array or a number; Horner"),
    "numpy.vander": Function(("x", "N", "increasing"), 1, _vander, "`N=`, `increasing=`"),
    "numpy.logspace": Function(("start", "stop", "num", "endpoint", "base", "dtype", "axis"),
                               2, _logspace, "`num=`, `endpoint=`, `base=`; within 1 ulp of NumPy's"),
    "numpy.ptp": Function(("a", "axis", "out", "keepdims"), 1, _ptp, "whole or `axis=`"),
    "numpy.append": Function(("arr", "values", "axis"), 2, _append,
                             "flattened, or along `axis=`"),
}
