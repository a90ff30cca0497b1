"""Area ``bytes``: ``str.encode`` and ``bytes.decode`` in utf-8, ascii and latin-1 (with
CPython's UnicodeEncodeError and UnicodeDecodeError messages, also of a utf-8 sequence cut by
a slice), indexing, slicing, ``+``, ``*``, ``in``, comparisons, ``hex()``, ``len``."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING

from fuzz import kinds as k

if TYPE_CHECKING:
    from fuzz.exprs import Exprs
    from fuzz.stmts import Stmts

CODECS = ("'utf-8'", "'ascii'", "'latin-1'")
BYTES = ("b''", "b'a'", "b'ab'", "b'\\x00\\xff'", "b'\\xc3'", "b'\\xe2\\x82'", "b','")


def definitions(rng: random.Random, features: frozenset[str]) -> list[str]:
    return []


def expressions(x: Exprs) -> list[tuple[str, str, Callable[[int], str | None]]]:
    r, e, I, S, B = x.rng, x.e, k.INT, k.STR, k.BOOL  # noqa: E741

    def data(d: int) -> str:
        """A bytes expression."""
        choice = r.randint(0, 4)
        if choice == 0:
            return r.choice(BYTES)
        if choice == 1:
            return f"{e(S, d)}.encode({r.choice(CODECS)})"
        if choice == 2:
            return f"({data(d - 1)} + {data(d - 1)})" if d > 0 else r.choice(BYTES)
        if choice == 3:
            return f"{e(S, d)}.encode()[{e(I, d)}:{e(I, d)}]"
        return f"({data(d - 1) if d > 0 else r.choice(BYTES)} * ({e(I, d)} % 3))"

    return [
        ("bytes", S, lambda d: f"{data(d)}.decode({r.choice(CODECS)})"),
        ("bytes", S, lambda d: f"{data(d)}.hex()"),
        ("bytes", I, lambda d: f"len({data(d)})"),
        ("bytes", I, lambda d: f"{data(d)}[{e(I, d)}]"),
        ("bytes", B, lambda d: f"({data(d)} {r.choice(('==', '<', '>=', '!='))} {data(d)})"),
        ("bytes", B, lambda d: f"({r.choice(BYTES)} in {data(d)})"),
        ("bytes", k.LIST_INT, lambda d: f"list({data(d)})"),
    ]


def statements(st: Stmts) -> list[tuple[str, Callable[[int], list[str]]]]:
    return []
