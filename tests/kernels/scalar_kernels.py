"""Kernels over the whole scalar subset, for the differential tests (test_differential.py).

Each function is compiled once (one native module for the file) and compared with CPython.
"""

import math
from math import sqrt as root

import hatch_pyaot
from hatch_pyaot import compile

N = 10
SCALE = 2.0 * math.pi
LIMITS = (3, 7)
BIG = 1 << 40


# ----- arithmetic ------------------------------------------------------------------------

@compile
def iadd(a: int, b: int) -> int:
    return a + b


@compile
def isub(a: int, b: int) -> int:
    return a - b


@compile
def imul(a: int, b: int) -> int:
    return a * b


@compile
def ifloordiv(a: int, b: int) -> int:
    return a // b


@compile
def imod(a: int, b: int) -> int:
    return a % b


@compile
def itruediv(a: int, b: int) -> float:
    return a / b


@compile
def ipow(a: int, b: int) -> int:
    return a**b


@compile
def ishift(a: int, b: int) -> tuple[int, int]:
    return a << b, a >> b


@compile
def ibits(a: int, b: int) -> tuple[int, int, int, int]:
    return a & b, a | b, a ^ b, ~a


@compile
def ineg(a: int) -> tuple[int, int, int]:
    return -a, +a, abs(a)


@compile
def fops(a: float, b: float) -> tuple[float, float, float, float]:
    return a + b, a - b, a * b, -a


@compile
def fdiv(a: float, b: float) -> float:
    return a / b


@compile
def ffloordiv(a: float, b: float) -> float:
    return a // b


@compile
def fmod(a: float, b: float) -> float:
    return a % b


@compile
def fpow(a: float, b: float) -> float:
    return a**b


@compile
def mixed(a: int, b: float) -> tuple[float, float, float, float]:
    return a + b, a * b, a / b, b - a


@compile
def int_pow_negative_literal(a: int) -> float:
    return a**-2


@compile
def bools(a: bool, b: bool) -> tuple[bool, bool, bool, int, int]:
    return a & b, a | b, a ^ b, a + b, -a


# ----- comparisons and logic --------------------------------------------------------------

@compile
def chained(a: int, b: float, c: int) -> bool:
    return a < b <= c


@compile
def int_float_eq(a: int, b: float) -> tuple[bool, bool, bool]:
    return a == b, a < b, b >= a


@compile
def and_or(a: int, b: int) -> int:
    return a and b or 7


@compile
def logic(x: float, y: float) -> bool:
    return not x or (y > 0 and not y > 10)


@compile
def pick(x: int) -> int:
    return 100 if x > 5 else -100 if x < -5 else x


@compile
def compare_chain_calls(x: int) -> bool:
    return 0 <= abs(x) < N <= x * x


# ----- control flow ----------------------------------------------------------------------

@compile
def sum_range(start: int, stop: int, step: int) -> int:
    s = 0
    for i in range(start, stop, step):
        s += i
    return s


@compile
def loop_var_after(n: int) -> int:
    i = -1
    for i in range(n):
        pass
    return i


@compile
def first_divisor(n: int) -> int:
    for d in range(2, n):
        if n % d == 0:
            break
    else:
        return -1
    return d


@compile
def spin(n: int) -> int:
    """n steps of a while loop, for ever when n < 0 (Ctrl-C must stop it)."""
    i = 0
    while i != n:
        i = (i + 1) % 1_000_000_007
    return i


@compile
def spin_range(n: int) -> int:
    """n steps of a range loop (for ever, in practice, when n is 2**62)."""
    s = 0
    for i in range(n):
        s = (s + i) % 1_000_000_007
    return s


@compile
def count_down(n: int) -> int:
    steps = 0
    while n > 0:
        n -= 3
        if n % 2 == 0:
            continue
        steps += 1
    else:
        steps += 1000
    return steps


@compile
def while_break(n: int) -> int:
    k = 0
    while True:
        k += 1
        if k * k > n:
            break
    return k


@compile
def collatz(n: int) -> int:
    steps = 0
    while n != 1:
        n = n // 2 if n % 2 == 0 else 3 * n + 1
        steps += 1
    return steps


@compile
def early(x: float) -> float:
    if x < 0:
        return -1.0
    elif x == 0:
        return 0.0
    for i in range(10):
        if x < i:
            return float(i)
    return x


