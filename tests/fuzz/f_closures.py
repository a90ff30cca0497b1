"""Area ``closures``: nested ``def`` reading the function's names (late binding), ``lambda``
stored in a name and called, ``nonlocal`` counters, functions passed to a helper and
returned by one (``h_apply``, ``h_adder``), ``map``/``filter``/``functools.reduce``. Area
``kwonly``: a helper with keyword-only parameters with defaults (``h_kw``)."""

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
    from fuzz.exprs import Exprs

    out = []
    if "closures" in features:
        out.append("def h_apply(f: Callable[[int], int], a: int) -> int:\n"
                   f"{INDENT}return f(f(a))\n")
        x = Exprs(rng, Scope(names={"n": k.INT, "v": k.INT}))
        out.append("def h_adder(n: int) -> Callable[[int], int]:\n"
                   f"{INDENT}def add(v: int) -> int:\n"
                   f"{INDENT * 2}return {x.e(k.INT, 2)}\n"
                   f"{INDENT}return add\n")
    if "kwonly" in features:
        x = Exprs(rng, Scope(names={"a": k.INT, "b": k.INT, "s": k.STR}))
        out.append("def h_kw(a: int, *, b: int = 3, s: str = 'k') -> str:\n"
                   f"{INDENT}return {x.e(k.STR, 2)} + str({x.e(k.INT, 2)})\n")
    return out


def expressions(x: Exprs) -> list[tuple[str, str, Callable[[int], str | None]]]:
    e, I, L = x.e, k.INT, k.LIST_INT  # noqa: E741

    def lam(d: int, body_kind: str = I) -> str:
        v = x.scope.fresh("c")
        return f"lambda {v}: " + bound(x, {v: I}, lambda: e(body_kind, d))

    def kw(d: int) -> str:
        args = [e(I, d)]
        for name, kind in x.rng.sample((("b", I), ("s", k.STR)), x.rng.randint(0, 2)):
            args.append(f"{name}={e(kind, d)}")
        return "h_kw(" + ", ".join(args) + ")"

    return [
        ("closures", I, lambda d: f"h_apply({lam(d)}, {e(I, d)})"),
        ("closures", I, lambda d: f"h_adder({e(I, d)})({e(I, d)})"),
        ("closures", I, lambda d: f"h_apply(h_adder({e(I, d)}), {e(I, d)})"),
        ("closures", L, lambda d: f"list(map({lam(d)}, {e(L, d)}))"),
        ("closures", L, lambda d: f"list(filter({lam(d, k.BOOL)}, {e(L, d)}))"),
        ("closures", I, lambda d: _reduce(x, d)),
        ("kwonly", k.STR, kw),
    ]


def _reduce(x: Exprs, d: int) -> str:
    a, b = x.scope.fresh("c"), x.scope.fresh("c")
    items, start = x.e(k.LIST_INT, d), x.e(k.INT, d)
    body = bound(x, {a: k.INT, b: k.INT}, lambda: x.e(k.INT, d))
    return f"functools.reduce(lambda {a}, {b}: {body}, {items}, {start})"


def statements(st: Stmts) -> list[tuple[str, Callable[[int], list[str]]]]:
    return [("closures", lambda nest: _nested_def(st)), ("closures", lambda nest: _lambda(st)),
            ("closures", lambda nest: _nonlocal(st))]


def _nested_def(st: Stmts) -> list[str]:
    g, v = st.scope.fresh("g"), st.scope.fresh("c")
    kind = st.rng.choice((k.INT, k.STR, k.FLOAT))
    body = bound(st.x, {v: k.INT}, lambda: st.e(kind, 2))
    calls = [f"{g}({st.e(k.INT, 1)})" for _ in range(st.rng.randint(1, 2))]
    value = calls[0] if len(calls) == 1 else f"{calls[0]} + {calls[1]}"
    if kind == k.INT and len(calls) == 2:
        value = f"_ov({value})"
    return [f"def {g}({v}: int) -> {kind}:", f"{INDENT}return {body}", store(st, kind, value)]


def _lambda(st: Stmts) -> list[str]:
    g, v = st.scope.fresh("g"), st.scope.fresh("c")
    body = bound(st.x, {v: k.INT}, lambda: st.e(k.INT, 2))
    return [f"{g} = lambda {v}: {body}",
            store(st, k.INT, f"_ov({g}({st.e(k.INT, 1)}) - {g}({st.e(k.INT, 1)}))")]


def _nonlocal(st: Stmts) -> list[str]:
    t, g, v = st.scope.fresh("t"), st.scope.fresh("g"), st.scope.fresh("c")
    start = st.e(k.INT, 1)
    body = bound(st.x, {v: k.INT, t: k.INT}, lambda: st.e(k.INT, 2))
    lines = [f"{t} = {start}", f"def {g}({v}: int) -> None:", f"{INDENT}nonlocal {t}",
             f"{INDENT}{t} = {body}"]
    lines += [f"{g}({st.e(k.INT, 1)})" for _ in range(st.rng.randint(1, 3))]
    st.scope.names[t] = k.INT
    return lines
