"""C++ for NumPy arrays (typing/arrays.py): element access and views, storing into arrays,
attributes, creation, methods and reductions. Computing with arrays is in
codegen/elementwise.py; NumPy scalar arithmetic needs no code of its own (typing records it as
``Op`` values that FunctionEmitter.call_op emits)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatch_pyaot.codegen.literals import is_temp, literal
from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import BOOL, FLOAT, INT, ArrayType, DTypeScalar, TupleType, Type
from hatch_pyaot.typing import sorting as sorting_typing
from hatch_pyaot.typing.arrays import CREATION, CREATION_LIKE, dtype_argument
from hatch_pyaot.typing.dtypes import DType, dtype_named
from hatch_pyaot.typing.numpy_ops import SCALAR_HEADER

if TYPE_CHECKING:
    from hatch_pyaot.codegen.function import FunctionEmitter

HEADER = "pyaot/numpy/ndarray.hpp"
CONVERT_HEADER = "pyaot/numpy/convert.hpp"
ELEMENTWISE_HEADER = "pyaot/numpy/elementwise.hpp"


def _indices(em: FunctionEmitter, key: ir.Expr | ir.Stmt) -> list[str]:
    return [em.cast(em.expr(i), em.spec.type_of(i), INT) for i in em.spec.indices[key]]


def getitem(em: FunctionEmitter, e: ir.Expr, array: ir.Expr) -> str:
    em.headers.add(HEADER)
    code = em.expr(array)
    if e in em.in_range:  # codegen/bounds.py proved every index in range
        return f"pyaot::numpy::at({', '.join([code, *_indices(em, e)])})"
    out = em.temp(em.spec.type_of(e))
    args = ", ".join([out, code, *_indices(em, e)])
    em.line(f"if (!pyaot::numpy::getitem({args})) [[unlikely]] {em.fail(e.loc.line)}")
    return out


VIEW_HEADER = "pyaot/numpy/view.hpp"
JOIN_HEADER = "pyaot/numpy/join.hpp"
ADVANCED_HEADER = "pyaot/numpy/advanced.hpp"


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
    """``a[1:-1]``, ``a[i]`` of a 2-d array, ``a[:, j]``: a view sharing ``a``'s data;
    ``a[mask]``, ``a[idx]``: a copy."""
    vt = em.spec.type_of(e)
    assert isinstance(vt, ArrayType)
    if e in em.spec.advanced:
        em.headers.add(ADVANCED_HEADER)
        (index,) = em.spec.indices[e]
        out = em.temp(vt)
        kind = em.spec.advanced[e]
        func = {"mask": "mask_get", "mask_rows": "mask_get_rows",
                "take": f"take_get<{vt.ndim}>"}[kind]
        em.line(f"if (!pyaot::numpy::{func}({out}, {em.expr(array)}, {em.expr(index)})) "
                f"[[unlikely]] {em.fail(e.loc.line)}")
        return out
    new_axes = em.spec.new_axes.get(e, [])
    view = _make_view(em, e, em.expr(array), ArrayType(vt.dtype, vt.ndim - len(new_axes)),
                      e.loc.line)
    for rank, axis in enumerate(new_axes, start=vt.ndim - len(new_axes) + 1):
        em.headers.add(JOIN_HEADER)
        wider = em.temp(ArrayType(vt.dtype, rank))
        em.line(f"if (!pyaot::numpy::expand_dims({wider}, {view}, {axis})) [[unlikely]] "
                f"{em.fail(e.loc.line)}")
        view = wider
    return view


def _advanced_setitem(em: FunctionEmitter, s: ir.SetItem, target: str, at: ArrayType) -> None:
    """``a[mask] = v``, ``a[idx] = v``: v a number or an array (converted to a's dtype)."""
    em.headers.add(ADVANCED_HEADER)
    (index,) = em.spec.indices[s]
    kind = em.spec.advanced[s]
    vt = em.spec.type_of(s.value)
    code = em.expr(s.value)
    if isinstance(vt, ArrayType):
        value = code if vt.dtype == at.dtype else cast_array(em, code, vt, at.dtype, s.loc.line)
    else:
        value = store(em, code, vt, at.dtype, s.loc.line)
    func = {"mask": "mask_set", "take": "take_set",
            "mask_rows": "mask_set_rows" if at.ndim >= 2 else "mask_set"}[kind]
    em.line(f"if (!pyaot::numpy::{func}({target}, {em.expr(index)}, {value})) [[unlikely]] "
            f"{em.fail(s.loc.line)}")


def setitem(em: FunctionEmitter, s: ir.SetItem) -> None:
    em.headers.add(HEADER)
    at = em.spec.type_of(s.target)
    assert isinstance(at, ArrayType)
    target = em.expr(s.target)
    if s in em.spec.advanced:
        _advanced_setitem(em, s, target, at)
        return
    parts = em.spec.indices[s]
    if len(parts) < at.ndim or any(isinstance(p, ir.SliceExpr) for p in parts):
        integers = sum(not isinstance(p, ir.SliceExpr) for p in parts)
        vt = ArrayType(at.dtype, at.ndim - integers)
        from hatch_pyaot.codegen.elementwise import assign_into  # it stores through us

        assign_into(em, lambda: _make_view(em, s, target, vt, s.loc.line), vt, s.value,
                    s.loc.line)
        return
    # Python evaluates the value before the index (``a[f()] = xs[9]`` raises xs's IndexError)
    from hatch_pyaot.codegen.dicts import evaluated_as  # dicts imports lists, lists us

    held = evaluated_as(em, s.value, em.spec.type_of(s.value))
    indices = _indices(em, s)
    if s in em.writeable:  # codegen/bounds.py: in range, into an array made here
        value = store(em, held, em.spec.type_of(s.value), at.dtype, s.loc.line)
        em.line(f"pyaot::numpy::at({', '.join([target, *indices])}) = {value};")
        return
    # NumPy checks the destination (read-only, index in range) before it converts the value
    em.temps += 1
    slot = f"t{em.temps}"
    em.line(f"{DTypeScalar(at.dtype).cpp()}* {slot} = nullptr;")
    args = ", ".join([slot, target, *indices])
    func = "setitem_in_range" if s in em.in_range else "setitem"
    em.line(f"if (!pyaot::numpy::{func}({args})) [[unlikely]] {em.fail(s.loc.line)}")
    em.line(f"*{slot} = {store(em, held, em.spec.type_of(s.value), at.dtype, s.loc.line)};")


def store(em: FunctionEmitter, code: str, t: Type, dtype: DType, line: int) -> str:
    """``code`` converted for storing into an array of ``dtype`` as NumPy does (a Python
    float into an integer array truncates; NaN and infinity raise)."""
    em.headers.add(CONVERT_HEADER)
    if t in (FLOAT, INT, BOOL) and dtype.kind != "c":  # a complex element holds any
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
        source = em.expr(e.args[0])
        args = [out, source]
        at = em.spec.type_of(e.args[0])
        if isinstance(at, ArrayType) and at.dtype != t.dtype:  # dtype=: numpy.zeros(a.shape)
            func = func.removesuffix("_like")
            args = [out, f"{source}.shape"]
        if name == "numpy.full_like":
            fill = e.args[1]
            args.append(store(em, em.expr(fill), em.spec.type_of(fill), t.dtype,
                              e.loc.line))
    chosen = dtype_argument(e, 2 if func.startswith("full") else 1)
    assert chosen is None or dtype_named(chosen) == t.dtype
    if e in em.renewed:  # into the local's own array (codegen/loop_buffers.py)
        em.headers.add("pyaot/numpy/renew.hpp")
        out = args[0] = f"v_{em.renewed[e]}"
        func = f"renew_{func}"
    em.line(f"if (!pyaot::numpy::{func}({', '.join(args)})) [[unlikely]] "
            f"{em.fail(e.loc.line)}")
    return out


def method_call(em: FunctionEmitter, e: ir.MethodCall) -> str:
    """``a.copy()``, ``a.astype(np.float32)``, ``a.sum(axis=0)``."""
    from hatch_pyaot.typing.array_functions import METHODS
    from hatch_pyaot.typing.typed import ArrayCall

    target = em.spec.calls.get(e)
    if isinstance(target, ArrayCall):  # also the methods of a numpy.random.Generator
        from hatch_pyaot.codegen import array_calls

        return array_calls.emit(em, e, target)
    at = em.spec.type_of(e.obj)
    assert isinstance(at, ArrayType)

    if e.name in METHODS:
        from hatch_pyaot.codegen import array_functions

        return array_functions.method(em, e, at)
    if e.name in sorting_typing.METHODS:
        from hatch_pyaot.codegen import sorting

        return sorting.method(em, e, at)
    if e in em.spec.axis_ops:
        return reduction(em, e, e.obj, at)
    if e in em.spec.axis_tuples:
        from hatch_pyaot.codegen import axis_tuples

        return axis_tuples.reduction(em, e, em.expr(e.obj), at)
    code = em.expr(e.obj)
    t = em.spec.type_of(e)
    assert isinstance(t, ArrayType)
    if e.name == "astype":
        return cast_array(em, code, at, t.dtype, e.loc.line)
    assert e.name == "copy"
    em.headers.add(VIEW_HEADER)
    out = em.temp(t)
    em.line(f"if (!pyaot::numpy::copy({out}, {code})) [[unlikely]] {em.fail(e.loc.line)}")
    return out


def cast_array(em: FunctionEmitter, code: str, at: ArrayType, dtype: DType, line: int) -> str:
    """A new array of ``dtype`` with the values of ``code`` cast as ``astype`` does."""
    em.headers.add(ELEMENTWISE_HEADER)
    em.headers.add(SCALAR_HEADER)
    out = em.temp(ArrayType(dtype, at.ndim))
    cast = (f"[]({at.dtype.cpp} x) noexcept {{ return "
            f"pyaot::numpy::scalar::cast<{dtype.cpp}>(x); }}")
    em.line(f"if (!pyaot::numpy::map({out}, {cast}, {code})) [[unlikely]] {em.fail(line)}")
    return out


REDUCE_HEADER = "pyaot/numpy/reduce.hpp"


def reduction(em: FunctionEmitter, e: ir.Expr, operand: ir.Expr, at: ArrayType) -> str:
    """A reduction of the whole array (a NumPy scalar) or along one axis (an array); of an
    elementwise expression along an axis, fused (codegen/fused_reduction.py)."""
    from hatch_pyaot.codegen.fused_reduction import operand_or_fused

    em.headers.add(REDUCE_HEADER)
    name, axis = em.spec.axis_ops[e]
    out = em.temp(reduced_type(em, e, at.ndim, axis))
    array = operand_or_fused(em, e, operand, out)
    if array is not None:
        call = (f"pyaot::numpy::{name}({out}, {array})" if axis is None or at.ndim == 1
                else f"pyaot::numpy::{name}_axis({out}, {array}, {axis})")
        em.line(f"if (!{call}) [[unlikely]] {em.fail(e.loc.line)}")
    return keep_dims(em, e, out, at.ndim, axis)


def reduced_type(em: FunctionEmitter, e: ir.Expr, ndim: int, axis: int | None) -> Type:
    """What a reduction computes before ``keepdims``: a NumPy scalar or an array one rank
    lower (typing/array_functions.reduced)."""
    t = em.spec.type_of(e)
    if e not in em.spec.keepdims:
        return t
    assert isinstance(t, ArrayType)
    return DTypeScalar(t.dtype) if axis is None or ndim == 1 else ArrayType(t.dtype, ndim - 1)


def keep_dims(em: FunctionEmitter, e: ir.Expr, code: str, ndim: int, axis: int | None) -> str:
    """With ``keepdims=True``: the reduced axes back, of length 1 (a view of the result)."""
    if e not in em.spec.keepdims:
        return code
    t = em.spec.type_of(e)
    out = em.temp(t)
    if axis is None or ndim == 1:
        ones = ", ".join("1" for _ in range(ndim))
        call = f"pyaot::numpy::full({out}, std::array<std::int64_t, {ndim}>{{{ones}}}, {code})"
    else:
        em.headers.add(JOIN_HEADER)
        call = f"pyaot::numpy::expand_dims({out}, {code}, {axis})"
    em.line(f"if (!{call}) [[unlikely]] {em.fail(e.loc.line)}")
    return out
