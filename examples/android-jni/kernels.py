"""Kernels for the Android JNI example."""

import math

import numpy as np
from numpy.typing import NDArray

from hatch_pyaot import compile


@compile
def collatz_steps(n: int) -> int:
    """Steps of the Collatz sequence from n down to 1."""
    if n < 1:
        raise ValueError(f"n must be positive, got {n}")
    steps = 0
    while n != 1:
        n = n // 2 if n % 2 == 0 else 3 * n + 1
        steps += 1
    return steps


@compile
def log_ratio(x: float, y: float) -> float:
    """log(x / y): ValueError for a non-positive ratio, ZeroDivisionError for y == 0."""
    return math.log(x / y)


@compile
def smooth(x: NDArray[np.float64]) -> NDArray[np.float64]:
    """A three-point moving average; the ends are kept."""
    out = x.copy()
    for i in range(1, x.shape[0] - 1):
        out[i] = (x[i - 1] + x[i] + x[i + 1]) / 3.0
    return out
