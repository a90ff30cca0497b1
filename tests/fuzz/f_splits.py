"""Area ``splits``: NumPy's split family and einsum (docs/values.md, "Lists of arrays"; README's
NumPy list): ``np.split``/``np.array_split`` of the function's 1-d arrays by a count (one that
does not divide, zero or negative: NumPy's ValueErrors) or by indices, the pieces (views:
writing through one changes the array, an argument too) indexed (IndexError), walked,
appended to and joined again with ``np.concatenate``, ``np.stack`` (ValueError for pieces of
different lengths), ``np.hstack`` and ``np.vstack``; ``np.einsum`` with constant subscripts on
one or two operands: exact ones only on floats (products, outer products, transposes),
reductions on int arrays (the order of a float sum may differ in the last bits)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING

from fuzz import kinds as k
from fuzz.features import store

if TYPE_CHECKING:
    from fuzz.exprs import Exprs
    from fuzz.stmts import Stmts

PIECES = "list[NDArray[np.float64]]"


def definitions(rng: random.Random, features: frozenset[str]) -> list[str]:
    if "splits" not in features:
        return []
    return [f"def h_pieces_total(ps: {PIECES}) -> float:\n"
            "    total = 0.0\n"
            "    for q in ps:\n"
            "        total += float(q.sum())\n"
            "    return total + float(len(ps))\n"]


def expressions(x: Exprs) -> list[tuple[str, str, Callable[[int], str | None]]]:
    r, e, A, B = x.rng, x.e, k.ARRAY_F, k.ARRAY_I
    return [
        ("splits", A, lambda d: f"np.einsum('i,i->i', {e(A, d)}, {x.leaf(A)})"),
        ("splits", A, lambda d: f"np.einsum('i->i', {e(A, d)})"),
        ("splits", A, lambda d: f"np.einsum('i,j->ij', {e(A, d)}, {x.leaf(A)})"
                                f"[{r.choice(('0', '-1'))}]"),
        ("splits", A, lambda d: f"np.einsum('ij->ji', np.outer({e(A, d)}, {x.leaf(A)}))"
                                f"[{r.choice(('0', '-1'))}]"),
        ("splits", k.INT, lambda d: f"int(np.einsum('i,i', {e(B, d)}, {x.leaf(B)}))"),
        ("splits", k.INT, lambda d: f"int(np.einsum('i->', {e(B, d)}))"),
        ("splits", B, lambda d: f"np.einsum('i,i->i', {e(B, d)}, {x.leaf(B)})"),
    ]


def statements(st: Stmts) -> list[tuple[str, Callable[[int], list[str]]]]:
    return [("splits", lambda nest: _split(st)), ("splits", lambda nest: _split(st)),
            ("splits", lambda nest: _collected(st))]


def _sections(st: Stmts) -> str:
    r = st.rng
    pick = r.randint(0, 5)
    if pick == 0:
        return f"[{r.randint(0, 3)}, {r.randint(-2, 5)}]"
    if pick == 1:
        return f"{st.e(k.INT, 0)} % {r.randint(2, 5)}"
    if pick == 2:
        return str(r.randint(-1, 0))
    return str(r.randint(1, 4))


def _split(st: Stmts) -> list[str]:
    r, ps, q = st.rng, st.scope.fresh("ps"), st.scope.fresh("q")
    how = r.choice(("split", "array_split"))
    lines = [f"{ps} = np.{how}({st.e(k.ARRAY_F, 1)}, {_sections(st)})"]
    pick = r.randint(0, 3)
    if pick == 0:  # written through a view: the array split changes too
        lines += [f"{q} = {ps}[{r.randint(-2, 1)}]", f"{q} += {st.e(k.FLOAT, 1)}"]
    elif pick == 1:
        lines.append(f"{ps}.append({st.e(k.ARRAY_F, 0)})")
    elif pick == 2:
        lines.append(store(st, k.FLOAT, f"h_pieces_total({ps})"))
    value = r.randint(0, 6)
    if value == 0:
        lines.append(store(st, k.ARRAY_F, f"np.concatenate({ps})"))
    elif value == 1:
        lines.append(store(st, k.ARRAY_F, f"np.hstack({ps}[::-1])"))
    elif value == 2:
        lines.append(store(st, k.ARRAY_F, f"np.stack({ps}, axis={r.choice((0, -1))})"
                                          ".sum(axis=0)"))
    elif value == 3:
        lines.append(store(st, k.FLOAT, f"float(np.vstack({ps})[{r.randint(-1, 1)}].sum())"))
    elif value == 4:
        lines.append(store(st, k.INT, f"_ov(len({ps}) * 10 + len({ps}[{st.e(k.INT, 0)}]))"))
    elif value == 5:
        lines.append(store(st, k.ARRAY_F, f"{ps}[{r.randint(-2, 2)}]"))
    else:
        lines.append(store(st, k.STR, f"repr([len({q}) for {q} in {ps}])"))
    return lines


def _collected(st: Stmts) -> list[str]:
    """A list of arrays annotated and filled by ``append``, then joined."""
    r, out, i = st.rng, st.scope.fresh("ps"), st.scope.fresh("i")
    lines = [f"{out}: {PIECES} = []", f"for {i} in range({r.randint(0, 3)}):",
             f"    {out}.append({st.e(k.ARRAY_F, 1)}[{i}:])"]
    join = r.choice((f"np.concatenate({out})", f"np.hstack({out})",
                     f"np.stack({out}).sum(axis=0)"))
    return [*lines, store(st, k.ARRAY_F, join)]
