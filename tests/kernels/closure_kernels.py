"""Kernels for tests/test_closures.py: functions as values (nested def, lambda, closures,
nonlocal, late binding, functions passed to, returned from and stored by helpers)."""

import functools
from collections.abc import Callable
from functools import partial, reduce

from hatch_pyaot import compile


def apply(f: Callable[[int], int], x: int) -> int:
    return f(x)


def twice(f, x):
    return f(f(x))


def square(x: int) -> int:
    return x * x


def power(base: int, exp: int = 2) -> int:
    return base ** exp


def total(*args):
    s = 0
    for a in args:
        s += a
    return s


def describe(first: int, *rest, scale: int = 1, **options: int) -> int:
    out = first * scale + len(rest)
    for k in options:
        out += options[k] * len(k)
    return out


def kwonly(a: int, *, b: int, c: int = 5) -> int:
    return a * 100 + b * 10 + c


def make_adder(n: int):
    def add(x: int) -> int:
        return x + n
    return add


def make_counter():
    count = 0

    def step() -> int:
        nonlocal count
        count += 1
        return count
    return step


@compile
def adder(n: int, x: int) -> int:
    def add(y):
        return y + n
    return add(x) + add(1)


@compile
def counter(k: int) -> int:
    count = 0

    def bump():
        nonlocal count
        count += 1
    for _ in range(k):
        bump()
    return count


@compile
def late(n: int) -> list[int]:
    fs = [lambda: i for i in range(n)]
    return [f() for f in fs]


@compile
def early(n: int) -> list[int]:
    fs = [lambda i=i: i for i in range(n)]
    return [f() for f in fs]


@compile
def loop_late(n: int) -> list[int]:
    out = []
    for i in range(n):
        out.append(lambda: i * 10)
    return [g() for g in out]


@compile
def rebound_after(x: int) -> int:
    y = 1
    f = lambda: y  # noqa: E731
    y = x
    return f()


@compile
def defined_before(x: int) -> int:
    def helper() -> int:
        return scale * 2
    scale = x
    return helper()


@compile
def helpers(x: int) -> int:
    k = 3
    return apply(lambda y: y * k, x) + apply(square, x) + twice(lambda y: y + 1, x)


@compile
def returned(x: int) -> int:
    add5 = make_adder(5)
    return add5(x) + make_adder(x)(1)


@compile
def counters(n: int) -> tuple[int, int]:
    a = make_counter()
    b = make_counter()
    for _ in range(n):
        a()
    return a(), b()


@compile
def recursive(n: int) -> int:
    def fact(k: int) -> int:
        return 1 if k <= 1 else k * fact(k - 1)
    return fact(n)


@compile
def deep_recursion(n: int) -> int:
    def down(k: int) -> int:
        return 0 if k == 0 else 1 + down(k - 1)
    return down(n)


@compile
def nested_deep(x: int) -> int:
    total = 0

    def outer(a: int) -> int:
        def inner(b: int) -> int:
            nonlocal total
            total += b
            return a + b + x
        return inner(a * 2)
    r = outer(1) + outer(2)
    return r * 100 + total


@compile
def defaults(x: int) -> int:
    def f(a: int, b: int = 10, c: int = x) -> int:
        return a + b * c
    return f(1) + f(1, 2) + f(1, c=3) + f(a=2, b=1)


@compile
def raises(x: int) -> int:
    def check(v: int) -> int:
        if v < 0:
            raise ValueError(f"negative: {v}")
        return v
    return check(x) + 1


@compile
def words(ws: list[str], suffix: str) -> list[str]:
    shout = lambda w: w.upper() + suffix  # noqa: E731
    out = [shout(w) for w in ws]
    ws.append(suffix)
    return out


@compile
def mutates(xs: list[int], k: int) -> int:
    def push(v: int) -> None:
        xs.append(v * k)
    for v in range(3):
        push(v)
    return len(xs)


@compile
def floats(x: float) -> float:
    scale = 2.5
    f = lambda v: v * scale + x  # noqa: E731
    return f(1.0) + f(2)


@compile
def dict_calls(x: int) -> list[int]:
    k = 2
    ops = {"sq": lambda v: v * v, "neg": lambda v: -v, "mul": lambda v: v * k, "sqf": square}
    out = [ops["sq"](x), ops["neg"](x)]
    for name in ops:
        out.append(ops[name](x))
    return out


@compile
def pick(c: bool, x: int) -> int:
    f = (lambda v: v + 1) if c else square
    g = make_adder(3) if c else make_adder(4)
    return f(x) + g(x)


@compile
def list_mixed(x: int) -> list[int]:
    fs = [square, lambda v: v - 1, make_adder(10)]
    return [f(x) for f in fs]


@compile
def missing_key(key: str) -> int:
    ops = {"a": lambda: 1, "b": lambda: 2}
    return ops[key]()


@compile
def maps(xs: list[int]) -> list[int]:
    k = 3
    out = list(map(lambda v: v * k, xs))
    out += sorted(map(square, xs))
    out.append(sum(map(lambda a, b: a * b, xs, xs)))
    return out


@compile
def filters(xs: list[int]) -> list[int]:
    evens = list(filter(lambda v: v % 2 == 0, xs))
    nonzero = list(filter(None, xs))
    return evens + nonzero + [max(filter(lambda v: v < 3, xs), default=-1)]


@compile
def lazy_loop(xs: list[int]) -> list[int]:
    log = []

    def f(v: int) -> int:
        log.append(-v)
        return 12 // v
    for y in map(f, xs):
        log.append(y)
        if y < 3:
            break
    for z in filter(lambda v: v > 1, xs):
        log.append(z * 100)
    return log


@compile
def reduces(xs: list[int]) -> tuple[int, int]:
    return reduce(lambda a, b: a + b, xs, 0), functools.reduce(lambda a, b: a * b, xs)


@compile
def partials(x: int) -> int:
    cube = partial(power, exp=3)
    two = partial(power, 2)
    return cube(x) + two(5) + cube(x, exp=1)


@compile
def stars(x: int) -> int:
    return total() + total(x) + total(x, 2, 3) + describe(x) + describe(
        x, 1, 2, scale=3, ab=4, c=1)


@compile
def keywords(x: int) -> int:
    return kwonly(x, b=2) + kwonly(1, c=x, b=3)


@compile
def lambda_stars(x: int) -> int:
    f = lambda *a: len(a)  # noqa: E731
    return f() + f(x, x)


@compile
def scaled(x: int, *, scale: int = 2, offset: int) -> int:
    return x * scale + offset


@compile
def comprehension_scopes(n: int) -> list[int]:
    kept = []
    for j in range(2):
        fs = [lambda: i + j * 100 for i in range(n + j)]
        kept.append(fs[0])
    return [f() for f in kept]


@compile
def dispatch(n: int) -> int:
    ops = [lambda v: v + 1, lambda v: v * 2 % 1000, lambda v: v - 3]
    acc = 0
    for i in range(n):
        acc = ops[i % 3](acc)
    return acc + [partial(power, 3), partial(power, exp=1)][n % 2](2)


@compile
def keyed(xs: list[int], m: int) -> tuple[list[int], int]:
    def by_mod(v: int) -> int:
        return v % m
    return sorted(xs, key=by_mod), max(xs, key=by_mod)


@compile
def two_two(a: int, b: int, *, c: int, d: int) -> int:
    return a + b * 10 + c * 100 + d * 1000