@compile
def widen(n: int) -> float:
    s = 0
    for i in range(n):
        s += i * 0.5
    return s


# ----- functions, defaults, keywords, recursion --------------------------------------------

def _scale(x, factor=2.0, offset=1):
    return x * factor + offset


def _hypot3(a, b, c):
    return root(a * a + b * b + c * c)


@compile
def with_defaults(x: float, factor: float = 3.0, offset: int = -1) -> float:
    return _scale(x) + _scale(x, factor) + _scale(x, offset=offset, factor=factor)


@compile
def monomorphized(a: int, b: float) -> tuple[int, float, float]:
    return _scale(a, 2, 1), _scale(b), _hypot3(a, b, 1)


@compile
def fib(n: int) -> int:
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)


@compile
def is_even(n: int) -> bool:
    return True if n == 0 else is_odd(n - 1)


@compile
def is_odd(n: int) -> bool:
    return False if n == 0 else is_even(n - 1)


@compile
def gcd_rec(a: int, b: int) -> int:
    return a if b == 0 else gcd_rec(b, a % b)


@compile
def no_result(x: int) -> None:
    y = x * 2
    if y > 10:
        return
    y += 1


@compile
def constants() -> tuple[int, float, int, int]:
    return N, SCALE, LIMITS[1], BIG


@compile(tag="swapper", description="swap two values")
def swap(a: int, b: float) -> tuple[float, int]:
    a2, b2 = b, a
    return a2, b2


@hatch_pyaot.compile
def unpack(t: tuple[int, float]) -> float:
    i, f = t
    return i * f + t[0] - t[-1]


# ----- builtins --------------------------------------------------------------------------

@compile
def builtins_int(a: int, b: int, c: int) -> tuple[int, int, int, int]:
    return abs(a), min(a, b), max(a, b, c), pow(a, 2)


@compile
def builtins_float(x: float, y: float) -> tuple[float, float, float, int]:
    return abs(x), min(x, y), max(x, y, 0.5), round(x)


@compile
def rounding(x: float, n: int) -> float:
    return round(x, n)


@compile
def conversions(x: float, n: int, b: bool) -> tuple[int, float, bool, bool, int]:
    return int(x), float(n), bool(x), bool(n), int(b)


@compile
def divmods(a: int, b: int, x: float, y: float) -> tuple[tuple[int, int], tuple[float, float]]:
    return divmod(a, b), divmod(x, y)


@compile
def modpow(a: int, b: int, m: int) -> int:
    return pow(a, b, m)


# ----- exceptions ------------------------------------------------------------------------

def _check_positive(x):
    if x <= 0:
        raise ValueError("x must be positive")
    return x


@compile
def raises(x: float) -> float:
    return math.log(_check_positive(x))


@compile
def asserts(n: int) -> int:
    assert n != 3, "three is not allowed"
    assert n != 4
    return n


@compile
def overflow_factorial(n: int) -> int:
    r = 1
    for i in range(2, n + 1):
        r *= i
    return r


@compile
def raise_kinds(k: int) -> int:
    if k == 0:
        raise IndexError("index")
    if k == 1:
        raise KeyError
    if k == 2:
        raise TypeError("type")
    if k == 3:
        raise ZeroDivisionError("zero")
    if k == 4:
        raise RuntimeError("runtime")
    if k == 5:
        raise NotImplementedError("later")
    return k


# ----- math ------------------------------------------------------------------------------

@compile
def integrate(a: float, b: float, n: int) -> float:
    h = (b - a) / n
    s = 0.0
    for i in range(n):
        x = a + (i + 0.5) * h
        s += math.sin(x) * math.exp(-x)
    return s * h


@compile
def math_mix(x: float, y: float) -> tuple[float, float, float, bool, float]:
    return (math.hypot(x, y), math.atan2(y, x), math.copysign(x, y), math.isclose(x, y),
            math.fmod(x, y))


@compile
def math_ints(a: int, b: int) -> tuple[int, int, int, int]:
    return math.gcd(a, b), math.isqrt(abs(a)), math.floor(a / (b or 1)), math.ceil(a / 3)


@compile
def math_tuple(x: float) -> tuple[float, int]:
    return math.frexp(x)


@compile
def deep(n: int) -> int:
    return 0 if n == 0 else 1 + deep(n - 1)


