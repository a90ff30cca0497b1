"""``with`` on objects of the program's classes (PEP 343): CPython and the compiled module
agree on results, exceptions (suppressed, passed on, replaced by one ``__exit__`` raises)
and the order of ``__enter__``/``__exit__`` calls recorded in the list each call is given.

Every kernel of kernels/with_kernels.py is compiled once for this file.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from support import Pair, build_pair
from support import check_copies as check

KERNELS = Path(__file__).parent / "kernels" / "with_kernels.py"
CASES = [-2, 0, 1, 3, 5]
"""Inputs of ``_fail``: ValueError, KeyError, a result, ZeroDivisionError, a result."""


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory) -> Pair:
    return build_pair(tmp_path_factory.mktemp("with"), "with_kernels", KERNELS)


def test_compiled(pair: Pair) -> None:
    assert type(pair.native.simple).__name__ == "compiled_function"


@pytest.mark.parametrize("suppress", [False, True])
@pytest.mark.parametrize("x", CASES)
def test_simple(pair: Pair, x: int, suppress: bool) -> None:
    check(pair, "simple", x, [], suppress)


@pytest.mark.parametrize("func", ["no_target", "returns_out", "several", "nested",
                                  "star_exit", "strict", "exit_raises"])
@pytest.mark.parametrize("x", CASES)
def test_kernels(pair: Pair, func: str, x: int) -> None:
    check(pair, func, x, [])


def test_tuple_target(pair: Pair) -> None:
    check(pair, "tuple_target", [])


@pytest.mark.parametrize("n", [0, 1, 2, 5])
def test_loop_jumps(pair: Pair, n: int) -> None:
    check(pair, "loop_jumps", n, [])
