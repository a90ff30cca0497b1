"""Numerical kernels written as plain typed Python; `pyaot build` compiles them."""

import math

from hatch_pyaot import compile


def _f(x):  # no annotations: specialized for each argument type it is called with
    return math.sin(x) * math.exp(-x)


@compile
def integrate(a: float, b: float, n: int) -> float:
    """Integrate sin(x)·exp(-x) over [a, b] with the midpoint rule on n intervals."""
    if n <= 0:
        raise ValueError("n must be positive")
    h = (b - a) / n
    s = 0.0
    for i in range(n):
        s += _f(a + (i + 0.5) * h)
    return s * h


@compile
def collatz_max(limit: int) -> tuple[int, int]:
    """The start below limit with the longest Collatz sequence, and that length."""
    best, best_len = 1, 1
    for start in range(1, limit):
        n, length = start, 1
        while n != 1:
            n = n // 2 if n % 2 == 0 else 3 * n + 1
            length += 1
        if length > best_len:
            best, best_len = start, length
    return best, best_len
