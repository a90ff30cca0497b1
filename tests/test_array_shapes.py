"""Array creation (arange, linspace, eye), reshapes and products (dot, @, outer, norm),
compared with CPython + NumPy running the same functions. Float products are compared within
a tolerance: NumPy's BLAS adds the terms in another order."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from support import Pair, build_pair
from support import check_arrays as check

KERNELS = Path(__file__).parent / "kernels" / "shape_kernels.py"
RNG = np.random.default_rng(5)


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory) -> Pair:
    return build_pair(tmp_path_factory.mktemp("shapes"), "shape_kernels", KERNELS)


@pytest.mark.parametrize("args", [(0, 5, 1), (5, 0, -2), (-3, 10, 4), (0, 0, 1), (2, 7, 0)])
def test_arange(pair, args):
    check(pair, "ramp", args[1])
    check(pair, "ramp_between", *args)
    check(pair, "float_ramp", *(float(a) for a in args))
    check(pair, "float_ramp", 0.1, 1.0, 0.1)


@pytest.mark.parametrize("n", [0, 1, 2, 5, 50, -1])
def test_linspace_is_bit_identical(pair, n):
    check(pair, "grid", -1.5, 2.25, n)
    check(pair, "half_open", 0.0, 1.0, n)
    if n >= 0:
        check(pair, "resampled", RNG.normal(size=4), np.array([n, 9]), 0)


@pytest.mark.parametrize("n", [0, 1, 4])
def test_eye_and_identity(pair, n):
    check(pair, "unit", n)


def test_reshape_is_a_view_of_contiguous_arrays(pair):
    x = np.arange(12, dtype=np.int32)
    check(pair, "as_matrix", x, 3)  # the write through the view is seen in x too
    check(pair, "as_matrix", x, 5)  # 12 does not split into rows of 5: ValueError
    check(pair, "flat", np.arange(6.0).reshape(2, 3))
    check(pair, "flat", np.arange(6.0).reshape(2, 3).T)


def close(pair: Pair, func: str, *args: object, rtol: float) -> None:
    expected = getattr(pair.python, func)(*args)
    got = getattr(pair.native, func)(*args)
    assert type(got) is type(expected)
    if isinstance(expected, np.ndarray):
        assert got.dtype == expected.dtype and got.shape == expected.shape
    np.testing.assert_allclose(got, expected, rtol=rtol, atol=rtol)


@pytest.mark.parametrize(("n", "k"), [(3, 4), (1, 1), (17, 33), (0, 5)])
def test_products(pair, n, k):
    w, x, b = RNG.normal(size=(n, k)), RNG.normal(size=k), RNG.normal(size=n)
    close(pair, "affine", w, x, b, rtol=1e-12)
    close(pair, "affine", w.T.copy().T, x[::-1].copy()[::-1], b, rtol=1e-12)
    close(pair, "gram", RNG.normal(size=(n, k)).astype(np.float32), rtol=1e-5)
    close(pair, "mixed_matmul", RNG.integers(-5, 5, (n, k)).astype(np.int32),
          RNG.normal(size=(k, 2)), rtol=1e-12)
    close(pair, "outer_norm", x, b, rtol=1e-12)


def _operand(shape: tuple[int, int], dtype: type, layout: str) -> np.ndarray:
    if layout == "transposed":  # a view with strides (1, rows)
        return RNG.normal(size=shape[::-1]).astype(dtype).T
    if layout == "strided":
        return RNG.normal(size=(shape[0], 2 * shape[1])).astype(dtype)[:, ::2]
    return RNG.normal(size=shape).astype(dtype)


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
@pytest.mark.parametrize("layout", ["contiguous", "transposed", "strided"])
def test_large_float_products_are_numpys(pair, dtype, layout):
    """A product large enough goes to the BLAS numpy has loaded (pyaot/numpy/blas.hpp): the
    same bits as numpy's. Strided operands, which BLAS cannot take, run gemm.hpp: within
    rounding of numpy's."""
    func = getattr(pair.native, "products" if dtype == np.float64 else "products32")
    a, b = _operand((70, 90), dtype, "contiguous"), _operand((90, 50), dtype, layout)
    got, expected = func(a, b), a @ b
    assert got.dtype == expected.dtype and got.shape == expected.shape
    if layout == "strided":
        # a dot product's rounding bound, k * eps * sum |a_ik| |b_kj| (both sides round),
        # not a relative one: an entry that cancels to near 0 keeps the absolute error
        bound = 2 * a.shape[1] * np.finfo(dtype).eps * (np.abs(a) @ np.abs(b))
        assert np.all(np.abs(got.astype(np.float64) - expected) <= bound)
    else:
        assert np.array_equal(got, expected)
        assert np.array_equal(func(b.T, a.T), b.T @ a.T)


