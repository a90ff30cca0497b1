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
