"""The runtime's reductions (pyaot/numpy/reduce.hpp): tests/cpp/test_numpy_reduce.cpp under
AddressSanitizer, UBSan and LeakSanitizer, and every `case` line it prints checked against
numpy. A case's name says what it reduces, ``dtype:shape:layout:op[:axis]``; numpy computes
the same, and dtype, shape, error text and every value's bits must match: float sums included,
for C-contiguous, transposed, reversed and strided arrays, whole and along each axis (reduce.hpp
reproduces numpy's pairwise summation and its iteration order for these)."""

from __future__ import annotations

import subprocess
from typing import Any

import pytest

import case_lines as cl
from cpp_build import CPP

np = pytest.importorskip("numpy")

DTYPES = {"bool", "int8", "uint8", "int32", "int64", "uint64", "float32", "float64"}
FUNCTIONS = {
    name: cl.along(getattr(np, name))
    for name in ("sum", "prod", "min", "max", "mean", "any", "all", "argmin", "argmax")
}


def expected(name: str) -> tuple[Any, str]:
    """numpy's result for the case (tests/cpp/arrays.hpp's make<T, N>(shape, layout) reduced),
    or the line's error text (AxisError shows as its base ValueError, as the runtime raises
    it)."""
    return cl.numpy_case(name, cl.make_values, FUNCTIONS)


unit_tests = cl.program_fixture("test_numpy_reduce", CPP / "test_numpy_reduce.cpp", "-O0")


def test_cpp_unit_tests_under_sanitizers(unit_tests: subprocess.CompletedProcess[str]) -> None:
    cl.assert_clean(unit_tests)


def test_every_reduction_matches_numpy(unit_tests: subprocess.CompletedProcess[str]) -> None:
    lines = cl.case_lines(unit_tests.stdout)
    assert {cl.parse_name(cl.case_name(line))[0] for line in lines} == DTYPES
    assert len(lines) > 50_000
    cl.assert_match(lines, expected)
