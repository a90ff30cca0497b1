"""A reduction along an axis of an elementwise expression, fused: ``(d * d).sum(axis=2)``.

The expression's per-element lambda (codegen/elementwise.py) goes to
``pyaot::numpy::reduce_map`` (``pyaot/numpy/fused_reduce.hpp``), which computes it in
cache-sized blocks of leading rows and reduces each block with the function that reduces a
whole array: no temporary of the broadcast shape, and the same order of additions, so the
results are bit-identical to the unfused form's. Along axis 0, and when an element can fail
(the loop must stop there first), the expression is materialized as before.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatch_pyaot.codegen.arrays import ELEMENTWISE_HEADER
from hatch_pyaot.codegen.elementwise import Fusion, is_elementwise, materialize
from hatch_pyaot.codegen.statement_fusion import expand
from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import ArrayType, DTypeScalar

if TYPE_CHECKING:
    from hatch_pyaot.codegen.function import FunctionEmitter

HEADER = "pyaot/numpy/fused_reduce.hpp"

REDUCTIONS = {"sum": "Sum", "prod": "Prod", "mean": "Mean", "min": "Min", "amin": "Min",
              "max": "Max", "amax": "Max", "any": "Any", "all": "All", "argmin": "Argmin",
              "argmax": "Argmax"}
"""The reductions along an axis that a block can go through (fused_reduce.hpp)."""


def fusable(em: FunctionEmitter, operand: ir.Expr, name: str, axis: int | None) -> bool:
    at = em.spec.type_of(operand)
    return (axis is not None and name in REDUCTIONS and isinstance(at, ArrayType)
            and at.ndim >= 2 and axis % at.ndim != 0 and is_elementwise(em, operand))


def operand_or_fused(em: FunctionEmitter, e: ir.Expr, operand: ir.Expr, out: str) -> str | None:
    """Emit ``out = reduction(operand)`` fused and return None; or return the C++ of the
    operand materialized, for the caller's ordinary reduction."""
    name, axis = em.spec.axis_ops[e]
    operand = expand(em, operand)
    if not fusable(em, operand, name, axis):
        return em.expr(operand)
    assert axis is not None
    at = em.spec.type_of(operand)
    assert isinstance(at, ArrayType)
    em.headers.add(ELEMENTWISE_HEADER)
    fusion = Fusion(em, e.loc.line, at.ndim)
    body, elem = fusion.node(operand)
    body = em.cast(body, elem, DTypeScalar(at.dtype))
    if fusion.steps:
        return materialize(em, fusion, body, at, e.loc.line)
    em.headers.add(HEADER)
    reduce = f"pyaot::numpy::fused::{REDUCTIONS[name]}{{}}"
    args = ", ".join([out, str(axis), reduce, fusion.lambda_(body, at.dtype.cpp), *fusion.args])
    em.line(f"if (!pyaot::numpy::reduce_map<{at.dtype.cpp}>({args})) [[unlikely]] "
            f"{em.fail(e.loc.line)}")
    return None
