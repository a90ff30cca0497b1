"""numpy.einsum compiled (tests/kernels/einsum_kernels.py) against NumPy: subscripts written
in the code on 1 to 3 operands, explicit and implicit outputs, traces and diagonals,
broadcasting of length-1 axes, strided inputs; integers exact (wrapping as NumPy's), floats
within rounding (the order of the sums differs); NumPy's ValueErrors with their messages;
located diagnostics for what is not compiled."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

from support import Pair, assert_refused, build_pair, outcome, without_location

KERNELS = Path(__file__).parent / "kernels" / "einsum_kernels.py"
RNG = np.random.default_rng(5)


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory) -> Pair:
    return build_pair(tmp_path_factory.mktemp("einsum"), "einsum_kernels", KERNELS)


def check(pair: Pair, func: str, *args: Any) -> None:
    before = [a.copy() for a in args]
    want = outcome(getattr(pair.python, func), *args)
    got = outcome(getattr(pair.native, func), *args)
    assert want[0] == got[0], (func, want, got)
    if want[0] == "raise":
        assert type(want[1]) is type(got[1])
        assert str(want[1]) == without_location(str(got[1]))
    else:
        ws = want[1] if isinstance(want[1], tuple) else (want[1],)
        gs = got[1] if isinstance(got[1], tuple) else (got[1],)
        for w, g in zip(ws, gs, strict=True):
            assert type(w) is type(g) and np.asarray(w).dtype == np.asarray(g).dtype
            assert np.shape(w) == np.shape(g)
            if np.asarray(w).dtype.kind in "iub":
                np.testing.assert_array_equal(g, w)
            else:
                np.testing.assert_allclose(g, w, rtol=1e-12, atol=1e-12)
    for b, a in zip(before, args, strict=True):
        np.testing.assert_array_equal(a, b)


def floats(*shape: int) -> np.ndarray:
    return RNG.normal(size=shape)


@pytest.mark.parametrize("m, k, n", [(3, 4, 5), (1, 4, 1), (0, 3, 2), (4, 0, 3), (7, 9, 2)])
def test_products(pair, m, k, n):
    a, b = floats(m, k), floats(k, n)
    check(pair, "mm", a, b)
    check(pair, "implicit", a, b)
    check(pair, "mm", np.asfortranarray(a), b[::-1])
    check(pair, "mm", floats(k, m).T, floats(n, k).T)
    v = floats(k)
    check(pair, "three", a, v, b)
    check(pair, "dot", v, v[::-1])
    check(pair, "outer_sum", floats(k, 2).astype(np.float32), floats(2, n))


def test_integers(pair):
    for n in (1, 3, 5):
        a = RNG.integers(-50, 50, (n, n)).astype(np.int32)
        check(pair, "trace_diag", a)
        check(pair, "trace_diag", a[::-1, ::2] if n > 1 else a)
    check(pair, "trace_diag", np.full((3, 3), 2**30, np.int32))  # wraps around
    a, b = RNG.integers(-9, 9, (2, 3, 4)), RNG.integers(-9, 9, (2, 4, 5))
    check(pair, "batched", a, b)
    check(pair, "batched", a, b[:1])  # a length-1 axis broadcasts


def test_errors(pair):
    check(pair, "mm", floats(3, 4), floats(3, 4))
    check(pair, "mm", floats(3, 4), floats(1, 2))
    check(pair, "dot", floats(4), floats(3))
    check(pair, "dot", floats(4), floats(1))
    check(pair, "trace_diag", np.ones((2, 3), np.int32))
    check(pair, "batched", np.ones((2, 3, 4), np.int64), np.ones((3, 4, 5), np.int64))


REFUSED = '''import numpy as np
from numpy.typing import NDArray
from hatch_pyaot import compile

F2 = np.ndarray[tuple[int, int], np.dtype[np.float64]]


@compile
def f(a: F2) -> F2:
    return np.einsum("i...->i", a)


@compile
def g(a: F2) -> F2:
    return np.einsum("ijk->ij", a)


@compile
def h(a: F2, s: str) -> F2:
    return np.einsum(s, a)


@compile
def i(a: F2) -> F2:
    return np.einsum("ij,jk->ik", a)


@compile
def j(a: F2) -> F2:
    return np.einsum("ij->iq", a)


@compile
def k(a: F2) -> F2:
    return np.einsum("ij->ij", a, optimize=True)
'''


def test_refused(tmp_path):
    assert_refused(tmp_path, REFUSED, [
        (10, 22, "numpy.einsum() with '...' is not supported yet"),
        (15, 22, "einstein sum subscripts string contains too many subscripts for operand 0"),
        (20, 22, "numpy.einsum() takes its subscripts as a string written in the code"),
        (25, 22, "more operands provided to einstein sum function than specified"),
        (30, 22, "einstein sum subscripts string included output subscript 'q' which never "
                 "appeared in an input"),
        (35, 44, "numpy.einsum() got an unexpected keyword argument 'optimize'"),
    ])
