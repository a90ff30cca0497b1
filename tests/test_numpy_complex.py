"""complex64 / complex128 arrays: the compiled kernels of kernels/complex_array_kernels.py
against NumPy running the same source, on every pair of special parts (0, -0, tiny,
huge, inf, nan), on hypothesis' values, and at the boundary (dtype checks, results' dtypes,
arguments written in place).

Bit for bit (nan compared as nan, signed zeros by sign): + - * / conj, negative, ==, !=,
real/imag/astype, **, abs, sum, prod, mean; float32 parts likewise. ``ULPS`` is the bound
documented (docs/values.md, "complex arrays") for exp, log, sqrt (the C library's) and
angle (NumPy's SIMD arctan2 against the C library's).
"""

from __future__ import annotations

import copy
import math
import warnings
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from support import Pair, assert_refused, build_pair

np = pytest.importorskip("numpy")

KERNELS = Path(__file__).parent / "kernels" / "complex_array_kernels.py"
INF, NAN = math.inf, math.nan
PARTS = [0.0, -0.0, 1.0, -2.5, 0.5, 1e-310, 1e300, -1e300, 710.0, INF, -INF, NAN]
VALUES = np.array([complex(a, b) for a in PARTS for b in PARTS])
ULPS = 2
"""The bound for abs, exp, log, sqrt and / where they are not NumPy's bits (other libms)."""


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory) -> Pair:
    return build_pair(tmp_path_factory.mktemp("complex_arrays"), "complex_array_kernels",
                      KERNELS)


def _parts(x: Any) -> Any:
    x = np.asarray(x)
    if x.dtype.kind == "c":
        return np.stack([x.real, x.imag], axis=-1)
    return x


def same_bits(expected: Any, got: Any) -> bool:
    """Same type, dtype and shape; every part the same number (any nan matches nan, zeros
    by sign)."""
    if type(expected) is not type(got):
        return False
    e, g = np.asarray(expected), np.asarray(got)
    if e.dtype != g.dtype or e.shape != g.shape:
        return False
    e, g = _parts(e), _parts(g)
    if e.dtype.kind != "f":
        return bool(np.array_equal(e, g))
    nan = np.isnan(e)
    return bool(np.array_equal(nan, np.isnan(g)) and np.array_equal(e[~nan], g[~nan])
                and np.array_equal(np.signbit(e[~nan]), np.signbit(g[~nan])))


def within_ulps(expected: Any, got: Any, ulps: int) -> bool:
    e, g = _parts(expected), _parts(got)
    if e.dtype != g.dtype:
        return False
    nan = np.isnan(e)
    if not np.array_equal(nan, np.isnan(g)):
        return False
    e, g = e[~nan], g[~nan]
    exact = e == g
    with np.errstate(invalid="ignore"):
        gap = np.abs(e - g) <= ulps * np.spacing(np.abs(e))
    return bool(np.all(exact | (np.isfinite(e) & gap)))


def run(pair: Pair, func: str, *args: Any) -> tuple[Any, Any, tuple[Any, ...], tuple[Any, ...]]:
    """Both sides on copies: their results and their arguments afterwards."""
    py_args, native_args = copy.deepcopy(args), copy.deepcopy(args)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # NumPy's RuntimeWarnings and ComplexWarning
        expected = getattr(pair.python, func)(*py_args)
        got = getattr(pair.native, func)(*native_args)
    return expected, got, py_args, native_args


def check(pair: Pair, func: str, *args: Any) -> None:
    expected, got, py_args, native_args = run(pair, func, *args)
    assert same_bits(expected, got), f"{func}: numpy {expected!r}, compiled {got!r}"
    for before, after in zip(py_args, native_args, strict=True):
        assert same_bits(before, after), f"{func}: arguments differ afterwards"


def grid(dtype: str = "complex128") -> tuple[Any, Any]:
    """Every special value with every other."""
    with np.errstate(over="ignore"):  # 1e300 rounds to inf in complex64
        return (np.repeat(VALUES, len(VALUES)).astype(dtype),
                np.tile(VALUES, len(VALUES)).astype(dtype))


@pytest.mark.parametrize("func", ["add", "sub", "mul", "div", "equal", "not_equal"])
def test_binary_exact_on_special_values(pair: Pair, func: str) -> None:
    check(pair, func, *grid())


@pytest.mark.parametrize("func", ["add64", "mul64", "div64"])
def test_complex64_binary_exact(pair: Pair, func: str) -> None:
    check(pair, func, *grid("complex64"))


