"""Reductions over several axes at once, ``a.sum(axis=(0, 2))``, and the ``dtype=`` of
``sum``, ``prod``, ``mean``, ``cumsum`` and ``cumprod``.

A reduction over an axis tuple is computed one axis after the other, the highest first, each
in the result dtype (codegen/axis_tuples.py); ``mean`` sums and then divides by the count of
the reduced elements, as NumPy does. Integer sums, min, max, any and all are NumPy's exactly;
float sums may differ from NumPy's in the last bits (NumPy's iterator orders the additions
over both axes its own way).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import ArrayType, DTypeScalar, Type
from hatch_pyaot.typing import dtypes
from hatch_pyaot.typing.array_calls import constant, in_range
from hatch_pyaot.typing.dtypes import DType

if TYPE_CHECKING:
    from hatch_pyaot.typing.infer import FunctionTyper


def dtype_of(typer: FunctionTyper, name: str, expr: ir.Expr, default: DType) -> DType | None:
    """The dtype named by ``dtype=`` (None: NumPy's default for the reduction)."""
    if isinstance(expr, ir.Const) and expr.value is None:
        return default
    if not isinstance(expr, ir.DTypeLit):
        typer.diags.error(expr.loc, "the dtype must be written out, such as numpy.float32")
        return None
    dtype = dtypes.dtype_named(expr.dtype)
    if dtype is None or (name == "mean" and dtype.kind != "f"):
        typer.diags.error(expr.loc, f"{name}() with dtype={expr.dtype} is not supported "
                          "(a float dtype is)" if name == "mean" else
                          f"{name}() with dtype={expr.dtype} is not supported")
        return None
    return dtype


def axes_of(typer: FunctionTyper, expr: ir.TupleExpr, ndim: int) -> tuple[int, ...] | None:
    """The axes written out, normalized and sorted; None after NumPy's error as a
    diagnostic."""
    axes = []
    for item in expr.items:
        value = constant(item, int)
        if not isinstance(value, int):
            typer.diags.error(item.loc, "the axes must be integers written in the code")
            return None
        axis = in_range(typer, item, value, ndim)
        if axis is None:
            return None
        axes.append(axis)
    if len(set(axes)) != len(axes):
        typer.diags.error(expr.loc, "duplicate value in 'axis'")
        return None
    return tuple(sorted(axes))


def reduction(typer: FunctionTyper, e: ir.Expr, name: str, array: ArrayType,
              axis_expr: ir.TupleExpr, dtype: DType, keep: bool) -> Type | None:
    from hatch_pyaot.typing.array_functions import reduced

    if name in ("argmin", "argmax"):
        typer.diags.error(axis_expr.loc, "'tuple' object cannot be interpreted as an integer")
        return None
    axes = axes_of(typer, axis_expr, array.ndim)
    if axes is None:
        return None
    if len(axes) == array.ndim or len(axes) == 1:  # as axis=None or one axis
        axis = axes[0] if len(axes) == 1 else None
        typer.spec.axis_ops[e] = (name, axis)
        return reduced(typer, e, DTypeScalar(dtype), array.ndim, axis, keep)
    typer.spec.axis_tuples[e] = (name, axes, keep)
    return ArrayType(dtype, array.ndim if keep else array.ndim - len(axes))
