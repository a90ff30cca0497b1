"""C++ for typing/axis_tuples.py: a reduction over several axes as one reduction per axis,
the highest axis first, each in the result dtype; ``mean`` sums and then divides by the count
of reduced elements; ``keepdims`` reshapes the result to the array's rank."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatch_pyaot.codegen.array_functions import SHAPE_HEADER
from hatch_pyaot.codegen.arrays import ELEMENTWISE_HEADER, REDUCE_HEADER
from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import ArrayType

if TYPE_CHECKING:
    from hatch_pyaot.codegen.function import FunctionEmitter




def reduction(em: FunctionEmitter, e: ir.Expr, array: str, at: ArrayType) -> str:
    name, axes, keep = em.spec.axis_tuples[e]
    t = em.spec.type_of(e)
    assert isinstance(t, ArrayType)
    dtype = t.dtype.cpp
    fail = em.fail(e.loc.line)
    em.headers.add(REDUCE_HEADER)
    source = em.temp(at, array)
    code, ndim = source, at.ndim
    for axis in reversed(axes):
        ndim -= 1
        out = em.temp(ArrayType(t.dtype, ndim))
        stage = "sum" if name == "mean" else name
        em.line(f"if (!pyaot::numpy::{stage}_axis({out}, {code}, {axis})) [[unlikely]] {fail}")
        code = out
    if name == "mean":
        em.headers.add(ELEMENTWISE_HEADER)
        count = " * ".join(f"{source}.shape[{axis}]" for axis in axes)
        out = em.temp(ArrayType(t.dtype, ndim))
        divide = f"[n = static_cast<{dtype}>({count})]({dtype} x) noexcept {{ return x / n; }}"
        em.line(f"if (!pyaot::numpy::map({out}, {divide}, {code})) [[unlikely]] {fail}")
        code = out
    if not keep:
        return code
    em.headers.add(SHAPE_HEADER)
    kept = iter(range(ndim))
    dims = ", ".join("1" if d in axes else f"{code}.shape[{next(kept)}]" for d in range(at.ndim))
    out = em.temp(t)
    em.line(f"if (!pyaot::numpy::reshape<{at.ndim}>({out}, {code}, "
            f"std::array<std::int64_t, {at.ndim}>{{{dims}}})) [[unlikely]] {fail}")
    return out
