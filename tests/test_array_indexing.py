"""Advanced indexing (boolean masks, integer index arrays), read and assigned, compiled and
compared with CPython + NumPy running the same kernels (tests/kernels/index_kernels.py). The
runtime itself is tested on every layout in tests/test_numpy_advanced.py."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from support import Pair, build_pair
from support import check_arrays as check

KERNELS = Path(__file__).parent / "kernels" / "index_kernels.py"
RNG = np.random.default_rng(5)


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory) -> Pair:
    return build_pair(tmp_path_factory.mktemp("indexing"), "index_kernels", KERNELS)


@settings(max_examples=30, deadline=None)
@given(hnp.arrays(np.uint8, hnp.array_shapes(min_dims=1, max_dims=3, max_side=5)),
       st.integers(0, 255))
def test_threshold_an_image_of_any_rank(pair, img, level):
    check(pair, "threshold", img, level)


def test_masks(pair):
    a = RNG.normal(size=7)
    check(pair, "masked", a, a > 0)
    check(pair, "masked", a, np.zeros(7, bool))
    check(pair, "masked", a, np.ones(6, bool))  # IndexError: shapes differ
    check(pair, "masked", a[::-2], (a > 0)[::2])
    check(pair, "positive_mean", a)
    check(pair, "mask_from_values", a, RNG.normal(size=7))
    check(pair, "mask_from_values", a, RNG.normal(size=3))  # broadcast error
    check(pair, "reversed_assign", np.array([1.0, -2.0, 3.0, 4.0]))


def test_masks_on_rows(pair):
    a = RNG.normal(size=(4, 3)).astype(np.float32)
    keep = np.array([True, False, True, True])
    check(pair, "rows", a, keep)
    check(pair, "rows", a.T, keep[:3])
    check(pair, "set_rows", a, keep, 2.5)
    check(pair, "set_rows", a, keep[:2], 2.5)  # IndexError


def test_integer_index_arrays(pair):
    a = np.arange(10, dtype=np.int32) * 3
    check(pair, "take", a, np.array([0, -1, 3, 3]))
    check(pair, "take", a, np.array([[1, 2], [9, -10]]))
    check(pair, "take", a, np.array([10]))  # IndexError
    check(pair, "take", a, np.zeros(0, np.int64))
    check(pair, "take_rows", RNG.normal(size=(5, 2)), np.array([4, 0, -2], np.int16))
    check(pair, "scatter", np.zeros(6, np.int64), np.array([1, 3, 1]), np.array([7, 8, 9]))
    check(pair, "scatter", np.zeros(6, np.int64), np.array([1, 3]), np.array([7, 8, 9]))
    check(pair, "scatter", np.zeros(6, np.int64), np.array([6]), np.array([1]))


def test_lookup_table_on_an_image(pair):
    table = (255 - np.arange(256)).astype(np.uint8)
    check(pair, "lookup", table, RNG.integers(0, 256, (4, 5)).astype(np.uint8))


def test_a_tuple_held_in_a_name_is_the_indices(pair):
    """a[idx] with idx = (i, j), or a tuple parameter: NumPy takes the tuple's items as the
    indices, one per axis (IndexError past an axis' end), read and assigned."""
    a = RNG.normal(size=(3, 4))
    for i, j in ((1, 2), (-1, -4), (3, 0), (0, -5)):
        check(pair, "at_pair", a, i, j)
        check(pair, "set_at", a.copy(), (i, j), 7.5)
    for i in (0, 2, -3, 3):
        check(pair, "row_of", a, (i,))
    check(pair, "row_of", a[::-1, ::2], (1,))