def test_power_on_special_values(pair: Pair) -> None:
    a = np.repeat(VALUES, 8)
    exponents = np.array([0, 1, 2, 3, -1, 5, -7, 0.5 + 1j], dtype=np.complex128)
    b = np.tile(exponents, len(VALUES))
    check(pair, "power", a, b)
    check(pair, "square_cube", VALUES)
    check(pair, "fast_powers", VALUES)
    check(pair, "fast_powers", RANDOM)


@pytest.mark.parametrize("func", ["neg", "conj", "predicates", "absolute", "to_real",
                                  "narrow"])
def test_unary_exact(pair: Pair, func: str) -> None:
    check(pair, func, VALUES)


def test_conjugate_methods(pair: Pair) -> None:
    check(pair, "conj_methods", VALUES, np.linspace(-3, 3, len(VALUES)))


def test_complex64_unary(pair: Pair) -> None:
    with np.errstate(over="ignore"):
        values = VALUES.astype(np.complex64)
    check(pair, "absolute64", values)
    expected, got, _, _ = run(pair, "exp64", values)
    assert within_ulps(expected, got, ULPS)


@pytest.mark.parametrize("func", ["exp", "log", "sqrt"])
def test_transcendental_within_bound(pair: Pair, func: str) -> None:
    expected, got, _, _ = run(pair, func, VALUES)
    assert type(got) is np.ndarray and got.dtype == np.complex128
    assert within_ulps(expected, got, ULPS), f"{func}: {expected} vs {got}"


RANDOM = np.random.default_rng(5).standard_normal((600, 2)) @ np.array([1, 1j]) * 10.0 ** (
    np.random.default_rng(6).integers(-300, 300, 600))
"""Values of every magnitude (a fixed draw)."""


@pytest.mark.parametrize("func", ["parts", "average", "product", "total", "normalise"])
def test_parts_and_reductions_exact(pair: Pair, func: str) -> None:
    for n in (0, 1, 3, 7, 64, 65, 130, 600):
        if n or func not in ("normalise",):
            check(pair, func, RANDOM[:n].copy())
    check(pair, func, VALUES)
    check(pair, "real_of_real", np.linspace(-1, 1, 7))
    with np.errstate(over="ignore"):
        check(pair, "total64", RANDOM.astype(np.complex64))


def test_angle_within_bound(pair: Pair) -> None:
    for values in (VALUES, RANDOM):
        expected, got, _, _ = run(pair, "angle", values)
        assert within_ulps(expected, got, ULPS)
        with np.errstate(over="ignore"):
            expected, got, _, _ = run(pair, "angle64", values.astype(np.complex64))
        assert within_ulps(expected, got, ULPS)


def test_promotion_dtypes(pair: Pair) -> None:
    with np.errstate(over="ignore"):
        c64 = VALUES[:20].astype(np.complex64)
    check(pair, "mixed64_f64", c64, np.linspace(-2, 2, 20))
    check(pair, "mixed64_f32", c64, np.linspace(-2, 2, 20, dtype=np.float32))
    check(pair, "ints_times_j", np.arange(-5, 5))
    check(pair, "times_1j", np.array([0.0, -0.0, 1.5, INF, NAN]))
    check(pair, "f32_times_j", np.array([0.0, -0.0, 1.5, INF, NAN], dtype=np.float32))
    check(pair, "to_complex", np.array([0.0, -0.0, 1.5, INF, NAN]))


def test_elements_are_complex(pair: Pair) -> None:
    a = VALUES[:30].copy()
    for i in (0, 7, 29, -1):
        check(pair, "element", a, i)
    check(pair, "element_sum", a[:10])
    check(pair, "element_parts", RANDOM, 3)
    check(pair, "total", a[:10])
    check(pair, "write", a, 3, complex(1.5, -0.0))
    check(pair, "write64", a[:5].astype(np.complex64), 3, complex(1e300, 2.5))
    check(pair, "scale_in_place", a, complex(0.5, -2))
    strided = VALUES[::3]
    check(pair, "scale_in_place", strided, 1j)


def test_numpy_scalar_arguments(pair: Pair) -> None:
    check(pair, "shift", VALUES, np.complex128(1.5 - 2j))
    check(pair, "shift64", np.array([1 + 2j], np.complex64), np.complex64(0.5 + 1j))
    with pytest.raises(TypeError, match="argument 'z'"):
        pair.native.shift(VALUES, 1 + 2j)
    with pytest.raises(TypeError, match="argument 'z'"):
        pair.native.shift64(np.array([1j], np.complex64), np.complex128(1j))


