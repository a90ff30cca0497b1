"""Sorting and searching (np.sort, a.sort(), np.argsort, np.median, np.diff,
np.searchsorted, np.unique, np.nonzero, np.flatnonzero, np.argwhere, np.count_nonzero)
compiled and compared with CPython + NumPy running the same kernels
(tests/kernels/sort_kernels.py). The runtime itself is tested on every dtype and layout in
tests/test_numpy_sort.py."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from support import Pair, build_pair
from support import check_arrays as check

KERNELS = Path(__file__).parent / "kernels" / "sort_kernels.py"
RNG = np.random.default_rng(11)


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory) -> Pair:
    return build_pair(tmp_path_factory.mktemp("sorting"), "sort_kernels", KERNELS)


def distinct(shape: tuple[int, ...]) -> np.ndarray:
    """Values without ties, so that NumPy's default (unstable) argsort agrees."""
    return RNG.permutation(int(np.prod(shape))).reshape(shape) / 7.0 - 3.0


@pytest.mark.parametrize("a", [distinct((4, 5)), distinct((5, 4)).T, distinct((4, 6))[::-1, ::2],
                               np.zeros((0, 3)), np.array([[np.nan, 1.0, -np.inf, 0.5]])],
                         ids=lambda a: f"{a.shape}{a.strides}")
def test_sort_and_argsort(pair, a):
    check(pair, "sorts", a)


def test_argsort_is_stable(pair):
    check(pair, "int_argsort", np.array([3, 1, 3, 1, 2, 3, 1], np.int32))


def test_sort_in_place_sorts_a_view(pair):
    check(pair, "sort_in_place", distinct((5, 4)).astype(np.float32))
    a = np.zeros((2, 3), np.float32)
    a.flags.writeable = False
    check(pair, "sort_in_place", a)  # ValueError: read-only


@settings(max_examples=40, deadline=None)
@given(hnp.arrays(np.int16, hnp.array_shapes(min_dims=2, max_dims=2, max_side=6),
                  elements=st.integers(-1000, 1000)))
def test_median_matches_numpy(pair, a):
    check(pair, "medians", a)


@pytest.mark.parametrize("x", [np.array([2.5, np.nan, 1.0], np.float32),
                               np.array([1.0, 4.0], np.float32), np.zeros(0, np.float32)],
                         ids=str)
def test_float32_median(pair, x):
    check(pair, "float_median", x)


@pytest.mark.parametrize("n", [0, 1, 2, 5, -1])
def test_diff(pair, n):
    check(pair, "diffs", np.arange(0, 255, 17, dtype=np.uint8)[::-1].reshape(3, 5), n)
    check(pair, "bool_diff", np.array([True, True, False, True]))


def test_searchsorted_and_a_histogram(pair):
    edges = np.array([0.0, 1.0, 2.5, 4.0])
    check(pair, "search", edges, np.array([-1.0, 1.0, 2.0, 4.0, 9.0, np.nan]), 2.5)
    check(pair, "histogram", RNG.normal(2, 2, 1000), edges)


@pytest.mark.parametrize("m", [np.array([[0, 3, 0], [1, 0, 3]], np.int8), np.zeros((0, 3), np.int8),
                               RNG.integers(-2, 3, (6, 5)).astype(np.int8).T],
                         ids=lambda a: f"{a.shape}{a.strides}")
def test_unique_and_nonzero(pair, m):
    check(pair, "nonzeros", m)


def test_unique_collapses_nans_and_nonzero_method(pair):
    check(pair, "unique_floats", np.array([2.0, np.nan, 1.0, 2.0, np.nan, -0.5]))
    check(pair, "nonzero_method", np.array([0.0, -1.5, np.nan, 0.0], np.float32))
