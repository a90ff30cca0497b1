"""numpy's split family compiled (tests/kernels/split_kernels.py): split, array_split, hsplit,
vsplit and dsplit give a list of views, as NumPy does (values, dtypes, shapes, strides, the
memory shared with the input, the input kept alive by its pieces), with NumPy's exceptions and
messages; lists of arrays built, read, passed in (TypeError naming the item) and joined."""

from __future__ import annotations

import gc
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from support import Pair, build_pair, outcome, without_location

KERNELS = Path(__file__).parent / "kernels" / "split_kernels.py"


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory) -> Pair:
    return build_pair(tmp_path_factory.mktemp("split"), "split_kernels", KERNELS)


def _same(want: Any, got: Any, source: Any = None) -> None:
    if isinstance(want, list | tuple):
        assert type(want) is type(got) and len(want) == len(got), (want, got)
        for w, g in zip(want, got, strict=True):
            _same(w, g, source)
    elif isinstance(want, np.ndarray):
        assert isinstance(got, np.ndarray), got
        assert (got.dtype, got.shape) == (want.dtype, want.shape)
        np.testing.assert_array_equal(got, want)
        if source is not None:  # a view as NumPy's (its new arrays may differ in layout)
            assert np.shares_memory(got, source) == np.shares_memory(want, source)
            if np.shares_memory(want, source):
                assert got.strides == want.strides
    else:
        assert type(want) is type(got) and want == got, (want, got)


def check(pair: Pair, func: str, *args: Any) -> Any:
    """Both sides on the same arguments (none is written): the same outcome, the pieces views
    of the first argument exactly where NumPy's are, the arguments unchanged."""
    before = [a.copy() if isinstance(a, np.ndarray) else a for a in args]
    want = outcome(getattr(pair.python, func), *args)
    got = outcome(getattr(pair.native, func), *args)
    assert want[0] == got[0], (func, args, want, got)
    if want[0] == "raise":
        assert type(want[1]) is type(got[1]), (want[1], got[1])
        assert str(want[1]) == without_location(str(got[1]))
    else:
        _same(want[1], got[1], args[0] if isinstance(args[0], np.ndarray) else None)
    for b, a in zip(before, args, strict=True):
        if isinstance(b, np.ndarray):
            np.testing.assert_array_equal(a, b)
    return got[1]


def layouts(shape: tuple[int, ...], dtype: Any = np.float64) -> list[np.ndarray]:
    """C order, a reversed and strided view, a transposed one (all of that shape)."""
    size = int(np.prod(shape))
    plain = np.arange(size).astype(dtype).reshape(shape)
    wide = np.arange(2 * size).astype(dtype).reshape((*shape[:-1], 2 * shape[-1]))
    strided = wide[..., ::-2]
    transposed = np.ascontiguousarray(plain.T).T
    return [plain, strided, transposed]


SHAPES = [(6,), (0,), (7,), (4, 6), (6, 3), (0, 4), (6, 2, 4), (3, 6, 6)]
COUNTS = [1, 2, 3, 4, 6, 7, 0, -1, -2]


@pytest.mark.parametrize("shape", SHAPES)
def test_split_count(pair, shape):
    for a in layouts(shape):
        for n in COUNTS:
            check(pair, "split_n", a, n)
            check(pair, "array_split_n", a, n)
            check(pair, "split_last", a.astype(np.int64), n)
            if a.ndim >= 2:
                check(pair, "array_split_axis1", a.astype(np.int64), n)
                check(pair, "hsplit_n", a, n)
                check(pair, "rejoin", a, n)
            if a.ndim >= 3:
                check(pair, "dsplit_n", a, n)
            check(pair, "stack_pieces", a, n)
            check(pair, "vstack_pieces", a, n)
            check(pair, "hstack_pieces", a, n)
            check(pair, "piece_stats", a, n)


INDICES = [[], [2], [0], [2, 4], [4, 2], [-2], [-1, 1], [1, 20], [20, 30], [-30, 3], [3, 3, 3]]


@pytest.mark.parametrize("shape", SHAPES)
def test_split_indices(pair, shape):
    for a in layouts(shape):
        for idx in INDICES:
            check(pair, "split_at", a, idx)
            if a.ndim >= 2:
                check(pair, "vsplit_at", a.astype(np.int64), idx)
                check(pair, "split_at_array", a, np.array(idx, dtype=np.int64))
                check(pair, "split_at_array", a, np.array(idx * 2, dtype=np.int64)[::2])
        check(pair, "split_written", a.astype(np.int64))


