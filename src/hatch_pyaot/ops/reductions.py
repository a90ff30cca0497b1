"""Operations on tuples that the compiler expands item by item (typing/infer.py) instead of
declaring them in the registry: their parameter is a tuple of any length."""

from __future__ import annotations

TUPLE_REDUCTIONS: tuple[tuple[str, str], ...] = (
    ("builtins.len", "the number of items, a constant"),
    ("builtins.sum", "left-to-right `+` from `start` (0), as CPython 3.11"),
    ("builtins.min", "of the items (one `min` call)"),
    ("builtins.max", "of the items (one `max` call)"),
    ("builtins.any", "truth of any item"),
    ("builtins.all", "truth of every item"),
    ("math.prod", "left-to-right `*` from 1"),
    ("math.fsum", "correctly rounded sum (`pyaot/math/fsum.hpp`)"),
    ("math.dist", "`math.hypot` of the item-wise differences of two tuples"),
)
