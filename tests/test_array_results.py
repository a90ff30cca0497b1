"""New arrays returned to CPython through numpy's C API (pyaot/python/ndarray.hpp,
array_from_c_api): dtype, shape, strides, the contiguity, alignment and writeable flags
numpy computes, the runtime's storage kept alive by the result's base, read-only results of
read-only arguments, and an argument returned as itself."""

from __future__ import annotations

import gc
import pickle

import numpy as np
import pytest

from support import Pair, build_pair

SOURCE = '''
import numpy as np
from numpy.typing import NDArray

from hatch_pyaot import compile


@compile
def fresh(n: int) -> NDArray[np.float64]:
    return np.ones((n, 3))


@compile
def transposed(a: NDArray[np.float32]) -> NDArray[np.float32]:
    return (a * 2.0).T


@compile
def view(a: NDArray[np.int16]) -> NDArray[np.int16]:
    return a[::-1, 1:]


@compile
def same(a: NDArray[np.uint8]) -> NDArray[np.uint8]:
    return a


@compile
def flags_of_kinds(n: int) -> tuple[NDArray[np.bool_], NDArray[np.int8], NDArray[np.uint64],
                                    NDArray[np.int64], NDArray[np.float32]]:
    return (np.zeros(n, dtype=np.bool_), np.zeros(n, dtype=np.int8),
            np.zeros(n, dtype=np.uint64), np.arange(n), np.zeros((n, 2, 1), dtype=np.float32))
'''


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory) -> Pair:
    return build_pair(tmp_path_factory.mktemp("results"), "result_kernels", SOURCE)


def same_array(got: np.ndarray, want: np.ndarray) -> None:
    assert got.dtype == want.dtype and got.shape == want.shape
    assert got.flags.c_contiguous == want.flags.c_contiguous
    assert got.flags.f_contiguous == want.flags.f_contiguous
    assert got.flags.writeable == want.flags.writeable and got.flags.aligned
    np.testing.assert_array_equal(got, want)


def test_fresh_arrays(pair):
    for n in (0, 1, 4):
        same_array(pair.native.fresh(n), pair.python.fresh(n))
    for got, want in zip(pair.native.flags_of_kinds(3), pair.python.flags_of_kinds(3),
                         strict=True):
        same_array(got, want)


def test_views_keep_their_storage_alive(pair):
    a = np.arange(12, dtype=np.float32).reshape(3, 4)
    t = pair.native.transposed(a)
    same_array(t, pair.python.transposed(a))
    v = pair.native.view(np.arange(20, dtype=np.int16).reshape(4, 5))
    gc.collect()
    same_array(v, pair.python.view(np.arange(20, dtype=np.int16).reshape(4, 5)))
    assert v.strides == (-10, 2)
    v[0, 0] = 99  # writeable, as NumPy's view
    assert v[0, 0] == 99
    assert pickle.loads(pickle.dumps(v)).tolist() == v.tolist()


def test_read_only_stays_read_only(pair):
    a = np.arange(20, dtype=np.int16).reshape(4, 5)
    a.flags.writeable = False
    assert not pair.native.view(a).flags.writeable


def test_an_argument_is_returned_as_itself(pair):
    a = np.arange(3, dtype=np.uint8)
    assert pair.native.same(a) is a
