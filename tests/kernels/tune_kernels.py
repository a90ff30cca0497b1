"""Kernels built in ISA variants by test_tune.py: an elementwise expression large enough to
run on threads, a reduction loop, and a function whose array rank is left open."""

import numpy as np
from numpy.typing import NDArray

from hatch_pyaot import compile


@compile
def poly(x: NDArray[np.float64]) -> NDArray[np.float64]:
    return ((0.3 * x + 1.7) * x - 2.9) * x + 0.5


@compile
def dot(a: NDArray[np.float64], b: NDArray[np.float64]) -> float:
    s = 0.0
    for i in range(a.shape[0]):
        s += a[i] * b[i]
    return s


@compile
def mix(n: int) -> int:
    h = 2166136261
    for i in range(n):
        h = ((h ^ i) * 16777619) & 0xFFFFFFFF
    return h


TUNE_INPUTS = {
    "poly": lambda: [(np.linspace(-1.0, 1.0, 1000),), (np.linspace(-1.0, 1.0, 1 << 19),)],
    "dot": lambda: [(np.arange(4096.0), np.ones(4096))],
    "mix": [(1000,)],
}
