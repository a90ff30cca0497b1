"""Whole-array expressions in one loop: ``a * b + np.sin(c)``, ``u[1:-1] = ...``, ``a += b``.

Typing gave every array-valued operator and ufunc node its per-element ``Op``
(typing/numpy_ops.py). Here the largest such subtree becomes one call of
``pyaot::numpy::map`` (``pyaot/numpy/elementwise.hpp``): its leaves (arrays, numbers) are
evaluated before the loop, and a lambda computes one element from them. No temporary arrays,
one pass, NumPy's broadcasting. A Python int operand of a narrower integer dtype is checked
once, before the loop (NEP 50). When an operation can fail (integer ``**`` with a negative
exponent) the lambda writes its element through a reference and returns false on failure
(``map_fallible``); the loop stops there, as NumPy's does.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from hatch_pyaot.codegen.arrays import CONVERT_HEADER, ELEMENTWISE_HEADER, store
from hatch_pyaot.codegen.invariant_divide import prepare_divisor
from hatch_pyaot.codegen.literals import is_literal, is_temp
from hatch_pyaot.codegen.statement_fusion import expand
from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import ArrayType, DTypeScalar, Type
from hatch_pyaot.ops.registry import Op

if TYPE_CHECKING:
    from hatch_pyaot.codegen.function import FunctionEmitter


def is_elementwise(em: FunctionEmitter, e: ir.Expr) -> bool:
    """An array-valued operator node: part of a fused elementwise expression."""
    if isinstance(e, ir.Call | ir.MethodCall):  # ufuncs, x.astype(dtype)
        return e in em.spec.ops and isinstance(em.spec.type_of(e), ArrayType)
    return isinstance(e, ir.BinOp | ir.UnaryOp | ir.Compare) and isinstance(
        em.spec.type_of(e), ArrayType)


class Fusion:
    """Collects the leaves (arrays and numbers evaluated before the loop) of an elementwise
    expression tree and writes its per-element C++ in terms of the lambda's parameters."""

    def __init__(self, em: FunctionEmitter, line: int, rank: int) -> None:
        self.em = em
        self.line = line
        self.rank = rank
        """The loop's rank: a subexpression of a lower rank (``np.sqrt(var)`` in
        ``d / np.sqrt(var)``) is computed once into an array of its own, not per element."""
        self.params: list[str] = []
        self.args: list[str] = []
        self.steps: list[str] = []
        """Statements before the element's value: the fallible operations."""

    def element(self, e: ir.Expr, want: Type, *, checked: bool = True) -> str:
        """C++ for one element of ``e``, converted to ``want`` (an element type). A Python int
        must fit ``want`` unless ``checked`` is false (numpy.where converts it as a cast
        does)."""
        em = self.em
        e = expand(em, e)
        t = em.spec.type_of(e)
        if is_elementwise(em, e) and isinstance(t, ArrayType) and t.ndim >= self.rank:
            code, elem = self.node(e)
            return em.cast(code, elem, want)
        code = em.expr(e)
        if isinstance(t, ArrayType):
            held = code if is_temp(code) or code.startswith("v_") else em.temp(t, code)
            return em.cast(self.leaf(held, t.dtype.cpp), DTypeScalar(t.dtype), want)
        # A number: converted once, before the loop (a Python int must fit the dtype). A
        # constant stays in the loop's body, where the C++ compiler can use it (x // 9
        # becomes a multiplication).
        value = em.operand(code, t, want, self.line) if checked else em.cast(code, t, want)
        if is_literal(code) and not is_temp(value):
            return value
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
            operands = [*e.args, *(value for _, value in e.kwargs)]
        elif isinstance(e, ir.MethodCall):  # x.astype(dtype)
            op = em.spec.ops[e]
            operands = [e.obj]
        else:
            assert isinstance(e, ir.UnaryOp)
            op = em.spec.ops[e]
            operands = [e.operand]
        em.headers.add(op.header)
        checked = op.name != "numpy.where"
        args = [self.element(x, p.type, checked=checked)
                for x, p in zip(operands, op.params, strict=True)]
        prepare_divisor(self, op, operands, args)
        result = op.result if not isinstance(op.result, ArrayType) else DTypeScalar(
            op.result.dtype)
        return self.apply(op, args, result), result

    def apply(self, op: Op, args: list[str], result: Type) -> str:
        """``op`` on one element's operands; a fallible op becomes a step of its own."""
        if not op.fallible:
            return f"{op.cpp}({', '.join(args)})"
        step = f"e{len(self.steps)}"
        self.steps.append(f"{result.cpp()} {step}; if (!{op.cpp}({', '.join([step, *args])})) "
                          "[[unlikely]] return false;")
        return step

    def lambda_(self, body: str, result: str) -> str:
        """The per-element lambda: ``R f(x...)``, or ``bool f(R&, x...)`` when an operation
        can fail (see ``call``)."""
        if not self.steps:
            return f"[]({', '.join(self.params)}) noexcept {{ return {body}; }}"
        params = ", ".join([f"{result}& element", *self.params])
        return (f"[]({params}) noexcept -> bool {{ {' '.join(self.steps)} element = {body}; "
                "return true; }")

    def call(self, function: str) -> str:
        """``map``/``map_into``, or their ``_fallible`` forms when the lambda can fail."""
        return f"pyaot::numpy::{function}_fallible" if self.steps else f"pyaot::numpy::{function}"


