"""np.roll, np.repeat, np.tile, np.take, np.put, np.pad and np.meshgrid compiled
(tests/kernels/rearrange_kernels.py, runtime pyaot/numpy/rearrange.hpp) and compared with
CPython + NumPy running the same kernels: values, dtypes, the arrays afterwards, and NumPy's
exceptions with their messages, across dtypes, ranks 1 to 3 and layouts."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from support import Pair, build_pair, check_error
from support import check_arrays as check

KERNELS = Path(__file__).parent / "kernels" / "rearrange_kernels.py"
RNG = np.random.default_rng(5)


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory) -> Pair:
    return build_pair(tmp_path_factory.mktemp("rearranging"), "rearrange_kernels", KERNELS)


def values(shape: tuple[int, ...], dtype: type = np.float64) -> np.ndarray:
    return RNG.integers(-50, 50, size=shape).astype(dtype)


SHAPES = [(5,), (0,), (3, 4), (4, 3)[::-1], (2, 3, 4), (1, 0, 2)]
LAYOUTS = {"c": lambda a: a, "t": lambda a: a.T, "r": lambda a: a[::-1],
           "s": lambda a: a[::2]}


@pytest.mark.parametrize("shape", SHAPES, ids=str)
@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("k", [0, 2, -7, 13])
def test_roll(pair, shape, layout, k):
    check(pair, "rolls", LAYOUTS[layout](values(shape)), k)


def test_roll_ints_and_errors(pair):
    check(pair, "int_rolls", values((3, 5), np.int16), 4)
    check(pair, "roll_1d", values((6,), np.uint8), -1)
    a = values((6, 7))
    check(pair, "image_shift", a)


@pytest.mark.parametrize("shape", [(4,), (2, 3), (2, 2, 3), (0, 3)], ids=str)
def test_repeat(pair, shape):
    for n in (0, 1, 3):
        check(pair, "repeats", values(shape, np.int32), n)
    # numpy's error is its allocation's: a negative count of no elements is none
    (check_error if 0 not in shape else check)(pair, "repeats", values(shape, np.int32), -1)


def test_repeat_counts(pair):
    a = values((2, 3), np.float32)
    check(pair, "repeat_counts", a, np.array([1, 0, 2]))
    check(pair, "repeat_counts", a.T.copy()[:, :1].T, np.array([3]))  # one count for all
    check_error(pair, "repeat_counts", a, np.array([1, 2]))
    check_error(pair, "repeat_counts", a, np.array([1, -1, 2]))


@pytest.mark.parametrize("shape", [(3,), (2, 3), (2, 1, 2), (0,)], ids=str)
def test_tile(pair, shape):
    for n in (0, 1, 2):
        check(pair, "tiles", LAYOUTS["r"](values(shape)), n)
    (check_error if 0 not in shape else check)(pair, "tiles", values(shape), -1)
    check(pair, "tile_bool", values(shape) > 0)


def test_take(pair):
    a = values((4, 5), np.int64)
    check(pair, "takes", a, np.array([0, -1, 3], np.int32))
    check(pair, "takes", a.T, np.array([], np.int32))
    check(pair, "takes", values((3, 2, 4), np.int64), np.array([1, 0], np.int32))
    check(pair, "takes", values((7,), np.int64), np.array([6, -7, 2], np.int32))
    check_error(pair, "takes", a, np.array([0, 20], np.int32))
    check_error(pair, "takes", a, np.array([-21, 0], np.int32)[::-1])
    check(pair, "take_2d_indices", values((3, 4)), np.array([[0, 1], [3, -2]]))
    check_error(pair, "take_2d_indices", values((3, 4)), np.array([[0, 1], [3, 4]]))


def test_put(pair):
    for shape in [(3, 4), (4, 6)]:
        for layout in LAYOUTS:
            a = LAYOUTS[layout](values(shape))
            check(pair, "puts", a, np.array([0, -1, 5]), np.array([9.0, 8.0]))
            check(pair, "puts", a, np.array([1, 2]), np.zeros(0))
    check_error(pair, "puts", values((2, 3)), np.array([6]), np.ones(1))
    check_error(pair, "puts", values((0, 3)), np.array([0]), np.ones(1))
    frozen = values((2, 3))
    frozen.flags.writeable = False
    check(pair, "puts", frozen, np.array([0]), np.ones(1))
    check(pair, "put_scalar", values((5,), np.int8), np.array([4, 0, 4]), 7)
    check(pair, "put_scalar", values((2, 3, 2), np.int8)[:, ::-1], np.array([11, -12]), -3)


@pytest.mark.parametrize("n", [0, 1, 2, 5, 9])
def test_pad(pair, n):
    check(pair, "pads", values((4,)), n)
    check(pair, "pads", values((1,)), n)
    check(pair, "pads_2d", values((3, 4), np.int32), n)
    check(pair, "pads_2d", LAYOUTS["t"](values((3, 2), np.int32)), n)
    check(pair, "pad_3d", values((2, 3, 2), np.uint8) + 50)


def test_pad_errors(pair):
    check_error(pair, "pads", values((4,)), -1)
    check_error(pair, "pads", values((0,)), 1)  # edge of an empty axis
    check(pair, "pads", values((0,)), 0)


def test_meshgrid(pair):
    check(pair, "grids", values((3,)), values((4,), np.int64))
    check(pair, "grids", values((0,)), values((2,), np.int64)[::-1])
    x = values((2,), np.float32)
    check(pair, "grid_3", x, values((3,), np.float32), values((4,), np.float32))
