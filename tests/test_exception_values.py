"""``except E as e`` of built-in exceptions: CPython and the compiled module agree on the
text of ``e`` (str, repr, f-strings, print, ``type(e).__name__``), ``e.args``,
``isinstance`` of it, ``raise e``, the name unbound after the block, and on what a call
leaves in the list it was given.

Every kernel of kernels/exception_value_kernels.py is compiled once for this file.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from support import Pair, build_pair
from support import check_copies as check

KERNELS = Path(__file__).parent / "kernels" / "exception_value_kernels.py"
CASES = [-9, -1, 0, 1, 2, 3, 4, 5]
"""Inputs of ``_fail``: ValueError (two messages), ZeroDivisionError, KeyError (a missing
key, and a raised one), IndexError, int()'s ValueError, no exception."""


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory) -> Pair:
    return build_pair(tmp_path_factory.mktemp("exception_values"), "exception_value_kernels",
                      KERNELS)


def test_compiled(pair: Pair) -> None:
    assert pair.native.texts.__module__ == "exception_value_kernels"
    assert type(pair.native.texts).__name__ == "compiled_function"


@pytest.mark.parametrize("func", ["texts", "classify", "raise_again"])
@pytest.mark.parametrize("x", CASES)
def test_values(pair: Pair, func: str, x: int) -> None:
    check(pair, func, x, [])


@pytest.mark.parametrize("x", CASES)
def test_handlers(pair: Pair, x: int) -> None:
    check(pair, "args_of", x)
    check(pair, "two_handlers", x)


@pytest.mark.parametrize("x", [-1, 4, 5])
def test_unbound_after(pair: Pair, x: int, capsys: pytest.CaptureFixture[str]) -> None:
    check(pair, "unbound_after", x)
    out = capsys.readouterr().out
    assert out == ("negative: -1\n" * 2 if x == -1 else
                   "invalid literal for int() with base 10: 'x4'\n" * 2 if x == 4 else "")
