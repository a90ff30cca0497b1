import numpy as np
from numpy.typing import NDArray

from hatch_pyaot import compile


@compile
def no_rank(x: NDArray[np.float64]) -> int:
    return 0


@compile
def too_few(x: NDArray[np.float64]) -> float:
    y = x[0, 1]
    return x[0]


@compile
def truth(x: NDArray[np.bool_]) -> int:
    if x:
        return 1
    return int(x[0])


@compile
def bool_minus(x: NDArray[np.bool_]) -> bool:
    return x[0] - x[1]


@compile
def dtype_value(x: NDArray[np.int8]) -> int:
    d = np.float32
    return int(x[0])


@compile
def plain_dtype(x: NDArray[float]) -> int:
    return 0


@compile
def three_open(a: NDArray[np.float64], b: NDArray[np.float64],
               c: NDArray[np.float64]) -> float:
    return float(len(a) + len(b) + len(c))  # len() is no broadcast: 27 combinations



@compile
def augmented_cast(a: NDArray[np.int64]) -> NDArray[np.int64]:
    a[1:] += 1.5
    return a
