import math

from hatch_pyaot import compile

STEPS = 4


def _f(x):
    return math.sin(x) * math.exp(-x)


@compile
def integrate(a: float, b: float, n: int) -> float:
    h = (b - a) / n
    s = 0.0
    for i in range(n):
        s += _f(a + (i + 0.5) * h)
    return s * h


@compile
def control(n: int, x: float = 0.5) -> tuple[int, float]:
    k = 0
    while k < n and x < 100.0:
        k += 1
        x *= 2
        if k == STEPS:
            break
    else:
        k = -k
    for j in range(n, 0, -2):
        if j % 3 == 0:
            continue
        x -= j
    return k, x if 0 < x <= 50 else -x


@compile
def guarded(a: float, b: float) -> float:
    try:
        q = a / b
    except (ZeroDivisionError, OverflowError):
        q = 0.0
    else:
        q += 1.0
    return q


@compile
def reductions(n: int) -> tuple[int, bool]:
    return sum(i * i for i in range(n) if i % 3), any(n % d == 0 for d in (2, 3, 5))


def _halve(x):
    return x / 2


@compile
def widened(n: int) -> float:
    total = 0
    for i in range(n):
        total = _halve(total) + i
    return total
