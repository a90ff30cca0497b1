"""Area ``generators``: generator helpers (``yield`` in a loop with ``continue`` and an early
``return``, ``yield from`` a generator, a list and a range, a ``try``/``finally`` that changes
the list it is given when the generator is dropped early), consumed by ``for`` (with
``break``), ``list``, ``sorted``, ``sum``, ``max``, ``any``/``all``, ``next`` with and without a
default, comprehensions and generator expressions."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING

from fuzz import kinds as k
from fuzz.features import INDENT, bound, store
from fuzz.scope import Scope

if TYPE_CHECKING:
    from fuzz.exprs import Exprs
    from fuzz.stmts import Stmts


def definitions(rng: random.Random, features: frozenset[str]) -> list[str]:
    if "generators" not in features:
        return []
    from fuzz.exprs import Exprs

    x = Exprs(rng, Scope(names={"n": k.INT, "a": k.INT, "i": k.INT}))
    gen = ["def h_gen(n: int, a: int) -> Iterator[int]:",
           f"{INDENT}for i in range(n % 6):",
           f"{INDENT * 2}if {x.e(k.BOOL, 1)}:",
           f"{INDENT * 3}{rng.choice(('continue', 'return'))}",
           f"{INDENT * 2}yield {x.e(k.INT, 2)}"]
    x = Exprs(rng, Scope(names={"n": k.INT, "a": k.INT}))
    chain = ["def h_chain(n: int, a: int) -> Iterator[int]:",
             f"{INDENT}yield from h_gen(n, a)",
             f"{INDENT}yield from {x.literal(k.LIST_INT)}",
             f"{INDENT}yield {x.e(k.INT, 2)}",
             f"{INDENT}yield from range(a % 4)"]
    words = ["def h_words(s: str) -> Iterator[str]:",
             f"{INDENT}for c in s.split({rng.choice(('', repr(',')))}):",
             f"{INDENT * 2}yield c.{rng.choice(('upper', 'strip', 'title'))}()"]
    guarded = ["def h_guarded(xs: list[int]) -> Iterator[int]:",
               f"{INDENT}try:",
               f"{INDENT * 2}for v in xs:",
               f"{INDENT * 3}yield v",
               f"{INDENT}finally:",
               f"{INDENT * 2}xs.append(-1)"]
    return ["\n".join(lines) + "\n" for lines in (gen, chain, words, guarded)]


def _source(x: Exprs, d: int) -> str:
    g = x.rng.choice(("h_gen", "h_chain"))
    return f"{g}({x.e(k.INT, d)}, {x.e(k.INT, d)})"


def expressions(x: Exprs) -> list[tuple[str, str, Callable[[int], str | None]]]:
    r, e, I, L = x.rng, x.e, k.INT, k.LIST_INT  # noqa: E741

    def gexp(d: int) -> str:
        v = x.scope.fresh("c")
        source = _source(x, d)
        body = bound(x, {v: I}, lambda: e(I, d))
        cond = bound(x, {v: I}, lambda: e(k.BOOL, d))
        return f"_ovf_sum({body} for {v} in {source} if {cond})"

    return [
        ("generators", I, lambda d: f"_ovf_sum({_source(x, d)})"),
        ("generators", I, lambda d: f"len(list({_source(x, d)}))"),
        ("generators", I, lambda d: f"next({_source(x, d)}, {e(I, d)})"),
        ("generators", I, lambda d: f"next({_source(x, d)})"),
        ("generators", I, lambda d: f"{r.choice(('max', 'min'))}({_source(x, d)})"),
        ("generators", I, gexp),
        ("generators", L, lambda d: f"list({_source(x, d)})"),
        ("generators", L, lambda d: f"sorted({_source(x, d)})"),
        ("generators", k.BOOL, lambda d: f"{r.choice(('any', 'all'))}({_source(x, d)})"),
        ("generators", k.LIST_STR, lambda d: f"list(h_words({e(k.STR, d)}))"),
        ("generators", k.STR, lambda d: f"{e(k.STR, d)}.join(list(h_words({e(k.STR, d)})))"),
    ]


def statements(st: Stmts) -> list[tuple[str, Callable[[int], list[str]]]]:
    return [("generators", lambda nest: _for(st, nest)), ("generators", lambda nest: _guarded(st))]


def _for(st: Stmts, nest: int) -> list[str]:
    if nest <= 0:
        return []
    v = st.scope.fresh("v")
    head = f"for {v} in {_source(st.x, 1)}:"
    return [head, *st._loop_body({v: k.INT}, nest)]


def _guarded(st: Stmts) -> list[str]:
    """A generator dropped after its first item (or none): its ``finally`` runs then."""
    names = [n for n in st.scope.of(k.LIST_INT) if k.LIST_INT not in st.scope.no_growth]
    if not names:
        return []
    c = st.rng.choice(names)
    return [store(st, k.INT, f"next(h_guarded({c}), {st.e(k.INT, 1)})")]