@compile
def fmt_message(n: int, x: float, flag: bool) -> int:
    if n < 0:
        raise ValueError(f"n must be >= 0, got {n} (x={x}, flag={flag}, none={None})")
    if n == 0:
        raise ValueError(f"{x:.3f}|{x:>12.4e}|{n:+05d}|{x:g}|{x:%}|{flag:3}|{x!r:>8}|{n=}|{x=}")
    if n == 1:
        raise ValueError(f"{x:10}|{n:<6}|{x:<10.2f}|{n:8.3f}|{flag}|{x:E}|{x:G}|{x:F}"
                         "|{{literal}}|\t")
    assert n != 2, f"assert {n * 2} {-x}"
    return n


PRIMES = (2, 3, 5, 7, 11, 13)
OFFSETS = ((0, 1), (1, 0), (0, -1), (-1, 0))


@compile
def tuple_ops(i: int, x: float) -> tuple[int, float, bool, bool, int]:
    t = (x, 2.5, i)
    total = 0.0
    for v in t:
        total += v
    count = 0
    for dx, dy in OFFSETS:
        if dx + i in PRIMES:
            count += dy
    else:
        count += len(OFFSETS) * 100
    return PRIMES[i], t[i % 3] * total, i in (1, 3, 5), x not in t, count + len(t)


@compile
def lookup_sum(n: int) -> int:
    s = 0
    for k in range(n):
        s += PRIMES[k % len(PRIMES)] * PRIMES[-1 - k % 6]
    return s


@compile
def reductions(a: int, x: float) -> tuple[int, float, float, int, bool, bool, int, float, float]:
    t = (a, 3, -7)
    f = (x, 2.5, a)
    return (sum(t), sum(f), sum(f, 0.5), max(t), any(t), all((a, x)), math.prod(t),
            min((x, 2.5, float(a))),
            max((x,)))


@compile
def empty_reductions() -> tuple[int, bool, bool, int]:
    return sum(()), any(()), all(()), math.prod(())


@compile
def math_iterables(a: float, b: float, c: int) -> tuple[float, float, float, float]:
    return (math.fsum((a, b, c, 1e-16, -a, 0.1, 0.2, -0.3)), math.dist((a, b, 1), (c, 0.5, -2)),
            math.fsum(()), math.dist((), ()))


@compile
def safe_div(a: float, b: float) -> float:
    try:
        r = a / b
    except ZeroDivisionError:
        r = math.inf
    return r


@compile
def try_kinds(k: int) -> int:
    total = 0
    for i in range(4):
        try:
            if k == 0:
                total += 10 // (i - 2)
            elif k == 1:
                total += raise_kinds(i)
            elif k == 2:
                try:
                    total += int(math.sqrt(i - 2))
                except TypeError:
                    total -= 1
            elif k == 3:
                assert i < 2, "too big"
                total += 1
            else:
                try:
                    total += 1 // (i - 3)
                except KeyError:
                    pass
        except (IndexError, KeyError):
            total += 100
            continue
        except ArithmeticError:
            total += 1000
        except LookupError:
            total += 5
        except Exception:
            total += 10000
            if k == 3:
                break
        else:
            total += 1
    return total


@compile
def bare_except(x: float) -> int:
    try:
        return int(x)
    except:  # noqa: E722
        return -1


@compile
def range_last(start: int, stop: int, step: int) -> int:
    last = 0
    for i in range(start, stop, step):
        last = i
    return last


@compile
def generators(n: int, x: float) -> tuple[int, float, float, int, bool, bool, int, float]:
    squares = sum(i * i for i in range(n))
    weighted = sum((x / (k + 1) for k in range(n) if k % 2 == 0), 0.0)
    started = sum((x for _ in range(n)), 0.5)
    biggest = max(i % 7 for i in range(n + 1))
    found = any(i * i == n for i in range(n + 1))
    prime = n > 1 and all(n % d for d in range(2, math.isqrt(n) + 1))
    product = math.prod(k for k in range(1, n + 1) if k % 3)
    smallest = min(math.sin(x * j) for j in range(n + 1))
    return squares, weighted, started, biggest, found, prime, product, smallest


