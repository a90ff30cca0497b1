"""Emitting tuples whose items share a type, and reductions over them or over generators.

Free functions over the FunctionEmitter (as mypyc's irbuild modules take the builder):
``std::array`` views of tuples (``items_array``), ``for x in t``, ``sum``/``min``/``max``/
``any``/``all``/``math.prod``/``fsum``/``dist`` of a tuple, generator-expression
reductions, and lexicographic tuple comparison.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatch_pyaot.codegen import tuple_tables
from hatch_pyaot.codegen.literals import (
    is_literal,
    is_temp,
    literal,
    paren,
    string_literal,
    truth_of,
)
from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import BOOL, FLOAT, Scalar, TupleType, Type
from hatch_pyaot.typing.typed import TupleComparison, TupleReduce

if TYPE_CHECKING:
    from hatch_pyaot.codegen.function import FunctionEmitter
    from hatch_pyaot.ops.registry import Op


def items_array(em: FunctionEmitter, node: ir.Stmt | ir.Expr, tuple_expr: ir.Expr) -> tuple[str, int]:
    """A tuple's items as a ``std::array`` of their common type (a static table when they
    are all literals), and its length."""
    t = em.spec.type_of(tuple_expr)
    assert isinstance(t, TupleType)
    item = em.spec.item_types[node]
    array_t = f"std::array<{item.cpp()}, {len(t.items)}>"
    em.headers.add("pyaot/tuple.hpp")
    if isinstance(tuple_expr, ir.TupleExpr) and all(
            isinstance(i, ir.Const) for i in tuple_expr.items):
        values = ", ".join(em.cast(em.expr(i), em.spec.type_of(i), item)
                           for i in tuple_expr.items)
        em.temps += 1
        name = f"table{em.temps}"
        em.line(f"static constexpr {array_t} {name}{{{values}}};")
        return name, len(t.items)
    code = em.expr(tuple_expr)
    held = code if is_temp(code) else em.temp(t, code)
    values = ", ".join(em.cast(f"std::get<{k}>({held})", it, item)
                       for k, it in enumerate(t.items))
    return em.temp(Scalar("array", array_t), f"{array_t}{{{values}}}"), len(t.items)


def comprehension(em: FunctionEmitter, e: ir.Comprehension, t: Type) -> str:
    """``sum(... for ...)`` and kin: an accumulator, the loop, and for min/max the
    empty-sequence ValueError."""
    if e.kind in ("any", "all"):
        acc = em.temp(BOOL, "false" if e.kind == "any" else "true")
    elif e.kind in ("min", "max"):
        acc = em.temp(t)
    elif e.start is not None:
        start = em.cast(em.expr(e.start), em.spec.type_of(e.start), t)
        acc = em.temp(t, start)
    else:
        acc = em.temp(t, literal(0 if e.kind == "sum" else 1, t))
    found = em.temp(BOOL, "false") if e.kind in ("min", "max") else ""
    em.reducers.append((e, acc, found))
    em.stmt(e.loop)
    em.reducers.pop()
    if found:
        em.line(f"if (!{found}) [[unlikely]] {{")
        with em.indented():
            message = string_literal(f"{e.kind}() arg is an empty sequence")
            em.line(f"pyaot::raise(pyaot::Exc::ValueError, {message});")
            em.line(em.fail(e.loc.line))
        em.line("}")
    return acc


def reduce_step(em: FunctionEmitter, s: ir.ReduceStep) -> None:
    e, acc, found = em.reducers[-1]
    t = em.spec.type_of(e)
    vt = em.spec.type_of(s.value)
    value = em.expr(s.value)
    if e.kind in ("any", "all"):
        test = truth_of(value, vt)
        hit, result = (test, "true") if e.kind == "any" else (f"!{paren(test)}", "false")
        em.line(f"if ({hit}) {{ {acc} = {result}; break; }}")
        return
    op = em.spec.ops[e]
    if e.kind in ("min", "max"):
        held = value if is_temp(value) or is_literal(value) else em.temp(vt, value)
        better = em.call_op(op, [em.cast(held, vt, op.params[0].type),
                                   em.cast(acc, t, op.params[1].type)], s.loc.line)
        em.line(f"if (!{found} || {better}) {{ {acc} = {held}; {found} = true; }}")
        return
    total = em.call_op(op, [em.cast(acc, t, op.params[0].type),
                              em.cast(value, vt, op.params[1].type)], s.loc.line)
    em.line(f"{acc} = {em.cast(total, op.result, t)};")


def for_each(em: FunctionEmitter, s: ir.ForEach) -> None:
    broke = em.flag() if s.orelse else None
    if s in em.spec.item_types:
        items, n = items_array(em, s, s.iterable)
        counter = f"k{em.temps}"
        em.line(f"for (std::size_t {counter} = 0; {counter} < {n}; ++{counter}) {{")
        with em.indented():
            em.assign_code(s.target, f"{items}[{counter}]", em.spec.item_types[s])
        em.loop_body(s.body, broke)
        em.line("}")
    else:  # an empty tuple: the body never runs
        em.expr(s.iterable)
    em.loop_else(s.orelse, broke)


def reduce(em: FunctionEmitter, e: ir.Call, target: TupleReduce) -> str:
    looped = tuple_tables.reduce(em, e, target)
    if looped is not None:
        return looped
    t = em.spec.type_of(e.args[0])
    assert isinstance(t, TupleType)
    code = em.expr(e.args[0])
    held = code if is_temp(code) else em.temp(t, code)
    items = [(f"std::get<{k}>({held})", it) for k, it in enumerate(t.items)]
    if target.kind == "variadic":
        op = target.ops[0]
        args = [em.cast(c, it, op.params[-1].type) for c, it in items]
        return em.call_op(op, args * (2 if len(args) == 1 else 1), e.loc.line)
    if target.kind == "fsum":
        em.headers.add("pyaot/math/fsum.hpp")
        values = ", ".join(em.cast(c, it, FLOAT) for c, it in items)
        array = em.temp(Scalar("array", f"std::array<double, {len(items)}>"),
                          f"std::array<double, {len(items)}>{{{values}}}")
        out = em.temp(FLOAT)
        em.line(f"if (!pyaot::math::fsum({out}, {array})) [[unlikely]] "
                  f"{em.fail(e.loc.line)}")
        return out
    if target.kind == "dist":
        q_t = em.spec.type_of(e.args[1])
        assert isinstance(q_t, TupleType)
        q_code = em.expr(e.args[1])
        q_held = q_code if is_temp(q_code) else em.temp(q_t, q_code)
        difference, norm = target.ops
        diffs = [em.call_op(difference, [em.cast(c, it, FLOAT),
                                           em.cast(f"std::get<{k}>({q_held})", qt, FLOAT)],
                              e.loc.line)
                 for k, ((c, it), qt) in enumerate(zip(items, q_t.items, strict=True))]
        return em.call_op(norm, diffs, e.loc.line)
    if target.kind in ("any", "all"):
        joiner = " || " if target.kind == "any" else " && "
        tests = [truth_of(c, it) for c, it in items]
        return "(" + joiner.join(tests) + ")" if tests else \
            ("false" if target.kind == "any" else "true")
    assert target.start is not None
    acc = em.expr(target.start)
    acc_t = em.spec.type_of(target.start)
    for op, (c, it) in zip(target.ops, items, strict=True):
        acc = em.call_op(op, [em.cast(acc, acc_t, op.params[0].type),
                                em.cast(c, it, op.params[1].type)], e.loc.line)
        acc_t = op.result
    return acc


def compare_tuples(em: FunctionEmitter, kind: ir.CmpOpKind, op: TupleComparison, left: str, lt: Type,
                   right: str, rt: Type, line: int) -> str:
    """Lexicographic, as Python: the first pair of items that differ decides."""
    assert isinstance(lt, TupleType) and isinstance(rt, TupleType)
    a = left if is_temp(left) else em.temp(lt, left)
    b = right if is_temp(right) else em.temp(rt, right)
    n, m = len(lt.items), len(rt.items)
    lengths = {ir.CmpOpKind.EQ: n == m, ir.CmpOpKind.NE: n != m, ir.CmpOpKind.LT: n < m,
               ir.CmpOpKind.LE: n <= m, ir.CmpOpKind.GT: n > m, ir.CmpOpKind.GE: n >= m}
    result = em.temp(BOOL, "true" if lengths[kind] else "false")
    opened = 0
    for k, (eq, order) in enumerate(zip(op.equal, op.order, strict=True)):
        same = _items(em, ir.CmpOpKind.EQ, eq, k, a, lt, b, rt, line)
        em.line(f"if (!{paren(same)}) {{")
        with em.indented():
            em.line(f"{result} = {_items(em, kind, order, k, a, lt, b, rt, line)};")
        em.line("} else {")
        em.depth += 1
        opened += 1
    for _ in range(opened):
        em.depth -= 1
        em.line("}")
    return result


def _items(em: FunctionEmitter, kind: ir.CmpOpKind, op: Op | TupleComparison, k: int, a: str,
           lt: TupleType, b: str, rt: TupleType, line: int) -> str:
    """Item k of tuples a and b compared by op (a nested tuple comparison where both are
    tuples)."""
    x, y = f"std::get<{k}>({a})", f"std::get<{k}>({b})"
    if isinstance(op, TupleComparison):
        return compare_tuples(em, kind, op, x, lt.items[k], y, rt.items[k], line)
    return em.call_op(op, [em.cast(x, lt.items[k], op.params[0].type),
                           em.cast(y, rt.items[k], op.params[1].type)], line)
