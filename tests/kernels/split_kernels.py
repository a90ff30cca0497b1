"""NumPy kernels for tests/test_numpy_split.py: the split family (lists of views), lists of
arrays built, read, passed in and given to the joins."""

import numpy as np
from numpy.typing import NDArray

from hatch_pyaot import compile

F1 = np.ndarray[tuple[int], np.dtype[np.float64]]
F4 = np.ndarray[tuple[int, int, int, int], np.dtype[np.float64]]
I4 = np.ndarray[tuple[int, int, int, int], np.dtype[np.int32]]


@compile
def split_n(a: NDArray[np.float64], n: int) -> list[NDArray[np.float64]]:
    return np.split(a, n)


@compile
def split_last(a: NDArray[np.int64], n: int) -> list[NDArray[np.int64]]:
    return np.split(a, n, axis=-1)


@compile
def array_split_n(a: NDArray[np.float64], n: int) -> list[NDArray[np.float64]]:
    return np.array_split(a, n)


@compile
def array_split_axis1(a: NDArray[np.int64], n: int) -> list[NDArray[np.int64]]:
    return np.array_split(a, n, axis=1)


@compile
def split_at(a: NDArray[np.float64], indices: list[int]) -> list[NDArray[np.float64]]:
    return np.split(a, indices)


@compile
def split_written(a: NDArray[np.int64]) -> list[NDArray[np.int64]]:
    return np.array_split(a, (1, -2, 20, 0), axis=-1)


@compile
def split_at_array(a: NDArray[np.float64], indices: NDArray[np.int64]) -> list[NDArray[np.float64]]:
    return np.split(a, indices, axis=1)


@compile
def hsplit_n(a: NDArray[np.float64], n: int) -> list[NDArray[np.float64]]:
    return np.hsplit(a, n)


@compile
def vsplit_at(a: NDArray[np.int64], indices: list[int]) -> list[NDArray[np.int64]]:
    return np.vsplit(a, indices)


@compile
def dsplit_n(a: NDArray[np.float64], n: int) -> list[NDArray[np.float64]]:
    return np.dsplit(a, n)


@compile
def split4(a: F4, n: int) -> list[F4]:
    return np.split(a, n, axis=2)


@compile
def array_split4(a: I4) -> list[I4]:
    return np.array_split(a, [1, 3], axis=3)


@compile
def rejoin(a: NDArray[np.float64], n: int) -> NDArray[np.float64]:
    return np.concatenate(np.array_split(a, n, axis=-1), axis=-1)


@compile
def stack_pieces(a: NDArray[np.float64], n: int) -> NDArray[np.float64]:
    return np.stack(np.split(a, n), axis=-1)


@compile
def vstack_pieces(a: NDArray[np.float64], n: int) -> NDArray[np.float64]:
    return np.vstack(np.split(a, n))


@compile
def hstack_pieces(a: NDArray[np.float64], n: int) -> NDArray[np.float64]:
    return np.hstack(np.array_split(a, n))


@compile
def piece_stats(a: NDArray[np.float64], n: int) -> tuple[int, float, float, int]:
    pieces = np.array_split(a, n)
    total = 0.0
    for p in pieces:
        total += p.sum()
    return len(pieces), total, pieces[-1].sum(), pieces[0].shape[0]


@compile
def collect(a: NDArray[np.float64], k: int) -> list[NDArray[np.float64]]:
    out: list[NDArray[np.float64]] = []
    for i in range(k):
        out.append(a[i:i + 1] * 2.0)
    out.append(a)
    return out


@compile
def total(xs: list[NDArray[np.float64]]) -> float:
    t = np.float64(0.0)
    for x in xs:
        t += x.sum()
    return t + len(xs)


@compile
def join_given(xs: list[NDArray[np.float64]]) -> NDArray[np.float64]:
    return np.concatenate(xs)


@compile
def grow(xs: list[F1], a: F1) -> int:
    xs.append(a + 1.0)
    return len(xs)


@compile
def write_piece(a: F1) -> list[F1]:
    pieces = np.split(a, 2)
    p = pieces[1]
    p[0] = -1.0
    return pieces


@compile
def tile_sums(img: NDArray[np.float64], n: int) -> list[float]:
    # The sum of a tile (a view whose rows do not merge) as NumPy's: pairwise over its
    # buffer, not row by row.
    out: list[float] = []
    for band in np.vsplit(img, n):
        for tile in np.hsplit(band, n):
            out.append(float(tile.sum()))
    return out
