"""NumPy kernels for tests/test_array_series.py."""

import numpy as np
from numpy.typing import NDArray

from hatch_pyaot import compile


@compile
def digitizes(x: NDArray[np.float64], bins: NDArray[np.float64]) -> tuple[
        NDArray[np.int64], NDArray[np.int64]]:
    assert bins.shape[0] >= 0
    return np.digitize(x, bins), np.digitize(x, bins, right=True)


@compile
def ediffs(a: NDArray[np.uint8]) -> NDArray[np.uint8]:
    return np.ediff1d(a)


@compile
def trapezoids(y: NDArray[np.float64], x: NDArray[np.float64]) -> tuple[
        np.float64, np.float64, np.float64]:
    assert y.shape[0] >= 0 and x.shape[0] >= 0
    return np.trapezoid(y), np.trapezoid(y, dx=0.5), np.trapezoid(y, x)


@compile
def int_trapezoid(y: NDArray[np.int32]) -> np.float64:
    assert y.shape[0] >= 0
    return np.trapezoid(y)


@compile
def polyvals(p: NDArray[np.int32], x: NDArray[np.float64], v: float) -> tuple[
        NDArray[np.float64], np.float64]:
    assert p.shape[0] >= 0
    return np.polyval(p, x), np.polyval(p, v)


@compile
def int_polyval(p: NDArray[np.int64], x: NDArray[np.int64]) -> NDArray[np.int64]:
    assert p.shape[0] >= 0 and x.shape[1] >= 0
    return np.polyval(p, x)


@compile
def vanders(x: NDArray[np.float32], n: int) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    assert x.shape[0] >= 0
    return np.vander(x), np.vander(x, n, increasing=True)


@compile
def int_vander(x: NDArray[np.int8]) -> NDArray[np.int64]:
    assert x.shape[0] >= 0
    return np.vander(x, 4)


@compile
def logspaces(start: float, stop: float, n: int) -> tuple[NDArray[np.float64],
                                                         NDArray[np.float64]]:
    return np.logspace(start, stop, n), np.logspace(start, stop, num=n, endpoint=False, base=2.0)


@compile
def ptps(a: NDArray[np.int8]) -> tuple[np.int8, NDArray[np.int8], NDArray[np.int8]]:
    assert a.shape[1] >= 0
    return np.ptp(a), np.ptp(a, axis=0), np.ptp(a, axis=-1)


@compile
def appends(a: NDArray[np.float64], b: NDArray[np.int32]) -> tuple[NDArray[np.float64],
                                                                   NDArray[np.float64]]:
    assert a.shape[1] >= 0 and b.shape[1] >= 0
    return np.append(a, b), np.append(a, b, axis=0)
