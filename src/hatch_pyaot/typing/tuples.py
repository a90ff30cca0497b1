"""Typing of tuples whose items share a type, and of reductions over them or over
generator expressions: the item type (``for x in t``, ``t[i]``), ``x in t``, lexicographic
tuple comparison, ``sum``/``min``/``max``/``any``/``all``/``math.prod``/``fsum``/``dist``.

Free functions over the FunctionTyper of typing/infer.py, which calls them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import BOOL, FLOAT, INT, TupleType, Type, coercible, unify
from hatch_pyaot.ops.registry import Op
from hatch_pyaot.typing.typed import TupleComparison, TupleReduce

if TYPE_CHECKING:
    from hatch_pyaot.typing.infer import FunctionTyper


def item_type(typer: FunctionTyper, node: ir.Stmt | ir.Expr, tuple_expr: ir.Expr, what: str) -> Type | None:
    """The one type of every item of a tuple (numeric items unify), recorded for codegen."""
    t = typer.expr(tuple_expr)
    if t is None:
        return None
    if not isinstance(t, TupleType):
        typer.diags.error(tuple_expr.loc, f"only tuples can be {what} so far, not {t}")
        return None
    if not t.items:
        return None
    item = typer.merge(t.items, tuple_expr.loc, f"the items of a tuple {what}")
    if item is not None:
        typer.spec.item_types[node] = item
    return item


def comprehension(typer: FunctionTyper, e: ir.Comprehension) -> Type | None:
    """The loop binds the generator's variables; the element type gives the result."""
    start_t = typer.expr(e.start) if e.start is not None else None
    elements = typer.elements_of(e)
    if e.kind in ("any", "all"):
        return BOOL
    if not elements:
        return None
    elem = elements[0]
    registry = typer.owner.program.registry
    if e.kind in ("min", "max"):
        resolved = registry.resolve("operator.lt" if e.kind == "min" else "operator.gt",
                                    [elem, elem])
        if resolved is None:
            typer.diags.error(e.loc, f"{e.kind}() cannot compare values of type {elem}")
            return None
        typer.spec.ops[e] = resolved.op
        return elem
    start: Type = start_t if start_t is not None else INT
    return running_total(typer, e, e.kind, start, elem)


def running_total(typer: FunctionTyper, e: ir.Expr, kind: str, start: Type,
                  elem: Type) -> Type | None:
    """The type of ``sum``'s (or ``prod``'s) running total: the start's, widened by each
    ``+`` (``*``) of an element, at most bool -> int -> float; the operation chosen is
    recorded for codegen."""
    registry = typer.owner.program.registry
    name = "operator.add" if kind == "sum" else "operator.mul"
    acc = start
    for _ in range(3):
        resolved = registry.resolve(name, [acc, elem])
        if resolved is None:
            typer.diags.error(e.loc, f"{kind}() cannot combine {acc} and {elem}")
            return None
        widened = unify(acc, resolved.op.result)
        if widened is None or widened == acc:
            break
        acc = widened
    assert resolved is not None
    typer.spec.ops[e] = resolved.op
    return acc


def tuple_comparison(typer: FunctionTyper, e: ir.Compare, kind: ir.CmpOpKind, lt: TupleType,
                     rt: TupleType) -> TupleComparison | None:
    registry = typer.owner.program.registry
    equal: list[Op | TupleComparison] = []
    order: list[Op | TupleComparison] = []
    for a, b in zip(lt.items, rt.items, strict=False):
        if isinstance(a, TupleType) and isinstance(b, TupleType):  # nested: ((1, "a"), 2)
            same = tuple_comparison(typer, e, ir.CmpOpKind.EQ, a, b)
            decides = tuple_comparison(typer, e, kind, a, b)
            if same is None or decides is None:
                return None
            equal.append(same)
            order.append(decides)
            continue
        eq = registry.resolve("operator.eq", [a, b])
        op = registry.resolve(f"operator.{kind.value}", [a, b])
        if eq is None or op is None:
            typer.diags.error(e.loc, f"'{ir.CMP_SYMBOL[kind]}' is not supported between "
                             f"'{lt}' and '{rt}' (items {a} and {b})")
            return None
        equal.append(eq.op)
        order.append(op.op)
    return TupleComparison(tuple(equal), tuple(order))


