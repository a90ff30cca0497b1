"""The NumPy functions added to reach 250 (tests/kernels/more_kernels.py): the ufuncs
heaviside, float_power, spacing, gcd and lcm, the elementwise functions sinc, fix,
isposinf, isneginf, isreal and iscomplex, and the library functions of
typing/more_functions.py, compiled and compared with CPython + NumPy running the same kernels:
values, dtypes, and NumPy's exceptions with their messages, across dtypes, ranks and layouts."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from support import Pair, build_pair, check_error
from support import check_arrays as check

KERNELS = Path(__file__).parent / "kernels" / "more_kernels.py"
RNG = np.random.default_rng(12)
EDGES = np.array([0.0, -0.0, 1.0, -1.0, 0.5, -2.5, np.inf, -np.inf, np.nan, 1e-310, 1e308,
                  -1e308, 3.0, 7.25])


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory) -> Pair:
    return build_pair(tmp_path_factory.mktemp("more"), "more_kernels", KERNELS)


def close(pair: Pair, func: str, *args: object, rtol: float = 1e-15) -> None:
    """Same dtypes and shapes, values within ``rtol`` (NumPy's SIMD sin differs from libm's
    in the last bits)."""
    want, got = getattr(pair.python, func)(*args), getattr(pair.native, func)(*args)
    for w, g in zip(want, got, strict=True):
        assert np.asarray(w).dtype == np.asarray(g).dtype and np.shape(w) == np.shape(g)
        np.testing.assert_allclose(g, w, rtol=rtol, atol=0)


LAYOUTS = [lambda a: a, lambda a: a[::-1], lambda a: a.reshape(2, 7), lambda a: a.reshape(
    7, 2).T, lambda a: a.reshape(7, 2, 1)]


@pytest.mark.parametrize("layout", range(len(LAYOUTS)))
def test_float_ufuncs(pair, layout):
    x = LAYOUTS[layout](EDGES)
    y = LAYOUTS[layout](RNG.permutation(EDGES))
    with np.errstate(all="ignore"):
        check(pair, "float_ufuncs", x, y)
        close(pair, "elementwise", x)


def test_float32(pair):
    x = RNG.normal(0, 3, 40).astype(np.float32)
    x[:4] = [0, np.inf, -np.inf, np.nan]
    with np.errstate(all="ignore"):
        want = pair.python.float32_ufuncs(x)
        got = pair.native.float32_ufuncs(x)
    for w, g in zip(want[:3], got[:3], strict=True):
        assert w.dtype == g.dtype
        np.testing.assert_array_equal(g, w)
    assert got[3].dtype == np.float32
    np.testing.assert_allclose(got[3], want[3], rtol=1e-6, atol=1e-7)


@pytest.mark.parametrize("shape", [(12,), (3, 4), (2, 3, 2), (0,)], ids=str)
def test_int_ufuncs(pair, shape):
    a = RNG.integers(-1000, 1000, shape)
    b = RNG.integers(-60, 60, shape)
    check(pair, "int_ufuncs", a, b)
    check(pair, "int_ufuncs", a[..., ::-1], b)
    check(pair, "small_int_ufuncs", a.astype(np.int16), np.abs(b).astype(np.uint8))
    check(pair, "int_elementwise", a.astype(np.int32))


def test_int_edges(pair):
    a = np.array([0, 0, 7, -7, 2**62, -(2**62), 1, 2**31 - 1])
    b = np.array([0, 5, 0, 21, 2**40, 3, -1, 2**31 - 3])
    check(pair, "int_ufuncs", a, b)


@pytest.mark.parametrize("x", [0.0, -0.0, 0.5, -3.0, 1e300, float("inf"), float("nan")])
def test_scalars(pair, x):
    for n, m in ((12, 18), (0, 0), (-4, 6), (7, 0)):
        want, got = pair.python.scalar_ufuncs(x, n, m), pair.native.scalar_ufuncs(x, n, m)
        assert got[:4] == pytest.approx(want[:4], nan_ok=True)
        assert np.isclose(got[4], want[4], rtol=1e-15, equal_nan=True)
