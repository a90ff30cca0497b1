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
        NDArray[np.float64], NDArray[np.int32], NDArray[np.bool_], NDArray[np.bool_],
        NDArray[np.int32], NDArray[np.float64]]:
    return np.sinc(a), np.fix(a), np.isposinf(a), np.isreal(a), np.conjugate(a), \
        np.conj(a * 0.5)


@compile
def linalg(a: NDArray[np.float64], b: NDArray[np.float64], c: NDArray[np.float64]) -> tuple[
        np.float64, NDArray[np.float64], NDArray[np.float64], NDArray[np.float64],
        tuple[np.float64, np.float64]]:
    assert a.shape[1] >= 0 and b.shape[0] >= 0 and c.shape[1] >= 0
    sign, logdet = np.linalg.slogdet(a)
    return np.linalg.det(a), np.linalg.inv(a), np.linalg.solve(a, b), np.linalg.solve(a, c), \
        (sign, logdet)


@compile
def int_linalg(a: NDArray[np.int64]) -> tuple[np.float64, NDArray[np.float64]]:
    return np.linalg.det(a), np.linalg.inv(a)


@compile
def float32_det(a: NDArray[np.float32]) -> np.float32:
    return np.linalg.det(a)


@compile
def products(a: NDArray[np.int64], b: NDArray[np.int32], x: NDArray[np.int64],
             y: NDArray[np.int64]) -> tuple[NDArray[np.int64], np.int64, np.int64, np.int64]:
    assert a.shape[1] >= 0 and b.shape[1] >= 0 and x.shape[0] >= 0 and y.shape[0] >= 0
    return np.kron(a, b), np.inner(x, y), np.vdot(x, y), np.vecdot(x, y)


@compile
def float_products(a: NDArray[np.float64], b: NDArray[np.float64]) -> tuple[
        NDArray[np.float64], np.float64]:
    assert a.shape[0] >= 0 and b.shape[0] >= 0
    return np.kron(a, b), np.inner(a, b)


@compile
def kron3(a: NDArray[np.float32], b: NDArray[np.float32]) -> NDArray[np.float32]:
    assert a.shape[2] >= 0 and b.shape[2] >= 0
    return np.kron(a, b)


@compile
def quantiles(a: NDArray[np.float64], q: float) -> tuple[
        np.float64, np.float64, np.float64, np.float64]:
    return np.percentile(a, q), np.quantile(a, q / 100.0), np.nanpercentile(a, q), \
        np.nanquantile(a, q / 100.0)


@compile
def int_quantiles(a: NDArray[np.int64], q: float) -> tuple[np.float64, np.float64]:
    return np.percentile(a, q), np.quantile(a, q)


@compile
def nan_stats(a: NDArray[np.float64]) -> tuple[np.float64, np.float64, np.float64,
                                               np.float64]:
    return np.nanmedian(a), np.nanvar(a), np.nanstd(a), np.nanvar(a, ddof=1)


@compile
def covariances(m: NDArray[np.float64]) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    return np.cov(m), np.corrcoef(m)


@compile
def lexsorts(a: NDArray[np.int64], b: NDArray[np.float64]) -> tuple[
        NDArray[np.int64], NDArray[np.int64]]:
    assert a.shape[0] >= 0 and b.shape[0] >= 0
    return np.lexsort((a, b)), np.lexsort((b,))


@compile
def float_parts(x: NDArray[np.float64], n: NDArray[np.int64]) -> tuple[
        NDArray[np.float64], NDArray[np.int32], NDArray[np.float64], NDArray[np.float64],
        NDArray[np.float64]]:
    assert x.shape[1] >= 0 and n.shape[1] >= 0
    m, e = np.frexp(x)
    frac, whole = np.modf(x)
    return m, e, frac, whole, np.ldexp(x, n)


@compile
def float32_parts(x: NDArray[np.float32]) -> tuple[NDArray[np.float32], NDArray[np.int32],
                                                   NDArray[np.float32]]:
    m, e = np.frexp(x)
    return m, e, np.modf(x)[1]


@compile
def divmods(a: NDArray[np.int64], b: NDArray[np.int64]) -> tuple[NDArray[np.int64],
                                                                 NDArray[np.int64]]:
    assert a.shape[0] >= 0 and b.shape[0] >= 0
    return np.divmod(a, b)


@compile
def float_divmods(a: NDArray[np.float64], b: NDArray[np.float64]) -> tuple[
        NDArray[np.float64], NDArray[np.float64]]:
    assert a.shape[1] >= 0 and b.shape[1] >= 0
    return np.divmod(a, b)


@compile
def properties(a: NDArray[np.float64]) -> tuple[int, int, tuple[int, int], bool, bool]:
    assert a.shape[1] >= 0
    return np.ndim(a), np.size(a), np.shape(a), np.isrealobj(a), np.iscomplexobj(a)
