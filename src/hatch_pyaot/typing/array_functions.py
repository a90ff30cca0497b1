"""NumPy functions that make arrays of a new shape: ``arange``, ``linspace``, ``eye``,
``identity``, ``reshape``/``ravel``/``flatten``, and the products ``dot``, ``matmul`` (``@``),
``outer`` and ``linalg.norm``. The rank of each result must be known to the compiler: a
reshape takes its shape as ints or a tuple of ints written out."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import (
    BOOL,
    FLOAT,
    INT,
    ArrayType,
    DTypeScalar,
    ListType,
    TupleType,
    Type,
)
from hatch_pyaot.typing import dtypes, numpy_ops, splitting
from hatch_pyaot.typing.dtypes import DType

if TYPE_CHECKING:
    from hatch_pyaot.typing.infer import FunctionTyper

STACKS_AT_LEAST: Final = {"numpy.vstack": 2, "numpy.row_stack": 2,
                          "numpy.column_stack": 2, "numpy.dstack": 3}
"""The joins that raise their operands to a rank first: the result's least rank."""
JOINS = ("numpy.concatenate", "numpy.stack", "numpy.hstack",
         *STACKS_AT_LEAST)
AXIS_VIEWS = ("numpy.expand_dims", "numpy.squeeze", "numpy.flip")
CUMULATIVE = ("cumsum", "cumprod")
SPREAD = ("var", "std")
FUNCTIONS = ("numpy.arange", "numpy.linspace", "numpy.eye", "numpy.identity",
             "numpy.reshape", "numpy.ravel", "numpy.dot", "numpy.matmul", "numpy.outer",
             "numpy.linalg.norm", *JOINS, *AXIS_VIEWS,
             *(f"numpy.{n}" for n in (*CUMULATIVE, *SPREAD)))
METHODS = ("reshape", "ravel", "flatten", "dot", *CUMULATIVE, *SPREAD)
PRODUCT_DTYPES = (dtypes.INT32, dtypes.INT64, dtypes.FLOAT32, dtypes.FLOAT64)
"""The dtypes ``pyaot/numpy/linalg.hpp`` computes products in."""


def call(typer: FunctionTyper, e: ir.Call, name: str, types: list[Type],
         kwtypes: dict[str, Type]) -> Type | None:
    args, kwargs = list(e.args), dict(e.kwargs)
    if name == "numpy.arange":
        return _arange(typer, e, types, kwargs)
    if name == "numpy.linspace":
        if not 2 <= len(types) <= 3 or set(kwtypes) - {"num", "endpoint"} or not all(
                _linspace_number(t) for t in [*types, *kwtypes.values()]):
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
    if name in JOINS:
        return _join(typer, e, name, kwargs)
    if name in AXIS_VIEWS:
        return _axis_view(typer, e, name, types, kwargs)
    short = name.removeprefix("numpy.")
    if short in CUMULATIVE or short in SPREAD:
        if not types or not isinstance(types[0], ArrayType):
            typer.diags.error(e.loc, f"{name}() needs an array")
            return None
        return method(typer, e, short, types[0], args[1:], kwargs)
    if name == "numpy.linalg.norm":
        if len(types) != 1 or kwargs or not isinstance(types[0], ArrayType):
            typer.diags.error(e.loc, "numpy.linalg.norm() takes one array here")
            return None
        dtype = types[0].dtype
        return DTypeScalar(dtype if dtype.kind == "f" else dtypes.FLOAT64)
    return product(typer, e, name.removeprefix("numpy."), types)


def _linspace_number(t: Type) -> bool:
    """A Python number, or a NumPy scalar that NumPy's linspace takes to float64 (``x[0]`` of
    a float64 or integer array; float32 would make a float32 array)."""
    return t in (INT, FLOAT, BOOL) or numpy_ops.is_integer(t) or t == DTypeScalar(dtypes.FLOAT64)


def method(typer: FunctionTyper, e: ir.Expr, name: str, array: ArrayType,
           args: list[ir.Expr], kwargs: dict[str, ir.Expr]) -> Type | None:
    if name in ("ravel", "flatten"):
        if args or kwargs:
            typer.diags.error(e.loc, f"{name}() takes no arguments here")
            return None
        return ArrayType(array.dtype, 1)
    if name in CUMULATIVE:
        from hatch_pyaot.typing.axis_tuples import dtype_of

        axis = constant_axis(typer, e, kwargs.get("axis", args[0] if args else None), array.ndim)
        if axis is False or len(args) > 1 or kwargs.keys() - {"axis", "dtype"}:
            return None
        if array.dtype.kind == "c" and "dtype" in kwargs:
            typer.diags.error(e.loc, f"{name}() of a complex array takes no dtype= here")
            return None
        typer.spec.axis_ops[e] = (name, axis)
        result: DType | None = dtypes.INT64 if array.dtype.kind in "bi" else (
            dtypes.UINT64 if array.dtype.kind == "u" else array.dtype)
        if "dtype" in kwargs:
            assert result is not None
            result = dtype_of(typer, name, kwargs["dtype"], result)
        return None if result is None else ArrayType(result, 1 if axis is None else array.ndim)
    if name in SPREAD:
        ddof = kwargs.get("ddof")
        axis = constant_axis(typer, e, kwargs.get("axis", args[0] if args else None),
                             array.ndim)
        keep = keepdims(typer, e, kwargs.get("keepdims"))
        if len(args) > 1 or kwargs.keys() - {"ddof", "axis", "keepdims"} or (
                ddof is not None and not numpy_ops.is_integer(typer.expr(ddof) or FLOAT)):
            typer.diags.error(e.loc, f"{name}() takes axis, ddof and keepdims here")
            return None
        if axis is False or keep is None:
            return None
        typer.spec.axis_ops[e] = (name, axis)
        element = DTypeScalar(array.dtype if array.dtype.kind == "f" else dtypes.FLOAT64)
        return reduced(typer, e, element, array.ndim, axis, keep)
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


