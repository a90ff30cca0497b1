"""np.transpose, np.swapaxes, np.moveaxis, np.atleast_1d/2d/3d, np.rot90, np.flipud,
np.fliplr (views), np.tril, np.triu, np.tri, np.trace, np.diag and np.copy compiled
(tests/kernels/axes_views_kernels.py, runtime pyaot/numpy/axes.hpp) and compared with
CPython + NumPy: values, dtypes, what writing through a view does to the array, errors."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from support import Pair, build_pair, check_error
from support import check_arrays as check

KERNELS = Path(__file__).parent / "kernels" / "axes_views_kernels.py"
RNG = np.random.default_rng(9)


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory) -> Pair:
    return build_pair(tmp_path_factory.mktemp("axes_views"), "axes_views_kernels", KERNELS)


def values(shape: tuple[int, ...], dtype: type = np.float64) -> np.ndarray:
    return RNG.integers(-50, 50, size=shape).astype(dtype)


@pytest.mark.parametrize("shape", [(2, 3, 4), (1, 0, 3), (3, 3, 3)], ids=str)
def test_reorder(pair, shape):
    check(pair, "reorder", values(shape))
    check(pair, "reorder", values(shape)[::-1])


@pytest.mark.parametrize("shape", [(2, 3, 4), (1, 0, 3)], ids=str)
def test_transpose_method(pair, shape):
    check(pair, "transpose_methods", values(shape))
    check(pair, "transpose_methods", values(shape)[:, ::-1])
    check_error(pair, "bad_transpose_method", values(shape))


def test_views_write_through(pair):
    check(pair, "views_write", values((3, 4), np.int32))
    check(pair, "views_write", values((4, 3), np.int32).T)
    check_error(pair, "bad_transpose", values((2, 2)))


def test_atleast(pair):
    check(pair, "at_least", values((4,), np.float32), values((2, 3), np.float32))


@pytest.mark.parametrize("k", [0, 1, 2, 3, -1, 6])
def test_rot90_flips(pair, k):
    check(pair, "rotations", values((3, 5), np.int64), k)
    check(pair, "rotations", values((2, 4), np.int64)[:, ::-1], k)
    check(pair, "rotate_3d", values((2, 3, 4), np.uint8), k)


@pytest.mark.parametrize("shape", [(4,), (3, 5), (5, 3), (2, 3, 3)], ids=str)
@pytest.mark.parametrize("k", [0, 1, 2, -3])
def test_triangles(pair, shape, k):
    check(pair, "triangles", values(shape), k)
    check(pair, "tris", shape[-1], shape[0], k)


def test_tri_negative_sizes(pair):
    check(pair, "tris", -1, 2, 0)
    check(pair, "tris", 3, -2, 1)


@pytest.mark.parametrize("k", [0, 1, 3, 7])
def test_trace_diag(pair, k):
    check(pair, "traces", values((4, 6)) / 3, k)
    check(pair, "traces", values((40, 30)).T / 7, k)
    check(pair, "int_trace", values((5, 5), np.int8) * 3)
    check(pair, "diags", values((3,), np.int16), k)
    check(pair, "diags", values((0,), np.int16), -k)


def test_copy(pair):
    check(pair, "copies", values((3, 2)))
