"""Large elementwise loops that test_threads.py runs on one thread and on several."""

import numpy as np
from numpy.typing import NDArray

from hatch_pyaot import compile


@compile
def poly(x: NDArray[np.float64]) -> NDArray[np.float64]:
    return ((((0.3 * x + 1.7) * x - 2.9) * x + 0.11) * x - 5.0) * x + 0.5


@compile
def rows_minus_columns(m: NDArray[np.float32], row: NDArray[np.float32]) -> NDArray[np.float32]:
    return m[:, 1:] * np.float32(2.0) - m[:, :-1] + row[1:]


@compile
def scale_in_place(a: NDArray[np.int64], k: int) -> None:
    a[::2] = a[::2] * k + 1


@compile
def power(a: NDArray[np.int64], e: NDArray[np.int64]) -> NDArray[np.int64]:
    return a ** e


@compile
def sweeps(x: NDArray[np.float64], count: int) -> float:
    s = 0.0
    for _ in range(count):
        for i in range(x.shape[0]):
            s += x[i] * 0.5
    return s