def test_products_without_blas_run_our_gemm(pair):
    """PYAOT_BLAS=0 (read once per process, so in a process of its own): the packed GEMM of
    gemm.hpp, within rounding of numpy's BLAS and, summing in its own order, not its bits."""
    script = (
        "import sys, numpy as np\n"
        "from support import import_file\n"
        "m = import_file(sys.argv[1], 'shape_kernels')\n"
        "rng = np.random.default_rng(3)\n"
        "a, b = rng.normal(size=(70, 90)), rng.normal(size=(90, 50))\n"
        "got = m.products(a, b)\n"
        "np.testing.assert_allclose(got, a @ b, rtol=1e-12)\n"
        "print(np.array_equal(got, a @ b))\n"
    )
    tests = Path(__file__).parent
    env = {**os.environ, "PYAOT_BLAS": "0",
           "PYTHONPATH": os.pathsep.join([str(tests), str(tests.parent / "src")])}
    proc = subprocess.run([sys.executable, "-c", script, pair.native.__file__], env=env,
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "False"


def test_integer_products_are_exact_and_mismatches_raise(pair):
    a = RNG.integers(-10**6, 10**6, 50)
    check(pair, "int_products", a, a[::-1].copy())
    check(pair, "int_products", a, a[:3])
    with pytest.raises(ValueError, match="not aligned"):
        pair.native.int_products(a, a[:3])
    with pytest.raises(ValueError, match="mismatch in its core dimension"):
        pair.native.affine(np.ones((2, 3)), np.ones(4), np.ones(2))


@pytest.mark.filterwarnings("ignore:`row_stack` alias is deprecated:DeprecationWarning")
def test_joins(pair):
    a, b = RNG.normal(size=3), np.arange(4, dtype=np.int32)
    check(pair, "joined", a, b)
    m = RNG.normal(size=(2, 3))
    check(pair, "side_by_side", m, m[:, :1])
    check(pair, "side_by_side", m, m[:1])  # rows differ: ValueError
    check(pair, "stacked", np.arange(3), np.arange(3, 6))
    check(pair, "stacked", np.arange(3), np.arange(4))
    check(pair, "columns", np.arange(3), RNG.normal(size=3))
    check(pair, "columns", np.arange(3), RNG.normal(size=4))  # ValueError
    m = RNG.normal(size=(3, 4)).astype(np.float32)
    check(pair, "depth", m, m[::-1])
    check(pair, "depth", m.T, m.T.copy())
    check(pair, "depth", m, m[:, :3])  # ValueError
    check(pair, "rows", np.arange(3), np.arange(3, 6))
    square = RNG.normal(size=(3, 3))
    check(pair, "mixed_ranks", square, RNG.normal(size=3))
    check(pair, "mixed_ranks", square.T[::-1], np.arange(3.0)[::-1])
    check(pair, "mixed_ranks", square, RNG.normal(size=4))  # ValueError
    check(pair, "mixed_ranks", RNG.normal(size=(3, 2)), RNG.normal(size=3))  # ValueError


def test_axis_views(pair):
    check(pair, "reshaped_views", RNG.normal(size=5).astype(np.float32))
    check(pair, "reshaped_views", RNG.normal(size=6).astype(np.float32)[::-2])


@pytest.mark.parametrize("x", [np.array([3, -2, 7, 0, 5], np.int16), np.zeros(0, np.int16),
                               np.full(40, 300, np.int16)], ids=str)
def test_cumulative(pair, x):
    check(pair, "running", x)
    check(pair, "running_rows", RNG.normal(size=(3, 4)))
    check(pair, "running_rows", RNG.normal(size=(3, 4)).T)


@pytest.mark.parametrize("n", [0, 1, 2, 37, 200])
def test_var_and_std(pair, n):
    check(pair, "spread", RNG.normal(size=n))
    check(pair, "spread", RNG.normal(size=2 * n)[::2])


def test_array_literals(pair):
    check(pair, "literal_2d")
    check(pair, "literal_int8", 5)
    check(pair, "literal_int8", 300)  # OverflowError, as NumPy's
    check(pair, "blur_with_literal_kernel", np.arange(30, dtype=np.float32).reshape(5, 6))
    check(pair, "literal_from_tuple", (1, -2, 3))
    check(pair, "literal_mixed", True)


def test_array_and_asarray_of_an_array(pair):
    a = np.arange(4.0)
    copy, converted, same = pair.native.array_copies(a)
    assert same is a and copy is not a and not np.shares_memory(copy, a)
    assert converted.dtype == np.float32 and np.array_equal(converted, a)
    check(pair, "array_copies", a[::-1])


def test_dot_and_matmul_word_a_mismatch_as_numpy_does(pair):
    m = np.arange(21.0).reshape(7, 3)
    check(pair, "dot_matrix_vector", m, np.ones(3))
    for function, text in ((np.dot, "shapes (7,3) and (4,) not aligned: 3 (dim 1) != 4 (dim 0)"),
                           (np.matmul, "matmul: Input operand 1 has a mismatch")):
        with pytest.raises(ValueError, match=re.escape(text)):
            function(m, np.ones(4))
    with pytest.raises(ValueError, match=re.escape("shapes (7,3) and (4,) not aligned")):
        pair.native.dot_matrix_vector(m, np.ones(4))
