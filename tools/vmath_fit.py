"""Fits the minimax polynomials of numpy.arctan, numpy.arcsin and numpy.arccos
(pyaot/numpy/vmath/inverse_trig.hpp) and numpy.cbrt's first guess (pyaot/numpy/vmath/cbrt.hpp)
by Remez's exchange algorithm, in long double (x86-64: 64-bit mantissas), and prints each
polynomial's coefficients as C++ hex doubles with the fit's largest error.

Each fit is of f(z) by sum c_k z**k over the powers k in `powers`, on [lo, hi], minimizing
the largest of |f(z) - p(z)| * weight(z):
- atan u = u + u * p(u*u) for |u| <= 7/16: f(z) = atan(sqrt z) / sqrt z - 1, powers 1..n,
  absolute error (atan's error relative to u).
- asin s = s + s * p(s*s) for |s| <= 1/2: the same with asin, z in [0, 1/4].
- cbrt m for m in [1, 2): relative error, powers 0..n (only a first guess: Newton's and
  Halley's steps follow).

Run: ``python tools/vmath_fit.py`` (a few seconds).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

LD = np.longdouble
Fn = Callable[[np.ndarray], np.ndarray]


def solve(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """a x = b by Gaussian elimination with partial pivoting, in long double."""
    a = a.astype(LD).copy()
    b = b.astype(LD).copy()
    n = len(b)
    for i in range(n):
        p = i + int(np.argmax(np.abs(a[i:, i])))
        a[[i, p]] = a[[p, i]]
        b[[i, p]] = b[[p, i]]
        factor = a[i + 1:, i] / a[i, i]
        a[i + 1:] -= factor[:, None] * a[i]
        b[i + 1:] -= factor * b[i]
    x = np.zeros(n, LD)
    for i in range(n - 1, -1, -1):
        x[i] = (b[i] - a[i, i + 1:] @ x[i + 1:]) / a[i, i]
    return x


def basis(z: np.ndarray, powers: list[int], scale: float = 1.0) -> np.ndarray:
    """The powers of z / scale (scaled to [0, 1] the system is far better conditioned)."""
    return np.stack([(z / LD(scale)) ** LD(k) for k in powers], axis=1)


def extrema(z: np.ndarray, e: np.ndarray, count: int) -> np.ndarray:
    """The abscissas of `count` alternating extrema of the error e on the grid z."""
    sign = np.sign(e)
    cuts = np.flatnonzero(sign[1:] != sign[:-1]) + 1
    segments = np.split(np.arange(len(z)), cuts)
    peaks = [int(s[np.argmax(np.abs(e[s]))]) for s in segments if len(s)]
    while len(peaks) > count:  # drop the smaller end
        peaks.pop(0 if abs(e[peaks[0]]) < abs(e[peaks[-1]]) else -1)
    return z[peaks]


def remez(f: Fn, lo: float, hi: float, powers: list[int], weight: Fn,
          iterations: int = 30) -> tuple[np.ndarray, float]:
    n = len(powers)
    grid = LD(lo) + (LD(hi) - LD(lo)) * (1 - np.cos(np.pi * np.arange(40001, dtype=LD) / 40000)) / 2
    grid = grid[grid > 0] if powers[0] > 0 else grid
    j = np.arange(n + 1, dtype=LD)
    ref = LD(lo) + (LD(hi) - LD(lo)) * (1 - np.cos(np.pi * (j + LD(0.5)) / (n + 1))) / 2
    best: tuple[float, np.ndarray] = (np.inf, np.zeros(n, LD))
    for _ in range(iterations):
        w = weight(ref)
        a = np.concatenate([basis(ref, powers, hi), ((-1.0) ** j / w)[:, None]], axis=1)
        solution = solve(a, f(ref))
        coefficients = solution[:n] / LD(hi) ** np.array(powers, LD)
        error = (f(grid) - basis(grid, powers) @ coefficients) * weight(grid)
        largest = float(np.max(np.abs(error)))
        if largest < best[0]:
            best = (largest, coefficients)
        peaks = extrema(grid, error, n + 1)
        if len(peaks) < n + 1:  # at the references' own rounding errors: done
            break
        ref = peaks
    doubles = np.array([float(c) for c in best[1]], LD)
    error = (f(grid) - basis(grid, powers) @ doubles) * weight(grid)
    return best[1], float(np.max(np.abs(error)))


def atan_ratio(z: np.ndarray) -> np.ndarray:
    s = np.sqrt(z)
    return np.arctan(s) / s - 1


def asin_ratio(z: np.ndarray) -> np.ndarray:
    s = np.sqrt(z)
    return np.arcsin(s) / s - 1


def one(z: np.ndarray) -> np.ndarray:
    return np.ones_like(z)


def report(name: str, fit: tuple[np.ndarray, float]) -> None:
    coefficients, error = fit
    print(f"// {name}: largest error {error:.3g} (2**{np.log2(error):.1f})")
    print("    " + ", ".join(float.hex(float(c)) for c in coefficients) + ",")


def atan_fixed(p: int, q: int, bits: int = 200) -> int:
    """atan(p / q) * 2**bits for 0 <= p / q < 1, with integers (to a few units)."""
    one = 1 << bits
    total, power, k, sign = 0, one * p // q, 1, 1
    while power:
        total += sign * (power // k)
        power = power * p * p // (q * q)
        k += 2
        sign = -sign
    return total


def hi_lo(value: int, bits: int = 200) -> str:
    """value * 2**-bits as two doubles, the high one rounded, the low one the rest."""
    from fractions import Fraction

    exact = Fraction(value, 1 << bits)
    high = float(exact)
    return f"{float.hex(high)}, {float.hex(float(exact - Fraction(high)))}"


def main() -> None:
    pi = 16 * atan_fixed(1, 5) - 4 * atan_fixed(1, 239)
    print(f"// atan 1/2 = {hi_lo(atan_fixed(1, 2))}")
    print(f"// atan 3/2 = {hi_lo(pi // 2 - atan_fixed(2, 3))}")
    print(f"// pi/2 = {hi_lo(pi // 2)}, pi/4 = {hi_lo(pi // 4)}")
    report("atan, double, z^1..z^11", remez(atan_ratio, 0, (7 / 16) ** 2, list(range(1, 12)), one))
    report("atan, float, z^1..z^6", remez(atan_ratio, 0, (7 / 16) ** 2, list(range(1, 7)), one))
    report("asin, double, z^1..z^13", remez(asin_ratio, 0, 0.25, list(range(1, 14)), one))
    report("asin, float, z^1..z^6", remez(asin_ratio, 0, 0.25, list(range(1, 7)), one))
    report("cbrt on [1, 2), m^0..m^5, relative",
           remez(np.cbrt, 1, 2, list(range(0, 6)), lambda m: 1 / np.cbrt(m)))


if __name__ == "__main__":
    main()
