"""NumPy kernels for tests/test_array_sorting.py: sorting, searching, unique, nonzero."""

import numpy as np
from numpy.typing import NDArray

from hatch_pyaot import compile


@compile
def sorts(a: NDArray[np.float64]) -> tuple[NDArray[np.float64], NDArray[np.float64],
                                           NDArray[np.float64], NDArray[np.int64],
                                           NDArray[np.int64]]:
    assert a.shape[1] >= 0
    return np.sort(a), np.sort(a, axis=None), np.sort(a, 0), np.argsort(a, axis=0), a.argsort()


@compile
def int_argsort(b: NDArray[np.int32]) -> NDArray[np.int64]:
    return np.argsort(b, kind="stable")


@compile
def sort_in_place(a: NDArray[np.float32]) -> NDArray[np.float32]:
    a[:, 1:].sort(axis=0)
    return a


@compile
def medians(a: NDArray[np.int16]) -> tuple[np.float64, NDArray[np.float64],
                                           NDArray[np.float64]]:
    return np.median(a), np.median(a, axis=1), np.median(a, axis=0, keepdims=True)


@compile
def float_median(x: NDArray[np.float32]) -> np.float32:
    return np.median(x)


@compile
def diffs(a: NDArray[np.uint8], n: int) -> tuple[NDArray[np.uint8], NDArray[np.uint8]]:
    return np.diff(a), np.diff(a, n=n, axis=0)


@compile
def bool_diff(a: NDArray[np.bool_]) -> NDArray[np.bool_]:
    return np.diff(a)


@compile
def search(edges: NDArray[np.float64], x: NDArray[np.float64],
           v: float) -> tuple[NDArray[np.int64], np.int64, NDArray[np.int64]]:
    return (np.searchsorted(edges, x), np.searchsorted(edges, v, side="right"),
            edges.searchsorted(x, "right"))


@compile
def histogram(x: NDArray[np.float64], edges: NDArray[np.float64]) -> NDArray[np.int64]:
    counts = np.zeros(edges.shape[0] + 1, dtype=np.int64)
    bins = np.searchsorted(edges, x, side="right")
    for i in range(bins.shape[0]):
        counts[bins[i]] += 1
    return counts


@compile
def nonzeros(m: NDArray[np.int8]) -> tuple[NDArray[np.int8], tuple[NDArray[np.int64],
                                                                 NDArray[np.int64]],
                                           NDArray[np.int64], NDArray[np.int64], np.int64]:
    assert m.shape[1] >= 0
    return (np.unique(m), np.nonzero(m), np.flatnonzero(m), np.argwhere(m),
            np.count_nonzero(m))


@compile
def unique_floats(x: NDArray[np.float64]) -> NDArray[np.float64]:
    return np.unique(x)


@compile
def nonzero_method(x: NDArray[np.float32]) -> tuple[NDArray[np.int64]]:
    return x.nonzero()
