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


def well_conditioned(n: int) -> np.ndarray:
    return RNG.normal(0, 1, (n, n)) + n * np.eye(n)


@pytest.mark.parametrize("n", [1, 2, 3, 5, 8])
def test_linalg(pair, n):
    a = well_conditioned(n)
    b, c = RNG.normal(0, 1, n), RNG.normal(0, 1, (n, 3))
    close(pair, "linalg", a, b, c, rtol=1e-10)
    close(pair, "linalg", a.T, b[::-1], c[:, ::2], rtol=1e-10)
    ints = RNG.integers(-5, 5, (n, n)) + 10 * np.eye(n, dtype=np.int64)
    close(pair, "int_linalg", ints, rtol=1e-10)
    want = pair.python.float32_det(a.astype(np.float32))
    got = pair.native.float32_det(a.astype(np.float32))
    assert type(got) is np.float32 and np.isclose(got, want, rtol=1e-4)


def test_linalg_errors(pair):
    singular = np.array([[1.0, 2.0], [2.0, 4.0]])
    with pytest.raises(ValueError, match="Singular matrix"):
        pair.native.linalg(singular, np.ones(2), np.ones((2, 1)))
    with pytest.raises(np.linalg.LinAlgError, match="Singular matrix"):
        pair.python.linalg(singular, np.ones(2), np.ones((2, 1)))
    assert pair.native.int_linalg.__name__ == "int_linalg"
    check_error(pair, "linalg", np.ones((2, 3)), np.ones(2), np.ones((2, 1)))
    check_error(pair, "linalg", np.eye(3), np.ones(2), np.ones((3, 1)))
    check_error(pair, "linalg", np.eye(3), np.ones(3), np.ones((2, 2)))
    zero = np.zeros((3, 3))
    assert pair.native.float32_det(zero.astype(np.float32)) == 0.0
    assert np.array_equal(pair.native.linalg(np.zeros((0, 0)), np.ones(0), np.ones((0, 2)))[1],
                          np.zeros((0, 0)))


@pytest.mark.parametrize("shapes", [((2, 3), (3, 2)), ((1, 1), (4, 2)), ((0, 2), (2, 2))],
                         ids=str)
def test_products(pair, shapes):
    a = RNG.integers(-9, 9, shapes[0])
    b = RNG.integers(-9, 9, shapes[1]).astype(np.int32)
    x, y = RNG.integers(-2**40, 2**40, 7), RNG.integers(-2**30, 2**30, 7)
    check(pair, "products", a, b, x, y)
    check(pair, "products", a.T, b[::-1], x[::-1], y)
    f, g = RNG.normal(0, 1, 6), RNG.normal(0, 1, 6)
    close(pair, "float_products", f, g, rtol=1e-13)
    p, q = RNG.normal(0, 1, (2, 1, 3)).astype(np.float32), RNG.normal(0, 1, (1, 2, 2)).astype(
        np.float32)
    check(pair, "kron3", p, q)


def test_product_errors(pair):
    a = np.ones((2, 2), np.int64)
    b = np.ones((2, 2), np.int32)
    check_error(pair, "products", a, b, np.ones(3, np.int64), np.ones(2, np.int64))
    check_error(pair, "float_products", np.ones(3), np.ones(2))


@pytest.mark.parametrize("q", [0.0, 12.5, 37.0, 50.0, 83.3, 99.9, 100.0])
def test_quantiles(pair, q):
    for a in (RNG.normal(0, 5, 11), RNG.normal(0, 5, (4, 6))[::-1], np.array([3.0]),
              np.array([1.0, np.nan, 2.0, 7.5]), np.array([2.0, 2.0, 2.0, 5.0])):
        with np.errstate(all="ignore"):
            check(pair, "quantiles", a, q)
    check(pair, "int_quantiles", RNG.integers(-100, 100, (3, 5)), q / 100)
    check(pair, "int_quantiles", np.arange(10), q / 100)


def test_quantile_errors(pair):
    check_error(pair, "quantiles", np.ones(3), 101.0)
    check_error(pair, "quantiles", np.ones(3), -1.0)
    check_error(pair, "int_quantiles", np.ones(3, np.int64), 1.5)
    check_error(pair, "quantiles", np.ones(0), 5.0)


def test_nan_statistics(pair):
    for a in (RNG.normal(0, 3, 9), RNG.normal(0, 3, (3, 4)).T, np.array([np.nan, 1.0, 4.0]),
              np.array([1.0, np.nan, 2.0, np.nan, 10.0, -3.0]), np.array([5.0])):
        with np.errstate(all="ignore"):
            close(pair, "nan_stats", a, rtol=1e-13)
    with np.errstate(all="ignore"), pytest.warns(RuntimeWarning):
        want = pair.python.nan_stats(np.array([np.nan, np.nan]))
    got = pair.native.nan_stats(np.array([np.nan, np.nan]))
    assert all(np.isnan(want)) and all(np.isnan(got))


@pytest.mark.parametrize("shape", [(2, 5), (3, 8), (4, 3)], ids=str)
def test_covariance(pair, shape):
    m = RNG.normal(0, 2, shape)
    with np.errstate(all="ignore"):
        close(pair, "covariances", m, rtol=1e-12)
        close(pair, "covariances", m[::-1, ::2] if shape[1] > 3 else m, rtol=1e-12)


def test_covariance_of_one_variable(pair):
    """NumPy squeezes the (1, 1) result to a 0-d array, which a 2-d result cannot be."""
    with pytest.raises(NotImplementedError, match="of one variable"):
        pair.native.covariances(np.ones((1, 4)))


def test_lexsort(pair):
    a = RNG.integers(0, 3, 20)
    b = RNG.normal(0, 1, 20).round(0)
    b[::5] = np.nan
    check(pair, "lexsorts", a, b)
    check(pair, "lexsorts", a[::-2], b[::2])
    check(pair, "lexsorts", a[:0], b[:0])
    check_error(pair, "lexsorts", a, b[:3])


@pytest.mark.parametrize("shape", [(2, 5), (0, 3), (3, 1)], ids=str)
def test_float_parts(pair, shape):
    x = RNG.normal(0, 100, shape)
    x.flat[:3] = [0.0, -0.0, np.inf][: x.size]
    n = RNG.integers(-20, 20, shape)
    check(pair, "float_parts", x, n)
    check(pair, "float_parts", x, n[:1] if shape[0] else n)
    check(pair, "float32_parts", x.astype(np.float32).reshape(-1))
    check_error(pair, "float_parts", np.ones((2, 3)), np.ones((3, 3), np.int64))


def test_divmod(pair):
    a = RNG.integers(-50, 50, 30)
    b = RNG.integers(-7, 7, 30)
    b[b == 0] = 3
    check(pair, "divmods", a, b)
    x = RNG.normal(0, 10, (3, 4))
    y = RNG.normal(0, 3, (1, 4))
    check(pair, "float_divmods", x, y)
    check_error(pair, "divmods", a, b[:4])


def test_properties(pair):
    check(pair, "properties", np.ones((3, 4)))
    check(pair, "properties", np.ones((0, 2))[::-1])
