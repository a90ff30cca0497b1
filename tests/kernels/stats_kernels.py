"""NumPy kernels for tests/test_array_statistics.py: bincount, histogram, interp, convolve,
cross, isclose, allclose, average, partition and argpartition."""

import numpy as np
from numpy.typing import NDArray

from hatch_pyaot import compile


@compile
def bincounts(x: NDArray[np.int32], w: NDArray[np.float64], n: int) -> tuple[
        NDArray[np.int64], NDArray[np.int64], NDArray[np.float64]]:
    return np.bincount(x), np.bincount(x, minlength=n), np.bincount(x, weights=w, minlength=3)


@compile
def bincount_u8(x: NDArray[np.uint8]) -> NDArray[np.int64]:
    return np.bincount(x)


@compile
def histograms(a: NDArray[np.float64], bins: int) -> tuple[
        NDArray[np.int64], NDArray[np.float64], NDArray[np.int64], NDArray[np.float64]]:
    counts, edges = np.histogram(a, bins)
    ranged, redges = np.histogram(a, bins=bins, range=(-1.0, 2.5))
    return counts, edges, ranged, redges


@compile
def int_histogram(a: NDArray[np.int16]) -> tuple[NDArray[np.int64], NDArray[np.float64]]:
    return np.histogram(a)


@compile
def histogram_range(a: NDArray[np.float64], lo: float, hi: float) -> tuple[
        NDArray[np.int64], NDArray[np.float64]]:
    return np.histogram(a, 4, range=(lo, hi))


@compile
def interps(x: NDArray[np.float64], xp: NDArray[np.float64], fp: NDArray[np.float64],
            v: float) -> tuple[NDArray[np.float64], NDArray[np.float64], np.float64]:
    assert xp.shape[0] == fp.shape[0] or True
    return (np.interp(x, xp, fp), np.interp(x, xp, fp, left=-1.0, right=np.inf),
            np.interp(v, xp, fp))


@compile
def interp_ints(x: NDArray[np.int32], xp: NDArray[np.int64], fp: NDArray[np.float32]) -> \
        NDArray[np.float64]:
    assert x.shape[0] >= 0 and xp.shape[0] >= 0 and fp.shape[0] >= 0
    return np.interp(x, xp, fp)


@compile
def convolves(a: NDArray[np.float64], v: NDArray[np.float64]) -> tuple[
        NDArray[np.float64], NDArray[np.float64], NDArray[np.float64]]:
    return np.convolve(a, v), np.convolve(a, v, mode="same"), np.convolve(a, v, "valid")


@compile
def int_convolve(a: NDArray[np.int8], v: NDArray[np.int16]) -> tuple[
        NDArray[np.int16], NDArray[np.int16]]:
    return np.convolve(a, v), np.convolve(v, a, mode="same")


@compile
def bool_convolve(a: NDArray[np.bool_], v: NDArray[np.bool_]) -> NDArray[np.bool_]:
    return np.convolve(a, v)


@compile
def crosses(a: NDArray[np.float64], b: NDArray[np.float64]) -> NDArray[np.float64]:
    return np.cross(a, b)


@compile
def int_cross(a: NDArray[np.int32], b: NDArray[np.int64]) -> NDArray[np.int64]:
    return np.cross(a, b)


@compile
def closeness(a: NDArray[np.float64], b: NDArray[np.float64]) -> tuple[
        NDArray[np.bool_], NDArray[np.bool_], bool, bool, NDArray[np.bool_]]:
    return (np.isclose(a, b), np.isclose(a, b, rtol=0.1, equal_nan=True), np.allclose(a, b),
            np.allclose(a, b, atol=0.5), np.isclose(a, 1.0))


@compile
def close_f32(a: NDArray[np.float32], b: NDArray[np.float32]) -> tuple[NDArray[np.bool_], bool]:
    return np.isclose(a, b, atol=0.0), np.allclose(a, b, 1e-6)


@compile
def close_ints(a: NDArray[np.int64], b: NDArray[np.int32]) -> NDArray[np.bool_]:
    return np.isclose(a, b, atol=1.0)


@compile
def averages(a: NDArray[np.float64], w: NDArray[np.float64]) -> tuple[
        np.float64, NDArray[np.float64], np.float64]:
    return np.average(a), np.average(a, axis=0), np.average(a, weights=w)


@compile
def averages_axis(a: NDArray[np.int32], w: NDArray[np.float32]) -> tuple[
        NDArray[np.float64], NDArray[np.float64]]:
    assert a.shape[1] >= 0
    return np.average(a, axis=1, weights=w), np.average(a, axis=-1)


@compile
def average_1d(a: NDArray[np.float32], w: NDArray[np.float32]) -> tuple[np.float32, np.float32]:
    assert a.shape[0] >= 0 and w.shape[0] >= 0
    return np.average(a, weights=w), np.average(a, axis=0, weights=w)


@compile
def partitions(a: NDArray[np.float64], k: int) -> tuple[
        NDArray[np.float64], NDArray[np.float64], NDArray[np.int64], NDArray[np.int64]]:
    return (np.partition(a, k), np.partition(a, k, axis=None), np.argpartition(a, k, axis=0),
            a.argpartition(k))


@compile
def int_partition(a: NDArray[np.int16], k: int) -> tuple[NDArray[np.int16], NDArray[np.int64]]:
    return np.partition(a, k, axis=0), np.argpartition(a, k, axis=None)


@compile
def partition_in_place(a: NDArray[np.float32], k: int) -> NDArray[np.float32]:
    a.partition(k)
    return a


@compile
def kth_smallest(x: NDArray[np.float64], k: int) -> np.float64:
    """The k-th smallest value, as a user writes it."""
    return np.partition(x, k)[k]
