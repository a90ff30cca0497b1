"""NumPy kernels for tests/test_numpy_einsum.py: numpy.einsum of 1 to 3 operands."""

import numpy as np
from numpy.typing import NDArray
from hatch_pyaot import compile

F2 = np.ndarray[tuple[int, int], np.dtype[np.float64]]
F1 = np.ndarray[tuple[int], np.dtype[np.float64]]
I2 = np.ndarray[tuple[int, int], np.dtype[np.int32]]


@compile
def mm(a: F2, b: F2) -> F2:
    return np.einsum("ij,jk->ik", a, b)


@compile
def dot(a: F1, b: F1) -> float:
    return np.einsum("i,i", a, b)


@compile
def trace_diag(a: I2) -> tuple[np.int32, NDArray[np.int32], NDArray[np.int32]]:
    return np.einsum("ii", a), np.einsum("ii->i", a), np.einsum("ij->ji", a)


@compile
def three(a: F2, b: F1, c: F2) -> F1:
    return np.einsum("ij,j,jk->k", a, b, c)


@compile
def implicit(a: F2, b: F2) -> F2:
    return np.einsum("ij,jk", a, b)


@compile
def outer_sum(a: np.ndarray[tuple[int, int], np.dtype[np.float32]], b: F2) -> tuple[NDArray[np.float64], float]:
    return np.einsum("i,j->ij", a[:, 0], b[0]), np.einsum("ij->", b)


@compile
def batched(a: np.ndarray[tuple[int, int, int], np.dtype[np.int64]],
            b: np.ndarray[tuple[int, int, int], np.dtype[np.int64]]) -> NDArray[np.int64]:
    return np.einsum("bij,bjk->bik", a, b)
