"""C++ for NumPy arrays and scalars (typing/arrays.py): element access through
``pyaot/numpy/ndarray.hpp``, attributes, creation. NumPy scalar arithmetic needs nothing
here: typing records it as ``Op`` values that FunctionEmitter.call_op emits."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatch_pyaot.codegen.literals import is_literal, is_temp, literal
from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import BOOL, FLOAT, INT, ArrayType, DTypeScalar, TupleType, Type
from hatch_pyaot.typing.arrays import CREATION, CREATION_LIKE, dtype_argument
from hatch_pyaot.typing.dtypes import DType, dtype_named
from hatch_pyaot.typing.numpy_ops import SCALAR_HEADER

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


VIEW_HEADER = "pyaot/numpy/view.hpp"


def _view_parts(em: FunctionEmitter, key: ir.Expr | ir.Stmt) -> list[str]:
    """The C++ index components of a view: int64 indices and ``pyaot::numpy::Slice``s."""
    parts = []
    for part in em.spec.indices[key]:
        if not isinstance(part, ir.SliceExpr):
            parts.append(em.cast(em.expr(part), em.spec.type_of(part), INT))
            continue
        start, stop, step = (None if b is None or (isinstance(b, ir.Const) and b.value is None)
                             else em.cast(em.expr(b), em.spec.type_of(b), INT)
                             for b in (part.start, part.stop, part.step))
        step_arg = [] if step is None else [step]
        if start is not None and stop is not None:
            call = f"slice({', '.join([start, stop, *step_arg])})"
        elif start is not None:
            call = f"slice_from({', '.join([start, *step_arg])})"
        elif stop is not None:
            call = f"slice_to({', '.join([stop, *step_arg])})"
        else:
            call = f"slice_all({', '.join(step_arg)})"
        parts.append(f"pyaot::numpy::{call}")
    return parts


def _make_view(em: FunctionEmitter, key: ir.Expr | ir.Stmt, array: str, vt: ArrayType,
               line: int) -> str:
    em.headers.add(VIEW_HEADER)
    parts = _view_parts(em, key)
    out = em.temp(vt)
    args = ", ".join([out, array, *parts])
    em.line(f"if (!pyaot::numpy::view<{vt.ndim}>({args})) [[unlikely]] {em.fail(line)}")
    return out


def view_of(em: FunctionEmitter, e: ir.Expr, array: ir.Expr) -> str:
    """``a[1:-1]``, ``a[i]`` of a 2-d array, ``a[:, j]``: a view sharing ``a``'s data."""
    vt = em.spec.type_of(e)
    assert isinstance(vt, ArrayType)
    return _make_view(em, e, em.expr(array), vt, e.loc.line)


def setitem(em: FunctionEmitter, s: ir.SetItem) -> None:
    em.headers.add(HEADER)
    at = em.spec.type_of(s.target)
    assert isinstance(at, ArrayType)
    target = em.expr(s.target)
    parts = em.spec.indices[s]
    if len(parts) < at.ndim or any(isinstance(p, ir.SliceExpr) for p in parts):
        integers = sum(not isinstance(p, ir.SliceExpr) for p in parts)
        vt = ArrayType(at.dtype, at.ndim - integers)
        view = _make_view(em, s, target, vt, s.loc.line)
        assign_into(em, view, vt, s.value, s.loc.line)
        return
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
    if e.name == "T":
        em.headers.add(VIEW_HEADER)
        return f"pyaot::numpy::transpose({code})"
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


# ----- whole-array operations: one fused loop per expression ---------------------------------

ELEMENTWISE_HEADER = "pyaot/numpy/elementwise.hpp"


def is_elementwise(em: FunctionEmitter, e: ir.Expr) -> bool:
    """An array-valued operator node: part of a fused elementwise expression."""
    if isinstance(e, ir.Call):
        return e in em.spec.ops and isinstance(em.spec.type_of(e), ArrayType)
    return isinstance(e, ir.BinOp | ir.UnaryOp | ir.Compare) and isinstance(
        em.spec.type_of(e), ArrayType)


class _Fusion:
    """Collects the leaves (arrays and numbers evaluated before the loop) of an elementwise
    expression tree and writes its per-element C++ in terms of the lambda's parameters."""

    def __init__(self, em: FunctionEmitter, line: int) -> None:
        self.em = em
        self.line = line
        self.params: list[str] = []
        self.args: list[str] = []

    def element(self, e: ir.Expr, want: Type) -> str:
        """C++ for one element of ``e``, converted to ``want`` (an element type)."""
        em = self.em
        t = em.spec.type_of(e)
        if is_elementwise(em, e):
            code, elem = self.node(e)
            return em.cast(code, elem, want)
        code = em.expr(e)
        if isinstance(t, ArrayType):
            held = code if is_temp(code) or code.startswith("v_") else em.temp(t, code)
            return em.cast(self.leaf(held, t.dtype.cpp), DTypeScalar(t.dtype), want)
        # A number: converted once, before the loop (a Python int must fit the dtype).
        value = em.operand(code, t, want, self.line)
        held = value if is_temp(value) or is_literal(value) else em.temp(want, value)
        return self.leaf(held, want.cpp())

    def leaf(self, code: str, cpp: str) -> str:
        name = f"x{len(self.params)}"
        self.params.append(f"{cpp} {name}")
        self.args.append(code)
        return name

    def node(self, e: ir.Expr) -> tuple[str, Type]:
        em = self.em
        if isinstance(e, ir.Compare):
            op = em.spec.ops[e]
            operands = [e.left, e.comparators[0]]
        elif isinstance(e, ir.BinOp):
            op = em.spec.ops[e]
            operands = [e.left, e.right]
        elif isinstance(e, ir.Call):
            op = em.spec.ops[e]
            operands = list(e.args)
        else:
            assert isinstance(e, ir.UnaryOp)
            op = em.spec.ops[e]
            operands = [e.operand]
        em.headers.add(op.header)
        args = [self.element(x, p.type) for x, p in zip(operands, op.params, strict=True)]
        result = op.result if not isinstance(op.result, ArrayType) else DTypeScalar(
            op.result.dtype)
        return f"{op.cpp}({', '.join(args)})", result

    def lambda_(self, body: str) -> str:
        return f"[]({', '.join(self.params)}) noexcept {{ return {body}; }}"


