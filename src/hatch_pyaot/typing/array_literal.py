"""``np.array(...)`` and ``np.asarray(...)``: from numbers written as nested lists or tuples
(``np.array([[1, 2], [3, 4]], dtype=np.float32)``; the tracer turns the list literals into
tuples), from a tuple variable of numbers, or from an array (a copy; ``asarray`` the array
itself when the dtype is kept).

The shape is the nesting, which must be rectangular (NumPy's ValueError otherwise). The dtype
is ``dtype=`` or, as NumPy infers it, the promotion of the items' dtypes where a Python bool
is bool, an int int64, a float float64 and a complex complex128 (Python numbers are not weak here:
``np.array([np.float32(1), 2.0])`` is float64); no items give float64.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import (
    BOOL,
    COMPLEX,
    FLOAT,
    INT,
    ArrayType,
    DTypeScalar,
    TupleType,
    Type,
)
from hatch_pyaot.typing import dtypes
from hatch_pyaot.typing.dtypes import DType

if TYPE_CHECKING:
    from hatch_pyaot.typing.infer import FunctionTyper

NAMES = ("numpy.array", "numpy.asarray")
_ITEM_DTYPE: dict[Type, DType] = {BOOL: dtypes.BOOL_, INT: dtypes.INT64, FLOAT: dtypes.FLOAT64,
                                  COMPLEX: dtypes.COMPLEX128}


def shape_of(t: Type) -> tuple[int, ...] | None:
    """The shape of nested tuples of numbers, or None when they are not rectangular."""
    if not isinstance(t, TupleType):
        return ()
    shapes = {shape_of(item) for item in t.items}
    if None in shapes or len(shapes) > 1:
        return None
    inner = shapes.pop() if shapes else ()
    assert inner is not None
    return (len(t.items), *inner)


def leaves(t: Type) -> list[Type]:
    return [leaf for item in t.items for leaf in leaves(item)] if isinstance(t, TupleType) \
        else [t]


def call(typer: FunctionTyper, e: ir.Call, name: str, types: list[Type],
         kwargs: dict[str, ir.Expr]) -> Type | None:
    dtype_kw = kwargs.get("dtype")
    if len(types) != 1 or kwargs.keys() - {"dtype"} or (
            dtype_kw is not None and not isinstance(dtype_kw, ir.DTypeLit)):
        typer.diags.error(e.loc, f"{name}() takes the values and a dtype written out "
                          "(dtype=numpy.float32) here")
        return None
    wanted = dtypes.dtype_named(dtype_kw.dtype) if isinstance(dtype_kw, ir.DTypeLit) else None
    (t,) = types
    if isinstance(t, ArrayType):
        return ArrayType(wanted or t.dtype, t.ndim)
    shape = shape_of(t)
    if shape is None:
        typer.diags.error(e.loc, "setting an array element with a sequence. The requested "
                          "array has an inhomogeneous shape (the nested lists differ in "
                          "length)")
        return None
    items = leaves(t)
    if not all(i in _ITEM_DTYPE or isinstance(i, DTypeScalar) for i in items):
        typer.diags.error(e.loc, f"{name}() makes arrays of numbers here, not of "
                          f"{', '.join(sorted({str(i) for i in items}))}")
        return None
    if wanted is not None and wanted.kind != "c" and COMPLEX in items:
        typer.diags.error(e.loc, f"a complex item in an array of {wanted.name} (NumPy: "
                          "TypeError, can't convert complex to float)")
        return None
    dtype = wanted
    if dtype is None:
        found = [i.dtype if isinstance(i, DTypeScalar) else _ITEM_DTYPE[i]
                 for i in items]
        dtype = found[0] if found else dtypes.FLOAT64
        for d in found[1:]:
            dtype = dtypes.promote(dtype, d)
    return ArrayType(dtype, len(shape))
