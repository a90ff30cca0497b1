"""NumPy kernels for tests/test_array_axes.py: transpose, swapaxes, moveaxis, atleast_nd,
rot90, flipud, fliplr, tril, triu, tri, trace, diag, copy."""

import numpy as np
from numpy.typing import NDArray

from hatch_pyaot import compile


@compile
def reorder(a: NDArray[np.float64]) -> tuple[NDArray[np.float64], NDArray[np.float64],
                                             NDArray[np.float64], NDArray[np.float64],
                                             NDArray[np.float64]]:
    assert a.shape[2] >= 0
    return (np.transpose(a), np.transpose(a, (1, 0, 2)), np.swapaxes(a, 0, -1),
            a.swapaxes(1, 2), np.moveaxis(a, 0, -1))


@compile
def transpose_methods(a: NDArray[np.float64]) -> tuple[NDArray[np.float64],
                                                       NDArray[np.float64],
                                                       NDArray[np.float64]]:
    """The method form takes the axes one by one, as a tuple, or none."""
    assert a.shape[2] >= 0
    v = a.transpose(2, 0, 1)
    v[0, 0, 0] = 42.0
    return v, a.transpose((1, 0, 2)), a.transpose()


@compile
def bad_transpose_method(a: NDArray[np.float64]) -> NDArray[np.float64]:
    assert a.shape[2] >= 0
    return a.transpose(0, 1, 1)


@compile
def views_write(a: NDArray[np.int32]) -> NDArray[np.int32]:
    """Views share the array: writing through one writes the array."""
    assert a.shape[1] >= 0
    t = np.transpose(a)
    t[0, 1] = 99
    r = np.rot90(a)
    r[0, 0] = -5
    np.fliplr(a)[0, 0] = 7
    return a


@compile
def bad_transpose(a: NDArray[np.float64]) -> NDArray[np.float64]:
    assert a.shape[1] >= 0
    return np.transpose(a, (0, 0))


@compile
def at_least(x: NDArray[np.float32], m: NDArray[np.float32]) -> tuple[
        NDArray[np.float32], NDArray[np.float32], NDArray[np.float32], NDArray[np.float32],
        NDArray[np.float32]]:
    assert x.shape[0] >= 0 and m.shape[1] >= 0
    return np.atleast_1d(x), np.atleast_2d(x), np.atleast_3d(x), np.atleast_3d(m), np.atleast_2d(m)


@compile
def rotations(a: NDArray[np.int64], k: int) -> tuple[NDArray[np.int64], NDArray[np.int64],
                                                      NDArray[np.int64], NDArray[np.int64]]:
    assert a.shape[1] >= 0
    return np.rot90(a), np.rot90(a, k), np.flipud(a), np.fliplr(a)


@compile
def rotate_3d(a: NDArray[np.uint8], k: int) -> NDArray[np.uint8]:
    assert a.shape[2] >= 0
    return np.rot90(a, k, axes=(2, 0))


@compile
def triangles(a: NDArray[np.float64], k: int) -> tuple[NDArray[np.float64], NDArray[np.float64],
                                                      NDArray[np.float64], NDArray[np.float64]]:
    return np.tril(a), np.triu(a), np.tril(a, k), np.triu(a, k=-k)


@compile
def tris(n: int, m: int, k: int) -> tuple[NDArray[np.float64], NDArray[np.int32]]:
    return np.tri(n), np.tri(n, m, k, dtype=np.int32)


@compile
def traces(a: NDArray[np.float64], k: int) -> tuple[np.float64, np.float64, np.float64]:
    assert a.shape[1] >= 0
    return np.trace(a), np.trace(a, k), a.trace(offset=-k)


@compile
def int_trace(a: NDArray[np.int8]) -> np.int64:
    assert a.shape[1] >= 0
    return np.trace(a)


@compile
def diags(v: NDArray[np.int16], k: int) -> tuple[NDArray[np.int16], NDArray[np.int16]]:
    assert v.shape[0] >= 0
    return np.diag(v), np.diag(v, k)


@compile
def copies(a: NDArray[np.float64]) -> NDArray[np.float64]:
    b = np.copy(a)
    b[...] = 0.0
    return a + b