def fused(em: FunctionEmitter, e: ir.Expr) -> str:
    """``a * b + c``: one pass over the broadcast shape, no temporary arrays."""
    em.headers.add(ELEMENTWISE_HEADER)
    t = em.spec.type_of(e)
    assert isinstance(t, ArrayType)
    fusion = _Fusion(em, e.loc.line)
    body, elem = fusion.node(e)
    body = em.cast(body, elem, DTypeScalar(t.dtype))
    out = em.temp(t)
    args = ", ".join([out, fusion.lambda_(body), *fusion.args])
    em.line(f"if (!pyaot::numpy::map({args})) [[unlikely]] {em.fail(e.loc.line)}")
    return out


def assign_into(em: FunctionEmitter, target: str, at: ArrayType, value: ir.Expr,
                line: int) -> None:
    """``target[...] = value``: an array (broadcast, fused when it is an expression) or a
    number (every element)."""
    em.headers.add(ELEMENTWISE_HEADER)
    vt = em.spec.type_of(value)
    want = DTypeScalar(at.dtype)
    if not isinstance(vt, ArrayType):
        code = store(em, em.expr(value), vt, at.dtype, line)
        em.line(f"if (!pyaot::numpy::fill({target}, {code})) [[unlikely]] {em.fail(line)}")
        return
    fusion = _Fusion(em, line)
    body = fusion.element(value, want)
    args = ", ".join([target, fusion.lambda_(body), *fusion.args])
    em.line(f"if (!pyaot::numpy::map_into({args})) [[unlikely]] {em.fail(line)}")


def augassign(em: FunctionEmitter, s: ir.AugAssign) -> None:
    """``a += b`` on an array: in place, every alias of ``a`` sees it."""
    em.headers.add(ELEMENTWISE_HEADER)
    at = em.spec.var_types[s.target.id]
    assert isinstance(at, ArrayType)
    op = em.spec.ops[s]
    fusion = _Fusion(em, s.loc.line)
    target = f"v_{s.target.id}"
    left = em.cast(fusion.leaf(target, at.dtype.cpp), DTypeScalar(at.dtype), op.params[0].type)
    right = fusion.element(s.value, op.params[1].type)
    em.headers.add(op.header)
    result = op.result if not isinstance(op.result, ArrayType) else DTypeScalar(op.result.dtype)
    body = em.cast(f"{op.cpp}({left}, {right})", result, DTypeScalar(at.dtype))
    args = ", ".join([target, fusion.lambda_(body), *fusion.args])
    em.line(f"if (!pyaot::numpy::map_into({args})) [[unlikely]] {em.fail(s.loc.line)}")


def method_call(em: FunctionEmitter, e: ir.MethodCall) -> str:
    """``a.copy()``, ``a.astype(np.float32)``, ``a.sum(axis=0)``."""
    at = em.spec.type_of(e.obj)
    assert isinstance(at, ArrayType)
    if e in em.spec.reductions:
        return reduction(em, e, em.expr(e.obj), at)
    code = em.expr(e.obj)
    t = em.spec.type_of(e)
    assert isinstance(t, ArrayType)
    out = em.temp(t)
    if e.name == "copy":
        em.headers.add(VIEW_HEADER)
        em.line(f"if (!pyaot::numpy::copy({out}, {code})) [[unlikely]] {em.fail(e.loc.line)}")
        return out
    assert e.name == "astype"
    em.headers.add(ELEMENTWISE_HEADER)
    em.headers.add(SCALAR_HEADER)
    cast = (f"[]({at.dtype.cpp} x) noexcept {{ return "
            f"pyaot::numpy::scalar::cast<{t.dtype.cpp}>(x); }}")
    em.line(f"if (!pyaot::numpy::map({out}, {cast}, {code})) [[unlikely]] "
            f"{em.fail(e.loc.line)}")
    return out


REDUCE_HEADER = "pyaot/numpy/reduce.hpp"


def reduction(em: FunctionEmitter, e: ir.Expr, array: str, at: ArrayType) -> str:
    """A reduction of the whole array (a NumPy scalar) or along one axis (an array)."""
    em.headers.add(REDUCE_HEADER)
    name, axis = em.spec.reductions[e]
    t = em.spec.type_of(e)
    out = em.temp(t)
    if axis is None or at.ndim == 1:
        call = f"pyaot::numpy::{name}({out}, {array})"
    else:
        call = f"pyaot::numpy::{name}_axis({out}, {array}, {axis})"
    em.line(f"if (!{call}) [[unlikely]] {em.fail(e.loc.line)}")
    return out
