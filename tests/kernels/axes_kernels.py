"""NumPy kernels for tests/test_array_reduce_axes.py: reductions over axis tuples and the
dtype= of sum, prod, mean, cumsum and cumprod."""

import numpy as np
from numpy.typing import NDArray

from hatch_pyaot import compile


@compile
def tuple_sums(a: NDArray[np.int32]) -> tuple[NDArray[np.int64], NDArray[np.int64],
                                              NDArray[np.int64], np.int64]:
    assert a.shape[2] >= 0
    return (np.sum(a, axis=(0, 2)), a.sum(axis=(-1, 0), keepdims=True), a.prod(axis=(1, 2)),
            a.sum(axis=(0, 1, 2)))


@compile
def tuple_extremes(a: NDArray[np.float64]) -> tuple[NDArray[np.float64], NDArray[np.float64],
                                                    NDArray[np.bool_], NDArray[np.bool_]]:
    assert a.shape[2] >= 0
    return (np.max(a, axis=(0, 1)), a.min(axis=(0, 2), keepdims=True),
            np.any(a > 0, axis=(1, 2)), (a > -5).all(axis=(0, 2)))


@compile
def tuple_means(a: NDArray[np.int16]) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    assert a.shape[2] >= 0
    return np.mean(a, axis=(0, 2)), a.mean(axis=(1, 2), keepdims=True)


@compile
def float_tuple_mean(a: NDArray[np.float32]) -> NDArray[np.float32]:
    assert a.shape[2] >= 0
    return a.mean(axis=(0, 1))


@compile
def dtype_reductions(a: NDArray[np.uint8]) -> tuple[np.int16, np.float32, np.float32,
                                                    NDArray[np.int8], NDArray[np.float64]]:
    assert a.shape[1] >= 0
    return (a.sum(dtype=np.int16), np.prod(a, dtype=np.float32), a.mean(dtype=np.float32),
            np.sum(a, axis=0, dtype=np.int8), np.mean(a, axis=1, dtype=np.float64))


@compile
def float_dtype_mean(a: NDArray[np.float64]) -> tuple[np.float32, NDArray[np.float32]]:
    assert a.shape[0] >= 0
    return np.mean(a, dtype=np.float32), np.sum(a, dtype=np.float32, keepdims=True)


@compile
def dtype_cumulative(a: NDArray[np.int8]) -> tuple[NDArray[np.int8], NDArray[np.float64],
                                                   NDArray[np.int32]]:
    assert a.shape[1] >= 0
    return (np.cumsum(a, dtype=np.int8), a.cumsum(axis=1, dtype=np.float64),
            np.cumprod(a, axis=0, dtype=np.int32))
