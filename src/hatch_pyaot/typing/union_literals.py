"""Literals of mixed items where a union is expected: ``xs: list[int | str] = [1, "a"]``,
``return {"n": 1, "s": "a"}`` from a function annotated ``-> dict[str, int | str]``,
``v: int | str = 1 if c else "a"``. The annotation (of the name, or the function's result)
is the literal's type when every item fits it (also in ``x = ...`` of a name declared so
before: a parameter, an annotated local); each item is stored as its member. Without
one, items of different types stay a located error (inference does not make unions).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import (
    DictType,
    ListType,
    SetType,
    TupleType,
    Type,
    coercible,
)
from hatch_pyaot.typing.unions import union_within

if TYPE_CHECKING:
    from hatch_pyaot.typing.infer import FunctionTyper


def expect(typer: FunctionTyper, e: ir.Expr, t: Type | None) -> None:
    """e is assigned (or returned) where a t is declared: its literals, also nested ones,
    may take t's union items."""
    if t is None or not union_within(t):
        return
    typer.expected[e] = t
    if isinstance(e, ir.ListExpr | ir.SetExpr) and isinstance(t, ListType | SetType):
        for item in e.items:
            expect(typer, item, t.item)
    elif isinstance(e, ir.DictExpr) and isinstance(t, DictType):
        for key, value in zip(e.keys, e.values, strict=True):
            expect(typer, key, t.key)
            expect(typer, value, t.value)
    elif isinstance(e, ir.TupleExpr) and isinstance(t, TupleType) and len(t.items) == len(
            e.items):
        for item, it in zip(e.items, t.items, strict=True):
            expect(typer, item, it)
    elif isinstance(e, ir.IfExp):
        expect(typer, e.body, t)
        expect(typer, e.orelse, t)


def assigned(typer: FunctionTyper, s: ir.Assign) -> None:
    """``x = [1, "a"]`` of a name declared a union before (a parameter, an annotated local)."""
    if isinstance(s.target, ir.NameTarget):
        expect(typer, s.value, typer.spec.var_types.get(s.target.id))


def item(typer: FunctionTyper, e: ir.Expr, part: str = "item") -> Type | None:
    """The union item (``part``: "key", "value") e's declared type gives its items."""
    t = typer.expected.get(e)
    got = getattr(t, part, None) if isinstance(t, ListType | SetType | DictType) else None
    return got if isinstance(got, Type) and union_within(got) else None


def fitting(expected: Type | None, types: list[Type]) -> Type | None:
    """expected, when every one of these types fits it (as a member or a narrower union)."""
    if expected is None or not types or not all(coercible(t, expected) for t in types):
        return None
    return expected


def stray(expected: Type, types: list[Type]) -> Type | None:
    """The first of these types that no member of the union expected takes, if the others
    differ from it (items of one type are the caller's to judge)."""
    if len(set(types)) < 2:
        return None
    return next((t for t in types if not coercible(t, expected)), None)
