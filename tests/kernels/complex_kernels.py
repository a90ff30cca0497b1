"""Kernels on Python's complex for tests/test_complex.py (each also runs as plain Python)."""

from __future__ import annotations

import cmath

from hatch_pyaot import compile

UNIT = 1j
ROOT = complex(0.5, -2.0)


@compile
def add(a: complex, b: complex) -> complex:
    return a + b


@compile
def sub(a: complex, b: complex) -> complex:
    return a - b


@compile
def mul(a: complex, b: complex) -> complex:
    return a * b


@compile
def div(a: complex, b: complex) -> complex:
    return a / b


@compile
def power(a: complex, b: complex) -> complex:
    return a**b


@compile
def power_int(a: complex, n: int) -> complex:
    return a**n


@compile
def mixed(x: float, n: int, z: complex) -> complex:
    return x * z + n - z / 2 + 2.5j * x


@compile
def neg_pos(z: complex) -> tuple[complex, complex]:
    return -z, +z


@compile
def literals() -> tuple[complex, complex, complex, complex, complex]:
    return 1j, 2 + 3j, -0j, UNIT * ROOT, 1e300j * 1e10


@compile
def made(a: float, b: float) -> tuple[complex, complex, complex, complex]:
    return complex(a, b), complex(a), complex(), complex(a, b * 1j)


@compile
def made_from_complex(a: complex, b: complex) -> complex:
    return complex(a, b)


@compile
def parts(z: complex) -> tuple[float, float, complex, float]:
    return z.real, z.imag, z.conjugate(), abs(z)


@compile
def equal(a: complex, b: complex) -> tuple[bool, bool, bool]:
    return a == b, a != b, a == 1.5


@compile
def truth(z: complex) -> tuple[bool, bool]:
    return bool(z), not z


@compile
def text(z: complex) -> tuple[str, str, str]:
    return str(z), repr(z), f"<{z}>"


@compile
def in_list(zs: list[complex]) -> list[complex]:
    out = [z * z for z in zs]
    out.append(1j)
    return out


@compile
def total(zs: list[complex]) -> complex:
    s = 0j
    for z in zs:
        s += z
    return s


@compile
def as_keys(zs: list[complex]) -> dict[complex, int]:
    d: dict[complex, int] = {}
    for i, z in enumerate(zs):
        d[z] = i
    return d


@compile
def printed(z: complex) -> None:
    print(z, [z], (z, 1.0))


@compile
def widened(x: float) -> complex:
    z = x
    if x > 0:
        z = x * 1j
    return z


@compile
def c_exp(z: complex) -> complex:
    return cmath.exp(z)


@compile
def c_log(z: complex) -> complex:
    return cmath.log(z)


@compile
def c_log_base(z: complex, base: complex) -> complex:
    return cmath.log(z, base)


@compile
def c_sqrt(z: complex) -> complex:
    return cmath.sqrt(z)


@compile
def c_sin(z: complex) -> complex:
    return cmath.sin(z)


@compile
def c_cos(z: complex) -> complex:
    return cmath.cos(z)


@compile
def c_phase(z: complex) -> float:
    return cmath.phase(z)


@compile
def c_polar(z: complex) -> tuple[float, float]:
    return cmath.polar(z)


@compile
def c_rect(r: float, phi: float) -> complex:
    return cmath.rect(r, phi)


@compile
def c_tests(z: complex) -> tuple[bool, bool, bool]:
    return cmath.isnan(z), cmath.isinf(z), cmath.isfinite(z)


@compile
def mandelbrot_point(c: complex, limit: int) -> int:
    z = 0j
    for i in range(limit):
        z = z * z + c
        if abs(z) > 2.0:
            return i
    return limit


@compile
def updated(z: complex, x: float) -> tuple[complex, bool, bool]:
    z += 1
    z *= 2j
    z /= x
    z **= 2
    return z, isinstance(z, complex), isinstance(z, float)


@compile
def grouped(zs: list[complex]) -> tuple[complex, int, dict[tuple[complex, int], int]]:
    return sum(zs), len(set(zs)), {(z, i): i for i, z in enumerate(zs)}
