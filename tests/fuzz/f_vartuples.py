"""Area ``vartuples``: variable-length tuples (docs/values.md, "Variable-length tuples"):
``tuple[int, ...]``, ``tuple[str, ...]`` and ``tuple[float, ...]`` locals made by ``tuple()`` of
lists and generator expressions, ``t + u``, ``t * n``, ``t += (v,)`` and slices (steps too);
read by indexing (IndexError), ``len``, ``in``, comparisons, ``count``/``index`` (ValueError),
``sorted``, ``sum``/``min``/``max`` (ValueError when empty), ``sep.join``, ``repr``, unpacking
into two or three names (ValueError when the length differs); used as dict keys (KeyError with
the tuple's repr) and passed to and returned by helpers annotated ``tuple[int, ...]``; the
columns of ``zip(*rows)`` of a ``list[list[int]]``, whose rows may grow in the loop."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING

from fuzz import kinds as k
from fuzz.features import store

if TYPE_CHECKING:
    from fuzz.exprs import Exprs
    from fuzz.stmts import Stmts

TI, TS, TF = k.VAR_INT, "tuple[str, ...]", "tuple[float, ...]"


def definitions(rng: random.Random, features: frozenset[str]) -> list[str]:
    if "vartuples" not in features:
        return []
    return [
        f"def h_tgrow(t: {TI}, n: int) -> {TI}:\n"
        "    if len(t) > 3:\n"
        "        return t[1:]\n"
        "    u = t\n"
        "    u += (n,)\n"
        "    return u\n",
        f"def h_tsum(t: {TI}) -> int:\n"
        "    total = 0\n"
        "    for i, v in enumerate(t):\n"
        "        total = _ov(total + _ov(v * (i + 1)))\n"
        "    return total\n",
    ]


def expressions(x: Exprs) -> list[tuple[str, str, Callable[[int], str | None]]]:
    """``tuple[int, ...]`` values (results, arguments of the kind), also from its names."""
    return [("vartuples", TI, lambda d: _int_tuple(x, x.scope.of(TI)))] * 2 + [
        ("vartuples", k.INT, lambda d: _read(x, x.scope.of(TI))),
        ("vartuples", TI, lambda d: f"({x.e(TI, d)} + {x.e(TI, d)})")]


def _read(x: Exprs, names: list[str]) -> str | None:
    if not names:
        return None
    t, r = x.rng.choice(names), x.rng
    return r.choice((f"len({t})", f"{t}[{x.e(k.INT, 0)}]", f"_ovf_sum({t}{_slice(x)})",
                     f"{t}.index({x.e(k.INT, 0)})", f"{r.choice(('min', 'max'))}({t})"))


def statements(st: Stmts) -> list[tuple[str, Callable[[int], list[str]]]]:
    return [("vartuples", lambda nest: _ints(st)), ("vartuples", lambda nest: _others(st)),
            ("vartuples", lambda nest: _unpacked(st)), ("vartuples", lambda nest: _keys(st)),
            ("vartuples", lambda nest: _columns(st))]


def _slice(st: Exprs | Stmts) -> str:
    r = st.rng

    def bound() -> str:
        return r.choice(("", "", str(r.randint(-3, 3)), st.e(k.INT, 0)))

    step = r.choice(("", "", ":2", ":-1", ":-2", ":3"))
    return f"[{bound()}:{bound()}{step}]"


def _int_tuple(st: Exprs | Stmts, names: list[str]) -> str:
    """A ``tuple[int, ...]`` expression: made from the scope's lists, or from ``names``."""
    r = st.rng
    choice = r.randint(0, 6)
    if names and choice >= 4:
        t = r.choice(names)
        return r.choice((f"{t}{_slice(st)}", f"({t} + {t}[::-1])", f"{t} * {r.randint(-1, 3)}",
                         f"h_tgrow({t}, {st.e(k.INT, 1)})", f"tuple(sorted({t}))"))
    if choice == 0:
        return f"tuple({st.e(k.LIST_INT, 1)})"
    c = st.scope.fresh("c")
    if choice == 1:
        return f"tuple(_ov({c} * {r.randint(-3, 3)}) for {c} in {st.e(k.LIST_INT, 1)} if {c} % 2 == 0)"
    if choice == 2:
        return f"tuple({st.e(k.SET_INT, 1)})"
    return f"tuple({c} for {c} in range({r.randint(0, 4)}))"


