"""NumPy kernels for tests/test_arrays.py: explicit loops over arrays of every dtype."""

import numpy as np
from numpy.typing import NDArray

from hatch_pyaot import compile


@compile
def total2d(x: NDArray[np.float64]) -> float:
    s = 0.0
    for i in range(x.shape[0]):
        for j in range(x.shape[1]):
            s += x[i, j]
    return s


@compile
def scale(x: NDArray[np.float32], k: float) -> NDArray[np.float32]:
    out = np.empty_like(x)
    for i in range(len(x)):
        out[i] = x[i] * k
    return out


@compile
def histogram(img: NDArray[np.uint8], bins: int) -> NDArray[np.int64]:
    counts = np.zeros(bins, dtype=np.int64)
    for i in range(img.shape[0]):
        for j in range(img.shape[1]):
            counts[int(img[i, j]) * bins // 256] += 1
    return counts


@compile
def add_u8(a: NDArray[np.uint8], b: NDArray[np.uint8]) -> NDArray[np.uint8]:
    out = np.zeros(len(a), dtype=np.uint8)
    for i in range(len(a)):
        out[i] = a[i] + b[i]
    return out


@compile
def int_ops(a: NDArray[np.int32], b: NDArray[np.int32]) -> NDArray[np.int32]:
    out = np.zeros((len(a), 4), dtype=np.int32)
    for i in range(len(a)):
        out[i, 0] = a[i] // b[i]
        out[i, 1] = a[i] % b[i]
        out[i, 2] = a[i] * b[i] - a[i]
        out[i, 3] = (a[i] << 3) ^ b[i]
    return out


@compile
def mixed_dtypes(a: NDArray[np.int8], b: NDArray[np.uint8]) -> NDArray[np.float64]:
    out = np.zeros(len(a))
    for i in range(len(a)):
        out[i] = a[i] * b[i] + a[i] / 3
    return out


@compile
def fill(a: NDArray[np.int64], v: int) -> None:
    for i in range(len(a)):
        a[i] = v + i


@compile
def store(a: NDArray[np.int16], i: int, v: float) -> NDArray[np.int16]:
    a[i] = v
    return a


@compile
def store_int(a: NDArray[np.uint8], v: int) -> NDArray[np.uint8]:
    a[0] = v
    return a


@compile
def last(x: NDArray[np.float64]) -> float:
    return x[-1]


@compile
def get(x: NDArray[np.int8], i: int, j: int) -> int:
    return int(x[i, j])


@compile
def shape_info(x: NDArray[np.float32]) -> tuple[int, int, int, int]:
    return x.shape[0] * 100 + x.shape[1] * 10 + x.shape[2], x.ndim, x.size, x.nbytes


@compile
def make(n: int, m: int) -> NDArray[np.float64]:
    a = np.zeros((n, m))
    for i in range(n):
        for j in range(m):
            a[i, j] = i * m + j
    return a


@compile
def make_full(n: int) -> NDArray[np.int8]:
    return np.full(n, 7, dtype=np.int8)


@compile
def make_ones(n: int) -> NDArray[np.uint16]:
    return np.ones(n, dtype=np.uint16)


@compile
def same_array(x: NDArray[np.float64]) -> NDArray[np.float64]:
    x[0] = x[0] * 2
    return x


@compile
def float32_sum(x: NDArray[np.float32]) -> float:
    s = np.float32(0)
    for i in range(len(x)):
        s += x[i] * 2
    return s


@compile
def count_above(x: NDArray[np.int16], t: int) -> int:
    n = 0
    for i in range(len(x)):
        if x[i] > t:
            n += 1
    return n


@compile
def negate(x: NDArray[np.int8]) -> NDArray[np.int8]:
    out = np.empty_like(x)
    for i in range(len(x)):
        out[i] = -x[i]
    return out


@compile
def count_true(m: NDArray[np.bool_]) -> int:
    n = 0
    for i in range(len(m)):
        if m[i]:
            n += 1
    return n


@compile
def abs_total(x: NDArray[np.int64]) -> int:
    s = 0
    for i in range(len(x)):
        s += abs(x[i])
    return s


@compile
def laplacian(u: NDArray[np.float64]) -> NDArray[np.float64]:
    n = u.shape[0]
    m = u.shape[1]
    out = np.zeros((n, m))
    for i in range(1, n - 1):
        for j in range(1, m - 1):
            out[i, j] = u[i - 1, j] + u[i + 1, j] + u[i, j - 1] + u[i, j + 1] - 4 * u[i, j]
    return out
