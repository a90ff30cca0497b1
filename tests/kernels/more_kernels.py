"""NumPy kernels for tests/test_numpy_more.py: the ufuncs heaviside, float_power, spacing,
gcd, lcm; the elementwise functions sinc, fix, isposinf, isneginf, isreal, iscomplex; and
the library functions of typing/more_functions.py."""

import numpy as np
from numpy.typing import NDArray

from hatch_pyaot import compile


@compile
def float_ufuncs(x: NDArray[np.float64], y: NDArray[np.float64]) -> tuple[
        NDArray[np.float64], NDArray[np.float64], NDArray[np.float64], NDArray[np.float64]]:
    return np.heaviside(x, 0.5), np.heaviside(x, y), np.float_power(np.abs(x), y), \
        np.spacing(x)


@compile
def float32_ufuncs(x: NDArray[np.float32]) -> tuple[
        NDArray[np.float32], NDArray[np.float64], NDArray[np.float32], NDArray[np.float32]]:
    return np.heaviside(x, np.float32(1.0)), np.float_power(x, 2), np.spacing(x), np.sinc(x)


@compile
def int_ufuncs(a: NDArray[np.int64], b: NDArray[np.int64]) -> tuple[
        NDArray[np.int64], NDArray[np.int64], NDArray[np.int64]]:
    return np.gcd(a, b), np.lcm(a, b), np.gcd(a, 12)


@compile
def small_int_ufuncs(a: NDArray[np.int16], b: NDArray[np.uint8]) -> tuple[
        NDArray[np.int16], NDArray[np.int16], NDArray[np.float64]]:
    return np.gcd(a, b), np.lcm(a, b), np.float_power(a, b)


@compile
def scalar_ufuncs(x: float, n: int, m: int) -> tuple[float, int, int, float, float]:
    return float(np.heaviside(x, 0.5)), int(np.gcd(n, m)), int(np.lcm(n, m)), \
        float(np.spacing(x)), float(np.sinc(x))


@compile
def elementwise(x: NDArray[np.float64]) -> tuple[
        NDArray[np.float64], NDArray[np.float64], NDArray[np.bool_], NDArray[np.bool_],
        NDArray[np.bool_], NDArray[np.bool_]]:
    return np.sinc(x), np.fix(x * 2.0), np.isposinf(x), np.isneginf(x), np.isreal(x), \
        np.iscomplex(x)


@compile
def int_elementwise(a: NDArray[np.int32]) -> tuple[
        NDArray[np.float64], NDArray[np.int32], NDArray[np.bool_], NDArray[np.bool_]]:
    return np.sinc(a), np.fix(a), np.isposinf(a), np.isreal(a)
