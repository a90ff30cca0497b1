"""np.isin, np.intersect1d, np.union1d, np.setdiff1d, np.setxor1d and np.array_equal
compiled (tests/kernels/set_kernels.py, runtime pyaot/numpy/sets.hpp) and compared with
CPython + NumPy, NaNs included."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from support import Pair, build_pair
from support import check_arrays as check

KERNELS = Path(__file__).parent / "kernels" / "set_kernels.py"


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory) -> Pair:
    return build_pair(tmp_path_factory.mktemp("sets"), "set_kernels", KERNELS)


# (no -0.0: which of equal zeros numpy.unique keeps depends on its unstable sort)
SMALL = st.sampled_from([0.0, 1.0, -2.0, 2.5, np.nan, 7.0])


@settings(max_examples=60, deadline=None)
@given(hnp.arrays(np.float64, hnp.array_shapes(min_dims=2, max_dims=2, min_side=0, max_side=4),
                  elements=SMALL),
       hnp.arrays(np.float64, st.integers(0, 6), elements=SMALL))
def test_float_sets_match_numpy(pair, a, b):
    check(pair, "set_ops", a, b)


@settings(max_examples=40, deadline=None)
@given(hnp.arrays(np.int8, st.integers(0, 8), elements=st.integers(-3, 3)),
       hnp.arrays(np.int64, st.integers(0, 8), elements=st.integers(-3, 300)))
def test_int_sets_match_numpy(pair, a, b):
    check(pair, "int_sets", a, b)


def test_array_equal(pair):
    a = np.array([[1.0, 2.0], [3.0, 4.0]])
    check(pair, "equal", a, a.astype(np.int32))
    check(pair, "equal", a, a.T.astype(np.int32))
    check(pair, "equal", a, np.ones((2,), np.int32))
    check(pair, "equal", a[:1], np.ones((2, 2), np.int32))
    n = np.array([1.0, np.nan])
    check(pair, "equal_nan", n, n.copy())
    check(pair, "equal_nan", n, n[::-1])
