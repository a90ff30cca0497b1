"""NumPy kernels for tests/test_array_sets.py."""

import numpy as np
from numpy.typing import NDArray

from hatch_pyaot import compile


@compile
def set_ops(a: NDArray[np.float64], b: NDArray[np.float64]) -> tuple[
        NDArray[np.bool_], NDArray[np.bool_], NDArray[np.float64], NDArray[np.float64],
        NDArray[np.float64], NDArray[np.float64]]:
    assert a.shape[1] >= 0 and b.shape[0] >= 0
    return (np.isin(a, b), np.isin(a, b, invert=True), np.intersect1d(a, b), np.union1d(a, b),
            np.setdiff1d(a, b), np.setxor1d(a, b))


@compile
def int_sets(a: NDArray[np.int8], b: NDArray[np.int64]) -> tuple[
        NDArray[np.bool_], NDArray[np.int64], NDArray[np.int64], NDArray[np.int8]]:
    assert a.shape[0] >= 0 and b.shape[0] >= 0
    return np.isin(a, b), np.intersect1d(a, b), np.union1d(b, a), np.setdiff1d(a, a[:2])


@compile
def equal(a: NDArray[np.float64], b: NDArray[np.int32]) -> tuple[bool, bool]:
    assert a.shape[1] >= 0
    return np.array_equal(a, b), np.array_equal(a, b, equal_nan=True)


@compile
def equal_nan(a: NDArray[np.float64], b: NDArray[np.float64]) -> tuple[bool, bool]:
    assert a.shape[0] >= 0 and b.shape[0] >= 0
    return np.array_equal(a, b), np.array_equal(a, b, equal_nan=True)
