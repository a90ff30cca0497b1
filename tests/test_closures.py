"""Functions as values: CPython and the compiled module agree on values, on exception types
and messages, and on what a call leaves in its arguments (also when it raises).

Every kernel of kernels/closure_kernels.py is compiled once for this file.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import test_lists
from support import Pair, assert_refused, build_pair, outcome

KERNELS = Path(__file__).parent / "kernels" / "closure_kernels.py"


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory) -> Pair:
    return build_pair(tmp_path_factory.mktemp("closures"), "closure_kernels", KERNELS)


def check(pair: Pair, func: str, *args: Any) -> None:
    """test_lists.check's comparison (values, exception types and messages, arguments
    afterwards); a RecursionError's message names CPython's own limit, so only its type."""
    if func != "deep_recursion":
        test_lists.check(pair, func, *args)
        return
    expected = outcome(getattr(pair.python, func), *args)
    got = outcome(getattr(pair.native, func), *args)
    assert expected[0] == got[0] and type(expected[1]) is type(got[1]), (expected, got)
    if expected[0] == "ok":
        assert expected[1] == got[1]


def test_every_kernel_compiles(pair: Pair) -> None:
    failed = [(e.name, [d.message for d in e.diagnostics]) for e in pair.report.failed_entries]
    assert not failed


CASES: list[tuple[str, tuple[Any, ...]]] = [
    ("adder", (5, 3)), ("adder", (-2, 0)),
    ("counter", (0,)), ("counter", (7,)),
    ("late", (3,)), ("late", (0,)), ("early", (3,)), ("loop_late", (4,)),
    ("rebound_after", (9,)), ("defined_before", (4,)),
    ("helpers", (3,)), ("helpers", (-1,)), ("helpers", (2**62,)),
    ("returned", (2,)), ("counters", (3,)), ("counters", (0,)),
    ("recursive", (10,)), ("recursive", (0,)), ("recursive", (30,)),
    ("deep_recursion", (50,)), ("deep_recursion", (100_000,)),
    ("nested_deep", (1,)), ("nested_deep", (-3,)),
    ("defaults", (4,)), ("raises", (1,)), ("raises", (-5,)),
    ("words", (["ab", "Cd"], "!")), ("words", ([], "?")),
    ("mutates", ([1], 2)), ("floats", (0.5,)),
    ("dict_calls", (3,)), ("pick", (True, 3)), ("pick", (False, 3)), ("list_mixed", (4,)),
    ("missing_key", ("a",)), ("missing_key", ("b",)), ("missing_key", ("zz",)),
    ("maps", ([1, 2, 3],)), ("maps", ([],)), ("filters", ([0, 1, 2, 3, 4],)),
    ("filters", ([5],)), ("lazy_loop", ([1, 2, 5, 7],)), ("lazy_loop", ([3, 0, 1],)),
    ("reduces", ([1, 2, 3, 4],)), ("reduces", ([],)), ("reduces", ([7],)),
    ("partials", (2,)), ("partials", (-3,)),
    ("keyed", ([5, 3, 8, 1], 3)), ("keyed", ([], 2)), ("keyed", ([4], 0)),
    ("comprehension_scopes", (3,)), ("dispatch", (10,)), ("dispatch", (7,)), ("stars", (2,)), ("stars", (-1,)), ("keywords", (4,)), ("lambda_stars", (3,)),
]
"""(kernel, arguments): also run under LeakSanitizer by tests/test_sanitizers.py."""
PORTABLE = [(f, a) for f, a in CASES if f != "deep_recursion"]
"""The cases the C ABI and wasm32-wasi runs check too (tests/test_c_abi_values.py); a
RecursionError's message names CPython's own limit."""


@pytest.mark.parametrize(("func", "args"), CASES)
def test_same_as_cpython(pair: Pair, func: str, args: tuple[Any, ...]) -> None:
    check(pair, func, *args)


def test_refused_with_a_location(tmp_path: Path) -> None:
    """What cannot be compiled stays Python, with a located diagnostic."""
    assert_refused(tmp_path, """from collections.abc import Callable
from hatch_pyaot import compile


@compile
def gives(x: int):
    return lambda: x


@compile
def takes(f: Callable[[int], int], x: int) -> int:
    return f(x)


@compile
def calls_int(x: int) -> int:
    return x(1)


@compile
def widens(x: int) -> int:
    y = 1

    def f():
        nonlocal y
        y = 2.5
    f()
    return x


def kw(a: int, *, b: int) -> int:
    return a + b


@compile
def positional_kw(x: int) -> int:
    return kw(x, 2)


@compile
def mutual(x: int) -> int:
    def f(n: int) -> int:
        return g(n - 1) if n > 0 else 0

    def g(n: int) -> int:
        return f(n)
    return f(x)


@compile
def looped_self(n: int) -> int:
    total = 0
    for i in range(n):
        def g(k: int) -> int:
            return 0 if k == 0 else g(k - 1)
        total += g(i)
    return total
""", [(6, 5, "'gives' returns a function value"),
      (11, 11, "parameter 'f' of a @compile function is a function"),
      (17, 12, "'int' object is not callable"),
      (26, 9, "'y' is assigned type float here but has type int"),
      (37, 12, "kw() takes 1 positional arguments but 2 were given"),
      (45, 5, "'g' and 'f' capture each other"),
      (54, 9, "'g' calls itself but its name is bound more than once")])


@pytest.mark.parametrize(("func", "args", "kwargs"), [
    ("scaled", (1,), {"offset": 2}), ("scaled", (1,), {"offset": 2, "scale": 5}),
    ("scaled", (), {"x": 3, "offset": 0}), ("scaled", (1, 3), {}),
    ("scaled", (1, 3), {"offset": 1}), ("scaled", (1,), {}), ("scaled", (), {"scale": 1}),
    ("scaled", (1,), {"offset": 1, "bad": 2}), ("two_two", (), {}), ("two_two", (1, 2), {}),
    ("two_two", (1,), {"d": 2}), ("two_two", (1, 2), {"c": 3, "d": 4}),
    ("two_two", (1, 2, 3), {"d": 4}),
])
def test_keyword_only_parameters_of_an_entry_point(pair: Pair, func: str, args: tuple[Any, ...],
                                                   kwargs: dict[str, Any]) -> None:
    """At the CPython boundary, with CPython's TypeError messages."""
    expected = outcome(getattr(pair.python, func), *args, **kwargs)
    got = outcome(getattr(pair.native, func), *args, **kwargs)
    assert expected[0] == got[0], (expected, got)
    if expected[0] == "ok":
        assert expected[1] == got[1]
    else:
        assert type(expected[1]) is type(got[1]) and str(expected[1]) == str(got[1]), \
            (expected, got)
