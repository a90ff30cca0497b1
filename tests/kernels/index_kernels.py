"""NumPy kernels for tests/test_array_indexing.py: boolean masks and integer index arrays,
read and assigned (advanced indexing: copies, not views)."""

import numpy as np
from numpy.typing import NDArray

from hatch_pyaot import compile


@compile
def threshold(img: NDArray[np.uint8], level: int) -> NDArray[np.uint8]:
    img[img > level] = 255
    return img


@compile
def masked(a: NDArray[np.float64], m: NDArray[np.bool_]) -> NDArray[np.float64]:
    return a[m]


@compile
def positive_mean(a: NDArray[np.float64]) -> float:
    return float(a[a > 0].mean())


@compile
def rows(a: NDArray[np.float32], keep: NDArray[np.bool_]) -> NDArray[np.float32]:
    assert a.shape[1] >= 0
    return a[keep]


@compile
def set_rows(a: NDArray[np.float32], keep: NDArray[np.bool_], v: float) -> NDArray[np.float32]:
    assert a.shape[1] >= 0
    a[keep] = v
    return a


@compile
def take(a: NDArray[np.int32], idx: NDArray[np.int64]) -> NDArray[np.int32]:
    return a[idx]


@compile
def take_rows(a: NDArray[np.float64], idx: NDArray[np.int16]) -> NDArray[np.float64]:
    assert a.shape[1] >= 0
    return a[idx]


@compile
def scatter(a: NDArray[np.int64], idx: NDArray[np.int64],
            v: NDArray[np.int64]) -> NDArray[np.int64]:
    assert a.shape[0] >= 0 and idx.shape[0] >= 0 and v.shape[0] >= 0  # all 1-d
    a[idx] = v
    return a


@compile
def mask_from_values(a: NDArray[np.float64], b: NDArray[np.float64]) -> NDArray[np.float64]:
    m = a < b
    a[m] = b[m]
    return a


@compile
def lookup(table: NDArray[np.uint8], img: NDArray[np.uint8]) -> NDArray[np.uint8]:
    assert img.shape[1] >= 0
    return table[img]


@compile
def reversed_assign(a: NDArray[np.float64]) -> NDArray[np.float64]:
    m = a > 0
    a[m] = a[::-1][m]
    return a


@compile
def at_pair(a: NDArray[np.float64], i: int, j: int) -> float:
    idx = (i, j)
    return a[idx]


@compile
def set_at(a: NDArray[np.float64], idx: tuple[int, int], v: float) -> None:
    a[idx] = v


@compile
def row_of(a: NDArray[np.float64], idx: tuple[int]) -> NDArray[np.float64]:
    return a[idx]
