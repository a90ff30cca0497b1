"""np.bincount, np.histogram, np.interp, np.convolve, np.cross, np.isclose, np.allclose,
np.average, np.partition and np.argpartition compiled (tests/kernels/stats_kernels.py,
runtime pyaot/numpy/statistics.hpp and partition.hpp) and compared with CPython + NumPy
running the same kernels: values and dtypes exactly, NumPy's exceptions with their messages.
Partitions are compared by NumPy's guarantee (the kth element exact, the smaller ones before
it, the multiset of each lane kept), as NumPy's introselect may order the sides otherwise."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from support import Pair, build_pair, check_error
from support import check_arrays as check

KERNELS = Path(__file__).parent / "kernels" / "stats_kernels.py"
RNG = np.random.default_rng(7)


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory) -> Pair:
    return build_pair(tmp_path_factory.mktemp("statistics"), "stats_kernels", KERNELS)


def ints(shape: tuple[int, ...], dtype: type = np.float64, lo: int = -9, hi: int = 9) -> np.ndarray:
    return RNG.integers(lo, hi, size=shape).astype(dtype)


def test_bincount(pair):
    x = np.array([0, 3, 3, 1, 7], np.int32)
    w = np.array([0.5, 0.25, 1.5, -2.0, 3.0])
    for n in (0, 3, 12):
        check(pair, "bincounts", x, w, n)
        check(pair, "bincounts", x[::-1], w[::-1], n)
    # (NumPy gives int64 zeros for an empty x even with weights; compiled, float64 zeros)
    check(pair, "bincount_u8", np.zeros(0, np.uint8))
    check(pair, "bincount_u8", ints((50,), np.uint8, 0, 255))
    check_error(pair, "bincounts", np.array([1, -1], np.int32), np.ones(2), 0)
    check_error(pair, "bincounts", x, w, -1)
    check_error(pair, "bincounts", x, w[:3], 0)


@settings(max_examples=60, deadline=None)
@given(hnp.arrays(np.float64, st.integers(0, 40),
                  # + 0.0: no -0.0, since which of two equal signed zeros NumPy's min/max (the
                  # autodetected edges) keep depends on its SIMD loop and the array's length
                  elements=st.floats(-3, 3, allow_nan=False, width=32).map(lambda v: v + 0.0)),
       st.integers(1, 12))
def test_histogram_matches_numpy(pair, a, bins):
    check(pair, "histograms", a, bins)


def test_histogram_edges_and_errors(pair):
    a = np.array([0.0, 0.1, 0.2, 0.3, 0.7, 1.0, np.nextafter(1.0, 0.0), -1.0, 2.5])
    for bins in (1, 3, 7, 10):
        check(pair, "histograms", a, bins)
        check(pair, "histograms", a.reshape(3, 3).T, bins)
    check(pair, "histograms", np.full(4, 2.0), 3)  # one value: the range widened by 1/2
    check(pair, "int_histogram", ints((5, 4), np.int16, -300, 300))
    check(pair, "int_histogram", np.full((2, 2), 7, np.int16))
    check(pair, "histogram_range", np.array([0.5, np.nan, 3.0, -1.0]), 0.0, 3.0)
    check_error(pair, "histograms", a, 0)
    check_error(pair, "histograms", np.array([1.0, np.inf]), 2)
    check_error(pair, "histogram_range", a, 2.0, 1.0)
    check_error(pair, "histogram_range", a, 0.0, np.inf)


@settings(max_examples=60, deadline=None)
@given(hnp.arrays(np.float64, hnp.array_shapes(min_dims=1, max_dims=3, max_side=5),
                  elements=st.floats(-12, 12)),
       st.lists(st.floats(-10, 10), min_size=1, max_size=8, unique=True),
       st.floats(-12, 12))
def test_interp_matches_numpy(pair, x, xp, v):
    xp = np.sort(np.array(xp))
    fp = np.cos(xp) * 3
    check(pair, "interps", x, xp, fp, v)


def test_interp_special_cases_and_errors(pair):
    xp = np.array([0.0, 1.0, 1.0, 3.0])
    fp = np.array([0.0, np.inf, 2.0, -np.inf])
    check(pair, "interps", np.array([np.nan, 0.5, 1.0, 2.0, 3.0, 4.0, -1.0]), xp, fp, 0.25)
    check(pair, "interps", np.array([np.nan, 2.0]), np.array([1.0]), np.array([5.0]), 1.0)
    check(pair, "interp_ints", np.array([0, 3, 5, 9], np.int32), np.array([1, 4, 8]),
          np.array([0.5, 1.5, -1.0], np.float32))
    check_error(pair, "interps", np.ones(2), np.zeros(0), np.zeros(0), 1.0)
    check_error(pair, "interps", np.ones(2), np.zeros(2), np.zeros(3), 1.0)


@pytest.mark.parametrize("n,m", [(5, 3), (3, 5), (4, 4), (1, 6), (6, 1), (7, 2)])
def test_convolve(pair, n, m):
    a, v = ints((n,)), ints((m,))
    check(pair, "convolves", a, v)  # integer-valued floats: exact in any summation order
    check(pair, "convolves", a[::-1], v)
    check(pair, "int_convolve", ints((n,), np.int8, -128, 127), ints((m,), np.int16, -999, 999))
    check(pair, "bool_convolve", ints((n,)) > 0, ints((m,)) > 0)


def test_convolve_errors(pair):
    check_error(pair, "convolves", np.zeros(0), np.ones(2))
    check_error(pair, "convolves", np.ones(2), np.zeros(0))


@pytest.mark.parametrize("sa,sb", [((3,), (3,)), ((4, 3), (3,)), ((3,), (2, 3)),
                                   ((2, 1, 3), (4, 3)), ((0, 3), (3,))])
def test_cross(pair, sa, sb):
    check(pair, "crosses", ints(sa) / 4, ints(sb) / 8)
    check(pair, "int_cross", ints(sa, np.int32, -2**31, 2**31 - 1), ints(sb, np.int64))


def test_cross_errors(pair):
    check_error(pair, "crosses", np.ones(4), np.ones(3))
    check_error(pair, "crosses", np.ones((2, 3)), np.ones((3, 3)))


def test_isclose_allclose(pair):
    a = np.array([1.0, 1e-9, np.nan, np.inf, -np.inf, 1.05, 0.0])
    b = np.array([1.0 + 1e-6, 0.0, np.nan, np.inf, np.inf, 1.0, 1e-8])
    check(pair, "closeness", a, b)
    check(pair, "closeness", a[:, None], b)  # broadcast to 2-d
    check(pair, "closeness", a[:3], a[:3] + 1e-9)
    check_error(pair, "closeness", np.ones(2), np.ones(3))
    f = np.array([1.0, 1.0000001, 3.0], np.float32)
    check(pair, "close_f32", f, np.array([1.0, 1.0, 3.0000002], np.float32))
    check(pair, "close_ints", np.array([5, 6, 2**53 + 1]), np.array([5, 8, 7], np.int32))


def test_average(pair):
    for shape in [(3, 4), (1, 5), (2, 3, 2)]:
        a = ints(shape) / 4
        check(pair, "averages", a, ints(shape, lo=1) / 2)
        check(pair, "averages", a, np.zeros(shape))  # weights sum to zero
        check_error(pair, "averages", a, np.ones(shape[0]))  # shapes differ, no axis
    a = ints((3, 4), np.int32)
    check(pair, "averages_axis", a, np.array([1, 2, 0.5, 4], np.float32))
    check(pair, "averages_axis", a.T.copy().T, ints((3, 4), np.float32, 1))
    check_error(pair, "averages_axis", a, np.ones(3, np.float32))
    check_error(pair, "averages_axis", a, np.array([1, -1, 0, 0], np.float32))
    check(pair, "average_1d", np.array([1, 2, 4], np.float32), np.array([3, 2, 1], np.float32))
    check_error(pair, "average_1d", np.ones(3, np.float32), np.ones(2, np.float32))


def partitioned(result: np.ndarray, source: np.ndarray, k: int, axis: int | None) -> None:
    """result is a partition of source around its kth element (NumPy's guarantee)."""
    if axis is None:
        result, source, axis = result.reshape(-1, 1), source.reshape(-1, 1), 0
    lanes, want = np.moveaxis(result, axis, -1), np.sort(np.moveaxis(source, axis, -1), -1)
    kk = k % lanes.shape[-1]
    np.testing.assert_array_equal(lanes[..., kk], want[..., kk])
    np.testing.assert_array_equal(np.sort(lanes, -1), want)
    pivot = lanes[..., kk:kk + 1]
    assert ((lanes[..., :kk] <= pivot) | np.isnan(pivot)).all()  # NaN sorts last


def arg_partitioned(indices: np.ndarray, source: np.ndarray, k: int, axis: int | None) -> None:
    if axis is None:
        partitioned(source.reshape(-1)[indices], source, k, None)
    else:
        partitioned(np.take_along_axis(source, indices, axis), source, k, axis)


@pytest.mark.parametrize("shape", [(7,), (4, 5), (3, 4, 2)], ids=str)
@pytest.mark.parametrize("k", [0, 1, -1, -2])
def test_partition(pair, shape, k):
    a = RNG.permutation(np.prod(shape)).reshape(shape) / 3.0
    a.flat[1] = np.nan
    got = pair.native.partitions(a, k)
    assert [(g.dtype, g.shape) for g in got] == [
        (w.dtype, w.shape) for w in pair.python.partitions(a, k)]
    partitioned(got[0], a, k, -1)
    partitioned(got[1], a, k, None)
    arg_partitioned(got[2], a, k, 0)
    arg_partitioned(got[3], a, k, -1)
    b = ints(shape, np.int16)
    part, arg = pair.native.int_partition(b, k)
    partitioned(part, b, k, 0)
    arg_partitioned(arg, b, k, None)
    f = ints(shape, np.float32)
    g = f.copy()
    assert pair.native.partition_in_place(g, k) is g
    partitioned(g, f, k, -1)


def test_partition_errors(pair):
    check_error(pair, "partitions", np.ones((2, 3)), 3)
    check_error(pair, "partitions", np.ones((2, 3)), -4)
    frozen = np.ones(3, np.float32)
    frozen.flags.writeable = False
    check(pair, "partition_in_place", frozen, 0)
    check(pair, "kth_smallest", np.array([5.0, 1.0, 4.0, 2.0]), 2)
