"""Area ``match``: ``match`` on an int, a str, a ``tuple[int, float]``, a ``list[int]``, a
``dict[str, int]`` and (with ``dataclasses``) an object, with literal, OR, capture, ``as``,
guard, wildcard, sequence (``*rest``), mapping (``**rest``) and class patterns; the captured
names are read in the case's block."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING

from fuzz import kinds as k
from fuzz.features import bound, with_names

if TYPE_CHECKING:
    from fuzz.stmts import Stmts

Case = tuple[str, dict[str, str]]
"""A pattern and the names (with their kinds) it binds."""


def definitions(rng: random.Random, features: frozenset[str]) -> list[str]:
    return []


def expressions(x: object) -> list[tuple[str, str, Callable[[int], str | None]]]:
    return []


def statements(st: Stmts) -> list[tuple[str, Callable[[int], list[str]]]]:
    return [("match", lambda nest: _match(st, nest))]


def _match(st: Stmts, nest: int) -> list[str]:
    if nest <= 0:
        return []
    r = st.rng
    shapes: list[tuple[str, Callable[[Stmts], list[Case]]]] = [
        (k.INT, _int_cases), (k.STR, _str_cases), (k.PAIR, _pair_cases),
        (k.LIST_INT, _list_cases), (k.DICT_STR_INT, _dict_cases)]
    if "dataclasses" in st.scope.features:
        shapes.append(("Pt", _object_cases))
    kind, cases = r.choice(shapes)
    subject = (f"Pt({st.e(k.INT, 1)}, {st.e(k.FLOAT, 1)})" if kind == "Pt" else st.e(kind, 2))
    out = [f"match {subject}:"]
    chosen = cases(st)
    if r.random() < 0.6:
        chosen.append(("_", {}))
    for i, (pattern, names) in enumerate(chosen):
        guard = ""
        irrefutable = pattern.isidentifier()  # a capture or `_`: only last, or guarded
        if r.random() < 0.3 or (irrefutable and i < len(chosen) - 1):
            guard = " if " + bound(st.x, names, lambda: st.e(k.BOOL, 1))
        out.append(f"    case {pattern}{guard}:")
        out += ["    " + line for line in with_names(st, names, r.randint(1, 2), nest)]
    return out


def _fresh(st: Stmts, kind: str, names: dict[str, str]) -> str:
    name = st.scope.fresh("m")
    names[name] = kind
    return name


def _int_cases(st: Stmts) -> list[Case]:
    r = st.rng
    lits = r.sample(("0", "1", "-1", "7", "255", "9223372036854775807"), 3)
    cases: list[Case] = [(lits[0], {}), (f"{lits[1]} | {lits[2]}", {})]
    names: dict[str, str] = {}
    cases.append((f"(2 | 3) as {_fresh(st, k.INT, names)}", names))
    names = {}
    cases.append((_fresh(st, k.INT, names), names))
    r.shuffle(cases)
    return cases


def _str_cases(st: Stmts) -> list[Case]:
    r = st.rng
    lits = r.sample(("''", "'a'", "'ab'", "'ß'", "'😀'", "'x y'"), 3)
    names: dict[str, str] = {}
    return [(lits[0], {}), (f"{lits[1]} | {lits[2]} as {_fresh(st, k.STR, names)}", names)]


def _pair_cases(st: Stmts) -> list[Case]:
    a: dict[str, str] = {}
    b: dict[str, str] = {}
    return [(f"(0, {_fresh(st, k.FLOAT, a)})", a),
            (f"({_fresh(st, k.INT, b)}, {_fresh(st, k.FLOAT, b)})", b)]


def _list_cases(st: Stmts) -> list[Case]:
    one: dict[str, str] = {}
    two: dict[str, str] = {}
    rest: dict[str, str] = {}
    cases: list[Case] = [("[]", {}), (f"[{_fresh(st, k.INT, one)}]", one),
                         (f"[0 | 1, {_fresh(st, k.INT, two)}]", two),
                         (f"[{_fresh(st, k.INT, rest)}, *{_fresh(st, k.LIST_INT, rest)}]", rest),
                         ("[*_, 7]", {})]
    st.rng.shuffle(cases)
    return cases[:3]


def _dict_cases(st: Stmts) -> list[Case]:
    a: dict[str, str] = {}
    b: dict[str, str] = {}
    return [(f"{{'a': {_fresh(st, k.INT, a)}}}", a),
            (f"{{'ab': 1 | 2, **{_fresh(st, k.DICT_STR_INT, b)}}}", b),
            ("{}", {})]


def _object_cases(st: Stmts) -> list[Case]:
    a: dict[str, str] = {}
    b: dict[str, str] = {}
    return [(f"Pt(0, {_fresh(st, k.FLOAT, a)})", a),
            (f"Pt(x={_fresh(st, k.INT, b)}, tag='p')", b), ("Pt(y=0.5)", {})]
