"""NumPy kernels for tests/test_array_shapes.py: creation, reshapes and products."""

import numpy as np
from numpy.typing import NDArray

from hatch_pyaot import compile


@compile
def ramp(n: int) -> NDArray[np.int64]:
    return np.arange(n) * 2


@compile
def ramp_between(a: int, b: int, step: int) -> NDArray[np.int64]:
    return np.arange(a, b, step)


@compile
def float_ramp(a: float, b: float, step: float) -> NDArray[np.float64]:
    return np.arange(a, b, step)


@compile
def grid(a: float, b: float, n: int) -> NDArray[np.float64]:
    return np.linspace(a, b, n)


@compile
def resampled(x: NDArray[np.float64], k: NDArray[np.int64], m: int) -> NDArray[np.float64]:
    return np.linspace(x[0], x[-1], k[0] + m)  # NumPy scalars as start, stop and num


@compile
def half_open(a: float, b: float, n: int) -> NDArray[np.float64]:
    return np.linspace(a, b, n, endpoint=False)


@compile
def unit(n: int) -> NDArray[np.float32]:
    return np.eye(n, dtype=np.float32) + np.identity(n, dtype=np.float32)


@compile
def as_matrix(x: NDArray[np.int32], rows: int) -> NDArray[np.int32]:
    m = x.reshape(rows, -1)
    m[0, 0] = 99
    return m


@compile
def flat(m: NDArray[np.float64]) -> NDArray[np.float64]:
    k = m.shape[1]
    return m.ravel() + m.flatten() * k


@compile
def affine(w: NDArray[np.float64], x: NDArray[np.float64], b: NDArray[np.float64]
           ) -> NDArray[np.float64]:
    k = w.shape[1] + x.shape[0] + b.shape[0]
    return w @ x + b * k


@compile
def gram(a: NDArray[np.float32]) -> NDArray[np.float32]:
    k = a.shape[1]
    return a.T @ a + np.float32(k)


@compile
def int_products(a: NDArray[np.int64], b: NDArray[np.int64]) -> tuple[int, int]:
    n = a.shape[0] + b.shape[0]
    return int(np.dot(a, b)), int(a.dot(b)) + n


@compile
def mixed_matmul(a: NDArray[np.int32], b: NDArray[np.float64]) -> NDArray[np.float64]:
    k = a.shape[1] + b.shape[1]
    return np.matmul(a, b) + k


@compile
def outer_norm(a: NDArray[np.float64], b: NDArray[np.float64]) -> float:
    k = a.shape[0] + b.shape[0]
    return float(np.linalg.norm(np.outer(a, b))) + k


@compile
def joined(a: NDArray[np.float64], b: NDArray[np.int32]) -> NDArray[np.float64]:
    return np.concatenate((a, b, a), axis=0)


@compile
def side_by_side(a: NDArray[np.float64], b: NDArray[np.float64]) -> NDArray[np.float64]:
    k = a.shape[1] + b.shape[1]
    return np.concatenate((a, b), axis=1) + k


@compile
def stacked(a: NDArray[np.int64], b: NDArray[np.int64]) -> NDArray[np.int64]:
    k = a.shape[0] + b.shape[0]
    return np.stack((a, b), axis=1) + np.vstack((a, b)).T + k


@compile
def columns(a: NDArray[np.int64], b: NDArray[np.float64]) -> NDArray[np.float64]:
    return np.column_stack((a, b, a))


@compile
def depth(a: np.ndarray[tuple[int, int], np.dtype[np.float32]],
          b: np.ndarray[tuple[int, int], np.dtype[np.float32]]) -> NDArray[np.float32]:
    return np.dstack((a, b)) + np.dstack((a[0], b[0]))


@compile
def rows(a: NDArray[np.int64], b: NDArray[np.int64]) -> NDArray[np.int64]:
    return np.row_stack((a, b))


@compile
def mixed_ranks(m: np.ndarray[tuple[int, int], np.dtype[np.float64]],
                v: NDArray[np.float64]) -> NDArray[np.float64]:
    """A matrix and a vector joined, as NumPy takes them (the vector a column, a row)."""
    return np.column_stack((m, v)) + np.vstack((v, m)).T


@compile
def reshaped_views(x: NDArray[np.float32]) -> NDArray[np.float32]:
    k = x.shape[0]
    col = np.expand_dims(x, 1)
    return np.squeeze(col, 1) + np.flip(x) + k


@compile
def running(x: NDArray[np.int16]) -> NDArray[np.int64]:
    k = x.shape[0]
    return np.cumsum(x) + x.cumprod() + k


@compile
def running_rows(m: NDArray[np.float64]) -> NDArray[np.float64]:
    k = m.shape[1]
    return m.cumsum(axis=1) + k


@compile
def spread(x: NDArray[np.float64]) -> tuple[float, float, float]:
    k = x.shape[0]
    return float(x.var()), float(np.std(x)), float(x.var(ddof=1)) + k


@compile
def literal_2d() -> NDArray[np.float64]:
    return np.array([[1, 2.5], [3, 4]])


@compile
def literal_int8(x: int) -> NDArray[np.int8]:
    return np.array([x, 2, -3], dtype=np.int8)


@compile
def blur_with_literal_kernel(img: NDArray[np.float32]) -> NDArray[np.float32]:
    k = np.array([[1, 2, 1], [2, 4, 2], [1, 2, 1]], dtype=np.float32) / 16
    out = np.zeros_like(img)
    for i in range(1, img.shape[0] - 1):
        for j in range(1, img.shape[1] - 1):
            s = np.float32(0)
            for a in range(3):
                for b in range(3):
                    s += k[a, b] * img[i + a - 1, j + b - 1]
            out[i, j] = s
    return out


@compile
def literal_from_tuple(t: tuple[int, int, int]) -> NDArray[np.int64]:
    return np.array(t)


@compile
def literal_mixed(flag: bool) -> tuple[NDArray[np.float64], NDArray[np.int64], NDArray[np.bool_]]:
    return np.array([np.float32(1), 2.0, flag]), np.array((np.int8(1), 2)), np.array([flag])


@compile
def array_copies(a: NDArray[np.float64]) -> tuple[NDArray[np.float64], NDArray[np.float32],
                                                  NDArray[np.float64]]:
    return np.array(a), np.asarray(a, dtype=np.float32), np.asarray(a)


@compile
def dot_matrix_vector(m: NDArray[np.float64], v: NDArray[np.float64]) -> tuple[
        NDArray[np.float64], NDArray[np.float64]]:
    assert m.shape[1] >= 0 and v.shape[0] >= 0
    return np.dot(m, v), m @ v


@compile
def products(a: NDArray[np.float64], b: NDArray[np.float64]) -> NDArray[np.float64]:
    assert a.shape[1] >= 0 and b.shape[1] >= 0
    return a @ b


@compile
def products32(a: NDArray[np.float32], b: NDArray[np.float32]) -> NDArray[np.float32]:
    assert a.shape[1] >= 0 and b.shape[1] >= 0
    return np.matmul(a, b)
