"""Reductions (whole array and per axis), array methods and NumPy ufuncs, compared with
CPython + NumPy running the same functions. Kernels built on transcendental functions
(exp, sin) are compared within a few ulp: NumPy's own SIMD versions of them differ from the
C library's by that much; everything else must be identical."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

from support import Pair, build_pair
from support import check_arrays as check

KERNELS = Path(__file__).parent / "kernels" / "reduce_kernels.py"
RNG = np.random.default_rng(3)
X = RNG.normal(size=1000)
F32 = RNG.normal(size=301).astype(np.float32)
M = RNG.normal(size=(7, 5))


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory) -> Pair:
    return build_pair(tmp_path_factory.mktemp("reductions"), "reduce_kernels", KERNELS)


def check_close(pair: Pair, func: str, *args: Any, rtol: float) -> None:
    expected = getattr(pair.python, func)(*args)
    got = getattr(pair.native, func)(*args)
    assert type(got) is type(expected) and got.dtype == expected.dtype
    np.testing.assert_allclose(got, expected, rtol=rtol, atol=0)


@pytest.mark.parametrize("x", [X, X[::3], X[::-1], np.zeros(0), X[:7], X.reshape(10, 100),
                               X.reshape(10, 100).T, X.reshape(10, 10, 10)[:, ::2]],
                         ids=lambda a: f"{a.shape}{a.strides}")
def test_sums_match_numpy_bit_for_bit(pair, x):
    check(pair, "total", x)


@pytest.mark.parametrize("x", [F32, F32[::-2], np.zeros(0, np.float32),
                               np.array([np.nan, 1.0], np.float32)], ids=str)
def test_min_max_mean_and_empty_arrays(pair, x):
    check(pair, "stats", x)


@pytest.mark.parametrize("x", [np.array([3, -7, 100, 2], np.int8), np.zeros(0, np.int8),
                               np.full(50, 127, np.int8), np.array([-128], np.int8)], ids=str)
def test_integer_reductions_widen_and_wrap_like_numpy(pair, x):
    check(pair, "int_sums", x)


@pytest.mark.parametrize("m", [M, M.T, RNG.normal(size=(3, 4, 5)), np.zeros((0, 3))],
                         ids=lambda a: str(a.shape))
def test_reductions_along_an_axis(pair, m):
    check(pair, "per_axis", m)
    check(pair, "row_means", m)


def test_any_all(pair):
    for m in (np.array([True, False]), np.zeros((2, 3), bool), np.ones(4, bool),
              np.zeros(0, bool)):
        check(pair, "flags", m)


def test_methods(pair):
    check(pair, "as_float", np.arange(256, dtype=np.uint8))
    check(pair, "as_float", np.arange(256, dtype=np.uint8)[::-7])
    check(pair, "transposed_copy", np.arange(6, dtype=np.int32).reshape(2, 3))


def test_exact_ufuncs(pair):
    check(pair, "normalize", F32)
    check(pair, "distances", M, M[::-1])
    check(pair, "clipped", np.linspace(-3, 3, 13), -0.5, 2.0)
    check(pair, "clipped", np.array([np.nan, -0.0, 5.0]), 0.0, np.nan)


def test_transcendental_ufuncs_within_ulps(pair):
    check_close(pair, "softmax", X[:50], rtol=4e-15)
    check_close(pair, "softmax", M, rtol=4e-15)
    expected = pair.python.scalar_math(F32[:20])
    got = pair.native.scalar_math(F32[:20])
    assert type(got) is np.float32 and abs(got - expected) <= 4 * np.spacing(expected)


@pytest.mark.parametrize("m", [M, M.T, M[::-1, ::2], np.zeros((0, 3))],
                         ids=lambda a: f"{a.shape}{a.strides}")
def test_keepdims_keeps_the_reduced_axes(pair, m):
    check(pair, "kept", m)


@pytest.mark.parametrize("m", [RNG.normal(size=(4, 6)).astype(np.float32),
                               RNG.normal(size=(6, 4)).astype(np.float32).T],
                         ids=lambda a: f"{a.shape}{a.strides}")
def test_standardize_rows_with_keepdims(pair, m):
    check(pair, "normalized_rows", m)


@pytest.mark.parametrize("m", [RNG.integers(-300, 300, size=(5, 3)).astype(np.int16),
                               np.zeros((1, 4), np.int16)], ids=lambda a: str(a.shape))
def test_var_and_std_along_an_axis(pair, m):
    check(pair, "spread_axes", m)