def fused(em: FunctionEmitter, e: ir.Expr) -> str:
    """``a * b + c``: one pass over the broadcast shape, no temporary arrays."""
    em.headers.add(ELEMENTWISE_HEADER)
    t = em.spec.type_of(e)
    assert isinstance(t, ArrayType)
    fusion = Fusion(em, e.loc.line, t.ndim)
    body, elem = fusion.node(e)
    return materialize(em, fusion, em.cast(body, elem, DTypeScalar(t.dtype)), t, e.loc.line)


def materialize(em: FunctionEmitter, fusion: Fusion, body: str, t: ArrayType, line: int) -> str:
    """A new array of the fused expression's values (``body`` of one element)."""
    out = em.temp(t)
    args = ", ".join([out, fusion.lambda_(body, t.dtype.cpp), *fusion.args])
    em.line(f"if (!{fusion.call('map')}({args})) [[unlikely]] {em.fail(line)}")
    return out


def assign_into(em: FunctionEmitter, make_target: Callable[[], str], at: ArrayType,
                value: ir.Expr, line: int) -> None:
    """``target[...] = value``: an array (broadcast, fused when it is an expression) or a
    number (every element). The target (a view: its indices) is made after the value's
    operands are evaluated, as Python evaluates the value first."""
    em.headers.add(ELEMENTWISE_HEADER)
    vt = em.spec.type_of(value)
    want = DTypeScalar(at.dtype)
    if not isinstance(vt, ArrayType):
        from hatch_pyaot.codegen.dicts import evaluated_as  # dicts imports lists, lists us

        held = evaluated_as(em, value, vt)
        target = make_target()
        code = store(em, held, vt, at.dtype, line)
        em.line(f"if (!pyaot::numpy::fill({target}, {code})) [[unlikely]] {em.fail(line)}")
        return
    fusion = Fusion(em, line, at.ndim)
    body = fusion.element(value, want)
    target = make_target()
    args = ", ".join([target, fusion.lambda_(body, at.dtype.cpp), *fusion.args])
    em.line(f"if (!{fusion.call('map_into')}({args})) [[unlikely]] {em.fail(line)}")


def augassign(em: FunctionEmitter, s: ir.AugAssign) -> None:
    """``a += b`` on an array: in place, every alias of ``a`` sees it."""
    em.headers.add(ELEMENTWISE_HEADER)
    at = em.spec.var_types[s.target.id]
    assert isinstance(at, ArrayType)
    op = em.spec.ops[s]
    fusion = Fusion(em, s.loc.line, at.ndim)
    target = f"v_{s.target.id}"
    left = em.cast(fusion.leaf(target, at.dtype.cpp), DTypeScalar(at.dtype), op.params[0].type)
    right = fusion.element(s.value, op.params[1].type)
    em.headers.add(op.header)
    result = op.result if not isinstance(op.result, ArrayType) else DTypeScalar(op.result.dtype)
    body = em.cast(fusion.apply(op, [left, right], result), result, DTypeScalar(at.dtype))
    args = ", ".join([target, fusion.lambda_(body, at.dtype.cpp), *fusion.args])
    em.line(f"if (!{fusion.call('map_in_place')}({args})) [[unlikely]] {em.fail(s.loc.line)}")


def weak_int(em: FunctionEmitter, code: str, t: DTypeScalar, line: int) -> str:
    """A Python int as an operand of NumPy integer arithmetic: checked to fit (NEP 50); a
    constant that fits needs no check."""
    constant = re.fullmatch(r"INT64_C\((-?\d+)\)", code)
    if constant is not None and t.dtype.can_hold(int(constant.group(1))):
        return f"static_cast<{t.dtype.cpp}>({code})"
    em.headers.add(CONVERT_HEADER)
    out = em.temp(t)
    em.line(f"if (!pyaot::numpy::weak_int({out}, {code})) [[unlikely]] {em.fail(line)}")
    return out
