"""Kernels on complex64 / complex128 arrays (tests/test_numpy_complex.py)."""

import numpy as np
from numpy.typing import NDArray

from hatch_pyaot import compile


@compile
def add(a: NDArray[np.complex128], b: NDArray[np.complex128]) -> NDArray[np.complex128]:
    return a + b


@compile
def sub(a: NDArray[np.complex128], b: NDArray[np.complex128]) -> NDArray[np.complex128]:
    return a - b


@compile
def mul(a: NDArray[np.complex128], b: NDArray[np.complex128]) -> NDArray[np.complex128]:
    return a * b


@compile
def div(a: NDArray[np.complex128], b: NDArray[np.complex128]) -> NDArray[np.complex128]:
    return a / b


@compile
def power(a: NDArray[np.complex128], b: NDArray[np.complex128]) -> NDArray[np.complex128]:
    return a**b


@compile
def square_cube(a: NDArray[np.complex128]) -> NDArray[np.complex128]:
    return a**2 + a**3 - a**-2


@compile
def fast_powers(a: NDArray[np.complex128]) -> NDArray[np.complex128]:
    return a**-1 + a**0.5 - a**2.0


@compile
def add64(a: NDArray[np.complex64], b: NDArray[np.complex64]) -> NDArray[np.complex64]:
    return a + b


@compile
def mul64(a: NDArray[np.complex64], b: NDArray[np.complex64]) -> NDArray[np.complex64]:
    return a * b


@compile
def div64(a: NDArray[np.complex64], b: NDArray[np.complex64]) -> NDArray[np.complex64]:
    return a / b


@compile
def mixed64_f64(a: NDArray[np.complex64], b: NDArray[np.float64]) -> NDArray[np.complex128]:
    return a + b


@compile
def mixed64_f32(a: NDArray[np.complex64], b: NDArray[np.float32]) -> NDArray[np.complex64]:
    return a * b


@compile
def ints_times_j(a: NDArray[np.int64]) -> NDArray[np.complex128]:
    return a * (2 - 1j)


@compile
def times_1j(x: NDArray[np.float64]) -> NDArray[np.complex128]:
    return 1j * x


@compile
def f32_times_j(x: NDArray[np.float32]) -> NDArray[np.complex64]:
    return x * 1j


@compile
def equal(a: NDArray[np.complex128], b: NDArray[np.complex128]) -> NDArray[np.bool_]:
    return a == b


@compile
def not_equal(a: NDArray[np.complex128], b: NDArray[np.complex128]) -> NDArray[np.bool_]:
    return a != b


@compile
def absolute(a: NDArray[np.complex128]) -> NDArray[np.float64]:
    return np.abs(a)


@compile
def absolute64(a: NDArray[np.complex64]) -> NDArray[np.float32]:
    return np.abs(a)


@compile
def conj(a: NDArray[np.complex128]) -> NDArray[np.complex128]:
    return np.conj(a)


@compile
def conj_methods(a: NDArray[np.complex128], x: NDArray[np.float64]) -> NDArray[np.complex128]:
    return a.conj() * a.conjugate() + x.conj()


@compile
def exp(a: NDArray[np.complex128]) -> NDArray[np.complex128]:
    return np.exp(a)


@compile
def log(a: NDArray[np.complex128]) -> NDArray[np.complex128]:
    return np.log(a)


@compile
def sqrt(a: NDArray[np.complex128]) -> NDArray[np.complex128]:
    return np.sqrt(a)


@compile
def exp64(a: NDArray[np.complex64]) -> NDArray[np.complex64]:
    return np.exp(a)


@compile
def predicates(a: NDArray[np.complex128]) -> NDArray[np.bool_]:
    return np.isnan(a) | ~np.isfinite(a)


@compile
def neg(a: NDArray[np.complex128]) -> NDArray[np.complex128]:
    return -a


@compile
def element(a: NDArray[np.complex128], i: int) -> complex:
    return a[i]


@compile
def element_sum(a: NDArray[np.complex128]) -> complex:
    total = 0j
    for i in range(a.shape[0]):
        total += a[i]
    return total


@compile
def write(a: NDArray[np.complex128], i: int, z: complex) -> None:
    a[i] = z


@compile
def write64(a: NDArray[np.complex64], i: int, z: complex) -> None:
    a[i] = z


@compile
def scale_in_place(a: NDArray[np.complex128], z: complex) -> None:
    a *= z


@compile
def zeros(n: int) -> NDArray[np.complex128]:
    return np.zeros(n, dtype=np.complex128)


