"""The NumPy slice of the generator: 1-d ``float64`` and ``int64`` arrays as parameters (in
any layout: strided and reversed views too), locals and results; element reads and writes,
slices that are views (written through), whole-array arithmetic with broadcasting and its
ValueError, ufuncs, reductions, in-place updates. Scalars read out of arrays are converted
(``float(a[i])``): a name holding a NumPy scalar on one path and a Python number on another
is documented to differ."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from fuzz import kinds as k

if TYPE_CHECKING:
    from fuzz.exprs import Exprs, Production

UFUNCS = ("np.sqrt", "np.abs", "np.floor", "np.negative", "np.square", "np.sign", "np.rint",
          "np.trunc", "np.reciprocal", "np.ceil")
"""Correctly rounded ones only: NumPy's own SIMD exp, sin... may differ from the C library's
in the last bits (README), and so may a float ``np.dot`` (blocked loops, not BLAS)."""
REDUCE_F = ("sum", "max", "min", "mean", "prod")


def productions(x: Exprs) -> dict[str, list[Production]]:
    """The right operand of an array operation is a name or literal: NumPy evaluates
    ``a + (b - c)`` inside out, and the broadcasting error of compiled code then names
    another pair of shapes (docs/fuzzing.md, "found and open")."""
    r, e, A, B, I, F = x.rng, x.e, k.ARRAY_F, k.ARRAY_I, k.INT, k.FLOAT  # noqa: E741
    leaf = x.leaf
    return {
        A: [
            lambda d: f"({e(A, d)} {r.choice('+-*/')} {leaf(A)})",
            lambda d: f"({e(A, d)} {r.choice('+-*/')} {e(F, d)})",
            lambda d: f"{e(A, d)}[{r.choice(('1:', ':-1', '::-1', '::2', '1::2'))}]",
            lambda d: f"{r.choice(UFUNCS)}({e(A, d)})",
            lambda d: f"{e(A, d)}.copy()",
            lambda d: f"np.maximum({e(A, d)}, {leaf(A)})",
            # np.where is left out until its broadcasting message names every operand, as
            # NumPy's does (docs/fuzzing.md, "found and open")
            lambda d: f"{e(B, d)}.astype(np.float64)",
            lambda d: f"np.cumsum({e(A, d)})",
            lambda d: f"np.zeros({e(I, d)} % 5)",
            lambda d: f"np.full({e(I, d)} % 4, {e(F, d)})",
            lambda d: f"np.linspace({e(F, d)}, {e(F, d)}, {e(I, d)} % 5)",
        ],
        B: [
            lambda d: f"({e(B, d)} {r.choice(('+', '-', '*', '&', '^'))} {leaf(B)})",
            lambda d: f"({e(B, d)} {r.choice(('+', '-', '*'))} {e(I, d)})",
            lambda d: f"{e(B, d)}[{r.choice(('1:', '::-1', '::2'))}]",
            lambda d: f"np.arange({e(I, d)} % 6)",
            lambda d: f"np.abs({e(B, d)})",
            lambda d: f"{e(B, d)}.copy()",
            lambda d: f"np.cumsum({e(B, d)})",
        ],
        I: [
            lambda d: f"len({e(r.choice((A, B)), d)})",
            lambda d: f"int({e(B, d)}[{e(I, d)}])",
            lambda d: f"int({e(B, d)}.sum())",
            lambda d: f"int(np.{r.choice(('argmax', 'argmin'))}({e(A, d)}))",
            lambda d: f"{e(r.choice((A, B)), d)}.size",
            lambda d: f"int(np.dot({e(B, d)}, {leaf(B)}))",
        ],
        F: [
            lambda d: f"float({e(A, d)}[{e(I, d)}])",
            lambda d: f"float({e(A, d)}.{r.choice(REDUCE_F)}())",
            lambda d: f"float(np.{r.choice(REDUCE_F)}({e(A, d)}))",

        ],
        k.BOOL: [
            lambda d: f"bool(np.{r.choice(('any', 'all'))}({e(A, d)} > {e(F, d)}))",
        ],
    }


def literal(rng: random.Random, kind: str) -> str:
    n = rng.randint(0, 4)
    if kind == k.ARRAY_I:
        return f"np.arange({n})"
    return rng.choice((f"np.zeros({n})", f"np.ones({n})", f"np.linspace(-1.0, 2.0, {n})"))


def statements(x: Exprs) -> list[str]:
    """A statement that writes into an array (an argument, an alias, a view of one)."""
    r = x.rng

    def e(kind: str) -> str:
        return x.e(kind, 2)

    kind = r.choice(k.ARRAYS)
    a = x.name_of(kind)
    if a is None:
        return []
    item = k.ITEM[kind]
    return [r.choice((
        f"{a}[{e(k.INT)}] = {e(item)}",
        f"{a}[{r.choice(('1:', '::2', ':'))}] = {e(item)}",
        f"{a}[:] = {a}[::-1]",
        f"{a} += {x.leaf(kind)}",
        f"{a} *= {e(item)}",
        f"{a}[1:] = {a}[:-1]",
    ))]


def value(rng: random.Random, kind: str) -> Any:
    """A 1-d array: contiguous, or a strided or reversed view of a longer one."""
    import numpy as np

    from fuzz.values import FLOAT_EDGES, INT_EDGES

    n = rng.choice((0, 1, 2, 3, 5))
    layout = rng.choice(("c", "c", "strided", "reversed"))
    size = 2 * n if layout == "strided" else n
    if kind == k.ARRAY_I:
        items = [rng.choice(INT_EDGES) if rng.random() < 0.3 else rng.randint(-9, 9)
                 for _ in range(size)]
        base = np.array(items, dtype=np.int64)
    else:
        items = [rng.choice(FLOAT_EDGES) if rng.random() < 0.4 else rng.uniform(-10, 10)
                 for _ in range(size)]
        base = np.array(items, dtype=np.float64)
    if layout == "strided":
        return base[::2]
    return base[::-1] if layout == "reversed" else base
