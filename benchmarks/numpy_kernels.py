"""More NumPy kernels for benchmarks/array_loops.py: image filters, a stencil solver,
statistics and an n-body energy, loop-style and vectorized."""

import numpy as np
from numpy.typing import NDArray

from hatch_pyaot import compile


@compile
def box_blur(img: NDArray[np.uint8], r: int) -> NDArray[np.uint8]:
    h, w = img.shape[0], img.shape[1]
    out = np.zeros((h, w), dtype=np.uint8)
    for i in range(h):
        for j in range(w):
            s = 0
            n = 0
            for di in range(-r, r + 1):
                for dj in range(-r, r + 1):
                    y, x = i + di, j + dj
                    if 0 <= y < h and 0 <= x < w:
                        s += int(img[y, x])
                        n += 1
            out[i, j] = s // n
    return out


@compile
def to_gray(rgb: NDArray[np.float32]) -> NDArray[np.float32]:
    return 0.299 * rgb[:, :, 0] + 0.587 * rgb[:, :, 1] + 0.114 * rgb[:, :, 2]


@compile
def zscore(x: NDArray[np.float64]) -> NDArray[np.float64]:
    mu = x.mean(axis=0)
    d = x - mu
    sd = np.sqrt((d * d).mean(axis=0))
    return d / sd


@compile
def jacobi(u: NDArray[np.float64], iters: int) -> NDArray[np.float64]:
    v = u.copy()
    for _ in range(iters):
        v[1:-1, 1:-1] = 0.25 * (v[:-2, 1:-1] + v[2:, 1:-1] + v[1:-1, :-2] + v[1:-1, 2:])
    return v


@compile
def count_in_range(x: NDArray[np.int32], lo: int, hi: int) -> int:
    return int(((x >= lo) & (x < hi)).sum())


@compile
def nbody_energy(pos: NDArray[np.float64], mass: NDArray[np.float64]) -> float:
    n = pos.shape[0]
    e = 0.0
    for i in range(n):
        for j in range(i + 1, n):
            dx = pos[i, 0] - pos[j, 0]
            dy = pos[i, 1] - pos[j, 1]
            dz = pos[i, 2] - pos[j, 2]
            e -= mass[i] * mass[j] / np.sqrt(dx * dx + dy * dy + dz * dz)
    return e


@compile
def softmax(x: NDArray[np.float64]) -> NDArray[np.float64]:
    e = np.exp(x - x.max())
    return e / e.sum()