@compile
def ones64(n: int) -> NDArray[np.complex64]:
    return np.ones(n, dtype=np.complex64)


@compile
def full(n: int, z: complex) -> NDArray[np.complex128]:
    return np.full(n, z, dtype=np.complex128)


@compile
def to_real(a: NDArray[np.complex128]) -> NDArray[np.float64]:
    return a.astype(np.float64)


@compile
def to_complex(a: NDArray[np.float64]) -> NDArray[np.complex128]:
    return a.astype(np.complex128)


@compile
def narrow(a: NDArray[np.complex128]) -> NDArray[np.complex64]:
    return a.astype(np.complex64)


@compile
def total(a: NDArray[np.complex128]) -> complex:
    return np.sum(a)


@compile
def mandelbrot(c: NDArray[np.complex128], steps: int) -> NDArray[np.int64]:
    z = np.zeros(c.shape[0], dtype=np.complex128)
    counts = np.zeros(c.shape[0], dtype=np.int64)
    for _ in range(steps):
        z = z * z + c
        counts += np.abs(z) <= 2.0
    return counts


@compile
def parts(a: NDArray[np.complex128]) -> NDArray[np.float64]:
    return np.real(a) * 2.0 + np.imag(a) - a.real + a.imag


@compile
def angle(a: NDArray[np.complex128]) -> NDArray[np.float64]:
    return np.angle(a)


@compile
def angle64(a: NDArray[np.complex64]) -> NDArray[np.float32]:
    return np.angle(a)


@compile
def real_of_real(x: NDArray[np.float64]) -> NDArray[np.float64]:
    return np.real(x) + np.imag(x)


@compile
def element_parts(a: NDArray[np.complex128], i: int) -> float:
    return a[i].real - a[i].imag


@compile
def average(a: NDArray[np.complex128]) -> complex:
    return np.mean(a)


@compile
def product(a: NDArray[np.complex128]) -> complex:
    return a.prod()


@compile
def total64(a: NDArray[np.complex64]) -> NDArray[np.complex64]:
    return np.full(1, a.sum(), dtype=np.complex64)


@compile
def normalise(a: NDArray[np.complex128]) -> NDArray[np.complex128]:
    return a / np.abs(a).max()


@compile
def mandelbrot_grid(c: NDArray[np.complex128], steps: int) -> NDArray[np.int64]:
    z = np.zeros_like(c)
    counts = np.zeros(c.shape, dtype=np.int64)
    for _ in range(steps):
        inside = np.abs(z) <= 2.0
        z = np.where(inside, z * z + c, z)
        counts += inside
    return counts


@compile
def shift(a: NDArray[np.complex128], z: np.complex128) -> NDArray[np.complex128]:
    return a + z


@compile
def shift64(a: NDArray[np.complex64], z: np.complex64) -> np.complex64:
    return a[0] * z


@compile
def literal() -> NDArray[np.complex128]:
    return np.array([1 + 2j, 3.0, -1j, 2])


@compile
def literal64(x: float) -> NDArray[np.complex64]:
    return np.array([[x, 1j], [x * 1j, -0.0]], dtype=np.complex64)


# ----- the other ufuncs (pyaot/numpy/scalar/complex_math.hpp) -----------------------------


@compile
def u_sin(a: NDArray[np.complex128]) -> NDArray[np.complex128]:
    return np.sin(a)


@compile
def u_cos(a: NDArray[np.complex128]) -> NDArray[np.complex128]:
    return np.cos(a)


@compile
def u_tan(a: NDArray[np.complex128]) -> NDArray[np.complex128]:
    return np.tan(a)


@compile
def u_sinh(a: NDArray[np.complex128]) -> NDArray[np.complex128]:
    return np.sinh(a)


@compile
def u_cosh(a: NDArray[np.complex128]) -> NDArray[np.complex128]:
    return np.cosh(a)


@compile
def u_tanh(a: NDArray[np.complex128]) -> NDArray[np.complex128]:
    return np.tanh(a)


@compile
def u_arcsin(a: NDArray[np.complex128]) -> NDArray[np.complex128]:
    return np.arcsin(a)


@compile
def u_arccos(a: NDArray[np.complex128]) -> NDArray[np.complex128]:
    return np.arccos(a)


@compile
def u_arctan(a: NDArray[np.complex128]) -> NDArray[np.complex128]:
    return np.arctan(a)


@compile
def u_arcsinh(a: NDArray[np.complex128]) -> NDArray[np.complex128]:
    return np.arcsinh(a)


@compile
def u_arccosh(a: NDArray[np.complex128]) -> NDArray[np.complex128]:
    return np.arccosh(a)