def test_literals(pair: Pair) -> None:
    check(pair, "literal")
    for x in (0.0, -0.0, 1.5, INF, NAN, 1e300):
        check(pair, "literal64", x)


def test_creation(pair: Pair) -> None:
    for n in (0, 1, 5):
        check(pair, "zeros", n)
        check(pair, "ones64", n)
        check(pair, "full", n, complex(-0.0, NAN))


def test_mandelbrot(pair: Pair) -> None:
    xs = np.linspace(-2.0, 0.6, 40)
    ys = np.linspace(-1.2, 1.2, 30)
    c = (xs[None, :] + 1j * ys[:, None]).ravel()
    check(pair, "mandelbrot", c, 30)
    check(pair, "mandelbrot_grid", c.reshape(30, 40), 30)


def test_boundary_checks_dtype(pair: Pair) -> None:
    with pytest.raises(TypeError, match="must be a complex128 array of rank 1, not complex64"):
        pair.native.add(VALUES[:3].astype(np.complex64), VALUES)
    with pytest.raises(TypeError, match="must be a complex64 array"):
        pair.native.add64(VALUES, VALUES)
    with pytest.raises(TypeError, match="must be a complex128 array of rank 1, not float64"):
        pair.native.conj(np.ones(3))
    read_only = VALUES.copy()
    read_only.flags.writeable = False
    check(pair, "conj", read_only)
    with pytest.raises(IndexError):
        pair.native.element(VALUES, len(VALUES))


parts = st.one_of(st.floats(allow_nan=True, allow_infinity=True),
                  st.sampled_from([0.0, -0.0, 1.0, -1.0, INF, -INF, NAN]),
                  st.floats(-30, 30))
arrays = st.lists(st.builds(complex, parts, parts), min_size=1, max_size=12).map(
    lambda v: np.array(v, dtype=np.complex128))


@settings(max_examples=60, deadline=None)
@given(arrays, arrays, st.sampled_from(["add", "sub", "mul", "div", "equal"]))
def test_hypothesis_binary(pair: Pair, a: Any, b: Any, func: str) -> None:
    n = min(len(a), len(b))
    check(pair, func, a[:n], b[:n])


@settings(max_examples=60, deadline=None)
@given(arrays, st.sampled_from(["neg", "conj", "absolute", "square_cube", "fast_powers",
                                 "to_real"]))
def test_hypothesis_unary(pair: Pair, a: Any, func: str) -> None:
    check(pair, func, a)


OTHER_UFUNCS = ["sin", "cos", "tan", "sinh", "cosh", "tanh", "arcsin", "arccos", "arctan",
                "arcsinh", "arccosh", "arctanh", "log10", "log2", "log1p", "expm1", "sign",
                "reciprocal", "negative"]


@pytest.mark.parametrize("name", OTHER_UFUNCS)
def test_other_ufuncs_exact(pair: Pair, name: str) -> None:
    """NumPy's bits: the same C library functions, and NumPy's own formulas."""
    check(pair, f"u_{name}", VALUES)
    check(pair, f"u_{name}", RANDOM)


def test_other_ufuncs_complex64_power_and_ranks(pair: Pair) -> None:
    with np.errstate(over="ignore"):
        check(pair, "u_many64", VALUES.astype(np.complex64))
        check(pair, "u_many64", RANDOM.astype(np.complex64))
    check(pair, "u_power", *grid())
    check(pair, "u_grid", RANDOM[:400].reshape(20, 20))
    check(pair, "u_grid", VALUES.reshape(12, 12)[::2, 1::2])
    with pytest.raises(TypeError, match="rank 2"):
        pair.native.u_grid(VALUES)


SHAPES_2D = [RANDOM.reshape(20, 30), RANDOM.reshape(30, 20).T, VALUES.reshape(12, 12),
             VALUES.reshape(12, 12)[::2, ::3], RANDOM[:200].reshape(2, 100),
             RANDOM[:200].reshape(100, 2), RANDOM[:140].reshape(2, 70)[:, ::-1]]
"""Contiguous, transposed, strided and reversed: NumPy's loops over lanes and over slices."""


