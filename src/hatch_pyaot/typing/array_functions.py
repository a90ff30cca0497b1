"""NumPy functions that make arrays of a new shape: ``arange``, ``linspace``, ``eye``,
``identity``, ``reshape``/``ravel``/``flatten``, and the products ``dot``, ``matmul`` (``@``),
``outer`` and ``linalg.norm``. The rank of each result must be known to the compiler: a
reshape takes its shape as ints or a tuple of ints written out."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import BOOL, FLOAT, INT, ArrayType, DTypeScalar, TupleType, Type
from hatch_pyaot.typing import dtypes, numpy_ops
from hatch_pyaot.typing.dtypes import DType

if TYPE_CHECKING:
    from hatch_pyaot.typing.infer import FunctionTyper

FUNCTIONS = ("numpy.arange", "numpy.linspace", "numpy.eye", "numpy.identity",
             "numpy.reshape", "numpy.ravel", "numpy.dot", "numpy.matmul", "numpy.outer",
             "numpy.linalg.norm")
METHODS = ("reshape", "ravel", "flatten", "dot")
PRODUCT_DTYPES = (dtypes.INT32, dtypes.INT64, dtypes.FLOAT32, dtypes.FLOAT64)
"""The dtypes ``pyaot/numpy/linalg.hpp`` computes products in."""


def call(typer: FunctionTyper, e: ir.Call, name: str, types: list[Type],
         kwtypes: dict[str, Type]) -> Type | None:
    args, kwargs = list(e.args), dict(e.kwargs)
    if name == "numpy.arange":
        return _arange(typer, e, types, kwargs)
    if name == "numpy.linspace":
        if not 2 <= len(types) <= 3 or set(kwtypes) - {"num", "endpoint"} or not all(
                t in (INT, FLOAT, BOOL) for t in [*types, *kwtypes.values()]):
            typer.diags.error(e.loc, "numpy.linspace() takes start, stop, num and endpoint "
                              "(numbers) here")
            return None
        return ArrayType(dtypes.FLOAT64, 1)
    if name in ("numpy.eye", "numpy.identity"):
        dtype = _dtype_kw(typer, e, kwargs, dtypes.FLOAT64)
        count = 1 if name == "numpy.identity" else 2
        if dtype is None or not 1 <= len(types) <= count or not all(
                numpy_ops.is_integer(t) for t in types):
            typer.diags.error(e.loc, f"{name}() takes the size(s) as ints here")
            return None
        return ArrayType(dtype, 2)
    if name in ("numpy.reshape", "numpy.ravel"):
        if not types or not isinstance(types[0], ArrayType):
            typer.diags.error(e.loc, f"{name}() needs an array")
            return None
        return method(typer, e, name.removeprefix("numpy."), types[0], args[1:], kwargs)
    if name == "numpy.linalg.norm":
        if len(types) != 1 or kwargs or not isinstance(types[0], ArrayType):
            typer.diags.error(e.loc, "numpy.linalg.norm() takes one array here")
            return None
        dtype = types[0].dtype
        return DTypeScalar(dtype if dtype.kind == "f" else dtypes.FLOAT64)
    return product(typer, e, name.removeprefix("numpy."), types)


def method(typer: FunctionTyper, e: ir.Expr, name: str, array: ArrayType,
           args: list[ir.Expr], kwargs: dict[str, ir.Expr]) -> Type | None:
    if name in ("ravel", "flatten"):
        if args or kwargs:
            typer.diags.error(e.loc, f"{name}() takes no arguments here")
            return None
        return ArrayType(array.dtype, 1)
    if name == "dot":
        other = typer.expr(args[0]) if len(args) == 1 and not kwargs else None
        if other is None:
            typer.diags.error(e.loc, "dot() takes one array here")
            return None
        return product(typer, e, "dot", [array, other])
    # reshape(2, 3), reshape((2, 3)), reshape(-1)
    dims = args
    if len(args) == 1 and isinstance(args[0], ir.TupleExpr):
        dims = list(args[0].items)
    shape_types = [typer.expr(d) for d in dims]
    if not dims or kwargs or not all(t is not None and numpy_ops.is_integer(t)
                                     for t in shape_types):
        typer.diags.error(e.loc, "reshape() takes the new shape as ints or a tuple of ints "
                          "written out here")
        return None
    typer.spec.indices[e] = dims
    return ArrayType(array.dtype, len(dims))


def product(typer: FunctionTyper, e: ir.Expr, name: str, types: list[Type]) -> Type | None:
    """``dot``, ``matmul``/``@``, ``outer``: computed at the promoted dtype."""
    if len(types) != 2 or not all(isinstance(t, ArrayType) for t in types):
        what = "the @ operator" if name == "matmul" else f"numpy.{name}()"
        typer.diags.error(e.loc, f"{what} needs two arrays here (not {', '.join(map(str, types))})")
        return None
    a, b = types
    assert isinstance(a, ArrayType) and isinstance(b, ArrayType)
    dtype = dtypes.promote(a.dtype, b.dtype)
    if dtype not in PRODUCT_DTYPES:
        typer.diags.error(e.loc, f"products of {dtype.name} arrays are not supported yet "
                          "(int32, int64, float32 and float64 are)")
        return None
    if name == "outer":
        if a.ndim != 1 or b.ndim != 1:
            typer.diags.error(e.loc, "numpy.outer() of arrays of rank other than 1 is not "
                              "supported yet")
            return None
        return ArrayType(dtype, 2)
    ranks = (a.ndim, b.ndim)
    if ranks == (1, 1):
        return DTypeScalar(dtype)
    if ranks == (2, 2):
        return ArrayType(dtype, 2)
    if ranks in ((2, 1), (1, 2)):
        return ArrayType(dtype, 1)
    typer.diags.error(e.loc, f"{name} of arrays of ranks {ranks[0]} and {ranks[1]} is not "
                      "supported yet (1 and 2 are)")
    return None


def _arange(typer: FunctionTyper, e: ir.Call, types: list[Type],
            kwargs: dict[str, ir.Expr]) -> Type | None:
    dtype_kw = _dtype_kw(typer, e, kwargs, None)
    if not 1 <= len(types) <= 3 or kwargs.keys() - {"dtype"} or not all(
            t in (INT, FLOAT, BOOL) for t in types):
        typer.diags.error(e.loc, "numpy.arange() takes start, stop and step (Python numbers) "
                          "here")
        return None
    if dtype_kw is not None:
        return ArrayType(dtype_kw, 1)
    return ArrayType(dtypes.FLOAT64 if FLOAT in types else dtypes.INT64, 1)


def _dtype_kw(typer: FunctionTyper, e: ir.Expr, kwargs: dict[str, ir.Expr],
              default: DType | None) -> DType | None:
    value = kwargs.get("dtype")
    if value is None:
        return default
    if not isinstance(value, ir.DTypeLit):
        typer.diags.error(value.loc, "the dtype must be written out, such as numpy.float32")
        return None
    return dtypes.dtype_named(value.dtype)


def shape_of(t: Type) -> list[Type]:
    return list(t.items) if isinstance(t, TupleType) else [t]
