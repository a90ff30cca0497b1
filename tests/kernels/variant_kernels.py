"""Kernels built in ISA variants by test_variants.py: loops and array expressions whose
floating-point results an AVX build could change (FMA contraction, reduction order)."""

import numpy as np
from numpy.typing import NDArray

from hatch_pyaot import compile


@compile
def dot(a: NDArray[np.float64], b: NDArray[np.float64]) -> float:
    s = 0.0
    for i in range(a.shape[0]):
        s += a[i] * b[i]
    return s


@compile
def horner(x: NDArray[np.float64]) -> NDArray[np.float64]:
    return ((((0.3 * x + 1.7) * x - 2.9) * x + 0.11) * x - 5.0) * x + 0.5


@compile
def col_means(m: NDArray[np.float64]) -> NDArray[np.float64]:
    return m.mean(axis=0)


@compile
def total(m: NDArray[np.float32]) -> float:
    return float(np.sum(m * m))


@compile
def softmax(x: NDArray[np.float64]) -> NDArray[np.float64]:
    e = np.exp(x - np.max(x))
    return e / np.sum(e)


@compile
def product(a: NDArray[np.float64], b: NDArray[np.float64]) -> NDArray[np.float64]:
    return a @ b


@compile
def log_f32(x: NDArray[np.float32]) -> NDArray[np.float32]:
    return np.log(x) + np.exp(x)


@compile
def mix(n: int) -> int:
    h = 2166136261
    for i in range(n):
        h = ((h ^ i) * 16777619) & 0xFFFFFFFF
    return h


@compile
def first(xs: list[float], i: int) -> float:
    print("first", i)
    return xs[i]
