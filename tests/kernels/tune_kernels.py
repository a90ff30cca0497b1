"""Kernels built in ISA variants by test_tune.py: an elementwise expression whose large
calls run on threads, a scalar loop over arrays, and an integer loop; ``pyaot tune`` takes
TUNE_INPUTS from here."""

import numpy as np
from numpy.typing import NDArray

from hatch_pyaot import compile


@compile
def poly(x: NDArray[np.float64]) -> NDArray[np.float64]:
    return ((0.3 * x + 1.7) * x - 2.9) * x + 0.5


@compile
def dot(a: NDArray[np.float64], b: NDArray[np.float64]) -> float:
    """A scalar loop over two arrays: never split over threads."""
    total = 0.0
    i = 0
    while i < a.shape[0]:
        total += a[i] * b[i]
        i += 1
    return total


@compile
def mix(n: int) -> int:
    """Integers only: every call is in bucket 0."""
    h = 0
    for i in range(1, n):
        h = (h * 31 + i % 7) % 1000003
    return h


TUNE_INPUTS = {
    "poly": lambda: [(np.linspace(-1.0, 1.0, 1000),), (np.linspace(-1.0, 1.0, 1 << 19),)],
    "dot": lambda: [(np.arange(4096.0), np.ones(4096))],
    "mix": [(1000,)],
}
