"""``numpy.divmod``, ``frexp`` and ``modf`` (ufuncs of two results) and ``ldexp`` on arrays,
each one ArrayCall into pyaot/numpy/float_parts.hpp giving new arrays.

dtypes: divmod computes in the operands' promoted dtype (bools as int8); frexp and modf keep
float32 and float64 and take integers of 16 bits and more as float64 (8-bit integers, whose
NumPy loop is float16, are not supported); frexp's exponents are int32; ldexp keeps its
first operand's float dtype.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import ArrayType, TupleType, Type
from hatch_pyaot.typing import dtypes
from hatch_pyaot.typing.array_calls import Bound, Function, Rule, array
from hatch_pyaot.typing.dtypes import DType
from hatch_pyaot.typing.typed import ArrayCall, Converted

if TYPE_CHECKING:
    from hatch_pyaot.typing.infer import FunctionTyper

HEADER = "pyaot/numpy/float_parts.hpp"


def _call(typer: FunctionTyper, e: ir.Expr, func: str, *args: Converted) -> None:
    assert isinstance(e, ir.Call | ir.MethodCall)
    typer.spec.calls[e] = ArrayCall(f"pyaot::numpy::{func}", HEADER, args)


def _float(typer: FunctionTyper, name: str, expr: ir.Expr, a: ArrayType) -> DType | None:
    if a.dtype in (dtypes.FLOAT32, dtypes.FLOAT64):
        return a.dtype
    if a.dtype.kind in "iu" and a.dtype.itemsize >= 2:
        return dtypes.FLOAT32 if a.dtype.itemsize == 2 else dtypes.FLOAT64
    typer.diags.error(expr.loc, f"numpy.{name}() of {a.dtype.name} arrays is not supported "
                      "(NumPy computes it in float16)")
    return None


def _parts(name: str) -> Rule:
    def rule(typer: FunctionTyper, e: ir.Expr, b: Bound) -> Type | None:
        a = array(typer, e, f"numpy.{name}", b["x"])
        dtype = _float(typer, name, b["x"], a) if a is not None else None
        if a is None or dtype is None:
            return None
        arg = ArrayType(dtype, a.ndim)
        _call(typer, e, name, Converted(b["x"], arg))
        second = ArrayType(dtypes.INT32, a.ndim) if name == "frexp" else arg
        return TupleType((arg, second))
    return rule


def _divmod(typer: FunctionTyper, e: ir.Expr, b: Bound) -> Type | None:
    x, y = (array(typer, e, "numpy.divmod", b[k]) for k in ("x1", "x2"))
    if x is None or y is None:
        return None
    if x.ndim != y.ndim:
        typer.diags.error(e.loc, "numpy.divmod() of arrays of one rank only, so far")
        return None
    dtype = dtypes.promote(x.dtype, y.dtype)
    dtype = dtypes.INT8 if dtype == dtypes.BOOL_ else dtype
    t = ArrayType(dtype, x.ndim)
    _call(typer, e, "divmod", Converted(b["x1"], t), Converted(b["x2"], t))
    return TupleType((t, t))


def _ldexp(typer: FunctionTyper, e: ir.Expr, b: Bound) -> Type | None:
    x, n = (array(typer, e, "numpy.ldexp", b[k]) for k in ("x1", "x2"))
    dtype = _float(typer, "ldexp", b["x1"], x) if x is not None else None
    if x is None or n is None or dtype is None:
        return None
    if n.dtype.kind not in "iu" or n.dtype == dtypes.UINT64 or n.ndim != x.ndim:
        typer.diags.error(b["x2"].loc, "numpy.ldexp() takes the exponents as an int array of "
                          "the first operand's rank here")
        return None
    t = ArrayType(dtype, x.ndim)
    _call(typer, e, "ldexp", Converted(b["x1"], t), Converted(b["x2"], n))
    return t


FUNCTIONS = {
    "numpy.divmod": Function(("x1", "x2"), 2, _divmod, "(floor_divide, remainder) of arrays"),
    "numpy.frexp": Function(("x",), 1, _parts("frexp"), "(mantissa, int32 exponent) arrays"),
    "numpy.modf": Function(("x",), 1, _parts("modf"), "(fractional, integral) arrays"),
    "numpy.ldexp": Function(("x1", "x2"), 2, _ldexp, "x1 * 2**x2, int exponents"),
}
