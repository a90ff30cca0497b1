"""Area ``unions``: locals and lists annotated with a union (``list[int | str]``,
``list[int | float]``, ``v: int | str``) built from literals of mixed items, ordered without
narrowing (``<``, ``sorted``, ``min``, ``max``: CPython's TypeError where a str meets a
number), compared (``==``, ``in``), shown (``repr``, f-strings) and narrowed by
``type(v) is int``, ``isinstance`` and a conditional expression."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING

from fuzz import kinds as k
from fuzz.features import store

if TYPE_CHECKING:
    from fuzz.exprs import Exprs
    from fuzz.stmts import Stmts

UNIONS = {"int | str": (k.INT, k.STR), "int | float": (k.INT, k.FLOAT),
          "int | str | float": (k.INT, k.STR, k.FLOAT)}


def definitions(rng: random.Random, features: frozenset[str]) -> list[str]:
    return []


def expressions(x: Exprs) -> list[tuple[str, str, Callable[[int], str | None]]]:
    return []


def statements(st: Stmts) -> list[tuple[str, Callable[[int], list[str]]]]:
    return [("unions", lambda nest: _listed(st)), ("unions", lambda nest: _narrowed(st))]


def _items(st: Stmts, members: tuple[str, ...]) -> str:
    return ", ".join(st.e(st.rng.choice(members), 1) for _ in range(st.rng.randint(0, 4)))


def _listed(st: Stmts) -> list[str]:
    """A ``list[A | B]`` literal, ordered and read."""
    r = st.rng
    union = r.choice(sorted(UNIONS))
    members = UNIONS[union]
    u = st.scope.fresh("u")
    lines = [f"{u}: list[{union}] = [{_items(st, members)}]"]
    if r.random() < 0.4:
        lines.append(f"{u}.append({st.e(r.choice(members), 1)})")
    reads = [(k.STR, f"repr(sorted({u}{r.choice(('', ', reverse=True'))}))"),
             (k.STR, f"repr({r.choice(('min', 'max'))}({u}))"),
             (k.STR, f"str({u}[{st.e(k.INT, 1)}])"), (k.STR, f"f'{{{u}[0]}}'"),
             (k.BOOL, f"({u}[0] {r.choice(('<', '<=', '>', '>='))} {u}[-1])"),
             (k.BOOL, f"({st.e(r.choice(members), 1)} in {u})"),
             (k.BOOL, f"({u} == {u}[::-1])"),
             (k.INT, f"len([c for c in {u} if type(c) is int])")]
    if "int" in union:
        lines += _summed(st, u)
    kind, value = r.choice(reads)
    return [*lines, store(st, kind, value)]


def _summed(st: Stmts, u: str) -> list[str]:
    """A loop that narrows each item by ``type(c) is int`` and adds the ints up."""
    t, c = st.scope.fresh("n"), st.scope.fresh("c")
    test = st.rng.choice((f"type({c}) is int", f"isinstance({c}, int)", f"type({c}) == int"))
    lines = [f"{t} = 0", f"for {c} in {u}:", f"    if {test}:", f"        {t} = _ov({t} + {c})"]
    return [*lines, store(st, k.INT, t)]


def _narrowed(st: Stmts) -> list[str]:
    """``v: int | str`` from a conditional, narrowed by ``type(v) is``/``isinstance``."""
    r = st.rng
    v = st.scope.fresh("v")
    lines = [f"{v}: int | str = {st.e(k.INT, 1)} if {st.e(k.BOOL, 1)} else {st.e(k.STR, 1)}"]
    test, negated = r.choice(((f"type({v}) is int", False), (f"isinstance({v}, int)", False),
                              (f"type({v}) is not int", True), (f"type({v}) == str", True)))
    as_int, as_str = f"_ov({v} * 2)", f"len({v})"
    first, second = (as_str, as_int) if negated else (as_int, as_str)
    if r.random() < 0.5:
        return [*lines, store(st, k.INT, f"{first} if {test} else {second}")]
    n = st.scope.fresh("n")
    return [*lines, f"{n} = 0", f"if {test}:", f"    {n} = {first}", "else:",
            f"    {n} = {second}", store(st, k.INT, n), store(st, k.STR, f"repr({v})")]
