"""Python's complex: CPython and the compiled module agree bit for bit (parts compared by
repr, so -0.0 and NaN count), on exception types and messages, and at the boundary.

Every kernel of kernels/complex_kernels.py is compiled once for this file.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from support import Pair, assert_refused, build_pair, check_copies

KERNELS = Path(__file__).parent / "kernels" / "complex_kernels.py"
INF, NAN = math.inf, math.nan
PARTS = [0.0, -0.0, 1.0, -2.5, 0.5, 1e-310, 1e300, -1e300, 710.0, INF, -INF, NAN]
VALUES = [complex(a, b) for a in PARTS for b in PARTS]
SOME = [0j, -0j, 1 + 2j, -3.5 + 0.25j, complex(INF, 1), complex(NAN, 0), complex(1e300, 1e300),
        complex(0, -0.0), 2 + 0j]
UNARY = ["neg_pos", "parts", "truth", "text", "c_exp", "c_log", "c_sqrt", "c_sin", "c_cos",
         "c_phase", "c_polar", "c_tests"]
BINARY = ["add", "sub", "mul", "div", "power", "equal", "made_from_complex"]

parts = st.one_of(st.floats(allow_nan=True, allow_infinity=True),
                  st.sampled_from([0.0, -0.0, 1.0, -1.0, INF, -INF, NAN]),
                  st.floats(-30, 30))
complexes = st.builds(complex, parts, parts)


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory) -> Pair:
    return build_pair(tmp_path_factory.mktemp("complex"), "complex_kernels", KERNELS)


def check(pair: Pair, func: str, *args: Any) -> None:
    check_copies(pair, func, *args)


@pytest.mark.parametrize("func", UNARY)
def test_unary_on_special_values(pair: Pair, func: str) -> None:
    for z in VALUES:
        check(pair, func, z)


@pytest.mark.parametrize("func", BINARY)
def test_binary_on_special_values(pair: Pair, func: str) -> None:
    for a in SOME:
        for b in VALUES:
            check(pair, func, a, b)
            check(pair, func, b, a)


def test_division_and_powers_raise_as_cpython(pair: Pair) -> None:
    for a, b in [(1j, 0j), (0j, -0j), (1 + 0j, 0j), (0j, -1 + 0j), (0j, 1j), (1e300 + 1j, 2j),
                 (2 + 0j, 2000 + 0j), (complex(INF, 0), 2 + 0j), (1 + 2j, -3 + 0j),
                 (1 + 2j, 0.5 + 1j), (1 + 2j, complex(0, INF))]:
        check(pair, "div", a, b)
        check(pair, "power", a, b)
    for z in SOME:
        for n in (-101, -3, -1, 0, 1, 2, 7, 100, 101):
            check(pair, "power_int", z, n)


def test_literals_constructors_and_mixed_arithmetic(pair: Pair) -> None:
    check(pair, "literals")
    for a, b in [(1.0, -0.0), (-0.0, 0.0), (NAN, INF), (2.5, 3.0)]:
        check(pair, "made", a, b)
    for x, n, z in [(1.5, 2, 1 + 1j), (-0.0, 0, -0j), (INF, -3, 2j)]:
        check(pair, "mixed", x, n, z)
    check(pair, "widened", 2.0)
    # a float that stays one is widened at the result (docs/values.md)
    assert pair.native.widened(-2.0) == -2 + 0j


def test_containers_and_keys(pair: Pair) -> None:
    check(pair, "in_list", [1j, 2 + 0j, complex(NAN, 1)])
    check(pair, "total", [1j, 2 + 0j, 0.5 + 0j])
    check(pair, "total", [])
    assert pair.native.total([1, 2.5]) == 3.5 + 0j  # ints and floats are accepted
    check(pair, "as_keys", [1j, 2 + 0j, 1j, complex(-0.0, 0), 3 - 0j, 3 + 0j])
    # Not empty: CPython's sum() of an empty list is the int 0 (docs/values.md).
    for zs in ([1j, 1j, 2 + 0j, complex(NAN, 0)], [complex(INF, -0.0), -0j, 0j]):
        check(pair, "grouped", zs)
    for z, x in [(1 + 2j, 3.0), (-0j, -0.0), (complex(NAN, 1), INF)]:
        check(pair, "updated", z, x)


def test_cmath_rect_and_log_base(pair: Pair) -> None:
    for r in PARTS:
        for phi in PARTS:
            check(pair, "c_rect", r, phi)
    for z in SOME:
        for base in SOME:
            check(pair, "c_log_base", z, base)


def test_printing(pair: Pair, capsys: pytest.CaptureFixture[str]) -> None:
    for z in (1 + 2j, complex(NAN, -INF), -0j):
        pair.python.printed(z)
        expected = capsys.readouterr().out
        pair.native.printed(z)
        assert capsys.readouterr().out == expected


def test_boundary_takes_what_complex_takes(pair: Pair) -> None:
    import numpy as np

    assert pair.native.add(1, 2.5) == 3.5 + 0j
    assert type(pair.native.add(True, 1)) is complex
    assert pair.native.add(np.complex64(1 + 2j), np.float32(1.5)) == 2.5 + 2j
    for bad in ("1+2j", b"1", None, [1j]):
        with pytest.raises(TypeError, match="must be complex"):
            pair.native.add(bad, 1j)


def test_mandelbrot_point(pair: Pair) -> None:
    for c in (0j, -0.5 + 0.5j, 1 + 1j, -2 + 0j, 0.3 - 0.6j, 0.25 + 0j):
        check(pair, "mandelbrot_point", c, 200)


@settings(max_examples=200, deadline=None)
@given(complexes, complexes)
def test_arithmetic_agrees(pair: Pair, a: complex, b: complex) -> None:
    for func in ("add", "sub", "mul", "div", "power", "equal"):
        check(pair, func, a, b)


@settings(max_examples=100, deadline=None)
@given(parts, st.integers(-(2**53), 2**53), complexes, parts, st.integers(-120, 120))
def test_mixed_operands_and_rect_agree(pair: Pair, x: float, n: int, z: complex, phi: float,
                                       k: int) -> None:
    check(pair, "mixed", x, n, z)
    check(pair, "c_rect", x, phi)
    check(pair, "power_int", z, k)


@settings(max_examples=200, deadline=None)
@given(complexes)
def test_cmath_agrees(pair: Pair, z: complex) -> None:
    for func in UNARY:
        check(pair, func, z)


def test_cross_targets_take_complex_entries(tmp_path: Path) -> None:
    """complex has a C ABI form (a COMPLEX node, docs/c-abi.md), also inside a list; an entry
    whose type has none (an enum of float values) gets a warning and is left out of the cross
    targets' artifacts; the others stay."""
    from hatch_pyaot.codegen import c_abi
    from hatch_pyaot.pipeline import analyze, entries_and_specs

    path = tmp_path / "cross.py"
    path.write_text("from enum import Enum\n\nfrom hatch_pyaot import compile\n\n\n"
                    "class Ratio(Enum):\n    HALF = 0.5\n    ONE = 1.0\n\n\n"
                    "@compile\ndef takes(z: complex) -> float:\n    return abs(z)\n\n\n"
                    "@compile\ndef makes(n: int) -> list[complex]:\n    return [n * 1j]\n\n\n"
                    "@compile\ndef ratio(r: Ratio) -> float:\n    return r.value\n",
                    encoding="utf-8")
    entries, _ = entries_and_specs(analyze(path))
    assert {e.name: c_abi.unsupported(e) for e in entries} == {
        "takes": None, "makes": None,
        "ratio": "parameter 'r' is a Ratio, and a Ratio in it has no C ABI form yet"}


def test_what_python_rejects_is_refused_with_its_location(tmp_path: Path) -> None:
    assert_refused(tmp_path, "from hatch_pyaot import compile\n\n\n"
                   "@compile\ndef less(a: complex, b: complex) -> bool:\n    return a < b\n\n\n"
                   "@compile\ndef spec(z: complex) -> str:\n    return f'{z:.2f}'\n\n\n"
                   "@compile\ndef member(z: complex) -> float:\n    return z.phase\n", [
                       (6, 12, "'<' is not supported between 'complex' and 'complex'"),
                       (11, 15, "a format spec (or !a) for a complex is not supported yet"),
                       (16, 12, "the attribute complex.phase is not supported"),
                   ])
