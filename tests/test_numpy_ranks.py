"""Ranks: stated with NumPy's shape typing and checked at the call; ``x[i]`` of an n-d array
as an (n-1)-d view; slices keeping trailing axes; several open-rank arrays broadcast with
one variant per rank (typing/ranks.py, typing/rank_broadcast.py). Compiled and compared
with CPython + NumPy running the same kernels (tests/kernels/rank_kernels.py)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from support import Pair, assert_refused, build_pair, check_error
from support import check_arrays as check

KERNELS = Path(__file__).parent / "kernels" / "rank_kernels.py"
RNG = np.random.default_rng(12)


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory) -> Pair:
    return build_pair(tmp_path_factory.mktemp("ranks"), "rank_kernels", KERNELS)


def test_a_stated_rank_is_checked_at_the_call(pair):
    check(pair, "doubled_total", RNG.normal(size=(3, 4)))
    check(pair, "doubled_total", RNG.normal(size=(5, 2))[::2, ::-1])
    check(pair, "scaled_rows", RNG.normal(size=(2, 3)), 1.5)
    for shape in [(3,), (2, 2, 2), ()]:
        with pytest.raises(TypeError, match=rf"argument 'a' must be a float64 array of rank 2, "
                                            rf"not float64 array of rank {len(shape)}"):
            pair.native.doubled_total(np.ones(shape))


def test_a_module_level_type_alias_is_the_annotation_it_names(pair):
    check(pair, "aliased_row_means", RNG.normal(size=(3, 4)))
    check(pair, "aliased_row_means", RNG.normal(size=(4, 6))[::2, ::-3])
    with pytest.raises(TypeError, match="argument 'a' must be a float64 array of rank 2, not "
                                        "float64 array of rank 1"):
        pair.native.aliased_row_means(np.ones(3))


BAD_ALIAS = """import numpy as np
from hatch_pyaot import compile

Table = dict[list[int], int]


@compile
def count(t: Table) -> int:
    return len(t)
