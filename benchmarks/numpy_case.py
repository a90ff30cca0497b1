"""One kernel of the NumPy suite: its inputs at each size and how its results compare."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

Args = tuple[Any, ...]


@dataclass(frozen=True)
class Case:
    name: str
    what: str
    make: Callable[[np.random.Generator, int], Args]
    """The arguments for size ``n`` (deterministic for a given generator state)."""
    large: tuple[int, int]
    """``n`` for compiled and NumPy: (full, --quick); arrays of about 1-4 M elements."""
    small: tuple[int, int]
    """``n`` for CPython: (full, --quick); about 0.2 s (full) per CPython call."""
    shape: str
    """The main input's shape and dtype, ``n`` standing for the size."""
    rtol: float = 1e-12
    """Float results: allowed difference, relative to the largest magnitude in the result."""
    numpy_reference: Callable[..., Any] | None = None
    """The NumPy column when the kernel has no ``_vec`` form (one the compiler cannot build)."""


def image(rng: np.random.Generator, n: int) -> np.ndarray:
    """A random grey uint8 image, (n, n)."""
    return rng.integers(0, 256, size=(n, n), dtype=np.uint8)
