"""NumPy kernels for tests/test_array_rearranging.py: roll, repeat, tile, take, put, pad,
meshgrid."""

import numpy as np
from numpy.typing import NDArray

from hatch_pyaot import compile


@compile
def rolls(a: NDArray[np.float64], k: int) -> tuple[NDArray[np.float64], NDArray[np.float64],
                                                   NDArray[np.float64]]:
    return np.roll(a, k), np.roll(a, k, axis=0), np.roll(a, -2, axis=-1)


@compile
def int_rolls(a: NDArray[np.int16], k: int) -> tuple[NDArray[np.int16], NDArray[np.int16]]:
    return np.roll(a, k), np.roll(a, k, 1)


@compile
def roll_1d(a: NDArray[np.uint8], k: int) -> NDArray[np.uint8]:
    return np.roll(a, k, axis=0)


@compile
def repeats(a: NDArray[np.int32], n: int) -> tuple[NDArray[np.int32], NDArray[np.int32],
                                                   NDArray[np.int32]]:
    return np.repeat(a, n), np.repeat(a, n, axis=0), a.repeat(2, axis=-1)


@compile
def repeat_counts(a: NDArray[np.float32], counts: NDArray[np.int64]) -> tuple[
        NDArray[np.float32], NDArray[np.float32]]:
    return np.repeat(a, counts, axis=1), np.repeat(a.ravel(), counts)


@compile
def tiles(a: NDArray[np.float64], n: int) -> tuple[NDArray[np.float64], NDArray[np.float64],
                                                   NDArray[np.float64]]:
    return np.tile(a, n), np.tile(a, (2, n)), np.tile(a, (2, 1, n))


@compile
def tile_bool(a: NDArray[np.bool_]) -> NDArray[np.bool_]:
    return np.tile(a, (3, 2))


@compile
def takes(a: NDArray[np.int64], idx: NDArray[np.int32]) -> tuple[
        NDArray[np.int64], NDArray[np.int64], NDArray[np.int64]]:
    return np.take(a, idx), np.take(a, idx, axis=0), a.take(idx, axis=-1)


@compile
def take_2d_indices(a: NDArray[np.float64], idx: NDArray[np.int64]) -> tuple[
        NDArray[np.float64], NDArray[np.float64]]:
    return np.take(a, idx), np.take(a, idx, axis=1)


@compile
def puts(a: NDArray[np.float64], idx: NDArray[np.int64], v: NDArray[np.float64]) -> None:
    assert a.shape[1] >= 0 and v.shape[0] >= 0
    np.put(a, idx, v)


@compile
def put_scalar(a: NDArray[np.int8], idx: NDArray[np.int64], v: int) -> NDArray[np.int8]:
    a.put(idx, v)
    return a


@compile
def pads(a: NDArray[np.float64], n: int) -> tuple[NDArray[np.float64], NDArray[np.float64],
                                                  NDArray[np.float64], NDArray[np.float64],
                                                  NDArray[np.float64]]:
    return (np.pad(a, n), np.pad(a, (1, n), mode="edge"), np.pad(a, n, mode="reflect"),
            np.pad(a, n, "wrap"), np.pad(a, (2, 1), constant_values=-1.5))


@compile
def pads_2d(a: NDArray[np.int32], n: int) -> tuple[NDArray[np.int32], NDArray[np.int32],
                                                   NDArray[np.int32], NDArray[np.int32]]:
    return (np.pad(a, ((1, 2), (0, n)), constant_values=7), np.pad(a, n, mode="edge"),
            np.pad(a, ((n, 1), (2, n)), mode="reflect"), np.pad(a, ((1, n),), mode="wrap"))


@compile
def pad_3d(a: NDArray[np.uint8]) -> tuple[NDArray[np.uint8], NDArray[np.uint8]]:
    return np.pad(a, 1, mode="reflect"), np.pad(a, ((0, 1), (2, 0), (1, 1)), mode="edge")


@compile
def grids(x: NDArray[np.float64], y: NDArray[np.int64]) -> tuple[
        NDArray[np.float64], NDArray[np.int64], NDArray[np.float64], NDArray[np.int64]]:
    gx, gy = np.meshgrid(x, y)
    ix, iy = np.meshgrid(x, y, indexing="ij")
    return gx, gy, ix, iy


@compile
def grid_3(x: NDArray[np.float32], y: NDArray[np.float32], z: NDArray[np.float32]) -> tuple[
        NDArray[np.float32], NDArray[np.float32], NDArray[np.float32]]:
    assert x.shape[0] >= 0 and y.shape[0] >= 0 and z.shape[0] >= 0
    return np.meshgrid(x, y, z)


@compile
def image_shift(image: NDArray[np.float64]) -> NDArray[np.float64]:
    """A stencil written with np.roll: the mean of the four neighbours, wrapping."""
    return (np.roll(image, 1, axis=0) + np.roll(image, -1, axis=0)
            + np.roll(image, 1, axis=1) + np.roll(image, -1, axis=1)) / 4.0
