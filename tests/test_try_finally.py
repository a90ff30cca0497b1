"""return, break and continue out of try/finally: CPython and the compiled module agree on
results, exception types and messages, and on what a call leaves in the lists it was given.

Every kernel of kernels/try_finally_kernels.py is compiled once for this file.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from support import Pair, build_pair
from support import check_copies as check

KERNELS = Path(__file__).parent / "kernels" / "try_finally_kernels.py"


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory) -> Pair:
    return build_pair(tmp_path_factory.mktemp("try_finally"), "try_finally_kernels", KERNELS)


@pytest.mark.parametrize("func", ["return_in_try", "return_overridden", "raise_replaces_return",
                                  "return_in_except", "return_swallows", "nested_return"])
@pytest.mark.parametrize("x", [-3, 0, 1, 4, 9])
def test_return(pair: Pair, func: str, x: int) -> None:
    check(pair, func, x, [5])


@pytest.mark.parametrize("n", [0, 1, 4, 10])
def test_loops(pair: Pair, n: int) -> None:
    check(pair, "loop_jumps", n, [])
    check(pair, "while_nested", n, [])


@pytest.mark.parametrize("xs", [[], [1, 2], [3, -1, 4]])
def test_return_from_loop(pair: Pair, xs: list[int]) -> None:
    check(pair, "return_from_loop", xs, [])


def test_refcounted_result(pair: Pair) -> None:
    check(pair, "str_result", "ab", ["x"])


@pytest.mark.parametrize("x", [-9, -3, -1, 0, 5])
def test_bare_raise(pair: Pair, x: int) -> None:
    check(pair, "reraise", x, [])
    check(pair, "reraise_outer", x, [])


@pytest.mark.parametrize("n", [0, 2, 5])
def test_more_jumps(pair: Pair, n: int) -> None:
    check(pair, "value_held", n, [1])
    check(pair, "loop_else_break", n, [])
    check(pair, "generator_returns", n, [])


@pytest.mark.parametrize("func", ["break_in_finally", "continue_in_finally",
                                  "break_in_nested_finally"])
@pytest.mark.parametrize("n", [0, 1, 2, 3, 5, 7])
def test_jumps_in_finally(pair: Pair, func: str, n: int) -> None:
    check(pair, func, n, [])
