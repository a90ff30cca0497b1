"""Area ``collections``: ``deque`` (both ends, ``maxlen``, ``rotate``, indexing, ``popleft`` of
an empty one), ``defaultdict(int)`` and ``defaultdict(list)`` filled in a loop, ``Counter``
(``most_common``, a missing key's 0). Area ``heapq/bisect``: heapify/heappush/heappop on the
function's lists (arguments too: written back), ``bisect_left``/``bisect_right``
on a sorted list and ``insort``."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING

from fuzz import kinds as k
from fuzz.features import store

if TYPE_CHECKING:
    from fuzz.exprs import Exprs
    from fuzz.stmts import Stmts


def definitions(rng: random.Random, features: frozenset[str]) -> list[str]:
    return []


def expressions(x: Exprs) -> list[tuple[str, str, Callable[[int], str | None]]]:
    r, e, I, L, S = x.rng, x.e, k.INT, k.LIST_INT, k.STR  # noqa: E741
    return [
        ("collections", I, lambda d: f"Counter({e(k.LIST_STR, d)})[{e(S, d)}]"),
        ("collections", I, lambda d: f"len(Counter({e(S, d)}))"),
        ("collections", S, lambda d: f"repr(Counter({e(S, d)}).most_common({e(I, d)} % 3))"),
        ("collections", L, lambda d: f"list(deque({e(L, d)}, maxlen={r.randint(1, 4)}))"),
        ("heapq/bisect", I, lambda d: f"bisect.{r.choice(('bisect_left', 'bisect_right'))}"
                                      f"(sorted({e(L, d)}), {e(I, d)})"),
    ]


def statements(st: Stmts) -> list[tuple[str, Callable[[int], list[str]]]]:
    return [("collections", lambda nest: _deque(st)), ("collections", lambda nest: _grouped(st)),
            ("heapq/bisect", lambda nest: _heap(st))]


def _deque(st: Stmts) -> list[str]:
    r, q = st.rng, st.scope.fresh("q")
    maxlen = f", maxlen={r.randint(1, 4)}" if r.random() < 0.4 else ""
    lines = [f"{q} = deque({st.e(k.LIST_INT, 1)}{maxlen})"]
    for _ in range(r.randint(1, 4)):
        lines.append(r.choice((f"{q}.append({st.e(k.INT, 1)})", f"{q}.appendleft({st.e(k.INT, 1)})",
                               f"{q}.pop()", f"{q}.popleft()", f"{q}.rotate({st.e(k.INT, 1)} % 5)",
                               f"{q}.extend({st.e(k.LIST_INT, 1)})")))
    value = r.choice((f"len({q})", f"{q}[{st.e(k.INT, 1)}]", f"_ovf_sum({q})",
                      f"{q}.popleft()"))
    return [*lines, store(st, k.INT, value)]


def _grouped(st: Stmts) -> list[str]:
    r = st.rng
    d, v = st.scope.fresh("dd"), st.scope.fresh("v")
    source = st.e(k.LIST_STR, 1)
    if r.random() < 0.5:
        return [f"{d} = defaultdict(int)", f"for {v} in {source}:",
                f"    {d}[{v}] = _ov({d}[{v}] + {st.e(k.INT, 1)})",
                store(st, k.INT, f"{d}[{st.e(k.STR, 1)}]"), store(st, k.INT, f"len({d})")]
    return [f"{d} = defaultdict(list)", f"for {v} in {source}:", f"    {d}[len({v})].append({v})",
            store(st, k.LIST_STR, f"{d}[{st.e(k.INT, 1)}]")]


def _heap(st: Stmts) -> list[str]:
    names = st.scope.of(k.LIST_INT)
    if not names or k.LIST_INT in st.scope.no_growth or k.LIST_INT in st.scope.no_shrink:
        return []
    r = st.rng
    h = r.choice(names)
    pick = r.randint(0, 4)
    if pick == 0:
        return [f"heapq.heapify({h})"]
    if pick == 1:
        return [f"heapq.heappush({h}, {st.e(k.INT, 1)})"]
    if pick == 2:
        return [f"bisect.insort({h}, {st.e(k.INT, 1)})"]
    if pick == 3:
        return [store(st, k.INT, f"heapq.heappop({h})")]
    return [store(st, k.INT, f"heapq.heappushpop({h}, {st.e(k.INT, 1)})")]
