"""Long tuples of literals of one type: ``sum``, ``min``/``max``, ``any``/``all`` and ``in``
as a loop over a static table.

A tuple is a ``std::tuple``, and a reduction over one is unrolled item by item. Both are
fine for the few items tuples usually have, but a module constant of hundreds of items
(``T = (0, 1, ..., 499)``) would then be a ``std::tuple`` whose recursive definition exceeds
the C++ compiler's template depth, and a statement per item. When the tuple is written out
as literals of one type (module constants are folded into such a ``TupleExpr``) and has at
least ``LOOP_AT`` items, its items become one ``static constexpr std::array`` and the
operation a loop over it, so no ``std::tuple`` of them is ever spelled. The loop calls the
same registry operations in the same order, so results (overflow errors, NaNs, the first
of equal maxima) are those of the unrolled form.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatch_pyaot.codegen.literals import is_literal, is_temp, paren, truth_of
from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import BOOL, Scalar, Type
from hatch_pyaot.ops.registry import Op
from hatch_pyaot.typing.typed import TupleReduce

if TYPE_CHECKING:
    from hatch_pyaot.codegen.function import FunctionEmitter

LOOP_AT = 32
"""The fewest items for which a tuple of literals is looped over rather than unrolled."""


def literal_table(em: FunctionEmitter, tuple_expr: ir.Expr) -> tuple[str, Type, int] | None:
    """``(table, item type, length)`` of a long tuple of literals of one scalar type, the
    table declared; None for any other tuple."""
    if not isinstance(tuple_expr, ir.TupleExpr) or len(tuple_expr.items) < LOOP_AT:
        return None
    if not all(isinstance(i, ir.Const) for i in tuple_expr.items):
        return None
    types = {em.spec.type_of(i) for i in tuple_expr.items}
    if len(types) != 1:
        return None
    (item,) = types
    if not isinstance(item, Scalar):
        return None
    em.headers.add("pyaot/tuple.hpp")
    values = ", ".join(em.expr(i) for i in tuple_expr.items)
    em.temps += 1
    name = f"table{em.temps}"
    em.line(f"static constexpr std::array<{item.cpp()}, {len(tuple_expr.items)}> "
            f"{name}{{{values}}};")
    return name, item, len(tuple_expr.items)


def reduce(em: FunctionEmitter, e: ir.Call, target: TupleReduce) -> str | None:
    """The loop form of ``sum``/``prod``/``min``/``max``/``any``/``all`` of ``e.args[0]``,
    or None when it is no long tuple of literals (or the operation has no loop form)."""
    if target.kind not in ("fold", "variadic", "any", "all"):
        return None
    if target.kind == "fold" and not _stable_fold(em, target):
        return None
    found = literal_table(em, e.args[0])
    if found is None:
        return None
    table, item, n = found
    counter = f"k{em.temps}"
    loop = f"for (std::size_t {counter} = {{first}}; {counter} < {n}; ++{counter}) {{{{"
    value = f"{table}[{counter}]"
    if target.kind in ("any", "all"):
        acc = em.temp(BOOL, "false" if target.kind == "any" else "true")
        test = truth_of(value, item)
        hit, result = (test, "true") if target.kind == "any" else (f"!{paren(test)}", "false")
        em.line(loop.format(first=0))
        em.line(f"  if ({hit}) {{ {acc} = {result}; break; }}")
        em.line("}")
        return acc
    op = target.ops[-1]
    if target.kind == "variadic":
        first = em.cast(f"{table}[0]", item, op.result)
    else:
        assert target.start is not None
        first = _step(em, target.ops[0], em.expr(target.start), em.spec.type_of(target.start),
                      f"{table}[0]", item, e.loc.line)
    acc = em.temp(op.result, first)
    em.line(loop.format(first=1))
    with em.indented():
        em.line(f"{acc} = {_step(em, op, acc, op.result, value, item, e.loc.line)};")
    em.line("}")
    return acc


def contains(em: FunctionEmitter, eqs: list[Op], left: str, left_t: Type,
             tuple_expr: ir.Expr, line: int) -> str | None:
    """``left in tuple_expr`` as a loop (each ``==`` in turn, stopping at the first true),
    or None when it is no long tuple of literals or its ``==`` differ."""
    if not eqs or any(eq != eqs[0] for eq in eqs):
        return None
    found = literal_table(em, tuple_expr)
    if found is None:
        return None
    table, item, n = found
    eq = eqs[0]
    held = left if is_temp(left) or is_literal(left) else em.temp(left_t, left)
    result = em.temp(BOOL, "false")
    counter = f"k{em.temps}"
    em.line(f"for (std::size_t {counter} = 0; {counter} < {n}; ++{counter}) {{")
    with em.indented():
        same = em.call_op(eq, [em.cast(held, left_t, eq.params[0].type),
                               em.cast(f"{table}[{counter}]", item, eq.params[1].type)], line)
        em.line(f"if ({same}) {{ {result} = true; break; }}")
    em.line("}")
    return result


def _stable_fold(em: FunctionEmitter, target: TupleReduce) -> bool:
    """Every step after the first is the same operation, from and to one type."""
    rest = target.ops[1:]
    return bool(rest) and all(op == rest[0] for op in rest) and \
        rest[0].result == target.ops[0].result and rest[0].params[0].type == rest[0].result


def _step(em: FunctionEmitter, op: Op, acc: str, acc_t: Type, value: str, value_t: Type,
          line: int) -> str:
    """``op(acc, value)``; a variadic operation (min, max) repeats its last parameter."""
    first, second = op.params[0].type, op.params[min(1, len(op.params) - 1)].type
    return em.call_op(op, [em.cast(acc, acc_t, first), em.cast(value, value_t, second)], line)