@compile
def generator_errors(n: int) -> tuple[float, int, bool]:
    lowest = min(1.0 / (i - 3) for i in range(n))
    total = sum(v for v in (n, 2 * n, 3 * n))
    return lowest, total, all(10 // (i - 2) for i in range(n))


@compile
def chained_assign(x: int) -> tuple[int, int, int, int]:
    a = b = x * 2
    c, d = e = (a + 1, b - 1)
    a = a + 1
    return a, b, c + d, e[1]


def _describe(v):
    if isinstance(v, bool):
        return 1
    if isinstance(v, int):
        return 2
    if isinstance(v, (float, tuple)):
        return 3
    return 4


@compile
def type_checks(n: int, x: float, flag: bool) -> tuple[int, int, int, int, bool, bool]:
    if not isinstance(n, int):
        raise TypeError("n must be an int")
    return (_describe(n), _describe(x), _describe(flag), _describe((n, x)),
            isinstance(flag, int), isinstance(n, (float, complex)))


@compile
def tuple_compare(a: int, b: float, c: int) -> tuple[bool, bool, bool, bool, bool, bool]:
    p = (a, b)
    q = (c, 2.5)
    return p < q, p <= q, p == q, p != (a, b, 0), (a, b, c) > p, (b, a) >= (b, c) > (0.0,)


@compile
def nested_tuple_compare(a: int, b: float, c: int) -> tuple[bool, bool, bool, bool, bool, bool]:
    """Tuples of tuples compare item by item, the inner ones lexicographically too."""
    p = ((a, b), c)
    q = ((c, 2.5), a)
    return p < q, p <= q, p == ((a, b), c), p != q, ((a, b), (c,)) > ((a, b), ()), q >= p


@compile
def with_finally(k: int) -> tuple[int, int]:
    log = 0
    total = 0
    for i in range(3):
        try:
            try:
                total += 10 // (i - k)
            except ZeroDivisionError:
                log += 100
                total = total + 1 // (k - 1)
            else:
                log += 1
            finally:
                log += 10
                for j in range(2):
                    if j == 1:
                        break
                    log += 1000000
        except ZeroDivisionError:
            log += 1000
    try:
        total += 1
    finally:
        total *= 2
    return log, total


@compile
def finally_with_its_own_try(n: int) -> int:
    """Found by the fuzzer: a try/except inside a finally cleared the exception pending
    through the finally (SystemError: failed without an error set)."""
    try:
        if n > 0:
            raise KeyError(f"{n}")
        if n < 0:
            n = 10 // (n - n)
    finally:
        try:
            n = 1 // (n - n)
        except ZeroDivisionError:
            n += 2
    return n


@compile
def finally_propagates(k: int) -> int:
    n = 0
    try:
        n = 1 // k
    finally:
        n += 5
    return n


@compile
def maybe_unbound(x: int) -> int:
    """Bound on one path only, in a loop that may not run, or by an augmented assignment:
    UnboundLocalError where Python raises it."""
    if x > 0:
        y = 1
    for i in range(x - 2):
        z = i
    if x == 4 or x == 2:
        return y + z
    if x == 5:
        return x > 9 and w or 5  # w is never read: short-circuit
    if x == 6:
        w = 3
        return w
    if x == 7:
        w += 1  # read before any assignment
    try:
        if x == 8:
            u = 1 // (x - 8)
    except ZeroDivisionError:
        return y + u
    if x == 9:
        try:
            return w
        except NameError:  # UnboundLocalError is a NameError
            return -9
    return y


@compile
def normalized_names(ﬁx: int) -> int:
    """``ﬁx`` (spelled with the ligature ``ﬁ``) and ``fix`` are one name: Python normalizes
    identifiers to NFKC."""
    fix = 3
    return ﬁx + fix


@compile
def text_digits(n: int, width: int) -> int:
    """str inside a scalar kernel: formatting, methods and parsing (so that the wasm32-wasi
    and android-arm64 differential runs cover the str runtime too)."""
    s = f"{n:d}".zfill(width)
    words = (s + " x" + str(n % 7)).split()
    total = 0
    for c in s:
        if c.isdigit():
            total = total * 3 + int(c)
    return total + len(words) * 1000 + s.count("0") + int(s.strip("-") or "0") % 97


@compile
def list_work(n: int, k: int) -> int:
    """Lists inside a scalar kernel: building, sorting, slicing, searching, reducing."""
    xs = [(i * 7919 + k) % 101 for i in range(n)]
    xs.sort()
    ys = xs[::2] + [k] * 3
    ys.reverse()
    if ys:
        ys.pop()
    return sum(ys) + max(xs, default=-1) * 1000 + len([y for y in ys if y in xs])
