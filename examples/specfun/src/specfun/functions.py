"""The kernels: each is ordinary Python with type annotations."""

import math

from hatch_pyaot import compile

# 5-point Gauss-Legendre rule on [-1, 1].
_NODES = (-0.9061798459386640, -0.5384693101056831, 0.0, 0.5384693101056831, 0.9061798459386640)
_WEIGHTS = (0.2369268850561891, 0.4786286704993665, 0.5688888888888889, 0.4786286704993665,
            0.2369268850561891)


def _density(t):
    return math.exp(-0.5 * t * t) / math.sqrt(2.0 * math.pi)


@compile
def normal_cdf(x: float, panels: int = 32) -> float:
    """P(X <= x) for a standard normal X: composite Gauss-Legendre quadrature on [0, |x|]."""
    if panels <= 0:
        raise ValueError(f"panels must be positive, not {panels}")
    h = abs(x) / panels
    area = 0.0
    for p in range(panels):
        mid = (p + 0.5) * h
        for k in range(5):
            area += _WEIGHTS[k] * _density(mid + 0.5 * h * _NODES[k])
    area *= 0.5 * h
    return 0.5 + area if x >= 0 else 0.5 - area


@compile
def normal_quantile(p: float) -> float:
    """The x with normal_cdf(x) == p, by Newton's method on the quadrature above."""
    if not 0.0 < p < 1.0:
        raise ValueError(f"p must lie strictly between 0 and 1, not {p}")
    x = 0.0
    for _ in range(100):
        step = (normal_cdf(x) - p) / _density(x)
        x -= step
        if abs(step) < 1e-13 * (1.0 + abs(x)):
            break
    return x


@compile
def bessel_j0(x: float, panels: int = 64) -> float:
    """J0(x) = (1/pi) * integral of cos(x sin t) for t in [0, pi] (Gauss-Legendre panels)."""
    if panels <= 0:
        raise ValueError(f"panels must be positive, not {panels}")
    h = math.pi / panels
    total = 0.0
    for p in range(panels):
        mid = (p + 0.5) * h
        for k in range(5):
            total += _WEIGHTS[k] * math.cos(x * math.sin(mid + 0.5 * h * _NODES[k]))
    return 0.5 * h * total / math.pi


@compile
def lambert_w(x: float) -> float:
    """The principal branch of Lambert's W (w * exp(w) == x) for x >= -1/e, by Halley steps."""
    branch_point = -1.0 / math.e
    if x < branch_point:
        raise ValueError(f"lambert_w(x) is real only for x >= -1/e, not {x}")
    if x == branch_point:
        return -1.0
    if x < 1.0:
        q = math.sqrt(2.0 * (math.e * x + 1.0))
        w = -1.0 + q - q * q / 3.0
    else:
        w = math.log(x) - math.log(math.log(x) + 1.0) * 0.5
    for _ in range(64):
        e = math.exp(w)
        f = w * e - x
        step = f / (e * (w + 1.0) - (w + 2.0) * f / (2.0 * w + 2.0))
        w -= step
        if abs(step) <= 1e-15 * (1.0 + abs(w)):
            break
    return w
