"""C++ for NumPy arrays and scalars (typing/arrays.py): element access through
``pyaot/numpy/ndarray.hpp``, attributes, creation. NumPy scalar arithmetic needs nothing
here: typing records it as ``Op`` values that FunctionEmitter.call_op emits."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatch_pyaot.codegen.literals import is_temp, literal
from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import BOOL, FLOAT, INT, ArrayType, DTypeScalar, TupleType, Type
from hatch_pyaot.typing.arrays import CREATION, CREATION_LIKE, SCALAR_HEADER, dtype_argument
from hatch_pyaot.typing.dtypes import DType, dtype_named

if TYPE_CHECKING:
    from hatch_pyaot.codegen.function import FunctionEmitter

HEADER = "pyaot/numpy/ndarray.hpp"
CONVERT_HEADER = "pyaot/numpy/convert.hpp"


def _indices(em: FunctionEmitter, key: ir.Expr | ir.Stmt) -> list[str]:
    return [em.cast(em.expr(i), em.spec.type_of(i), INT) for i in em.spec.indices[key]]


def getitem(em: FunctionEmitter, e: ir.Expr, array: ir.Expr) -> str:
    em.headers.add(HEADER)
    code = em.expr(array)
    out = em.temp(em.spec.type_of(e))
    args = ", ".join([out, code, *_indices(em, e)])
    em.line(f"if (!pyaot::numpy::getitem({args})) [[unlikely]] {em.fail(e.loc.line)}")
    return out


def setitem(em: FunctionEmitter, s: ir.SetItem) -> None:
    em.headers.add(HEADER)
    at = em.spec.type_of(s.target)
    assert isinstance(at, ArrayType)
    target = em.expr(s.target)
    indices = _indices(em, s)
    value = store(em, em.expr(s.value), em.spec.type_of(s.value), at.dtype, s.loc.line)
    args = ", ".join([target, value, *indices])
    em.line(f"if (!pyaot::numpy::setitem({args})) [[unlikely]] {em.fail(s.loc.line)}")


def store(em: FunctionEmitter, code: str, t: Type, dtype: DType, line: int) -> str:
    """``code`` converted for storing into an array of ``dtype`` as NumPy does (a Python
    float into an integer array truncates; NaN and infinity raise)."""
    em.headers.add(CONVERT_HEADER)
    if t in (FLOAT, INT, BOOL):
        how = "store_float" if t == FLOAT else "store_int"
        value = code if t != BOOL else f"static_cast<std::int64_t>({code})"
        out = em.temp(DTypeScalar(dtype))
        em.line(f"if (!pyaot::numpy::{how}({out}, {value})) [[unlikely]] {em.fail(line)}")
        return out
    if isinstance(t, DTypeScalar) and t.dtype == dtype:
        return code
    em.headers.add(SCALAR_HEADER)
    return f"pyaot::numpy::scalar::cast<{dtype.cpp}>({code})"


def attribute(em: FunctionEmitter, e: ir.Attribute) -> str:
    at = em.spec.type_of(e.value)
    assert isinstance(at, ArrayType)
    code = em.expr(e.value)
    if e.name == "ndim":
        return literal(at.ndim, INT)
    if e.name == "itemsize":
        return literal(at.dtype.itemsize, INT)
    held = code if is_temp(code) or code.startswith("v_") else em.temp(at, code)
    if e.name == "shape":
        t = em.spec.type_of(e)
        assert isinstance(t, TupleType)
        return f"{t.cpp()}{{{', '.join(f'{held}.shape[{i}]' for i in range(at.ndim))}}}"
    if e.name == "size":
        return f"{held}.size()"
    assert e.name == "nbytes"
    return f"({held}.size() * {at.dtype.itemsize})"


def call(em: FunctionEmitter, e: ir.Call, name: str) -> str:
    em.headers.add(HEADER)
    t = em.spec.type_of(e)
    if name == "builtins.len":
        code = em.expr(e.args[0])
        return f"{code}.shape[0]"
    assert isinstance(t, ArrayType)
    out = em.temp(t)
    func = name.removeprefix("numpy.")
    if name in CREATION:
        shape_e = e.args[0]
        st = em.spec.type_of(shape_e)
        shape = em.expr(shape_e)
        if isinstance(st, TupleType):
            held = em.temp(st, shape)
            dims = [em.cast(f"std::get<{i}>({held})", it, INT) for i, it in enumerate(st.items)]
        else:
            dims = [em.cast(shape, st, INT)]
        args = [out, f"std::array<std::int64_t, {t.ndim}>{{{', '.join(dims)}}}"]
        if name == "numpy.full":
            fill = e.args[1]
            args.append(store(em, em.expr(fill), em.spec.type_of(fill), t.dtype,
                              e.loc.line))
    else:
        assert name in CREATION_LIKE
        args = [out, em.expr(e.args[0])]
        if name == "numpy.full_like":
            fill = e.args[1]
            args.append(store(em, em.expr(fill), em.spec.type_of(fill), t.dtype,
                              e.loc.line))
    chosen = dtype_argument(e, 2 if func.startswith("full") else 1)
    assert chosen is None or dtype_named(chosen) == t.dtype
    em.line(f"if (!pyaot::numpy::{func}({', '.join(args)})) [[unlikely]] "
            f"{em.fail(e.loc.line)}")
    return out


def weak_int(em: FunctionEmitter, code: str, t: DTypeScalar, line: int) -> str:
    """A Python int as an operand of NumPy integer arithmetic: checked to fit (NEP 50)."""
    em.headers.add(CONVERT_HEADER)
    out = em.temp(t)
    em.line(f"if (!pyaot::numpy::weak_int({out}, {code})) [[unlikely]] {em.fail(line)}")
    return out