"""


def test_an_error_in_a_type_alias_is_located_at_its_use(tmp_path):
    assert_refused(tmp_path, BAD_ALIAS, [
        (8, 14, "unhashable type: 'list' (dict keys and set items must be int, float, bool or "
                "tuples of them) (the type alias 'Table' = dict[list[int], int])")])


def test_an_open_shape_takes_any_rank(pair):
    for shape in [(3,), (2, 3), (2, 1, 3)]:
        check(pair, "any_rank_total", RNG.normal(size=shape).astype(np.float32))
        check(pair, "any_shape_total", RNG.integers(-9, 9, size=shape))
    check(pair, "scalar_total", np.array(7))
    with pytest.raises(TypeError, match="rank 0, not int64 array of rank 1"):
        pair.native.scalar_total(np.ones(2, np.int64))


def test_a_row_is_a_view(pair):
    points = RNG.normal(size=(3, 4))
    for i in (0, 2, -1, -3):
        check(pair, "row_sum", points, i)
        check(pair, "bump_row", points, i)
    check(pair, "row_sum", RNG.normal(size=(2, 3, 4)), 1)  # a 2-d view of a 3-d array
    check(pair, "bump_row", RNG.normal(size=(2, 3, 4)), -2)
    cube = RNG.integers(0, 99, size=(2, 3, 4))
    check(pair, "plane", cube, 1, -1)
    check(pair, "plane", cube[:, ::-1], 0, 2)
    check(pair, "first_plus_one", RNG.normal(size=5))  # used as a float: rank 1


@settings(max_examples=30, deadline=None)
@given(hnp.arrays(np.float64, hnp.array_shapes(min_dims=2, max_dims=3, max_side=4),
                  elements=st.integers(-9, 9).map(float)), st.integers(-5, 5))
def test_rows_of_any_rank(pair, x, i):
    check(pair, "row_sum", x, i)  # IndexError out of bounds, on both sides
    check(pair, "bump_row", x, i)
    check(pair, "inner", x)


def test_rows_stored_as_arrays_and_negative_shape_indices_keep_the_rank_open(pair):
    for shape in ((4, 5), (3, 4, 5)):
        check(pair, "normalized_rows", RNG.normal(size=shape))
        check(pair, "last_axis_means", RNG.normal(size=shape))
    check(pair, "last_axis_means", RNG.normal(size=7))
    check(pair, "last_axis_means", RNG.normal(size=(4, 6, 3))[:, ::2])


def test_out_of_bounds_rows_raise_numpys_index_error(pair):
    check_error(pair, "row_sum", np.ones((3, 4)), 5)
    check_error(pair, "row_sum", np.ones((3, 4)), -4)
    check_error(pair, "plane", np.ones((2, 3, 4), np.int64), 1, 3)


def test_slices_keep_the_trailing_axes(pair):
    check(pair, "inner", RNG.normal(size=(5, 6)))
    check(pair, "inner", RNG.normal(size=(5, 5, 3)))  # an N x N x 3 image
    check(pair, "inner", RNG.normal(size=(6, 4, 3))[::-1, ::2])


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_broadcast_bodies_take_every_mix_of_ranks(pair, data):
    shapes = data.draw(hnp.mutually_broadcastable_shapes(num_shapes=4, min_dims=0,
                                                         max_dims=6, max_side=3))
    operands = [data.draw(hnp.arrays(np.float64, shape, elements=st.floats(-3, 3)))
                for shape in shapes.input_shapes]
    for name, args in (("arc_distance", operands), ("energy", operands[:3])):
        expected = getattr(pair.python, name)(*args)
        got = getattr(pair.native, name)(*args)  # sin, exp: the C library's, to the last bits
        assert type(got) is type(expected) and np.shape(got) == np.shape(expected)
        np.testing.assert_allclose(got, expected, rtol=1e-13, atol=1e-15)


def test_broadcast_errors_and_ranks_out_of_range(pair):
    check(pair, "arc_distance", np.ones(3), np.ones(2), np.ones(3), np.ones(3))  # ValueError
    with pytest.raises(TypeError, match=r"rank 0 to 6 .* not rank 7"):
        pair.native.energy(np.ones((1,) * 7), np.ones(2), np.ones(2))
    with pytest.raises(TypeError, match="argument 'x' must be a float64 array"):
        pair.native.energy(np.ones(2), np.ones(2, np.float32), np.ones(2))


def test_bad_shape_annotations_are_located(tmp_path):
    assert_refused(tmp_path, (
        "import numpy as np\n"
        "from hatch_pyaot import compile\n"
        "@compile\n"
        "def f(a: np.ndarray[tuple[int, str], np.dtype[np.int64]]) -> int:\n"
        "    return 0\n"
        "@compile\n"
        "def g(a: np.ndarray[tuple[int], np.int64]) -> int:\n"
        "    return 0\n"
        "@compile\n"
        "def h(a: np.ndarray[tuple[int]]) -> int:\n"
        "    return 0\n"), [
        (4, 21, "the shape of a numpy.ndarray[...] annotation is tuple[int, ...]"),
        (7, 33, "the dtype of a numpy.ndarray[...] annotation is numpy.dtype["),
        (10, 10, "numpy.ndarray[...] takes a shape and a dtype")])


def test_bodies_that_do_more_than_broadcast_keep_the_product(tmp_path):
    """Padding would change these: an array result not made from every open array, a
    parameter returned as it is, a reduction along an axis, an element read."""
    head = "import numpy as np\nfrom numpy.typing import NDArray\nfrom hatch_pyaot import compile\n"
    params = "(a: NDArray[np.float64], b: NDArray[np.float64], c: NDArray[np.float64])"
    bodies = ["t = a * 2.0\n    s = (b * c).sum()\n    return t * s",
              "x = a + b + c\n    return a",
              "return (a * b * c).sum(axis=0)",
              "return a * b * c + len(a)"]
    source = head + "".join(f"@compile\ndef f{k}{params} -> NDArray[np.float64]:\n    {body}\n"
                            for k, body in enumerate(bodies))
    starts = [i + 1 for i, line in enumerate(source.splitlines()) if line.startswith("def ")]
    assert_refused(tmp_path, source, [
        (line, 5, "the ranks of 'a', 'b', 'c' cannot be told from the function body, and 27")
        for line in starts])


def test_an_element_where_a_row_was_meant_is_explained(tmp_path):
    source = ("import numpy as np\nfrom numpy.typing import NDArray\nfrom hatch_pyaot import compile\n"
              "@compile\n"
              "def gap(p: NDArray[np.float64], i: int, j: int) -> float:\n"
              "    diff = p[i] - p[j]\n"
              "    return float(np.sum(diff * diff))\n")
    assert_refused(tmp_path, source, [(7, 18, "numpy.sum() needs an array here, not numpy.float64")])
    from hatch_pyaot.pipeline import analyze
    assert "state the rank in the annotation" in analyze(tmp_path / "bad.py").format_diagnostics()
