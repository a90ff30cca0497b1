"""np.digitize, np.ediff1d, np.trapezoid, np.polyval, np.vander, np.logspace, np.ptp and
np.append compiled (tests/kernels/series_kernels.py, runtime pyaot/numpy/series.hpp) and
compared with CPython + NumPy: values bit for bit, dtypes, NumPy's errors."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from support import Pair, build_pair, check_error
from support import check_arrays as check

KERNELS = Path(__file__).parent / "kernels" / "series_kernels.py"
RNG = np.random.default_rng(17)


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory) -> Pair:
    return build_pair(tmp_path_factory.mktemp("series"), "series_kernels", KERNELS)


@pytest.mark.parametrize("bins", [np.array([0.0, 1.0, 2.5, 4.0]), np.array([4.0, 2.5, 1.0]),
                                  np.array([1.0, 1.0, 2.0]), np.array([2.0]), np.zeros(0)],
                         ids=str)
def test_digitize(pair, bins):
    x = np.array([[-1.0, 0.0, 1.0, 2.0], [2.5, 3.0, 4.0, np.nan]])
    check(pair, "digitizes", x, bins)
    check(pair, "digitizes", x.T, bins)


def test_digitize_not_monotonic(pair):
    check_error(pair, "digitizes", np.ones(3), np.array([1.0, 3.0, 2.0]))


def test_ediff1d(pair):
    check(pair, "ediffs", RNG.integers(0, 255, size=(3, 4)).astype(np.uint8))
    check(pair, "ediffs", np.zeros(1, np.uint8))


@pytest.mark.parametrize("n", [0, 1, 2, 7, 30])
def test_trapezoid(pair, n):
    y, x = RNG.standard_normal(n), np.sort(RNG.standard_normal(n))
    check(pair, "trapezoids", y, x)
    check(pair, "trapezoids", y[::-1], x)
    check(pair, "int_trapezoid", RNG.integers(-9, 9, size=n).astype(np.int32))
    if n > 2:
        check_error(pair, "trapezoids", y, x[:-1])
    check(pair, "trapezoids", y, x[:2])  # one spacing, broadcast


def test_polyval(pair):
    p = np.array([3, -2, 0, 5], np.int32)
    x = RNG.standard_normal((2, 3))
    check(pair, "polyvals", p, x, 0.75)
    # (an empty p: NumPy gives a 0-d array for a number x, compiled a float64 scalar)
    check(pair, "int_polyval", p.astype(np.int64), RNG.integers(-5, 5, size=(3, 2)))


@pytest.mark.parametrize("n", [0, 1, 3, 6])
def test_vander(pair, n):
    check(pair, "vanders", RNG.standard_normal(4).astype(np.float32), n)
    check(pair, "int_vander", RNG.integers(-100, 100, size=5).astype(np.int8))
    check_error(pair, "vanders", np.ones(2, np.float32), -1)


@pytest.mark.parametrize("n", [0, 1, 5, 50])
def test_logspace(pair, n):
    """Within 1 ulp: NumPy's power of float64 is its own vectorized code, not libm's pow."""
    for start, stop in ((-2.0, 3.5), (1.0, 0.0)):
        got, want = pair.native.logspaces(start, stop, n), pair.python.logspaces(start, stop, n)
        for g, w in zip(got, want, strict=True):
            assert g.dtype == w.dtype and g.shape == w.shape
            np.testing.assert_array_max_ulp(g, w, 1)


def test_ptp(pair):
    check(pair, "ptps", np.array([[-128, 127, 0], [5, 5, 5]], np.int8))
    check(pair, "ptps", RNG.integers(-9, 9, size=(4, 3)).astype(np.int8).T)
    check_error(pair, "ptps", np.zeros((0, 2), np.int8))


def test_append(pair):
    a, b = RNG.standard_normal((2, 3)), RNG.integers(0, 9, size=(1, 3)).astype(np.int32)
    check(pair, "appends", a, b)
    check(pair, "appends", a.T.copy().T, b)
    check_error(pair, "appends", a, np.ones((1, 2), np.int32))
