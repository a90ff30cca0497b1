"""NumPy kernels for tests/test_array_views.py: slices (views), whole-array arithmetic with
broadcasting (one fused loop each), and in-place updates."""

import numpy as np
from numpy.typing import NDArray

from hatch_pyaot import compile


@compile
def stencil(u: NDArray[np.float64], c: float) -> NDArray[np.float64]:
    out = np.zeros_like(u)
    out[1:-1] = u[1:-1] + c * (u[:-2] - 2.0 * u[1:-1] + u[2:])
    return out


@compile
def heat(u: NDArray[np.float64], steps: int) -> None:
    for _ in range(steps):
        u[1:-1] = u[1:-1] + 0.25 * (u[:-2] - 2 * u[1:-1] + u[2:])


@compile
def shift_right(u: NDArray[np.int16]) -> None:
    u[1:] = u[:-1]


@compile
def scale_columns(m: NDArray[np.float32], w: NDArray[np.float32]) -> NDArray[np.float32]:
    n = m.shape[1] + w.shape[0]
    return m * w + np.float32(n)


@compile
def threshold(img: NDArray[np.uint8], t: int) -> NDArray[np.bool_]:
    rows = img.shape[1]
    return (img > t) & (img < rows + 200)


@compile
def centered(x: NDArray[np.float64]) -> NDArray[np.float64]:
    mean = 0.0
    for i in range(x.shape[0]):
        mean += x[i]
    mean /= x.shape[0]
    return (x - mean) / 2


@compile
def update(a: NDArray[np.int32], b: NDArray[np.int32]) -> None:
    a[0] += 1
    a += b
    a *= 3
    a -= b[::-1]


@compile
def mixed(a: NDArray[np.int8], b: NDArray[np.uint8]) -> NDArray[np.int16]:
    return a * b - 1


@compile
def wrap(a: NDArray[np.uint8]) -> NDArray[np.uint8]:
    return a[::-1] + a + 100


@compile
def row_and_column(m: NDArray[np.int64], i: int, j: int) -> NDArray[np.int64]:
    return m[i] * 10 + m[:, j][i]


@compile
def strided_sum(m: NDArray[np.float64]) -> float:
    v = m[::2, 1::3]
    s = 0.0
    for i in range(v.shape[0]):
        for j in range(v.shape[1]):
            s += v[i, j]
    return s


@compile
def fill_border(m: NDArray[np.float64], value: float) -> None:
    m[0] = value
    m[-1] = value
    m[:, 0] = value
    m[:, -1] = value


@compile
def broadcast_rows(m: NDArray[np.float64], row: NDArray[np.float64]) -> NDArray[np.float64]:
    k = m.shape[1] + row.shape[0]
    out = np.zeros((m.shape[0], m.shape[1]))
    out[:] = m - row
    return out + k


@compile
def negate_view(x: NDArray[np.float64]) -> NDArray[np.float64]:
    return -x[1:]


@compile
def divide(a: NDArray[np.int64], b: NDArray[np.int64]) -> NDArray[np.float64]:
    return a / b + a // b + a % b


@compile
def outer_difference(a: NDArray[np.float64], b: NDArray[np.float64]) -> NDArray[np.float64]:
    assert a.shape[0] >= 0 and b.shape[0] >= 0
    return a[:, None] - b[None, :]


@compile
def first_of_last_axis(m: NDArray[np.float64]) -> NDArray[np.float64]:
    return m[..., 0]


@compile
def clear(m: NDArray[np.float64]) -> NDArray[np.float64]:
    m[...] = 0.0
    return m


@compile
def pairwise_distances(x: NDArray[np.float64]) -> NDArray[np.float64]:
    assert x.shape[1] >= 0
    d = x[:, np.newaxis, :] - x[np.newaxis, :, :]
    return np.sqrt((d * d).sum(axis=2))


@compile
def element_as_array(a: NDArray[np.float64], i: int) -> NDArray[np.float64]:
    assert a.shape[0] >= 0
    return a[i, None]


@compile
def center_rows(x: NDArray[np.float64]) -> NDArray[np.float64]:
    m = x.mean(axis=1)
    return x - m[:, None]


@compile
def centred_outer(x: NDArray[np.float64], w: float) -> NDArray[np.float64]:
    c = x - x.mean(axis=1, keepdims=True)
    return c[..., None] * w


@compile
def bump_tail(a: NDArray[np.float64]) -> NDArray[np.float64]:
    a[1:] += 1.0
    return a


@compile
def bump_columns(a: NDArray[np.float64]) -> NDArray[np.float64]:
    assert a.shape[1] >= 0
    a[:, 0] *= 2.0
    a[1:] += a[:-1]
    return a


@compile
def bytes_like(a: NDArray[np.float64]) -> tuple[NDArray[np.uint8], NDArray[np.int32]]:
    return np.zeros_like(a, dtype=np.uint8), np.full_like(a, 7, dtype=np.int32)


@compile
def numpy_constants(a: NDArray[np.float64]) -> NDArray[np.float64]:
    return np.where(a > 0, np.inf, np.nan) + np.pi + np.e
