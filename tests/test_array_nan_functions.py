"""np.nansum, np.nanprod, np.nanmax, np.nanmin, np.nanargmax, np.nanargmin, np.nanmean,
np.nancumsum, np.nancumprod and np.nan_to_num compiled (tests/kernels/nan_kernels.py,
runtime pyaot/numpy/nan.hpp) and compared with CPython + NumPy bit for bit, with NaNs
anywhere, lanes of NaNs only, and NumPy's ValueError for an all-NaN argmax."""

from __future__ import annotations

import warnings
from pathlib import Path

import numpy as np
import pytest

from support import Pair, build_pair, check_error
from support import check_arrays as check

KERNELS = Path(__file__).parent / "kernels" / "nan_kernels.py"
RNG = np.random.default_rng(13)


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory) -> Pair:
    return build_pair(tmp_path_factory.mktemp("nan_functions"), "nan_kernels", KERNELS)


def with_nans(shape: tuple[int, ...], dtype: type = np.float64, share: float = 0.3) -> np.ndarray:
    a = RNG.standard_normal(shape).astype(dtype)
    a[RNG.random(shape) < share] = np.nan
    return a


@pytest.fixture(autouse=True)
def quiet():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # NumPy's All-NaN and empty warnings
        yield


@pytest.mark.parametrize("shape", [(7,), (3, 4), (40, 50), (2, 3, 4)], ids=str)
def test_nan_whole(pair, shape):
    check(pair, "nan_whole", with_nans(shape))
    check(pair, "nan_whole", with_nans(shape).T)
    check(pair, "nan_args", with_nans(shape, np.float32, 0.2))


def test_nan_only(pair):
    check(pair, "nan_whole", np.full((2, 2), np.nan))
    check(pair, "nan_whole", np.zeros(0))
    check_error(pair, "nan_args", np.full(3, np.nan, np.float32))


@pytest.mark.parametrize("shape", [(3, 4), (50, 40), (1, 5)], ids=str)
def test_nan_axis(pair, shape):
    a = with_nans(shape, np.float32)
    a[0] = np.nan  # a lane of NaNs only along axis 1
    check(pair, "nan_axis", a)
    check(pair, "nan_axis", a[::-1, ::2])
    b = with_nans(shape, share=0.2)
    b[:, 0] = 1.0  # no all-NaN lane along axis 0 ...
    b[0, :] = 2.0  # ... nor along axis 1
    check(pair, "nan_arg_axis", b)
    check_error(pair, "nan_arg_axis", np.full(shape, np.nan))


def test_nan_ints_are_plain(pair):
    check(pair, "nan_ints", RNG.integers(-99, 99, size=11).astype(np.int16))


def test_nan_to_num(pair):
    a = np.array([np.nan, np.inf, -np.inf, 1.5, -0.0, 3e38, -3e38])
    check(pair, "to_num", a)
    check(pair, "to_num", a.reshape(1, 7).T)
    check(pair, "to_num_f32", a.astype(np.float32))
