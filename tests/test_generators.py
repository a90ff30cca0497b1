"""Generators (DESIGN §5.9, docs/objects.md "Generators"): CPython and the compiled module
agree on values, exception types and messages, and on what the arguments hold after the
call (a generator's ``finally`` appends to a list it was given).

Every kernel of kernels/generator_kernels.py is compiled once for this file.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from hatch_pyaot.testing import same_value
from support import Pair, build_pair, outcome

KERNELS = Path(__file__).parent / "kernels" / "generator_kernels.py"


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory) -> Pair:
    return build_pair(tmp_path_factory.mktemp("generators"), "generator_kernels", KERNELS)


def message(exc: BaseException) -> str:
    """The message less the compiled side's location (StopIteration has none before it)."""
    return re.sub(r" ?\(at [^()]*:\d+\)$", "", str(exc))


def check(pair: Pair, func: str, *args: Any) -> None:
    """Both sides, each on its own copy of the arguments: the same outcome and arguments."""
    import copy

    py_args, native_args = copy.deepcopy(args), copy.deepcopy(args)
    expected = outcome(getattr(pair.python, func), *py_args)
    got = outcome(getattr(pair.native, func), *native_args)
    call = f"{func}{args}"
    assert expected[0] == got[0], f"{call}: CPython {expected}, compiled {got}"
    if expected[0] == "ok":
        assert same_value(expected[1], got[1]), f"{call}: CPython {expected[1]!r}, " \
            f"compiled {got[1]!r}"
    else:
        assert type(expected[1]) is type(got[1]) and str(expected[1]) == message(got[1]), \
            f"{call}: CPython raised {expected[1]!r}, compiled {got[1]!r}"
    assert py_args == native_args, f"{call}: arguments after: {py_args} vs {native_args}"


SIZES = [0, 1, 2, 5, 9]


@pytest.mark.parametrize("func", ["sum_loops", "reductions", "containers", "comprehensions",
                                  "stepping", "next_none", "next_stop", "list_items",
                                  "recursive", "shared", "extremes"])
def test_consumers(pair: Pair, func: str) -> None:
    for n in SIZES:
        check(pair, func, n)


def test_zip_and_enumerate(pair: Pair) -> None:
    for n in SIZES:
        for xs in ([], [7], [4, 5, 6]):
            check(pair, "zipped", n, xs)


def test_str_items(pair: Pair) -> None:
    for text in ("", "one", "a  bc d", "ǅungla straße ✓"):
        check(pair, "text_items", text)


def test_exceptions_propagate(pair: Pair) -> None:
    for xs in ([], [1, 2, 5], [3, 0, 1], [0]):
        check(pair, "errors", xs)
        check(pair, "caught", xs)


def test_permutations(pair: Pair) -> None:
    for xs in ([], [1], [3, 1, 2], [1, 2, 3, 4, 5]):
        check(pair, "perms", xs)


def test_finally_runs_when_closed(pair: Pair) -> None:
    """The finally of a generator runs when it ends, and when a `break` drops it early."""
    for n, stop in ((0, 9), (3, 9), (5, 2), (5, 0)):
        check(pair, "finally_runs", n, stop, [])


def test_unbounded_recursion(pair: Pair) -> None:
    got = outcome(pair.native.too_deep, 0)
    assert got[0] == "raise" and isinstance(got[1], RecursionError), got


def test_class_iter_and_generator_methods(pair: Pair) -> None:
    for keys in ([], [5], [5, 3, 8, 1, 4, 9, 7], list(range(10, 0, -1))):
        check(pair, "tree_walk", 6, keys)
