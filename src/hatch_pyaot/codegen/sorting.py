"""C++ for typing/sorting.py, through ``pyaot/numpy/sort.hpp``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatch_pyaot.codegen.arrays import keep_dims, reduced_type
from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import INT, ArrayType, DTypeScalar, TupleType

if TYPE_CHECKING:
    from hatch_pyaot.codegen.function import FunctionEmitter

HEADER = "pyaot/numpy/sort.hpp"


def call(em: FunctionEmitter, e: ir.Call) -> str:
    at = em.spec.type_of(e.args[0])
    assert isinstance(at, ArrayType)
    return emit(em, e, em.expr(e.args[0]), at)


def method(em: FunctionEmitter, e: ir.MethodCall, at: ArrayType) -> str:
    return emit(em, e, em.expr(e.obj), at)


def emit(em: FunctionEmitter, e: ir.Expr, array: str, at: ArrayType) -> str:
    em.headers.add(HEADER)
    name, axis = em.spec.axis_ops[e]
    line = e.loc.line
    if isinstance(e, ir.MethodCall) and name == "sort":  # a.sort(): in place
        em.line(f"if (!pyaot::numpy::sort_inplace({array}, {axis})) [[unlikely]] "
                f"{em.fail(line)}")
        return "pyaot::none"
    t = em.spec.type_of(e)
    if name == "median":
        out = em.temp(reduced_type(em, e, at.ndim, axis))
        whole = axis is None or at.ndim == 1
        args = [out, array, *([] if whole else [str(axis)])]
        em.line(f"if (!pyaot::numpy::median{'' if whole else '_axis'}({', '.join(args)})) "
                f"[[unlikely]] {em.fail(line)}")
        return keep_dims(em, e, out, at.ndim, axis)
    if name == "nonzero":
        assert isinstance(t, TupleType)
        em.temps += 1
        indices = f"t{em.temps}"
        em.line(f"pyaot::numpy::NonzeroIndices<{at.ndim}> {indices}{{}};")
        em.line(f"if (!pyaot::numpy::nonzero({indices}, {array})) [[unlikely]] {em.fail(line)}")
        items = ", ".join(f"{indices}[{i}]" for i in range(at.ndim))
        return em.temp(t, f"{t.cpp()}{{{items}}}")
    out = em.temp(t)
    if name in ("sort", "argsort"):
        suffix = "_flat" if axis is None else "_axis"
        args = [out, array, *([] if axis is None else [str(axis)])]
        call_ = f"pyaot::numpy::{name}{suffix}({', '.join(args)})"
    elif name == "diff":
        ns = em.spec.indices[e]
        n = em.cast(em.expr(ns[0]), em.spec.type_of(ns[0]), INT) if ns else "1"
        call_ = f"pyaot::numpy::diff_axis({out}, {array}, {n}, {axis})"
    elif name == "searchsorted":
        values, *side = em.spec.indices[e]
        right = "true" if side and isinstance(side[0], ir.Const) and side[0].value == "right" \
            else "false"
        call_ = f"pyaot::numpy::searchsorted({out}, {array}, {_values(em, values, at, line)}, " \
                f"{right})"
    else:  # unique, flatnonzero, argwhere, count_nonzero
        call_ = f"pyaot::numpy::{name}({out}, {array})"
    em.line(f"if (!{call_}) [[unlikely]] {em.fail(line)}")
    return out


def _values(em: FunctionEmitter, values: ir.Expr, at: ArrayType, line: int) -> str:
    """searchsorted's values in the array's dtype (typing checked that they convert
    safely)."""
    from hatch_pyaot.codegen.arrays import cast_array

    vt = em.spec.type_of(values)
    code = em.expr(values)
    if isinstance(vt, ArrayType):
        return code if vt.dtype == at.dtype else cast_array(em, code, vt, at.dtype, line)
    return em.operand(code, vt, DTypeScalar(at.dtype), line)
