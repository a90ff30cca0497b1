"""A generator's own methods (docs/objects.md "Generators"): ``send()`` with ``x = yield v``,
``throw()`` and ``close()``. CPython and the compiled module agree on values, exception
types and messages (TypeError for a value sent to a generator not started, RuntimeError for
an ignored GeneratorExit and for a StopIteration escaping the body, PEP 479), and on the
order of side effects each generator records in the list it is given.

Every kernel of kernels/generator_protocol_kernels.py is compiled once for this file; CASES
also run under the sanitizers (tests/test_sanitizers.py).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from support import Pair, build_pair
from support import check_copies as check

KERNELS = Path(__file__).parent / "kernels" / "generator_protocol_kernels.py"

CASES: list[tuple[str, tuple[Any, ...]]] = [
    *(("sending", ([], n)) for n in (0, 1, 4)),
    ("send_first", ([], False)), ("send_first", ([], True)),
    *(("send_optional", ([], xs)) for xs in ([], [1], [-1, 2], [-1, -1, -1], [0, 5, 1])),
    *(("send_tuples", ([], n)) for n in (0, 1, 2, 3)),
    *(("send_to_silent", ([], n)) for n in (0, 3)),
    *((f, ([], n)) for f in ("throw_caught", "throw_returns", "throw_uncaught",
                             "throw_unstarted", "throw_bare", "throw_stop", "throw_finished")
      for n in (0, 1, 3)),
    ("throw_value", ([], {})), ("throw_value", ([], {"missing": 4})),
    *(("closing", ([], n, steps)) for n in (0, 2, 4) for steps in (0, 1, 3)),
    ("close_ignored", ([],)), ("close_raises", ([],)), ("close_caught", ([],)),
    *(("send_stop", ([], xs)) for xs in ([], [3], [2, 0, 5])),
    ("send_exhausted", ([],)),
]


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory) -> Pair:
    return build_pair(tmp_path_factory.mktemp("generator_protocol"),
                      "generator_protocol_kernels", KERNELS)


def test_compiled(pair: Pair) -> None:
    assert type(pair.native.sending).__name__ == "compiled_function"


@pytest.mark.parametrize(("func", "args"), CASES, ids=[f"{f}{a[1:]}" for f, a in CASES])
def test_protocol(pair: Pair, func: str, args: tuple[Any, ...]) -> None:
    check(pair, func, *args)


def test_messages(pair: Pair) -> None:
    """The exact texts CPython gives (compared above too; spelled out here)."""
    cases = {"send_first": (([], False), TypeError,
                            "can't send non-None value to a just-started generator"),
             "close_ignored": (([],), RuntimeError, "generator ignored GeneratorExit"),
             "throw_stop": (([], 2), RuntimeError, "generator raised StopIteration")}
    for func, (args, exc, text) in cases.items():
        with pytest.raises(exc, match=text):
            getattr(pair.native, func)(*args)


WASM_CASES: list[tuple[str, dict[str, Any]]] = [
    ("sending", {"log": [], "n": 3}), ("close_ignored", {"log": []}),
]
"""The kernels built as wasm32-wasi programs (two: each program is a build of its own)."""


@pytest.mark.slow
def test_protocol_inside_wasm32_wasi_programs(pair: Pair, tmp_path: Path,
                                              cross_cache: Path) -> None:
    from wasm_programs import check_programs

    check_programs(KERNELS, pair.python, WASM_CASES, tmp_path, cross_cache)


REFUSED = """
from collections.abc import Generator, Iterator
from contextlib import contextmanager
from hatch_pyaot import compile

def echo(n: int) -> Generator[int, int, None]:
    x = yield n
    yield x

@compile
def wrong_send(n: int) -> int:
    g = echo(n)
    next(g)
    return g.send("text")

def plain(n: int) -> Iterator[int]:
    yield n

@compile
def not_a_manager(n: int) -> int:
    with plain(n) as v:
        return v

@compile
def thrown_number(n: int) -> int:
    g = plain(n)
    return g.throw(n)

def returns_value(n: int) -> Generator[int, None, int]:
    yield n

@contextmanager
def managed(n: int) -> Iterator[int]:
    yield n

@compile
def manager_looped(n: int) -> int:
    total = 0
    for x in managed(n):
        total += x
    return total + sum(managed(n))

@compile
def uses_valued(n: int) -> int:
    return next(returns_value(n))
"""


def test_refused_forms_are_located(tmp_path: Path) -> None:
    from hatch_pyaot.pipeline import analyze

    path = tmp_path / "refused.py"
    path.write_text(REFUSED, encoding="utf-8")
    result = analyze(path)
    errors = {e.name: "\n".join(d.format() for d in e.diagnostics) for e in result.entries}
    assert not any(e.compiled for e in result.entries), errors
    assert "refused.py:14:19: error: send() of str to a generator whose yields take int" \
        in errors["wrong_send"], errors["wrong_send"]
    assert "refused.py:21:10: error: a Iterator[int] is not a context manager" \
        in errors["not_a_manager"], errors["not_a_manager"]
    assert "refused.py:27:20: error: throw() of a int" in errors["thrown_number"], \
        errors["thrown_number"]
    looped = errors["manager_looped"]
    assert "refused.py:39:14: error: a @contextlib.contextmanager function's result is not " \
        "iterable" in looped and "refused.py:41:24:" in looped, looped
    assert "refused.py:29:30: error: a compiled generator's return type must be None" \
        in errors["uses_valued"], errors["uses_valued"]
