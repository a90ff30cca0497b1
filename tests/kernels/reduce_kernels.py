"""NumPy kernels for tests/test_array_reductions.py: reductions, methods and ufuncs."""

import numpy as np
from numpy.typing import NDArray

from hatch_pyaot import compile


@compile
def total(x: NDArray[np.float64]) -> float:
    return x.sum()


@compile
def stats(x: NDArray[np.float32]) -> tuple[float, float, float, float]:
    return float(x.min()), float(x.max()), float(x.mean()), float(np.sum(x))


@compile
def int_sums(x: NDArray[np.int8]) -> tuple[int, int, int, int]:
    return int(x.sum()), int(x.prod()), int(x.argmin()), int(np.argmax(x))


@compile
def per_axis(m: NDArray[np.float64]) -> NDArray[np.float64]:
    return m.sum(axis=0) + m.max(axis=0)


@compile
def row_means(m: NDArray[np.float64]) -> NDArray[np.float64]:
    return m.mean(axis=1)


@compile
def flags(m: NDArray[np.bool_]) -> tuple[bool, bool]:
    return bool(m.any()), bool(m.all())


@compile
def softmax(x: NDArray[np.float64]) -> NDArray[np.float64]:
    e = np.exp(x - x.max())
    return e / e.sum()


@compile
def normalize(v: NDArray[np.float32]) -> NDArray[np.float32]:
    return v / np.sqrt((v * v).sum())


@compile
def distances(p: NDArray[np.float64], q: NDArray[np.float64]) -> NDArray[np.float64]:
    d = p - q
    return np.sqrt((d * d).sum(axis=1))


@compile
def as_float(x: NDArray[np.uint8]) -> NDArray[np.float32]:
    return x.astype(np.float32) / 255


@compile
def transposed_copy(m: NDArray[np.int32]) -> NDArray[np.int32]:
    c = m.T.copy()
    c[0, 0] = -1
    return c


@compile
def clipped(x: NDArray[np.float64], lo: float, hi: float) -> NDArray[np.float64]:
    return np.clip(np.abs(x), lo, hi) + np.floor(x)


@compile
def scalar_math(x: NDArray[np.float32]) -> float:
    s = np.float32(0)
    for i in range(len(x)):
        s += np.sqrt(np.abs(x[i])) + np.sin(x[i])
    return s


@compile
def kept(m: NDArray[np.float64]) -> tuple[NDArray[np.float64], NDArray[np.float64],
                                          NDArray[np.int64], NDArray[np.float64]]:
    return (m.sum(axis=0, keepdims=True), np.max(m, axis=1, keepdims=True),
            m.argmin(axis=1, keepdims=True), np.mean(m, keepdims=True))


@compile
def normalized_rows(m: NDArray[np.float32]) -> NDArray[np.float32]:
    centred = m - m.mean(axis=1, keepdims=True)
    return centred / (m.std(axis=1, keepdims=True) + np.float32(1e-6))


@compile
def spread_axes(m: NDArray[np.int16]) -> tuple[NDArray[np.float64], NDArray[np.float64],
                                               np.float64, NDArray[np.float64]]:
    return (np.var(m, axis=0), m.std(axis=1, ddof=1), np.std(m, ddof=2),
            np.var(m, 0, keepdims=True))
