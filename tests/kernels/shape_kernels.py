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