def test_rank_four(pair):
    a = np.arange(2 * 3 * 4 * 5, dtype=np.float64).reshape(2, 3, 4, 5)
    for x in (a, a[:, ::-1, :, ::2], a.transpose(3, 2, 1, 0)):
        for n in (1, 2, 3, 4, 5):
            check(pair, "split4", x, n)
        check(pair, "array_split4", x.astype(np.int32))


def test_errors(pair):
    a = np.arange(10.0)
    for n in (3, 4, 0, -1, 20):
        check(pair, "split_n", a, n)
    check(pair, "array_split_n", a, 0)
    check(pair, "hsplit_n", a.reshape(2, 5), 2)
    check(pair, "dsplit_n", a.reshape(1, 2, 5), 2)
    check(pair, "join_given", [])
    check(pair, "join_given", [a, a.reshape(2, 5)[0]])
    check(pair, "stack_pieces", a.reshape(2, 5), 4)


def test_views_keep_the_base(pair):
    a = np.arange(12.0).reshape(3, 4)
    pieces = pair.native.split_n(a, 3)
    assert all(p.base is not None for p in pieces)
    del a
    gc.collect()
    np.testing.assert_array_equal(pieces[2], [[8.0, 9.0, 10.0, 11.0]])


def test_write_through_a_piece(pair):
    a, b = np.arange(6.0), np.arange(6.0)
    want, got = pair.python.write_piece(a), pair.native.write_piece(b)
    np.testing.assert_array_equal(a, b)
    _same(want, got)
    assert b[3] == -1.0 and np.shares_memory(got[1], b)


def test_lists_of_arrays(pair):
    a = np.arange(12.0).reshape(3, 4)
    for k in (0, 1, 3):
        check(pair, "collect", a, k)
        check(pair, "collect", a[:, ::-1], k)
    got = pair.native.collect(a, 2)
    assert got[-1] is a  # the argument itself, as in CPython
    for xs in ([a[0], a[1]], [a], [], [np.ones((2, 2, 2))], [a[0], a[:, 1]]):
        check(pair, "total", xs)
        check(pair, "join_given", xs)


def test_list_argument_written_back(pair):
    a = np.arange(3.0)
    xs_py, xs_native = [a], [a]
    assert pair.python.grow(xs_py, a) == pair.native.grow(xs_native, a) == 2
    _same(xs_py, xs_native)
    assert xs_native[0] is a


@pytest.mark.parametrize("xs, message", [
    ([np.arange(3)], "argument 'xs[0]' must be a float64 array of rank 1, not int64 array"),
    ([np.arange(3.0), np.ones((2, 2))], "argument 'xs[1]' must be a float64 array of rank 1, "
                                        "not float64 array of rank 2"),
    ([np.arange(3.0), 1.5], "argument 'xs[1]' must be a float64 array of rank 1, not float"),
    ((np.arange(3.0),), "argument 'xs' must be list, not tuple"),
])
def test_wrong_items(pair, xs, message):
    with pytest.raises(TypeError, match=message.replace("[", r"\[").replace("]", r"\]")):
        pair.native.grow(xs, np.arange(3.0))
    with pytest.raises(TypeError, match=r"argument 'xs\[0\]' must be a float64 array of rank "
                                        r"1, not float64 array of rank 5"):
        pair.native.total([np.ones((1,) * 5)])


REFUSED = '''import numpy as np
from numpy.typing import NDArray
from hatch_pyaot import compile

V = np.ndarray[tuple[int], np.dtype[np.float64]]


@compile
def f(a: V) -> list[V]:
    return np.split(a, 2, axis=1)


@compile
def g(a: V) -> list[V]:
    return np.vsplit(a, 2)


@compile
def h(a: V, k: int) -> list[V]:
    return np.split(a, 2, axis=k)


@compile
def i(a: V) -> list[V]:
    return np.split(a, 2.0)
'''


def test_refused(tmp_path):
    from support import assert_refused

    assert_refused(tmp_path, REFUSED, [
        (10, 32, "numpy.split(): axis 1 is out of range for an array of dimension 1 (NumPy "
                 "raises IndexError: tuple index out of range)"),
        (15, 12, "vsplit only works on arrays of 2 or more dimensions"),
        (20, 32, "numpy.split() takes the axis as an int written in the code"),
        (25, 24, "numpy.split() takes indices_or_sections as an int"),
    ])


def test_tile_sums_bit_identical(pair):
    rng = np.random.default_rng(2)
    for shape, n in (((6, 6), 3), ((6, 6), 2), ((12, 12), 2), ((40, 40), 2), ((8, 8), 4),
                     ((200, 200), 1), ((6, 6), 4)):
        check(pair, "tile_sums", rng.random(shape), n)
    big = rng.random((300, 300))
    check(pair, "tile_sums", big, 3)  # 100x100 tiles: buffers of 8100 elements