@pytest.mark.parametrize("func", ["sums0", "sums1", "extremes0", "extremes1", "arg_extremes"])
def test_axis_reductions_exact(pair: Pair, func: str) -> None:
    for a in SHAPES_2D:
        check(pair, func, a)
    if func.startswith("sums"):
        check(pair, func, np.zeros((0, 3), np.complex128))
        check(pair, func, np.zeros((3, 0), np.complex128))
    else:
        with pytest.raises(ValueError):
            pair.native.extremes0(np.zeros((0, 3), np.complex128))
    with np.errstate(over="ignore"):
        for a in SHAPES_2D:
            check(pair, "sums64", a.astype(np.complex64))
            check(pair, "arg_extremes64", a.astype(np.complex64))


def test_axis_reductions_rank3_and_whole_extremes(pair: Pair) -> None:
    check(pair, "sums3", RANDOM.reshape(5, 10, 12))
    check(pair, "sums3", RANDOM.reshape(12, 10, 5).transpose(2, 1, 0))
    for a in (VALUES, RANDOM, VALUES[::5], np.array([1 + 1j, 1 + 2j, 1 - 1j, 0j, 1 + 2j])):
        check(pair, "whole_extremes", a)
    with pytest.raises(ValueError, match="zero-size array to reduction operation maximum"):
        pair.native.whole_extremes(np.zeros(0, np.complex128))


def test_cumulative_exact(pair: Pair) -> None:
    """NumPy's accumulate: the schoolbook product, fused where an axis has two elements."""
    for a in (*SHAPES_2D, RANDOM[:4].reshape(2, 2), RANDOM[:6].reshape(3, 2),
              RANDOM[:2].reshape(1, 2)):
        check(pair, "running", a)
    for a in (VALUES, RANDOM, VALUES[::3], RANDOM[:2], RANDOM[:1], RANDOM[:0]):
        check(pair, "running_flat", a)


def test_sort_order(pair: Pair) -> None:
    """NumPy's order (nan parts last); equal values of other bits (0.0 and -0.0, which compare
    equal) may land elsewhere than in NumPy's unstable sort, so those compare as values."""
    for func in ("sorted_rows", "sorted_columns"):
        for a in SHAPES_2D:
            expected, got, _, _ = run(pair, func, a)
            assert got.dtype == expected.dtype
            assert np.array_equal(expected, got, equal_nan=True), func
        check(pair, func, RANDOM.reshape(20, 30))
    for a in (VALUES, RANDOM, VALUES[::-2]):
        _, _, py_args, native_args = run(pair, "sort_in_place", a)
        assert np.array_equal(py_args[0], native_args[0], equal_nan=True)
    check(pair, "sort_in_place", RANDOM)
    with np.errstate(over="ignore"):
        for a in (VALUES, RANDOM, np.repeat(VALUES[:20], 3)):
            check(pair, "order", a.astype(np.complex64))  # stable: NumPy's indices


def test_builtin_abs(pair: Pair) -> None:
    with np.errstate(over="ignore"):
        check(pair, "builtin_abs", VALUES, VALUES.real.astype(np.float32))
        check(pair, "builtin_abs", RANDOM, RANDOM.imag.astype(np.float32))
        check(pair, "builtin_abs64", RANDOM.astype(np.complex64))


REFUSED = '''import numpy as np
from numpy.typing import NDArray
from hatch_pyaot import compile


@compile
def sine(a: NDArray[np.complex128]) -> NDArray[np.complex128]:
    return np.cbrt(a)


@compile
def along(a: NDArray[np.complex128]) -> bool:
    return a.any()


@compile
def ordered(a: NDArray[np.complex128]) -> NDArray[np.complex128]:
    return np.unique(a)


@compile
def into_real(x: NDArray[np.float64], z: complex) -> None:
    x[0] = z


@compile
def grow_real(x: NDArray[np.float64]) -> None:
    x += 1j


@compile
def floor(a: NDArray[np.complex128]) -> NDArray[np.complex128]:
    return a // 2
'''


def test_refused_with_location(tmp_path: Path) -> None:
    assert_refused(tmp_path, REFUSED, [
        (8, 12, "ufunc 'cbrt' did not contain a loop"),
        (13, 12, "any() of a complex array is not supported"),
        (18, 12, "numpy.unique() of a complex array is not supported"),
        (23, 12, "cannot store a complex in an array of float64"),
        (28, 5, "Cannot cast ufunc 'add' output from dtype('complex128') to dtype('float64')"),
        (33, 12, "ufunc 'floor_divide' not supported for the input types"),
    ])
