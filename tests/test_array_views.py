"""Slices as views, whole-array arithmetic with broadcasting (fused into one loop), in-place
updates and the rank variants of entry points whose body leaves ranks open — compared with
CPython + NumPy running the same functions."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from support import Pair, build_pair
from support import check_arrays as check

KERNELS = Path(__file__).parent / "kernels" / "vector_kernels.py"
U = np.linspace(0.0, 1.0, 11) ** 2
IMG = (np.arange(24) * 11 % 256).astype(np.uint8).reshape(4, 6)


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory) -> Pair:
    return build_pair(tmp_path_factory.mktemp("views"), "vector_kernels", KERNELS)


@pytest.mark.parametrize("u", [U, U[::-1], U[::2], np.zeros(2), np.zeros(0)],
                         ids=["plain", "reversed", "strided", "short", "empty"])
def test_stencils_on_slices(pair, u):
    check(pair, "stencil", u, 0.3)
    check(pair, "heat", u.copy(), 5)  # u[1:-1] = f(u[:-2], u[2:]) reads the old values


def test_overlapping_assignment_reads_before_writing(pair):
    check(pair, "shift_right", np.arange(6, dtype=np.int16))
    check(pair, "shift_right", np.arange(12, dtype=np.int16)[::-2])


@pytest.mark.parametrize("w", [np.arange(4, dtype=np.float32), np.arange(3, dtype=np.float32),
                               np.ones(1, np.float32)])
def test_broadcasting_and_its_errors(pair, w):
    check(pair, "scale_columns", np.arange(12, dtype=np.float32).reshape(3, 4), w)
    check(pair, "broadcast_rows", np.arange(12.0).reshape(3, 4), w.astype(np.float64))


def test_comparisons_and_logic_give_bool_arrays(pair):
    for t in (0, 50, 255, 300, -1):
        check(pair, "threshold", IMG, t)
    check(pair, "threshold", IMG.T, 100)


def test_python_scalars_and_numpy_scalars_promote_like_numpy(pair):
    check(pair, "centered", np.arange(5.0))
    check(pair, "mixed", np.array([-3, 5, 127, -128], np.int8), np.array([200, 3, 255, 0],
                                                                           np.uint8))
    check(pair, "wrap", np.array([1, 100, 200, 255], np.uint8))
    check(pair, "negate_view", np.array([1.0, -2.0, 3.0]))


def test_in_place_updates_change_the_caller_s_array(pair):
    check(pair, "update", np.arange(4, dtype=np.int32), np.array([5, 6, 7, 8], np.int32))
    check(pair, "update", np.arange(4, dtype=np.int32), np.array([5, 6], np.int32))
    check(pair, "update", np.arange(8, dtype=np.int32)[::2], np.arange(4, dtype=np.int32))
    check(pair, "fill_border", np.zeros((4, 5)), 7.5)
    check(pair, "fill_border", np.zeros((1, 1)), 7.5)


@pytest.mark.parametrize("ij", [(1, 2), (-1, 0), (3, 2), (0, -5)])
def test_rows_and_columns_are_views(pair, ij):
    check(pair, "row_and_column", np.arange(12).reshape(3, 4), *ij)
    check(pair, "strided_sum", np.arange(30.0).reshape(5, 6))


@pytest.mark.parametrize(("a", "b"), [
    (np.array([7, -7, 5, 0]), np.array([2, 2, 0, 0])),
    (np.arange(6).reshape(2, 3), np.array([1, 2, 3])),
    (np.arange(24).reshape(2, 3, 4) + 1, np.arange(24).reshape(2, 3, 4) % 5 + 1),
    (np.arange(6).reshape(3, 2), np.arange(6).reshape(2, 3)),
])
def test_open_ranks_compile_one_variant_per_rank(pair, a, b):
    check(pair, "divide", a, b)
    check(pair, "mixed", a.astype(np.int8), b.astype(np.uint8))


def test_a_rank_beyond_the_compiled_ones_is_a_type_error(pair):
    a = np.ones((2, 2, 2, 2), np.int64)
    with pytest.raises(TypeError, match="argument 'a' must be an array of rank 1 to 3"):
        pair.native.divide(a, a)
    with pytest.raises(TypeError, match="argument 'a' must be an int64 array"):
        pair.native.divide([1, 2], a[0, 0])


def test_new_axes_and_ellipsis(pair):
    a, b = np.arange(3.0), np.arange(4.0)[::-1]
    check(pair, "outer_difference", a, b)
    m = np.arange(24.0).reshape(2, 3, 4)
    check(pair, "first_of_last_axis", m)
    check(pair, "first_of_last_axis", m[0].T)
    check(pair, "first_of_last_axis", np.zeros((2, 0)))  # IndexError
    check(pair, "clear", m.transpose(2, 0, 1))
    check(pair, "pairwise_distances", np.linspace(0.0, 1.0, 15).reshape(5, 3) ** 2)
    check(pair, "element_as_array", a, -1)
    check(pair, "element_as_array", a, 3)  # IndexError


def test_names_and_slices_of_reduced_arrays(pair):
    x = np.arange(12.0).reshape(3, 4)
    check(pair, "center_rows", x)
    check(pair, "center_rows", x.T)
    check(pair, "centred_outer", x, 2.0)


def test_augmented_assignment_to_slices(pair):
    check(pair, "bump_tail", np.arange(5.0))
    check(pair, "bump_columns", np.arange(12.0).reshape(3, 4))
    check(pair, "bump_columns", np.arange(12.0).reshape(4, 3).T)  # a view: updated in place


def test_like_with_a_dtype_and_numpy_constants(pair):
    check(pair, "bytes_like", np.arange(6.0).reshape(2, 3)[:, ::-1])
    check(pair, "numpy_constants", np.array([-1.0, 0.0, 2.0]))
