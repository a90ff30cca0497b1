"""Generators (DESIGN §5.9, docs/objects.md "Generators"): CPython and the compiled module
agree on values, exception types and messages, and on what the arguments hold after the
call (a generator's ``finally`` appends to a list it was given).

Every kernel of kernels/generator_kernels.py is compiled once for this file.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from support import Pair, build_pair, check_copies, outcome, without_location

KERNELS = Path(__file__).parent / "kernels" / "generator_kernels.py"


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory) -> Pair:
    return build_pair(tmp_path_factory.mktemp("generators"), "generator_kernels", KERNELS)


check = check_copies


SIZES = [0, 1, 2, 5, 9]
LEAK_CASES: list[tuple[str, tuple[Any, ...]]] = [
    *((f, (5,)) for f in ("sum_loops", "reductions", "containers", "comprehensions",
                          "stepping", "next_none", "next_stop", "list_items", "recursive",
                          "shared", "extremes", "handed_on", "lazy_squares",
                          "lazy_returned")),
    ("zipped", (4, [1, 2])), ("text_items", ("a b",)), ("errors", ([1, 0],)),
    ("consumed_whole", (4, "a b")),
    ("caught", ([2, 0],)), ("perms", ([1, 2, 3],)), ("finally_runs", (5, 2, [])),
    ("too_deep", (0,)), ("tree_walk", (5, [3, 8, 1])), ("lazy_words", ("x y",)),
    ("lazy_fail", ((1, 0, 2),)),
]
"""Every kernel once, for the LeakSanitizer run of tests/test_sanitizers.py."""


@pytest.mark.parametrize("func", ["sum_loops", "reductions", "containers", "comprehensions",
                                  "stepping", "next_none", "next_stop", "list_items",
                                  "recursive", "shared", "extremes", "handed_on"])
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
        check(pair, "consumed_whole", len(text), text)


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


def test_entry_points_return_lazy_iterators(pair: Pair) -> None:
    for n in SIZES:
        assert list(pair.native.lazy_squares(n)) == list(pair.python.lazy_squares(n))
        assert list(pair.native.lazy_returned(n)) == list(pair.python.lazy_returned(n))
    for text in ("", "to be or", "ǅ ✓"):
        assert list(pair.native.lazy_words(text)) == list(pair.python.lazy_words(text))
    it = pair.native.lazy_squares(3)
    assert iter(it) is it and next(it) == 0 and next(it) == 1 and list(it) == [4]
    with pytest.raises(StopIteration):
        next(it)
    endless = pair.native.lazy_squares(10**12)  # lazy: nothing runs before next()
    assert [next(endless) for _ in range(3)] == [0, 1, 4]


def test_entry_point_exceptions_come_from_next(pair: Pair) -> None:
    it = pair.native.lazy_fail((5, 0, 1))
    assert next(it) == 2.0
    with pytest.raises(ZeroDivisionError) as raised:
        next(it)
    assert without_location(str(raised.value)) == "division by zero"
    with pytest.raises(StopIteration):  # a generator that raised is finished
        next(it)
    with pytest.raises(TypeError):
        pair.native.lazy_fail((1, 2))


REFUSED = """
from typing import Iterator
from hatch_pyaot import compile

@compile
def sends(n: int) -> int:
    g = echo(n)
    return next(g)

def echo(n: int) -> Iterator[int]:
    x = 1 + (yield n)
    yield x

@compile
def valued(n: int) -> Iterator[int]:
    yield n
    return n

@compile
def from_list(xs: list[int]) -> Iterator[int]:
    yield from xs

def twice(n: int) -> Iterator[int]:
    yield n
    yield n

@compile
def sent(n: int) -> int:
    g = twice(n)
    return g.send(n)
"""


def test_refused_forms_are_located(tmp_path: Path) -> None:
    from hatch_pyaot.pipeline import analyze

    path = tmp_path / "refused.py"
    path.write_text(REFUSED, encoding="utf-8")
    result = analyze(path)
    errors = {e.name: "\n".join(d.format() for d in e.diagnostics) for e in result.entries}
    assert not any(e.compiled for e in result.entries), errors
    assert "refused.py:11:14: error: a yield expression compiles as a statement or alone " \
        "on the right of '='" in errors["sends"], errors["sends"]
    assert "refused.py:17:5: error: 'return' with a value in a generator" in errors["valued"]
    assert "refused.py:20:15: error: parameter 'xs' is a list[int]" in errors["from_list"]
    assert "refused.py:30:19: error: send() of int to a generator whose yields take " \
        "None" in errors["sent"], errors["sent"]


WASM_CASES: list[tuple[str, dict[str, Any]]] = [
    ("sum_loops", {"n": 7}), ("reductions", {"n": 6}), ("extremes", {"n": 0}),
    ("stepping", {"n": 4}), ("next_stop", {"n": 3}), ("recursive", {"depth": 3}),
    ("zipped", {"n": 3, "xs": [4, 5]}), ("finally_runs", {"n": 5, "stop": 2, "log": []}),
    ("tree_walk", {"first": 5, "keys": [3, 8, 1]}), ("lazy_squares", {"n": 5}),
    ("lazy_words", {"text": "to be"}),
]
"""The kernels built as wasm32-wasi programs; an iterator comes out as a JSON array."""


@pytest.mark.slow
def test_generators_inside_wasm32_wasi_programs(pair: Pair, tmp_path: Path,
                                                cross_cache: Path) -> None:
    from wasm_programs import check_programs

    check_programs(KERNELS, pair.python, WASM_CASES, tmp_path, cross_cache, _eager)


def _eager(func: Any, **kwargs: Any) -> Any:
    """A program prints an iterator's items as a JSON array."""
    import collections.abc

    value = func(**kwargs)
    return list(value) if isinstance(value, collections.abc.Iterator) else value
