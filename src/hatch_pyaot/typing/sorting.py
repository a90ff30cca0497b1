"""NumPy's sorting and searching (``pyaot/numpy/sort.hpp``): ``np.sort``/``a.sort()``,
``np.argsort``/``a.argsort()``, ``np.median``, ``np.diff``, ``np.searchsorted``,
``np.unique``, ``np.nonzero``/``a.nonzero()``, ``np.flatnonzero``, ``np.argwhere`` and
``np.count_nonzero``.

argsort is stable (NumPy's ``kind='stable'``); the indices of equal elements may differ
from those of NumPy's default kind, an unstable sort. ``searchsorted`` takes a sorted 1-d
array and values that convert to its dtype safely (NumPy would compare in the common dtype).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import NONE, ArrayType, DTypeScalar, TupleType, Type
from hatch_pyaot.typing import dtypes, numpy_ops
from hatch_pyaot.typing.array_functions import constant_axis, keepdims, reduced

if TYPE_CHECKING:
    from hatch_pyaot.typing.infer import FunctionTyper

FUNCTIONS = tuple(f"numpy.{n}" for n in (
    "sort", "argsort", "median", "diff", "searchsorted", "unique", "nonzero", "flatnonzero",
    "argwhere", "count_nonzero"))
METHODS = ("sort", "argsort", "nonzero", "searchsorted")
INT64_ARRAY_1D = ArrayType(dtypes.INT64, 1)


def call(typer: FunctionTyper, e: ir.Call, name: str, types: list[Type]) -> Type | None:
    if not types or not isinstance(types[0], ArrayType):
        typer.diags.error(e.loc, f"{name}() needs an array as its first argument here")
        return None
    return method(typer, e, name.removeprefix("numpy."), types[0], list(e.args[1:]),
                  dict(e.kwargs), in_place=False)


def method(typer: FunctionTyper, e: ir.Expr, name: str, array: ArrayType, args: list[ir.Expr],
           kwargs: dict[str, ir.Expr], *, in_place: bool) -> Type | None:
    """``name`` applied to ``array``; ``in_place`` for the method ``a.sort()``."""
    if name in ("sort", "argsort"):
        kwargs.pop("kind", None)  # every kind sorts to the same values; argsort is stable
        axis = _axis(typer, e, name, args, kwargs, array.ndim, default=-1)
        if axis is False:
            return None
        if in_place and axis is None:
            typer.diags.error(e.loc, "the axis of a.sort() must be an int")
            return None
        typer.spec.axis_ops[e] = (name, axis)
        dtype = array.dtype if name == "sort" else dtypes.INT64
        if in_place:
            return NONE
        return ArrayType(dtype, 1 if axis is None else array.ndim)
    if name == "median":
        keep = keepdims(typer, e, kwargs.pop("keepdims", None))
        axis = _axis(typer, e, name, args, kwargs, array.ndim, default=None)
        if axis is False or keep is None:
            return None
        typer.spec.axis_ops[e] = (name, axis)
        element = DTypeScalar(dtypes.FLOAT32 if array.dtype == dtypes.FLOAT32
                              else dtypes.FLOAT64)
        return reduced(typer, e, element, array.ndim, axis, keep)
    if name == "diff":
        n = kwargs.pop("n", args.pop(0) if args else None)
        if n is not None and not numpy_ops.is_integer(typer.expr(n) or NONE):
            typer.diags.error(n.loc, "the order n of numpy.diff must be an int")
            return None
        axis = _axis(typer, e, name, args, kwargs, array.ndim, default=-1)
        if axis is False or axis is None:
            return None
        typer.spec.axis_ops[e] = (name, axis)
        typer.spec.indices[e] = [n] if n is not None else []
        return array
    if name == "searchsorted":
        return _searchsorted(typer, e, array, args, kwargs)
    if args or kwargs:
        typer.diags.error(e.loc, f"{name}() takes no other arguments here")
        return None
    typer.spec.axis_ops[e] = (name, None)
    if name == "nonzero":
        if array.ndim == 0:
            typer.diags.error(e.loc, "Calling nonzero on 0d arrays is not allowed. Use "
                              "np.atleast_1d(scalar).nonzero() instead.")
            return None
        return TupleType(tuple(INT64_ARRAY_1D for _ in range(array.ndim)))
    if name == "count_nonzero":
        return DTypeScalar(dtypes.INT64)
    if name == "argwhere":
        return ArrayType(dtypes.INT64, 2)
    if name == "flatnonzero":
        return INT64_ARRAY_1D
    assert name == "unique"
    return ArrayType(array.dtype, 1)


def _axis(typer: FunctionTyper, e: ir.Expr, name: str, args: list[ir.Expr],
          kwargs: dict[str, ir.Expr], ndim: int, *, default: int | None) -> int | bool | None:
    """The axis (normalized; None for the flattened array) or False after a diagnostic."""
    axis_expr = kwargs.pop("axis", args.pop(0) if args else None)
    if args or kwargs:
        typer.diags.error(e.loc, f"{name}() takes these arguments here: the array, axis"
                          + (", n" if name == "diff" else "")
                          + (", keepdims" if name == "median" else ""))
        return False
    if axis_expr is None:
        return default if default is None else default % max(ndim, 1)
    if ndim == 0 and not (isinstance(axis_expr, ir.Const) and axis_expr.value is None):
        typer.diags.error(axis_expr.loc, f"axis {getattr(axis_expr, 'value', '')} is out of "
                          "bounds for array of dimension 0")
        return False
    return constant_axis(typer, e, axis_expr, ndim)


def _searchsorted(typer: FunctionTyper, e: ir.Expr, array: ArrayType, args: list[ir.Expr],
                  kwargs: dict[str, ir.Expr]) -> Type | None:
    values = kwargs.pop("v", args.pop(0) if args else None)
    side = kwargs.pop("side", args.pop(0) if args else None)
    if values is None or args or kwargs or (side is not None and not (
            isinstance(side, ir.Const) and side.value in ("left", "right"))):
        typer.diags.error(e.loc, "numpy.searchsorted() takes a sorted array, the values and "
                          "side='left' or 'right' written out here")
        return None
    if array.ndim != 1:
        typer.diags.error(e.loc, "numpy.searchsorted() searches a 1-d array (this one has "
                          f"{array.ndim} dimensions)")
        return None
    vt = typer.expr(values)
    operand = numpy_ops.element_operand(vt) if vt is not None else None
    if operand is None:
        return None
    if numpy_ops.common_dtype(array.dtype, operand) != array.dtype:
        typer.diags.error(values.loc, f"numpy.searchsorted() values of {vt} in an array of "
                          f"{array.dtype.name}: convert the values to {array.dtype.name} "
                          "first (NumPy would compare in their common dtype)")
        return None
    typer.spec.axis_ops[e] = ("searchsorted", None)
    typer.spec.indices[e] = [values, *([side] if side is not None else [])]
    if isinstance(vt, ArrayType):
        return ArrayType(dtypes.INT64, vt.ndim)
    return DTypeScalar(dtypes.INT64)
