"""C++ for typing/array_functions.py: ``arange``, ``linspace``, ``eye``, reshapes and the
products, through ``pyaot/numpy/create.hpp``, ``shape.hpp`` and ``linalg.hpp``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatch_pyaot.codegen.arrays import cast_array, keep_dims, reduced_type
from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import FLOAT, INT, ArrayType, DTypeScalar
from hatch_pyaot.typing import dtypes
from hatch_pyaot.typing.array_functions import AXIS_VIEWS, CUMULATIVE, JOINS, SPREAD

if TYPE_CHECKING:
    from hatch_pyaot.codegen.function import FunctionEmitter

CREATE_HEADER = "pyaot/numpy/create.hpp"
SHAPE_HEADER = "pyaot/numpy/shape.hpp"
LINALG_HEADER = "pyaot/numpy/linalg.hpp"
CUMULATIVE_HEADER = "pyaot/numpy/cumulative.hpp"


def call(em: FunctionEmitter, e: ir.Call, name: str) -> str:
    t = em.spec.type_of(e)
    if name in JOINS:
        return join(em, e)
    if name in AXIS_VIEWS:
        return axis_view(em, e)
    short = name.removeprefix("numpy.")
    if short in CUMULATIVE or short in SPREAD:
        at = em.spec.type_of(e.args[0])
        assert isinstance(at, ArrayType)
        ddof = next((v for k, v in e.kwargs if k == "ddof"), None)
        return spread_or_cumulative(em, e, short, em.expr(e.args[0]), at, ddof)
    if name in ("numpy.reshape", "numpy.ravel"):
        at = em.spec.type_of(e.args[0])
        assert isinstance(at, ArrayType)
        return reshape(em, e, name.removeprefix("numpy."), em.expr(e.args[0]), at)
    if name in ("numpy.dot", "numpy.matmul", "numpy.outer"):
        return product(em, e, name.removeprefix("numpy."), e.args[0], e.args[1])
    out = em.temp(t)
    if name == "numpy.linalg.norm":
        em.headers.add(LINALG_HEADER)
        em.line(f"if (!pyaot::numpy::norm({out}, {em.expr(e.args[0])})) [[unlikely]] "
                f"{em.fail(e.loc.line)}")
        return out
    em.headers.add(CREATE_HEADER)
    assert isinstance(t, ArrayType)
    values = [(em.expr(a), em.spec.type_of(a)) for a in e.args]
    kwargs = {k: (em.expr(v), em.spec.type_of(v)) for k, v in e.kwargs if k != "dtype"}
    if name == "numpy.arange":
        ints = all(vt == INT or vt.cpp() == "bool" for _, vt in values)
        if len(values) == 1:
            values = [("0", INT), values[0], ("1", INT)]
        elif len(values) == 2:
            values = [*values, ("1", INT)]
        if ints and t.dtype == dtypes.INT64:
            args = [em.cast(c, vt, INT) for c, vt in values]
            call_ = f"pyaot::numpy::arange_int({', '.join([out, *args])})"
        else:
            args = [em.cast(c, vt, FLOAT) for c, vt in values]
            call_ = f"pyaot::numpy::arange<{t.dtype.cpp}>({', '.join([out, *args])})"
    elif name == "numpy.linspace":
        start, stop = (em.cast(c, vt, FLOAT) for c, vt in values[:2])
        num_c, num_t = values[2] if len(values) > 2 else kwargs.get("num", ("50", INT))
        num = em.cast(num_c, num_t, INT) if num_t != INT or num_c != "50" else "50"
        endpoint = kwargs.get("endpoint", ("true", INT))[0]
        call_ = f"pyaot::numpy::linspace({out}, {start}, {stop}, {num}, {endpoint})"
    else:  # eye, identity
        n = em.cast(*values[0], INT)
        m = em.cast(*values[1], INT) if len(values) > 1 else n
        call_ = f"pyaot::numpy::eye<{t.dtype.cpp}>({out}, {n}, {m})"
    em.line(f"if (!{call_}) [[unlikely]] {em.fail(e.loc.line)}")
    return out


def method(em: FunctionEmitter, e: ir.MethodCall, at: ArrayType) -> str:
    if e.name == "dot":
        return product(em, e, "dot", e.obj, e.args[0])
    if e.name in CUMULATIVE or e.name in SPREAD:
        ddof = next((v for k, v in e.kwargs if k == "ddof"), None)
        return spread_or_cumulative(em, e, e.name, em.expr(e.obj), at, ddof)
    return reshape(em, e, e.name, em.expr(e.obj), at)


def reshape(em: FunctionEmitter, e: ir.Expr, name: str, code: str, at: ArrayType) -> str:
    em.headers.add(SHAPE_HEADER)
    t = em.spec.type_of(e)
    assert isinstance(t, ArrayType)
    out = em.temp(t)
    if name in ("ravel", "flatten"):
        call_ = f"pyaot::numpy::{name}({out}, {code})"
    else:
        dims = [em.cast(em.expr(d), em.spec.type_of(d), INT) for d in em.spec.indices[e]]
        shape = f"std::array<std::int64_t, {t.ndim}>{{{', '.join(dims)}}}"
        call_ = f"pyaot::numpy::reshape<{t.ndim}>({out}, {code}, {shape})"
    em.line(f"if (!{call_}) [[unlikely]] {em.fail(e.loc.line)}")
    return out


def product(em: FunctionEmitter, e: ir.Expr, name: str, left: ir.Expr, right: ir.Expr) -> str:
    """``dot``/``matmul``/``@``/``outer`` at the promoted dtype (operands converted first)."""
    em.headers.add(LINALG_HEADER)
    t = em.spec.type_of(e)
    dtype = t.dtype if isinstance(t, ArrayType | DTypeScalar) else None
    assert dtype is not None
    a, b = (_as_dtype(em, x, dtype, e.loc.line) for x in (left, right))
    at, bt = em.spec.type_of(left), em.spec.type_of(right)
    assert isinstance(at, ArrayType) and isinstance(bt, ArrayType)
    func = {(1, 1): "dot", (2, 2): "matmul", (2, 1): "matvec", (1, 2): "vecmat"}[
        (at.ndim, bt.ndim)] if name != "outer" else "outer"
    out = em.temp(t)
    if name == "dot" and func != "dot":  # numpy.dot words a shape mismatch its own way
        em.line(f"if (!pyaot::numpy::dot_aligned({a}, {b})) [[unlikely]] {em.fail(e.loc.line)}")
    em.line(f"if (!pyaot::numpy::{func}({out}, {a}, {b})) [[unlikely]] {em.fail(e.loc.line)}")
    return out


def _as_dtype(em: FunctionEmitter, e: ir.Expr, dtype: dtypes.DType, line: int) -> str:
    t = em.spec.type_of(e)
    assert isinstance(t, ArrayType)
    code = em.expr(e)
    return code if t.dtype == dtype else cast_array(em, code, t, dtype, line)


JOIN_HEADER = "pyaot/numpy/join.hpp"


def join(em: FunctionEmitter, e: ir.Call) -> str:
    """``np.concatenate((a, b), axis)`` and friends, the operands converted to one dtype."""
    em.headers.add(JOIN_HEADER)
    t = em.spec.type_of(e)
    assert isinstance(t, ArrayType)
    name, axis = em.spec.axis_ops[e]
    tuple_expr = e.args[0]
    assert isinstance(tuple_expr, ir.TupleExpr)
    items = [_as_dtype(em, item, t.dtype, e.loc.line) for item in tuple_expr.items]
    out = em.temp(t)
    if name == "stack":  # the axis comes before the arrays
        args = [out, str(axis), *items]
    else:
        args = [out, *items, *([] if axis is None else [str(axis)])]
    em.line(f"if (!pyaot::numpy::{name}({', '.join(args)})) [[unlikely]] {em.fail(e.loc.line)}")
    return out


def axis_view(em: FunctionEmitter, e: ir.Call) -> str:
    """``np.expand_dims``/``np.squeeze``/``np.flip``: views of the argument."""
    em.headers.add(JOIN_HEADER)
    t = em.spec.type_of(e)
    name, axis = em.spec.axis_ops[e]
    code = em.expr(e.args[0])
    if axis is None:  # flip of every axis: cannot fail
        return em.temp(t, f"pyaot::numpy::flip({code})")
    out = em.temp(t)
    em.line(f"if (!pyaot::numpy::{name}({out}, {code}, {axis})) [[unlikely]] "
            f"{em.fail(e.loc.line)}")
    return out


def spread_or_cumulative(em: FunctionEmitter, e: ir.Expr, name: str, code: str,
                         array_type: ArrayType, ddof: ir.Expr | None) -> str:
    em.headers.add(CUMULATIVE_HEADER)
    _, axis = em.spec.axis_ops[e]
    if name in SPREAD:
        ndim = array_type.ndim
        out = em.temp(reduced_type(em, e, ndim, axis))
        ddof_code = "0" if ddof is None else em.cast(em.expr(ddof), em.spec.type_of(ddof), INT)
        func = "stddev" if name == "std" else "var"
        whole = axis is None or ndim == 1
        args = [out, code, *([] if whole else [str(axis)]), ddof_code]
        call_ = f"pyaot::numpy::{func}{'' if whole else '_axis'}({', '.join(args)})"
        em.line(f"if (!{call_}) [[unlikely]] {em.fail(e.loc.line)}")
        return keep_dims(em, e, out, ndim, axis)
    out = em.temp(em.spec.type_of(e))
    if axis is None:
        call_ = f"pyaot::numpy::{name}({out}, {code})"
    else:
        call_ = f"pyaot::numpy::{name}_axis({out}, {code}, {axis})"
    em.line(f"if (!{call_}) [[unlikely]] {em.fail(e.loc.line)}")
    return out
