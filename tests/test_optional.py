"""Optional (T | None): CPython and the compiled module agree on values, on None, on what a
call leaves in its arguments, and on the TypeError of an operation on None.

Every kernel of kernels/optional_kernels.py is compiled once for this file.
"""

from __future__ import annotations

import contextlib
import io
from pathlib import Path
from typing import Any

import pytest

from support import Pair, build_pair, outcome
from test_lists import check

KERNELS = Path(__file__).parent / "kernels" / "optional_kernels.py"


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory) -> Pair:
    return build_pair(tmp_path_factory.mktemp("optional"), "optional_kernels", KERNELS)


CASES: list[tuple[str, tuple[Any, ...]]] = []
CASES += [("find", (xs, x)) for xs in ([], [3, 1, 3]) for x in (3, 1, 9)]
CASES += [("find_or", (xs, x)) for xs in ([], [3, 1, 3]) for x in (3, 1, 9)]
CASES += [("plus", (x, 2)) for x in (0, 5)]
CASES += [("scaled", args) for args in [(), (None,), (1.5,), (2, 3.0), (None, 1.0)]]
CASES += [("truthy", (x, s)) for x in (None, 0, 4) for s in (None, "", "a")]
CASES += [("longest", (ws,)) for ws in ([], ["a", "ccc", "bb", "ddd"])]
CASES += [("maybe_append", (xs, 3)) for xs in (None, [], [1])]
CASES += [("first_or_none", (xs,)) for xs in ([], [None, 2, None], [1])]
CASES += [("x_or_default", (x,)) for x in (None, 0, 3)]
CASES += [("parse_opt", (ps,)) for ps in ([], ["1", "x", "23", ""])]
CASES += [("fill_opts", (xs, 4)) for xs in ([], [None, 1])]


@pytest.mark.parametrize(("func", "args"), CASES, ids=[f"{f}-{i}" for i, (f, _) in
                                                        enumerate(CASES)])
def test_same_as_cpython(pair: Pair, func: str, args: tuple[Any, ...]) -> None:
    check(pair, func, *args)


def test_an_operation_on_none_is_a_type_error(pair: Pair) -> None:
    """CPython's TypeError, with the compiler's own message (CPython words each operation
    differently)."""
    expected = outcome(pair.python.plus, None, 2)
    got = outcome(pair.native.plus, None, 2)
    assert expected[0] == got[0] == "raise"
    assert type(expected[1]) is type(got[1]) is TypeError


@pytest.mark.parametrize(("x", "name"), [(None, None), (3, "n")])
def test_print_of_none(pair: Pair, x: int | None, name: str | None) -> None:
    outputs = []
    for module in (pair.python, pair.native):
        buffer = io.StringIO()
        with contextlib.redirect_stdout(buffer):
            result = module.describe(x, name)
        outputs.append((buffer.getvalue(), result))
    assert outputs[0] == outputs[1]


def test_a_wrong_type_is_still_a_type_error(pair: Pair) -> None:
    with pytest.raises(TypeError, match=r"argument 'x' must be int, not str"):
        pair.native.plus("a", 1)
