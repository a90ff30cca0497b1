"""Smoke test of benchmarks/numpy_kernels2.py: the module compiles, and on tiny inputs each
kernel's compiled forms agree with CPython (loops) and NumPy (vectorized), the arguments
left as they were. Also the ``#pythran export`` lines the benchmark makes from annotations.

One compiled module for the whole file; the inputs are the benchmark's own (its cases).
"""

from __future__ import annotations

import ast
import copy
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from support import Pair, build_pair

BENCH = Path(__file__).resolve().parents[1] / "benchmarks"
sys.path.insert(0, str(BENCH))
from numpy_cases2 import CASES2  # noqa: E402
from pythran_column import export_line, pythran_source  # noqa: E402

TINY = {"rolling_zscore": 80, "drawdown": 60, "mc_option": 500, "kmeans_assign": 40}
"""Input sizes for the smoke test (default 12)."""


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory) -> Pair:
    return build_pair(tmp_path_factory.mktemp("bench2"), "numpy_kernels2",
                      BENCH / "numpy_kernels2.py")


def close(expected: Any, got: Any, rtol: float) -> None:
    exp, res = np.asarray(expected), np.asarray(got)
    assert (exp.dtype, exp.shape) == (res.dtype, res.shape)
    if exp.dtype.kind in "iub":
        np.testing.assert_array_equal(res, exp)
    else:
        scale = float(np.max(np.abs(exp))) if exp.size else 1.0
        np.testing.assert_allclose(res, exp, rtol=0, atol=rtol * (scale or 1.0))


def same_args(before: tuple[Any, ...], after: tuple[Any, ...]) -> None:
    for a, b in zip(before, after, strict=True):
        if isinstance(a, np.ndarray):
            np.testing.assert_array_equal(a, b)
        else:
            assert a == b


@pytest.mark.parametrize("case", CASES2, ids=lambda c: c.name)
def test_kernel_matches(pair: Pair, case: Any) -> None:
    args = case.make(np.random.default_rng(3), TINY.get(case.name, 12))
    expected_loops = getattr(pair.python, f"{case.name}_loops")(*copy.deepcopy(args))
    reference = case.numpy_reference or getattr(pair.python, f"{case.name}_vec")
    expected = reference(*copy.deepcopy(args))
    close(expected_loops, expected, case.rtol)  # the two forms compute the same
    forms = ["loops"] + ([] if case.numpy_reference else ["vec"])
    for form in forms:
        mine = copy.deepcopy(args)
        got = getattr(pair.native, f"{case.name}_{form}")(*mine)
        close(expected_loops if form == "loops" else expected, got, case.rtol)
        same_args(args, mine)


def test_every_function_is_a_case_form() -> None:
    names = {n.name for n in ast.parse((BENCH / "numpy_kernels2.py").read_text()).body
             if isinstance(n, ast.FunctionDef)}
    forms = {f"{c.name}_{f}" for c in CASES2 for f in ("loops", "vec")}
    assert names <= forms and len(CASES2) >= 15


def test_pythran_exports() -> None:
    source = (BENCH / "numpy_kernels2.py").read_text()
    functions = {n.name: n for n in ast.parse(source).body if isinstance(n, ast.FunctionDef)}
    by_name = {c.name: c for c in CASES2}
    args = by_name["harris"].make(np.random.default_rng(0), 8)
    assert export_line(functions["harris_vec"], args) == \
        "#pythran export harris_vec(float64[:,:], float)"
    args = by_name["covariance"].make(np.random.default_rng(0), 8)  # a rank-stated annotation
    assert export_line(functions["covariance_loops"], args) == \
        "#pythran export covariance_loops(float64[:,:])"
    args = by_name["hist_eq"].make(np.random.default_rng(0), 8)
    assert export_line(functions["hist_eq_loops"], args) == \
        "#pythran export hist_eq_loops(uint8[:,:])"
    args = by_name["drawdown"].make(np.random.default_rng(0), 8)
    text = pythran_source(source, {"drawdown_loops": args})
    assert text.startswith("#pythran export drawdown_loops(float64[:])\n")
    assert "from hatch_pyaot" not in text and "@compile\n" not in text
    assert "NDArray[" not in text
    ast.parse(text)