def constant_axis(typer: FunctionTyper, e: ir.Expr, axis: ir.Expr | None,
                  ndim: int) -> int | bool | None:
    """The axis written in the code, normalized; None when left out; False (after a
    diagnostic) when it is not an int constant in range."""
    if axis is None or (isinstance(axis, ir.Const) and axis.value is None):
        return None
    value = axis.value if isinstance(axis, ir.Const) else None
    if not isinstance(value, int) or isinstance(value, bool):
        typer.diags.error(axis.loc, "the axis must be an integer written in the code")
        return False
    from hatch_pyaot.typing.array_calls import in_range

    normalized = in_range(typer, axis, value, ndim)
    return False if normalized is None else normalized


def _join(typer: FunctionTyper, e: ir.Call, name: str,
          kwargs: dict[str, ir.Expr]) -> Type | None:
    """``np.concatenate((a, b), axis=0)`` and friends: the arrays as a tuple written out, or
    a ``list[NDArray]`` value (typing/splitting.py)."""
    if len(e.args) == 1 and not isinstance(e.args[0], ir.TupleExpr) \
            and name in splitting.LIST_JOINS:
        given = typer.expr(e.args[0])
        if isinstance(given, ListType) and isinstance(given.item, ArrayType) and set(
                kwargs) <= {"axis"}:
            return splitting.join_list(typer, e, name, e.args[0], given.item,
                                       kwargs.pop("axis", None))
    if len(e.args) != 1 or not isinstance(e.args[0], ir.TupleExpr) or not e.args[0].items:
        typer.diags.error(e.loc, f"{name}() takes the arrays as a tuple written out, such as "
                          f"{name}((a, b))")
        return None
    if name == "numpy.concatenate" and len(e.args[0].items) > 3:
        typer.diags.error(e.loc, "numpy.concatenate() of more than 3 arrays is not supported "
                          "yet")
        return None
    items = [typer.expr(i) for i in e.args[0].items]
    if not all(isinstance(t, ArrayType) for t in items):
        typer.diags.error(e.loc, f"{name}() joins arrays only")
        return None
    arrays = [t for t in items if isinstance(t, ArrayType)]
    ranks = {t.ndim for t in arrays}
    least = STACKS_AT_LEAST.get(name, 1 if name == "numpy.hstack" else 0)
    if len(ranks) != 1 and max(ranks) > least:
        typer.diags.error(e.loc, "all the input arrays must have same number of dimensions")
        return None
    ndim = max(ranks)
    dtype = arrays[0].dtype
    for t in arrays[1:]:
        dtype = dtypes.promote(dtype, t.dtype)
    if name == "numpy.hstack" or name in STACKS_AT_LEAST:
        if kwargs or ndim > STACKS_AT_LEAST.get(name, 2):
            typer.diags.error(e.loc, f"{name}() of arrays of rank up to "
                              f"{STACKS_AT_LEAST.get(name, 2)} only, so far")
            return None
        out_ndim = max(ndim, STACKS_AT_LEAST.get(name, 1))
        typer.spec.axis_ops[e] = (name.removeprefix("numpy."), None)
        return ArrayType(dtype, out_ndim)
    out_ndim = ndim + 1 if name == "numpy.stack" else ndim
    axis = constant_axis(typer, e, kwargs.pop("axis", None) or ir.Const(e.loc, 0), out_ndim)
    if axis is False or kwargs:
        return None
    typer.spec.axis_ops[e] = (name.removeprefix("numpy."), axis)
    return ArrayType(dtype, out_ndim)


def _axis_view(typer: FunctionTyper, e: ir.Call, name: str, types: list[Type],
               kwargs: dict[str, ir.Expr]) -> Type | None:
    if not types or not isinstance(types[0], ArrayType) or len(types) > 2:
        typer.diags.error(e.loc, f"{name}() takes an array and an axis here")
        return None
    array = types[0]
    axis_expr = kwargs.pop("axis", e.args[1] if len(e.args) > 1 else None)
    out_ndim = {"numpy.expand_dims": array.ndim + 1, "numpy.squeeze": array.ndim - 1,
                "numpy.flip": array.ndim}[name]
    axis = constant_axis(typer, e, axis_expr, max(out_ndim, array.ndim))
    if axis is False or kwargs:
        return None
    if axis is None and name != "numpy.flip":
        typer.diags.error(e.loc, f"{name}() needs its axis written out here (the rank of the "
                          "result must be known)")
        return None
    typer.spec.axis_ops[e] = (name.removeprefix("numpy."), axis)
    return ArrayType(array.dtype, out_ndim)


def keepdims(typer: FunctionTyper, e: ir.Expr, value: ir.Expr | None) -> bool | None:
    """``keepdims=``: True or False written in the code (None after a diagnostic)."""
    if value is None:
        return False
    if isinstance(value, ir.Const) and isinstance(value.value, bool):
        return value.value
    typer.diags.error(value.loc, "keepdims must be True or False written in the code")
    return None


def reduced(typer: FunctionTyper, e: ir.Expr, element: DTypeScalar, ndim: int,
            axis: int | None, keep: bool) -> Type:
    """The result of a reduction of an array of rank ``ndim`` along ``axis`` (None: all):
    a NumPy scalar, an array one rank lower, or with ``keepdims`` an array of rank ``ndim``
    (the reduced axes of length 1)."""
    if keep:
        typer.spec.keepdims.add(e)
        return ArrayType(element.dtype, ndim)
    if axis is None or ndim == 1:
        return element
    return ArrayType(element.dtype, ndim - 1)
