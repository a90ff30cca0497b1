"""Scalar benchmark kernels: plain typed Python that `pyaot build` compiles.

Every kernel is a `@compile` function in the scalar subset (int, float, bool, tuples,
while/for-range loops, helpers, recursion, the math module, a few builtins). The sizes the
benchmark calls them with are in `scalar_suite.py`; each call is deterministic, so the
compiled and the interpreted version must return exactly the same value.

Integer kernels keep every intermediate value within 64 bits (`& 0xFFFFFFFF` masks): the
compiled `int` is an int64 that raises `OverflowError` where CPython would grow.
"""

import math

from hatch_pyaot import compile

MASK32 = 0xFFFFFFFF
FNV_OFFSET = 2166136261
FNV_PRIME = 16777619


# ----- series ----------------------------------------------------------------------------

@compile
def leibniz_pi(n: int) -> float:
    """pi from the first n terms of the Leibniz series 4 * (1 - 1/3 + 1/5 - ...)."""
    s = 0.0
    sign = 1.0
    for k in range(n):
        s += sign / (2 * k + 1)
        sign = -sign
    return 4.0 * s


@compile
def basel_pi(n: int) -> float:
    """pi from the Basel problem: sqrt(6 * sum 1/k^2), summed from the small terms up."""
    s = 0.0
    for k in range(n, 0, -1):
        s += 1.0 / (k * k)
    return math.sqrt(6.0 * s)


# ----- recursion -------------------------------------------------------------------------

@compile
def fib(n: int) -> int:
    """Naive doubly recursive Fibonacci: a benchmark of call overhead."""
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)


def _queens(cols: int, diag1: int, diag2: int, full: int) -> int:
    if cols == full:
        return 1
    count = 0
    free = full & ~(cols | diag1 | diag2)
    while free:
        bit = free & -free
        free -= bit
        count += _queens(cols | bit, ((diag1 | bit) << 1) & full, (diag2 | bit) >> 1, full)
    return count


@compile
def n_queens(n: int) -> int:
    """Number of ways to place n non-attacking queens (bitmask backtracking)."""
    return _queens(0, 0, 0, (1 << n) - 1)


# ----- integer arithmetic ----------------------------------------------------------------

def _fnv1a32(x):
    """FNV-1a over the 4 low bytes of x (32-bit)."""
    h = FNV_OFFSET
    for _ in range(4):
        h = ((h ^ (x & 0xFF)) * FNV_PRIME) & MASK32
        x >>= 8
    return h


def _xorshift32(x):
    x ^= (x << 13) & MASK32
    x ^= x >> 17
    x ^= (x << 5) & MASK32
    return x


@compile
def hash_mix(n: int) -> int:
    """Chain FNV-1a and xorshift32 over 0..n-1; returns the 32-bit accumulator."""
    acc = 0
    for i in range(n):
        h = _fnv1a32(i)
        acc = (acc + _xorshift32(h ^ acc)) & MASK32
    return acc


@compile
def collatz_longest(limit: int) -> tuple[int, int]:
    """The start below limit with the longest Collatz chain, and the chain's length."""
    best, best_len = 1, 1
    for start in range(2, limit):
        n = start
        length = 1
        while n != 1:
            if n & 1:
                n = 3 * n + 1
            else:
                n >>= 1
            length += 1
        if length > best_len:
            best, best_len = start, length
    return best, best_len


def _is_prime(n):
    if n < 2:
        return False
    if n % 2 == 0:
        return n == 2
    d = 3
    while d * d <= n:
        if n % d == 0:
            return False
        d += 2
    return True


@compile
def count_primes(limit: int) -> int:
    """Primes below limit, by trial division with odd divisors (no sieve)."""
    count = 0
    for n in range(limit):
        if _is_prime(n):
            count += 1
    return count


def _gcd(a, b):
    while b:
        a, b = b, a % b
    return a


@compile
def gcd_sum(n: int) -> int:
    """Sum of gcd(i, j) over 1 <= i, j <= n (Euclid's algorithm in a helper)."""
    s = 0
    for i in range(1, n + 1):
        for j in range(1, n + 1):
            s += _gcd(i, j)
    return s