def membership(typer: FunctionTyper, e: ir.Compare, lt: Type, rt: Type) -> list[Op]:
    """``x in t``: one ``==`` per item of the tuple t."""
    if not isinstance(rt, TupleType):
        typer.diags.error(e.loc, f"'in' is only supported on tuples so far, not {rt}")
        return []
    ops = []
    for item in rt.items:
        resolved = typer.owner.program.registry.resolve("operator.eq", [lt, item])
        if resolved is None:
            typer.diags.error(e.loc, f"'in' cannot compare {lt} with an item of type {item}")
            return []
        ops.append(resolved.op)
    return ops


def reduce(typer: FunctionTyper, e: ir.Call, name: str, t: TupleType, rest: list[Type]) -> Type | None:
    """``sum(t)``, ``max(t)`` ... over the items of a tuple (see TupleReduce)."""
    registry = typer.owner.program.registry
    short = name.rpartition(".")[2]
    if name in ("builtins.min", "builtins.max"):
        if rest:
            typer.diags.error(e.loc, f"{short}() of a tuple takes no other argument")
            return None
        if not t.items:
            typer.diags.error(e.loc, f"{short}() arg is an empty sequence")
            return None
        resolved = registry.resolve(name, list(t.items) * (2 if len(t.items) == 1 else 1))
        if resolved is None:
            typer.diags.error(e.loc, f"{short}() cannot compare items of {t}")
            return None
        typer.spec.calls[e] = TupleReduce("variadic", (resolved.op,))
        return resolved.op.result
    if name in ("builtins.any", "builtins.all"):
        typer.spec.calls[e] = TupleReduce(short, ())
        return BOOL
    if name in ("math.fsum", "math.dist"):
        return float_reduce(typer, e, short, t, rest)
    if len(rest) > 1:
        typer.diags.error(e.loc, f"{short}() takes a tuple and an optional start value")
        return None
    start = e.args[1] if rest else ir.Const(e.loc, 0 if short == "sum" else 1)
    acc = rest[0] if rest else typer.expr(start)
    ops = []
    for item in t.items:
        assert acc is not None
        resolved = registry.resolve("operator.add" if short == "sum" else "operator.mul",
                                    [acc, item])
        if resolved is None:
            typer.diags.error(e.loc, f"{short}() cannot combine {acc} and {item}")
            return None
        ops.append(resolved.op)
        acc = resolved.op.result
    typer.spec.calls[e] = TupleReduce("fold", tuple(ops), start)
    return acc


def float_reduce(typer: FunctionTyper, e: ir.Call, short: str, t: TupleType, rest: list[Type]) -> Type | None:
    """``math.fsum(t)`` and ``math.dist(p, q)``: the items as floats."""
    registry = typer.owner.program.registry
    tuples = [t, *rest]
    if len(tuples) != (2 if short == "dist" else 1) or not all(
            isinstance(u, TupleType) for u in tuples):
        wanted = "two tuples" if short == "dist" else "a tuple"
        typer.diags.error(e.loc, f"{short}() takes {wanted}")
        return None
    for u in tuples:
        assert isinstance(u, TupleType)
        if not all(coercible(i, FLOAT) for i in u.items):
            typer.diags.error(e.loc, f"{short}() needs numbers, not {u}")
            return None
    if short == "fsum":
        typer.spec.calls[e] = TupleReduce("fsum", ())
        return FLOAT
    p, q = tuples
    assert isinstance(p, TupleType) and isinstance(q, TupleType)
    if len(p.items) != len(q.items):
        typer.diags.error(e.loc, "both points must have the same number of dimensions "
                         f"({len(p.items)} and {len(q.items)})")
        return None
    difference = registry.resolve("operator.sub", [FLOAT, FLOAT])
    norm = registry.resolve("math.hypot", [FLOAT] * len(p.items))
    assert difference is not None and norm is not None
    typer.spec.calls[e] = TupleReduce("dist", (difference.op, norm.op))
    return FLOAT
