"""NumPy's functions that reorder or add axes (views) and its triangles and diagonals
(``pyaot/numpy/axes.hpp``): ``transpose``, ``swapaxes``, ``moveaxis``, ``atleast_1d/2d/3d``,
``rot90``, ``flipud``, ``fliplr``, ``tril``, ``triu``, ``tri``, ``trace``, ``diag`` (of a
1-d array) and ``copy``. Axes are ints written in the code (the rank of a view must be known);
``rot90``'s k, the diagonal offsets and ``tri``'s sizes may be computed."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import INT, ArrayType, DTypeScalar, Type
from hatch_pyaot.typing import dtypes
from hatch_pyaot.typing.array_calls import (
    Bound,
    Function,
    Rule,
    array,
    axis_or_none,
    int_or,
    int_tuple,
    integer,
    is_none,
)
from hatch_pyaot.typing.typed import ArrayCall, Converted, Ints

if TYPE_CHECKING:
    from hatch_pyaot.typing.infer import FunctionTyper

HEADER = "pyaot/numpy/axes.hpp"


def _call(typer: FunctionTyper, e: ir.Expr, func: str, *args: Converted | Ints | str,
          header: str = HEADER) -> None:
    assert isinstance(e, ir.Call | ir.MethodCall)
    typer.spec.calls[e] = ArrayCall(f"pyaot::numpy::{func}", header, args)


def _consts(typer: FunctionTyper, e: ir.Expr, values: range | list[int]) -> Ints:
    """Ints the compiler writes (typed, as if written in the code)."""
    consts = tuple(ir.Const(e.loc, v) for v in values)
    for c in consts:
        typer.expr(c)
    return Ints(consts)


def _axes(typer: FunctionTyper, name: str, b: Bound, a: ArrayType,
          *params: str) -> list[str] | None:
    found = []
    for p in params:
        axis = axis_or_none(typer, name, b.get(p), a.ndim)
        if axis is None or axis is False:
            if axis is None:
                typer.diags.error(b.get(p, b["a"]).loc, f"{name}() needs {p} here")
            return None
        found.append(str(axis))
    return found


def _transpose(typer: FunctionTyper, e: ir.Expr, b: Bound) -> Type | None:
    a = array(typer, e, "numpy.transpose", b["a"])
    if a is None:
        return None
    if is_none(b.get("axes")):
        _call(typer, e, "transpose_axes", Converted(b["a"], a),
              _consts(typer, e, list(reversed(range(a.ndim)))))
        return a
    axes = int_tuple(typer, "numpy.transpose", "axes", b["axes"])
    if axes is None:
        return None
    if len(axes) != a.ndim:
        typer.diags.error(b["axes"].loc, "axes don't match array")
        return None
    _call(typer, e, "transpose_axes", Converted(b["a"], a), Ints(axes))
    return a


def transpose_method(typer: FunctionTyper, e: ir.MethodCall) -> Type | None:
    """``x.transpose(2, 0, 1)``: NumPy's method takes the axes one by one, as one tuple
    (``x.transpose((2, 0, 1))``) or none (reversed), as ``numpy.transpose`` does."""
    if e.kwargs:
        typer.diags.error(e.loc, "transpose() takes no keyword arguments")
        return None
    if len(e.args) > 1:
        axes: ir.Expr = ir.TupleExpr(e.loc, list(e.args))
    else:
        axes = e.args[0] if e.args else ir.Const(e.loc, None)
    return _transpose(typer, e, {"a": e.obj, "axes": axes})


METHOD_FORMS = {"transpose": transpose_method}
"""Array methods whose arguments are not those of the numpy function of the same name."""


def _swapaxes(typer: FunctionTyper, e: ir.Expr, b: Bound) -> Type | None:
    a = array(typer, e, "numpy.swapaxes", b["a"])
    axes = _axes(typer, "numpy.swapaxes", b, a, "axis1", "axis2") if a is not None else None
    if a is None or axes is None:
        return None
    _call(typer, e, "swapaxes", Converted(b["a"], a), *axes)
    return a


def _moveaxis(typer: FunctionTyper, e: ir.Expr, b: Bound) -> Type | None:
    a = array(typer, e, "numpy.moveaxis", b["a"])
    axes = _axes(typer, "numpy.moveaxis", b, a, "source", "destination") \
        if a is not None else None
    if a is None or axes is None:
        return None
    _call(typer, e, "moveaxis", Converted(b["a"], a), *axes)
    return a


def _atleast(rank: int) -> Rule:
    def rule(typer: FunctionTyper, e: ir.Expr, b: Bound) -> Type | None:
        xs = [b[k] for k in b if k.startswith("xi")]
        if len(xs) != 1:
            typer.diags.error(e.loc, f"numpy.atleast_{rank}d() of one array here")
            return None
        a = array(typer, e, f"numpy.atleast_{rank}d", xs[0])
        if a is None:
            return None
        if a.ndim >= rank:
            _call(typer, e, "transpose_axes", Converted(xs[0], a),
                  _consts(typer, e, range(a.ndim)))
            return a
        if a.ndim == 0:
            typer.diags.error(e.loc, f"numpy.atleast_{rank}d() of a 0-d array is not "
                              "supported yet")
            return None
        _call(typer, e, f"atleast<{rank}>", Converted(xs[0], a))
        return ArrayType(a.dtype, rank)
    return rule


def _rot90(typer: FunctionTyper, e: ir.Expr, b: Bound) -> Type | None:
    a = array(typer, e, "numpy.rot90", b["m"])
    if a is None:
        return None
    if a.ndim < 2:
        typer.diags.error(e.loc, "Axes must be different.")  # NumPy: ValueError on rank < 2
        return None
    k: Converted | str = "1"
    if "k" in b:
        if not integer(typer, "numpy.rot90", "k", b["k"]):
            return None
        k = Converted(b["k"], INT)
    axes = ["0", "1"]
    if "axes" in b:
        pair = b["axes"]
        got = [axis_or_none(typer, "numpy.rot90", i, a.ndim) for i in pair.items] \
            if isinstance(pair, ir.TupleExpr) and len(pair.items) == 2 else None
        if got is None or any(x is None or x is False for x in got):
            if got is None:
                typer.diags.error(pair.loc, "len(axes) must be 2.")
            return None
        if got[0] == got[1]:
            typer.diags.error(pair.loc, "Axes must be different.")
            return None
        axes = [str(x) for x in got]
    _call(typer, e, "rot90", Converted(b["m"], a), k, *axes)
    return a


def _flip(name: str, axis: int) -> Rule:
    def rule(typer: FunctionTyper, e: ir.Expr, b: Bound) -> Type | None:
        a = array(typer, e, f"numpy.{name}", b["m"])
        if a is None:
            return None
        if a.ndim <= axis:
            typer.diags.error(e.loc, f"Input must be >= {axis + 1}-d.")
            return None
        _call(typer, e, "flip", Converted(b["m"], a), str(axis), header="pyaot/numpy/join.hpp")
        return a
    return rule


def _offset(typer: FunctionTyper, name: str, b: Bound, param: str) -> Converted | str | None:
    return int_or(typer, name, b, param, "0")


def _triangle(name: str) -> Rule:
    def rule(typer: FunctionTyper, e: ir.Expr, b: Bound) -> Type | None:
        a = array(typer, e, f"numpy.{name}", b["m"])
        k = _offset(typer, f"numpy.{name}", b, "k")
        if a is None or k is None:
            return None
        if a.ndim == 0:
            typer.diags.error(e.loc, f"numpy.{name}() of a 0-d array")
            return None
        _call(typer, e, name, Converted(b["m"], a), k)
        return ArrayType(a.dtype, max(a.ndim, 2))  # a 1-d m: a row broadcast to a square
    return rule


def _tri(typer: FunctionTyper, e: ir.Expr, b: Bound) -> Type | None:
    from hatch_pyaot.typing.axis_tuples import dtype_of

    if not integer(typer, "numpy.tri", "N", b["N"]):
        return None
    m: Converted | None = Converted(b["N"], INT)
    if not is_none(b.get("M")):
        m = Converted(b["M"], INT) if integer(typer, "numpy.tri", "M", b["M"]) else None
    k = _offset(typer, "numpy.tri", b, "k")
    dtype = dtype_of(typer, "tri", b["dtype"], dtypes.FLOAT64) if "dtype" in b \
        else dtypes.FLOAT64
    if m is None or k is None or dtype is None:
        return None
    _call(typer, e, f"tri<{dtype.cpp}>", Converted(b["N"], INT), m, k)
    return ArrayType(dtype, 2)


def _trace(typer: FunctionTyper, e: ir.Expr, b: Bound) -> Type | None:
    from hatch_pyaot.typing.arrays import reduction_dtype

    a = array(typer, e, "numpy.trace", b["a"])
    offset = _offset(typer, "numpy.trace", b, "offset")
    if a is None or offset is None or set(b) - {"a", "offset"}:
        return None
    if a.ndim != 2:
        typer.diags.error(e.loc, "numpy.trace() of a 2-d array here")
        return None
    _call(typer, e, "trace", Converted(b["a"], a), offset)
    return DTypeScalar(reduction_dtype("sum", a.dtype))


def _diag(typer: FunctionTyper, e: ir.Expr, b: Bound) -> Type | None:
    v = array(typer, e, "numpy.diag", b["v"])
    k = _offset(typer, "numpy.diag", b, "k")
    if v is None or k is None:
        return None
    if v.ndim != 1:
        typer.diags.error(e.loc, "numpy.diag() of a 1-d array here (numpy.diagonal of a "
                          "2-d array is a read-only view, not supported yet)")
        return None
    _call(typer, e, "diag", Converted(b["v"], v), k)
    return ArrayType(v.dtype, 2)


def _copy(typer: FunctionTyper, e: ir.Expr, b: Bound) -> Type | None:
    a = array(typer, e, "numpy.copy", b["a"])
    if a is None or set(b) - {"a"}:
        return None
    _call(typer, e, "copy", Converted(b["a"], a), header="pyaot/numpy/view.hpp")
    return a


FUNCTIONS = {
    "numpy.transpose": Function(("a", "axes"), 1, _transpose,
                                "a view; `axes` written out"),
    "numpy.swapaxes": Function(("a", "axis1", "axis2"), 3, _swapaxes, "a view",
                               method=True),
    "numpy.moveaxis": Function(("a", "source", "destination"), 3, _moveaxis,
                               "a view; one axis"),
    "numpy.atleast_1d": Function((), 0, _atleast(1), "a view", variadic=True),
    "numpy.atleast_2d": Function((), 0, _atleast(2), "a view", variadic=True),
    "numpy.atleast_3d": Function((), 0, _atleast(3), "a view", variadic=True),
    "numpy.rot90": Function(("m", "k", "axes"), 1, _rot90, "a view; `k=`, `axes=`"),
    "numpy.flipud": Function(("m",), 1, _flip("flipud", 0), "a view"),
    "numpy.fliplr": Function(("m",), 1, _flip("fliplr", 1), "a view"),
    "numpy.tril": Function(("m", "k"), 1, _triangle("tril"), "`k=`; the last two axes"),
    "numpy.triu": Function(("m", "k"), 1, _triangle("triu"), "`k=`; the last two axes"),
    "numpy.tri": Function(("N", "M", "k", "dtype"), 1, _tri, "`M=`, `k=`, `dtype=`"),
    "numpy.trace": Function(("a", "offset", "axis1", "axis2", "dtype", "out"), 1, _trace,
                            "of a 2-d array, `offset=`; the sum's dtype", method=True),
    "numpy.diag": Function(("v", "k"), 1, _diag, "of a 1-d array: a 2-d array, `k=`"),
    "numpy.copy": Function(("a", "order", "subok"), 1, _copy, "a C-contiguous copy"),
}