@compile
def u_arctanh(a: NDArray[np.complex128]) -> NDArray[np.complex128]:
    return np.arctanh(a)


@compile
def u_log10(a: NDArray[np.complex128]) -> NDArray[np.complex128]:
    return np.log10(a)


@compile
def u_log2(a: NDArray[np.complex128]) -> NDArray[np.complex128]:
    return np.log2(a)


@compile
def u_log1p(a: NDArray[np.complex128]) -> NDArray[np.complex128]:
    return np.log1p(a)


@compile
def u_expm1(a: NDArray[np.complex128]) -> NDArray[np.complex128]:
    return np.expm1(a)


@compile
def u_sign(a: NDArray[np.complex128]) -> NDArray[np.complex128]:
    return np.sign(a)


@compile
def u_reciprocal(a: NDArray[np.complex128]) -> NDArray[np.complex128]:
    return np.reciprocal(a)


@compile
def u_negative(a: NDArray[np.complex128]) -> NDArray[np.complex128]:
    return np.negative(a)


@compile
def u_power(a: NDArray[np.complex128], b: NDArray[np.complex128]) -> NDArray[np.complex128]:
    return np.power(a, b)


@compile
def u_many64(a: NDArray[np.complex64]) -> NDArray[np.complex64]:
    return np.sign(a) * np.log1p(a) - np.expm1(a) + np.log10(a) * np.tanh(a)


@compile
def u_grid(a: np.ndarray[tuple[int, int], np.dtype[np.complex128]]
           ) -> np.ndarray[tuple[int, int], np.dtype[np.complex128]]:
    return np.arcsinh(a) - np.log2(a.T)


# ----- reductions along an axis, min/max, sorting, cumulative ---------------------------------

C2 = np.ndarray[tuple[int, int], np.dtype[np.complex128]]
C3 = np.ndarray[tuple[int, int, int], np.dtype[np.complex128]]


@compile
def sums0(a: C2) -> NDArray[np.complex128]:
    return a.sum(axis=0) + np.prod(a, axis=0) - a.mean(0)


@compile
def sums1(a: C2) -> NDArray[np.complex128]:
    return a.sum(axis=1) + np.prod(a, axis=-1) - np.mean(a, axis=1)


@compile
def sums3(a: C3) -> NDArray[np.complex128]:
    return a.sum(axis=1, keepdims=True) - a.mean(axis=2, keepdims=True)


@compile
def extremes0(a: C2) -> NDArray[np.complex128]:
    return np.max(a, axis=0) - a.min(axis=0)


@compile
def extremes1(a: C2) -> NDArray[np.complex128]:
    return np.amax(a, axis=1) * 2 + np.amin(a, 1)


@compile
def arg_extremes(a: C2) -> NDArray[np.int64]:
    return np.argmax(a, axis=0) * 1000 + a.argmin(axis=0)


@compile
def arg_extremes64(a: np.ndarray[tuple[int, int], np.dtype[np.complex64]]) -> NDArray[np.int64]:
    return a.argmax(axis=1) * 1000 + np.argmin(a, axis=-1)


@compile
def sums64(a: np.ndarray[tuple[int, int], np.dtype[np.complex64]]) -> NDArray[np.complex64]:
    return a.sum(axis=0) + a.mean(axis=0)


@compile
def whole_extremes(a: NDArray[np.complex128]) -> tuple[complex, complex, int, int]:
    return a.max(), np.min(a), int(a.argmax()), int(np.argmin(a))


@compile
def sorted_rows(a: C2) -> NDArray[np.complex128]:
    return np.sort(a)


@compile
def sorted_columns(a: C2) -> NDArray[np.complex128]:
    return np.sort(a, axis=0)


@compile
def sort_in_place(a: NDArray[np.complex128]) -> None:
    a.sort()


@compile
def order(a: NDArray[np.complex64]) -> NDArray[np.int64]:
    return np.argsort(a, kind="stable")


@compile
def running(a: C2) -> NDArray[np.complex128]:
    return np.cumsum(a, axis=1) - a.cumprod(axis=0)


@compile
def running_flat(a: NDArray[np.complex128]) -> NDArray[np.complex128]:
    return np.cumprod(a) + a.cumsum()


@compile
def builtin_abs(a: NDArray[np.complex128], x: NDArray[np.float32]) -> NDArray[np.float64]:
    return abs(a) ** 2 + abs(x)


@compile
def builtin_abs64(a: NDArray[np.complex64]) -> NDArray[np.float32]:
    return abs(a)
