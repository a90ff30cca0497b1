"""NumPy kernels for tests/test_numpy_random.py: numpy.random.default_rng and the
Generator's methods, in a local and passed to a helper."""

import numpy as np
from numpy.typing import NDArray

from hatch_pyaot import compile


@compile
def randoms(seed: int, n: int) -> tuple[float, NDArray[np.float64], NDArray[np.float64]]:
    rng = np.random.default_rng(seed)
    return rng.random(), rng.random(n), rng.random((2, n))


@compile
def integer_draws(seed: int, low: int, high: int, n: int) -> tuple[np.int64, NDArray[np.int64]]:
    rng = np.random.default_rng(seed)
    first = rng.integers(low, high)
    return first, rng.integers(low, high, size=n)


@compile
def integers_below(seed: int, high: int, n: int) -> tuple[NDArray[np.int64], np.int64]:
    rng = np.random.default_rng(seed)
    return rng.integers(high, size=(n, 2)), rng.integers(high)


@compile
def mixed(seed: int, n: int) -> tuple[NDArray[np.int64], NDArray[np.float64], NDArray[np.int64]]:
    """32-bit draws use both halves of a 64-bit one; a float draw in between keeps the half
    left over."""
    rng = np.random.default_rng(seed)
    a = rng.integers(0, 1000, n)
    b = rng.random(3)
    return a, b, rng.integers(-5, 5, n)


@compile
def normals(seed: int, loc: float, scale: float, n: int) -> tuple[
        float, NDArray[np.float64], NDArray[np.float64], NDArray[np.float64]]:
    rng = np.random.default_rng(seed)
    return rng.normal(), rng.normal(loc, scale, n), rng.standard_normal((n, 3)), \
        rng.normal(size=n, scale=scale)


@compile
def uniforms(seed: int, low: float, high: float, n: int) -> tuple[
        float, NDArray[np.float64], NDArray[np.float64]]:
    rng = np.random.default_rng(seed)
    return rng.uniform(), rng.uniform(low, high, n), rng.uniform(low, size=(2, n))


def _walk(rng: np.random.Generator, steps: int) -> NDArray[np.int64]:
    return np.cumsum(rng.integers(-1, 2, steps))


@compile
def walks(seed: int, steps: int) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    """A Generator passed to a helper: the helper's draws advance the caller's stream."""
    rng = np.random.default_rng(seed)
    first = _walk(rng, steps)
    return first, _walk(rng, steps)


@compile
def monte_carlo_pi(seed: int, n: int) -> float:
    rng = np.random.default_rng(seed)
    x = rng.random(n)
    y = rng.random(n)
    return 4.0 * float(np.sum(x * x + y * y < 1.0)) / n


@compile
def bad_seed(seed: int) -> float:
    return np.random.default_rng(seed).random()


@compile
def fresh(n: int) -> NDArray[np.float64]:
    return np.random.default_rng().random(n)