@compile
def armstrong(limit: int) -> tuple[int, int]:
    """Count and sum of the narcissistic numbers below limit (divmod and pow on digits)."""
    count = 0
    total = 0
    for n in range(1, limit):
        digits = 0
        x = n
        while x > 0:
            x //= 10
            digits += 1
        s = 0
        x = n
        while x > 0:
            x, d = divmod(x, 10)
            s += pow(d, digits)
        if s == n:
            count += 1
            total += n
    return count, total


# ----- floating point --------------------------------------------------------------------

@compile
def mandelbrot(width: int, height: int, max_iter: int) -> int:
    """Total escape-time iterations over a width x height grid of [-2, 0.5] x [-1.25, 1.25]."""
    total = 0
    for py in range(height):
        ci = -1.25 + 2.5 * py / height
        for px in range(width):
            cr = -2.0 + 2.5 * px / width
            zr = 0.0
            zi = 0.0
            k = 0
            while k < max_iter and zr * zr + zi * zi <= 4.0:
                zr, zi = zr * zr - zi * zi + cr, 2.0 * zr * zi + ci
                k += 1
            total += k
    return total


def _damped_sine(x):  # no annotations: specialized for the call site's argument types
    return math.sin(x) * math.exp(-x)


@compile
def integrate(a: float, b: float, n: int) -> float:
    """Midpoint rule for the integral of sin(x) * exp(-x) over [a, b] with n intervals."""
    h = (b - a) / n
    s = 0.0
    for i in range(n):
        s += _damped_sine(a + (i + 0.5) * h)
    return s * h


def _newton_sqrt(x: float) -> float:
    if x == 0.0:
        return 0.0
    y = max(x, 1.0)  # >= sqrt(x): the iteration decreases until it stops improving
    while True:
        nxt = 0.5 * (y + x / y)
        if nxt >= y:
            return y
        y = nxt


@compile
def newton_sqrt(n: int) -> tuple[float, float]:
    """Sum of Newton square roots of 1..n, and their largest deviation from math.sqrt."""
    s = 0.0
    worst = 0.0
    for i in range(1, n + 1):
        x = float(i)
        r = _newton_sqrt(x)
        s += r
        worst = max(worst, abs(r - math.sqrt(x)))
    return s, worst


def _lcg(state):
    return (1664525 * state + 1013904223) & MASK32


@compile
def monte_carlo_pi(n: int, seed: int) -> float:
    """pi by sampling n points of the unit square with a 32-bit LCG."""
    state = seed & MASK32
    inside = 0
    for _ in range(n):
        state = _lcg(state)
        x = state / 4294967296.0
        state = _lcg(state)
        y = state / 4294967296.0
        if x * x + y * y < 1.0:
            inside += 1
    return 4.0 * inside / n


@compile
def lorenz(steps: int, dt: float) -> tuple[float, float, float]:
    """Explicit Euler integration of the Lorenz system from (1, 1, 1)."""
    sigma, rho, beta = 10.0, 28.0, 8.0 / 3.0
    x, y, z = 1.0, 1.0, 1.0
    for _ in range(steps):
        dx = sigma * (y - x)
        dy = x * (rho - z) - y
        dz = x * y - beta * z
        x, y, z = x + dt * dx, y + dt * dy, z + dt * dz
    return x, y, z


@compile
def logistic_map(n_r: int, n_iter: int) -> float:
    """Sum of the logistic map x <- r x (1 - x) after n_iter steps, for n_r values of r."""
    total = 0.0
    for j in range(n_r):
        r = 2.5 + 1.5 * j / n_r
        x = 0.5
        for _ in range(n_iter):
            x = r * x * (1.0 - x)
        total += x
    return total


# ----- call overhead ---------------------------------------------------------------------

@compile
def add1(x: float) -> float:
    """Trivial: measures the cost of one call through the CPython boundary."""
    return x + 1.0