def _ints(st: Stmts) -> list[str]:
    r = st.rng
    t, u = st.scope.fresh("t"), st.scope.fresh("t")
    lines = [f"{t}: {TI} = {_int_tuple(st, st.scope.of(TI))}", f"{u} = {_int_tuple(st, [t])}"]
    st.scope.names[t] = st.scope.names[u] = TI
    if r.random() < 0.4:
        lines.append(f"{t} += ({st.e(k.INT, 1)},)")
    if r.random() < 0.3:
        lines.append(f"{u} *= {r.randint(0, 2)}")
    ta = r.choice((t, u))
    reads = [
        (k.INT, f"{ta}[{st.e(k.INT, 1)}]"),
        (k.INT, f"{ta}[{r.randint(-3, 2)}]"),
        (k.INT, f"len({ta}{_slice(st)})"),
        (k.INT, f"_ovf_sum({ta})"),
        (k.INT, f"{r.choice(('min', 'max'))}({ta})"),
        (k.INT, f"{ta}.count({st.e(k.INT, 0)})"),
        (k.INT, f"{ta}.index({st.e(k.INT, 0)})"),
        (k.INT, f"h_tsum({ta})"),
        (k.BOOL, f"({st.e(k.INT, 0)} in {ta})"),
        (k.BOOL, f"({t} {r.choice(('==', '!=', '<', '<=', '>', '>='))} {u})"),
        (k.BOOL, f"(any({ta}) or all({ta}))"),
        (k.STR, f"repr({ta})"),
        (k.STR, f"str(h_tgrow({ta}, {st.e(k.INT, 0)}))"),
        (k.LIST_INT, f"sorted({ta}{r.choice(('', ', reverse=True'))})"),
        (k.LIST_INT, f"list({ta})"),
        (k.LIST_INT, f"[*{ta}, {st.e(k.INT, 0)}]"),
    ]
    kind, value = r.choice(reads)
    return [*lines, store(st, kind, value)]


def _others(st: Stmts) -> list[str]:
    """``tuple[str, ...]`` and ``tuple[float, ...]``: joined, sorted, sliced, indexed."""
    r = st.rng
    t, c = st.scope.fresh("t"), st.scope.fresh("c")
    if r.random() < 0.6:
        made = r.choice((f"tuple({st.e(k.LIST_STR, 1)})",
                         f"tuple({c}.upper() for {c} in {st.e(k.LIST_STR, 1)} if {c})",
                         f"tuple({st.e(k.DICT_STR_INT, 1)})"))
        lines = [f"{t}: {TS} = {made}"]
        reads = [(k.STR, f"{r.choice(('', ', ', '-'))!r}.join({t}{_slice(st)})"),
                 (k.STR, f"repr(sorted({t}))"), (k.STR, f"{t}[{st.e(k.INT, 1)}]"),
                 (k.STR, f"repr({t} + {t}[:1])"), (k.BOOL, f"({st.e(k.STR, 0)} in {t})"),
                 (k.STR, f"max({t})")]
    else:
        lines = [f"{t}: {TF} = tuple({st.e(k.LIST_FLOAT, 1)})"]
        reads = [(k.FLOAT, f"{t}[{st.e(k.INT, 1)}]"), (k.INT, f"len({t}{_slice(st)})"),
                 (k.STR, f"repr({t}[::-1])"), (k.LIST_FLOAT, f"list({t} * 2)")]
    kind, value = r.choice(reads)
    return [*lines, store(st, kind, value)]


def _unpacked(st: Stmts) -> list[str]:
    """``a, b = t`` of a tuple whose length is known at run time only (ValueError)."""
    r = st.rng
    t = st.scope.fresh("t")
    names = [st.scope.fresh("v") for _ in range(r.randint(2, 3))]
    lines = [f"{t}: {TI} = {_int_tuple(st, [])}", f"{', '.join(names)} = {t}"]
    for name in names:
        st.scope.names[name] = k.INT
    return [*lines, store(st, k.INT, f"_ov({names[0]} - {names[-1]})")]


def _keys(st: Stmts) -> list[str]:
    """A ``dict[tuple[int, ...], int]`` filled from tuples, read (KeyError) and listed."""
    r = st.rng
    d, t, key = st.scope.fresh("d"), st.scope.fresh("t"), st.scope.fresh("t")
    i = st.scope.fresh("i")
    lines = [f"{d}: dict[{TI}, int] = {{}}", f"{t}: {TI} = {_int_tuple(st, [])}",
             f"for {i} in range({r.randint(1, 4)}):",
             f"    {d}[{t}[{i}:]] = _ov({i} + len({t}))",
             f"{key}: {TI} = {_int_tuple(st, [t])}"]
    reads = [(k.INT, f"{d}[{key}]"), (k.INT, f"{d}.get({key}, -1)"),
             (k.BOOL, f"({key} in {d})"), (k.STR, f"repr(sorted({d}))"),
             (k.INT, f"len({d})")]
    kind, value = r.choice(reads)
    return [*lines, store(st, kind, value)]


def _columns(st: Stmts) -> list[str]:
    """``zip(*rows)`` of a ``list[list[int]]``: columns as long as the shortest row."""
    r = st.rng
    rows, acc, cols = st.scope.fresh("rows"), st.scope.fresh("n"), st.scope.fresh("cols")
    col = st.scope.fresh("col")
    items = ", ".join(st.e(k.LIST_INT, 1) for _ in range(r.randint(0, 3)))
    lines = [f"{rows}: list[list[int]] = [{items}]", f"{acc} = 0",
             f"{cols}: list[{TI}] = []",
             f"for {col} in zip(*{rows}):",
             f"    {acc} = _ov({acc} + _ovf_sum({col}))",
             f"    {cols}.append({col}[::-1])"]
    if r.random() < 0.4:  # a row that grows while zip walks it: more columns (a few)
        lines.append(f"    if len({cols}) < 3:")
        lines.append(f"        {rows}[{r.randint(-1, 0)}].append({acc} % 7)")
    reads = [(k.INT, acc), (k.STR, f"repr({cols})"), (k.INT, f"len({cols})"),
             (k.BOOL, f"({cols} == sorted({cols}))")]
    kind, value = r.choice(reads)
    return [*lines, store(st, kind, value)]
