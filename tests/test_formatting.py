"""Formatting: str.format, %-formatting and format specs (fill, ^ and =, #, x X o b, a
str's precision) give CPython's text, compiled; %d of inf or nan raises CPython's error.

Every kernel of kernels/format_kernels.py is compiled once for this file.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest

from support import Pair, assert_refused, build_pair
from test_lists import check

KERNELS = Path(__file__).parent / "kernels" / "format_kernels.py"


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory) -> Pair:
    return build_pair(tmp_path_factory.mktemp("format"), "format_kernels", KERNELS)


TEXTS = ["", "a", "abcdef", "Straße", "✓😀\U0001d518x", "'q\"", "x\u0301yz"]
INTS = [0, 1, -1, 255, -255, 2**63 - 1, -(2**63), 42]
FLOATS = [0.0, -0.0, 1.5, -2.25, 123456.789, 1e-7, 1e300, math.inf, -math.inf, math.nan,
          0.125, -1e16]

CASES: list[tuple[str, tuple[Any, ...]]] = []
CASES += [("str_specs", (s,)) for s in TEXTS]
CASES += [("int_specs", (n,)) for n in INTS]
CASES += [("float_specs", (x,)) for x in FLOATS]
CASES += [("with_format", (s, n, x)) for s, n, x in zip(TEXTS, INTS, FLOATS, strict=False)]
CASES += [("with_percent", (s, n, x)) for s, n, x in zip(TEXTS, INTS, FLOATS, strict=False)]
CASES += [("percent_of_float", (x,)) for x in [*FLOATS, 3.7, -0.5, 2.0**70, -9.3e18]]
CASES += [("grouped", (n, x)) for n, x in zip(INTS, FLOATS, strict=False)]
CASES += [("grouped_aligned", (n, x)) for n, x in zip(INTS, FLOATS, strict=False)]
CASES += [("percent_one", (n,)) for n in INTS[:3]]
CASES += [("percent_mapping", (s, n, d)) for s, n in zip(TEXTS[:3], INTS, strict=False)
          for d in ({"a": 1, "b": 255}, {"a": -3})]


@pytest.mark.parametrize(("func", "args"), CASES, ids=[f"{f}-{i}" for i, (f, _) in
                                                        enumerate(CASES)])
def test_same_as_cpython(pair: Pair, func: str, args: tuple[Any, ...]) -> None:
    check(pair, func, *args)


BAD = '''from hatch_pyaot import compile


@compile
def few(n: int) -> str:
    return "%d %d" % (n,)


@compile
def many(n: int) -> str:
    return "%d" % (n, n)


@compile
def index(n: int) -> str:
    return "{1}".format(n)


@compile
def switch(n: int) -> str:
    return "{} {0}".format(n)


@compile
def sign_of_text(s: str) -> str:
    return f"{s:+}"


@compile
def int_precision(n: int) -> str:
    return f"{n:.2}"


@compile
def text_as_number(s: str) -> str:
    return "%d" % s


@compile
def missing_key(n: int) -> str:
    return "%(a)s %(b)s" % {"a": n}


@compile
def mixed_fields(n: int) -> str:
    return "%(a)s %s" % {"a": n}
'''


def test_a_template_that_python_rejects_is_a_located_diagnostic(tmp_path: Path) -> None:
    assert_refused(tmp_path, BAD, [
        (6, 23, "not enough arguments for format string (Python raises TypeError)"),
        (11, 20, "not all arguments converted during string formatting"),
        (16, 12, "Replacement index 1 out of range for positional args tuple"),
        (21, 12, "cannot switch from automatic field numbering to manual field"),
        (26, 15, "Sign not allowed in string format specifier"),
        (31, 15, "Precision not allowed in integer format specifier"),
        (36, 19, "%d format: a real number is required, not str"),
        (41, 28, "KeyError: 'b' (Python raises KeyError)"),
        (46, 12, "format requires a mapping (Python raises TypeError)")])
