"""Random inputs of each kind, reproducible from a ``random.Random``: ints near the int64
limits, floats with -0.0, NaN, infinities and subnormals, strings from all of Unicode
(astral, combining, case-changing, digits of other scripts), and containers of them."""

from __future__ import annotations

import math
import random
from typing import Any

from fuzz import kinds as k

INT_EDGES = (0, 1, -1, 2, -2, 3, 7, -7, 10, 255, 2**31, -(2**31), 2**53 + 1, 2**62, 10**18,
             2**63 - 1, -(2**63), -(2**63) + 1, 2**32 - 1, 3037000499, -3037000500)
FLOAT_EDGES = (0.0, -0.0, 1.0, -1.0, 0.5, 1.5, -2.5, 0.1, 3.0, math.nan, math.inf, -math.inf,
               1e308, -1.7976931348623157e308, 5e-324, 2.2250738585072014e-308, 2.0**53,
               1e16, 123456.789, -0.75)
CHARS = ("a", "b", "c", "x", "Z", "0", "7", " ", "\t", ",", "ß", "İ", "ﬁ", "Σ", "ς", "é",
         "e\u0301", "😀", "\U0010ffff", "中", "\x00", "٣", "ǅ", "Å", "-", "ŉ", "\u2028")
WORDS = ("", "a", "ab", "b", "abc", "Straße", "ΣΑΣ", "x y", "12", "-3", "1e3", "nan", "ǅx",
         "😀!", " a ", "İi", "ﬁne")


def value(rng: random.Random, kind: str) -> Any:
    if kind == k.INT:
        return rng.choice(INT_EDGES) if rng.random() < 0.5 else rng.randint(-50, 50)
    if kind == k.FLOAT:
        if rng.random() < 0.6:
            return rng.choice(FLOAT_EDGES)
        return math.copysign(rng.random() * 2.0 ** rng.randint(-30, 60), rng.random() - 0.5)
    if kind == k.BOOL:
        return rng.random() < 0.5
    if kind == k.STR:
        if rng.random() < 0.4:
            return rng.choice(WORDS)
        return "".join(rng.choice(CHARS) for _ in range(rng.randint(0, 6)))
    if kind == k.OPT_INT:
        return None if rng.random() < 0.4 else value(rng, k.INT)
    if kind == k.PAIR:
        return (value(rng, k.INT), value(rng, k.FLOAT))
    if kind == k.VAR_INT:
        return tuple(_item(rng, k.INT) for _ in range(rng.choice((0, 1, 2, 3, 5))))
    if kind in k.ARRAYS:
        from fuzz import arrays

        return arrays.value(rng, kind)
    n = rng.choice((0, 1, 2, 3, 4, 6))
    if kind in k.LISTS:
        item = k.ITEM[kind]
        return [_item(rng, item) for _ in range(n)]
    if kind == k.SET_INT:
        return {_item(rng, k.INT) for _ in range(n)}
    key, val = k.KEY_VALUE[kind]
    return {_item(rng, key): _item(rng, val) for _ in range(n)}


def _item(rng: random.Random, kind: str) -> Any:
    """An item of a container: no NaN (CPython finds the very NaN object in a container, which
    compiled code documents it does not), smaller ints more often."""
    if kind == k.FLOAT:
        v = value(rng, kind)
        return 0.25 if math.isnan(v) else v
    if kind == k.INT and rng.random() < 0.7:
        return rng.randint(-9, 9)
    return value(rng, kind)


def arguments(rng: random.Random, params: list[str]) -> tuple[Any, ...]:
    """One call's arguments; now and then the same container for two parameters of its kind
    (one object inside the compiled call too)."""
    args = [value(rng, kind) for kind in params]
    for i, kind in enumerate(params):
        for j in range(i):
            if params[j] == kind and kind in (*k.CONTAINERS, *k.ARRAYS) and rng.random() < 0.2:
                args[i] = args[j]
    return tuple(args)
