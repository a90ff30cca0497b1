"""NumPy arrays in and out (first slice): element loops over every dtype, compared with the
same functions run by CPython + NumPy. Arrays passed in are copied for each side, and what a
kernel writes into them is compared too."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from hatch_pyaot import is_compiled
from support import Pair, build_pair
from support import check_arrays as check

KERNELS = Path(__file__).parent / "kernels" / "array_kernels.py"


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory) -> Pair:
    return build_pair(tmp_path_factory.mktemp("arrays"), "array_kernels", KERNELS)


RNG = np.random.default_rng(7)
F64 = RNG.normal(size=(5, 6))


def layouts(a: np.ndarray) -> list[np.ndarray]:
    """The same data C-contiguous, Fortran-ordered, strided and reversed."""
    out = [a, np.asfortranarray(a), a[::-1]]
    if a.ndim == 2:
        out += [a.T, a[::2, ::-1], a[:, 1:]]
    else:
        out += [a[::2], a[1:]]
    return out


def test_everything_is_native(pair):
    names = [n for n in dir(pair.native) if not n.startswith("_") and callable(
        getattr(pair.native, n)) and getattr(pair.native, n).__module__ == "array_kernels"]
    assert names and all(is_compiled(getattr(pair.native, n)) for n in names)


@pytest.mark.parametrize("x", layouts(F64), ids=lambda a: str(a.strides))
def test_reading_every_layout(pair, x):
    check(pair, "total2d", x)
    check(pair, "laplacian", x)
    check(pair, "scale", np.ascontiguousarray(x[0], dtype=np.float32)[::-1], 1.5)


def test_results_are_numpy_scalars_of_the_right_type(pair):
    assert type(check(pair, "total2d", F64)) is np.float64
    assert type(check(pair, "float32_sum", np.array([1.5, 2.25, 1e-3], np.float32))) is np.float32
    assert type(check(pair, "abs_total", np.array([-5, 3, -(2**63)]))) is np.int64
    check(pair, "last", np.array([1.0, np.nan]))


def test_integer_arithmetic_wraps_like_numpy(pair):
    u8 = np.array([0, 1, 127, 128, 200, 255], np.uint8)
    check(pair, "add_u8", u8, u8[::-1].copy())
    i32 = np.array([7, -7, 5, -(2**31), 2**31 - 1, 0, -1], np.int32)
    d32 = np.array([2, 2, 0, -1, -1, 0, 3], np.int32)
    check(pair, "int_ops", i32, d32)
    check(pair, "negate", np.array([-128, -1, 0, 5, 127], np.int8))
    img = (np.arange(8 * 24) * 37 % 256).astype(np.uint8).reshape(8, 24)
    check(pair, "histogram", img, 16)
    check(pair, "histogram", img.T, 7)


def test_mixed_dtypes_promote_like_numpy(pair):
    a = np.array([-128, -3, 0, 100, 127], np.int8)
    b = np.array([255, 200, 0, 3, 1], np.uint8)
    check(pair, "mixed_dtypes", a, b)
    check(pair, "count_above", np.array([1, 5, -3, 9, 32767, -32768], np.int16), 2)
    check(pair, "count_true", np.array([True, False, True, True]))


def test_writes_are_seen_by_the_caller(pair):
    check(pair, "fill", np.zeros(5, np.int64), 40)
    check(pair, "fill", np.zeros(5, np.int64)[::-2], -3)
    x = np.ones(3)
    assert pair.native.same_array(x) is x and x[0] == 2.0
    check(pair, "same_array", np.arange(4.0)[::2])


@pytest.mark.parametrize("value", [2.7, -2.7, 32767.9, 40000.0, float("nan"), float("inf"),
                                   -1e30])
def test_storing_a_float_follows_numpy(pair, value):
    check(pair, "store", np.zeros(3, np.int16), 1, value)


@pytest.mark.parametrize("value", [0, 255, 256, -1, 2**40])
def test_storing_an_int_follows_numpy(pair, value):
    check(pair, "store_int", np.zeros(2, np.uint8), value)


@pytest.mark.parametrize("ij", [(0, 0), (1, 2), (-1, -1), (-2, -3), (2, 0), (0, 3), (-3, 0)])
def test_indices_negative_and_out_of_bounds(pair, ij):
    x = np.arange(6, dtype=np.int8).reshape(2, 3)
    check(pair, "get", x, *ij)
    check(pair, "get", x.T.copy().T, *ij)


def test_out_of_bounds_message_is_numpy_s(pair):
    with pytest.raises(IndexError, match="index 2 is out of bounds for axis 0 with size 2"):
        pair.native.get(np.zeros((2, 3), np.int8), 2, 0)
    with pytest.raises(IndexError):
        pair.native.last(np.zeros(0))


def test_creation_and_attributes(pair):
    check(pair, "make", 3, 4)
    check(pair, "make", 0, 4)
    check(pair, "make", -1, 4)
    check(pair, "make_full", 5)
    check(pair, "make_ones", 3)
    check(pair, "shape_info", np.zeros((2, 3, 4), np.float32))
    check(pair, "shape_info", np.zeros((5, 0, 1), np.float32))


@pytest.mark.parametrize(("arg", "message"), [
    (np.zeros((2, 2), np.float32), "must be a float64 array of rank 2, not float32 array"),
    (np.zeros(3), "must be a float64 array of rank 2, not float64 array of rank 1"),
    ([[1.0]], "must be a float64 array of rank 2, not list"),
    (np.zeros((2, 2), ">f8"), "byte order"),
    (np.zeros((2, 2), object), "total2d() argument 'x'"),
])
def test_bad_arguments_raise_type_errors_naming_the_parameter(pair, arg, message):
    with pytest.raises(TypeError) as info:
        pair.native.total2d(arg)
    assert message in str(info.value)
    assert "'x'" in str(info.value)


def test_read_only_array_cannot_be_written(pair):
    x = np.zeros(3, np.int64)
    x.flags.writeable = False
    check(pair, "fill", x, 1)
