"""Kernels of tests/test_fusion_statements.py: reductions of broadcasts, chains of
elementwise statements, small arrays made in loops, and the cases where nothing may be
fused."""

import numpy as np
from numpy.typing import NDArray

from hatch_pyaot import compile


@compile
def pairwise_sq(x: NDArray[np.float64]) -> NDArray[np.float64]:
    d = x[:, None, :] - x[None, :, :]
    return (d * d).sum(axis=2)


@compile
def pairwise_reductions(x: NDArray[np.float64]) -> tuple[
        NDArray[np.float64], NDArray[np.float64], NDArray[np.float64], NDArray[np.float64],
        NDArray[np.float64], NDArray[np.float64]]:
    d = x[:, None, :] - x[None, :, :]
    return (np.sum(d * d, axis=-1), np.mean(np.abs(d), axis=2), (d * 2.0).max(axis=1),
            np.min(d + 1.0, axis=-2), (d * d).sum(axis=0), np.sqrt((d * d).sum(axis=2)))


@compile
def int_reductions(a: NDArray[np.int32], b: NDArray[np.int32]) -> tuple[NDArray[np.int64],
                                                                          NDArray[np.float64],
                                                                          NDArray[np.int64]]:
    return ((a * b).sum(axis=1), (a - b).mean(axis=-1), np.argmax(a + b, axis=1))


@compile
def keepdims_sum(x: NDArray[np.float64], y: NDArray[np.float64]) -> NDArray[np.float64]:
    return (x * y).sum(axis=1, keepdims=True)


@compile
def nbody_acc(pos: NDArray[np.float64], mass: NDArray[np.float64]) -> NDArray[np.float64]:
    d = np.expand_dims(pos, 0) - np.expand_dims(pos, 1)
    r2 = (d * d).sum(axis=2) + 0.01
    f = mass / (r2 * np.sqrt(r2))
    return (d * np.expand_dims(f, 2)).sum(axis=1)


@compile
def int_power_sum(a: NDArray[np.int64], b: NDArray[np.int64]) -> NDArray[np.int64]:
    return (a ** b).sum(axis=1)


@compile
def chain(a: NDArray[np.float64], b: NDArray[np.float64]) -> NDArray[np.float64]:
    t = a * b
    u = t + 1.0
    v = np.sqrt(np.abs(u)) - a
    return v * 2.0


@compile
def chain_int_dtypes(a: NDArray[np.int16], b: NDArray[np.int32]) -> NDArray[np.float64]:
    t = a * 3
    u = t + b
    return u / 7


@compile
def chain_broadcast(a: NDArray[np.float64], b: NDArray[np.float64]) -> NDArray[np.float64]:
    t = a[:, None] * b[None, :]
    return t - 1.0


@compile
def named_square_sum(x: NDArray[np.float64]) -> NDArray[np.float64]:
    d = x[:, None, :] - x[None, :, :]
    s = d * d
    return s.sum(axis=2)


@compile
def write_between(a: NDArray[np.float64], b: NDArray[np.float64]) -> NDArray[np.float64]:
    t = a * b
    a[0] = 100.0
    return t + a


@compile
def alias_write_between(a: NDArray[np.float64]) -> NDArray[np.float64]:
    v = a[1:]
    t = v * 2.0
    w = a
    w += 1.0
    return t + a[:-1]


@compile
def rebind_between(a: NDArray[np.float64], b: NDArray[np.float64]) -> NDArray[np.float64]:
    t = a * b
    a = b * 3.0
    return t + a


@compile
def used_in_two_statements(a: NDArray[np.float64]) -> tuple[NDArray[np.float64],
                                                            NDArray[np.float64]]:
    t = a * 2.0
    u = t + 1.0
    w = t - 1.0
    return u, w


@compile
def returned_intermediate(a: NDArray[np.float64]) -> tuple[NDArray[np.float64],
                                                           NDArray[np.float64]]:
    t = a * 2.0
    u = t + 1.0
    return t, u


@compile
def stored_into_target(a: NDArray[np.float64], out: NDArray[np.float64]) -> None:
    t = a * 2.0
    out[...] = t + out


@compile
def in_place_into_input(a: NDArray[np.float64]) -> NDArray[np.float64]:
    t = a[::-1] * 2.0
    a += t
    return a


@compile
def broadcast_error_later(a: NDArray[np.float64], b: NDArray[np.float64]) -> NDArray[np.float64]:
    t = a * b
    return t + 1.0


@compile
def harris(img: NDArray[np.float64], k: float) -> NDArray[np.float64]:
    """A Harris-style corner response: several elementwise statements on one image."""
    ix = img[1:-1, 2:] - img[1:-1, :-2]
    iy = img[2:, 1:-1] - img[:-2, 1:-1]
    ixx = ix * ix
    iyy = iy * iy
    ixy = ix * iy
    det = ixx * iyy - ixy * ixy
    tr = ixx + iyy
    return det - k * tr * tr


@compile
def bump(a: NDArray[np.float64]) -> None:
    a[0] += 1.0


@compile
def call_between(a: NDArray[np.float64], b: NDArray[np.float64]) -> NDArray[np.float64]:
    t = a * b
    bump(a)
    return t + a


@compile
def loop_buffer_sum(pts: NDArray[np.float64]) -> NDArray[np.float64]:
    total = np.zeros(3)
    for i in range(pts.shape[0]):
        v = np.zeros(3)
        v[0] = pts[i, 0] * 2.0
        v[1:] = pts[i, 1:] + v[0]
        total += v * v
    return total


@compile
def loop_buffer_kept(pts: NDArray[np.float64]) -> NDArray[np.float64]:
    kept = []
    for i in range(pts.shape[0]):
        w = np.empty(2)
        w[0] = pts[i, 0]
        w[1] = pts[i, 1]
        kept.append(w)
    return kept[0] - kept[-1]


@compile
def loop_buffer_view(pts: NDArray[np.float64]) -> NDArray[np.float64]:
    first = np.zeros(1)
    for i in range(pts.shape[0]):
        u = np.ones(4)
        u[1] = pts[i, 0]
        if i == 0:
            first = u[1:3]
    return first


@compile
def loop_buffer_last(n: int) -> NDArray[np.float64]:
    z = np.zeros(0)
    for i in range(n):
        z = np.full(3, float(i))
    return z


@compile
def raise_between(a: NDArray[np.float64], b: NDArray[np.float64]) -> NDArray[np.float64]:
    t = a * b
    k = a[5]
    return t + k
