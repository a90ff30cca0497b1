"""Area ``rows``: 2-d float arrays made in the body (``np.outer`` of the function's 1-d arrays),
some held in a local annotated with its rank (``np.ndarray[tuple[int, int],
np.dtype[np.float64]]``) and passed to a helper whose parameter states it; ``m[i]`` row views
(IndexError past the rows, on both sides) read, written through (``r += v``, ``m[i] = ...``)
and returned; ``m[i, j]``, ``len(m)``, ``m.shape[1]``, ``m.sum(axis=0)``."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING

from fuzz import kinds as k
from fuzz.features import store

if TYPE_CHECKING:
    from fuzz.exprs import Exprs
    from fuzz.stmts import Stmts

MATRIX = "np.ndarray[tuple[int, int], np.dtype[np.float64]]"


def definitions(rng: random.Random, features: frozenset[str]) -> list[str]:
    if "rows" not in features:
        return []
    return [f"def h_row_total(m: {MATRIX}, i: int) -> float:\n"
            "    return float(m[i].sum()) + float(len(m))\n"]


def expressions(x: Exprs) -> list[tuple[str, str, Callable[[int], str | None]]]:
    return []


def statements(st: Stmts) -> list[tuple[str, Callable[[int], list[str]]]]:
    return [("rows", lambda nest: _rows(st))]


def _index(st: Stmts) -> str:
    """A row index: in bounds most of the time (a count from either end), else any int."""
    r = st.rng
    if r.random() < 0.2:
        return st.e(k.INT, 1)
    return f"{st.e(k.INT, 1)} % {r.randint(1, 4)}" if r.random() < 0.6 else f"-{r.randint(1, 3)}"


def _rows(st: Stmts) -> list[str]:
    r, m, row = st.rng, st.scope.fresh("m"), st.scope.fresh("row")
    made = f"np.outer({st.e(k.ARRAY_F, 1)}, {st.e(k.ARRAY_F, 0)})"
    lines = [f"{m}: {MATRIX} = {made}" if r.random() < 0.5 else f"{m} = {made}"]
    for _ in range(r.randint(1, 3)):
        pick = r.randint(0, 3)
        if pick == 0:
            lines += [f"{row} = {m}[{_index(st)}]", f"{row} += {st.e(k.FLOAT, 1)}"]
        elif pick == 1:
            lines.append(f"{m}[{_index(st)}] = {m}[{_index(st)}] * {st.e(k.FLOAT, 0)} + 1.0")
        elif pick == 2:
            lines.append(store(st, k.FLOAT, f"h_row_total({m}, {_index(st)})"))
        else:
            lines.append(store(st, k.INT, f"_ov(len({m}) * 10 + {m}.shape[1])"))
    value = r.randint(0, 3)
    if value == 0:
        lines.append(store(st, k.ARRAY_F, f"{m}[{_index(st)}]"))
    elif value == 1:
        lines.append(store(st, k.ARRAY_F, f"{m}.sum(axis=0)"))
    elif value == 2:
        lines.append(store(st, k.FLOAT, f"float({m}[{_index(st)}, {_index(st)}])"))
    else:
        lines.append(store(st, k.FLOAT, f"float({m}.sum())"))
    return lines
