"""``@contextlib.contextmanager`` generators in ``with`` (docs/objects.md "with"): CPython and
the compiled module agree on results, on exceptions (suppressed by a generator that catches
and does not raise again, passed on, replaced; RuntimeError for a generator that does not
yield, does not stop, or yields again after a throw) and on the order of what the
generators and blocks record in the list each call is given.

Every kernel of kernels/contextmanager_kernels.py is compiled once for this file; CASES also
run under the sanitizers (tests/test_sanitizers.py).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from support import Pair, build_pair, run_both, without_location
from support import check_copies as check

KERNELS = Path(__file__).parent / "kernels" / "contextmanager_kernels.py"
INPUTS = [-2, 0, 1, 3, 5, 7]
"""Inputs of ``_fail``: ValueError, KeyError, a result, ZeroDivisionError, a result, and an
object of the program's exception class ParseError."""

CASES: list[tuple[str, tuple[Any, ...]]] = [
    *((func, (x, [])) for func in ("simple", "suppressed", "passed_on", "replaced",
                                   "without_finally", "several", "nested", "stored",
                                   "throw_ignored", "mixed_with_object", "suppressing",
                                   "null", "bare_yield_of_a_parameter")
      for x in INPUTS),
    *(("loop_jumps", (n, [])) for n in (0, 1, 2, 5)),
    ("didnt_stop", ([],)), ("didnt_yield", (0, [])), ("didnt_yield", (1, [])),
    ("generator_annotated", ([],)), ("stop_iteration", ([],)),
]


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory) -> Pair:
    return build_pair(tmp_path_factory.mktemp("contextmanager"), "contextmanager_kernels",
                      KERNELS)


def test_compiled(pair: Pair) -> None:
    assert type(pair.native.simple).__name__ == "compiled_function"


@pytest.mark.parametrize(("func", "args"), CASES, ids=[f"{f}{a[:1]}" for f, a in CASES])
def test_contextmanager(pair: Pair, func: str, args: tuple[Any, ...]) -> None:
    if args[0] != 7:
        check(pair, func, *args)
        return
    # each side raises its own module's ParseError: compared by name, message and line
    call, expected, got, py_args, native_args = run_both(pair, func, *args)
    assert py_args == native_args, call
    if expected[0] == "raise":
        name = type(expected[1]).__name__
        assert type(got[1]).__name__ == name, f"{call}: {expected[1]!r}, {got[1]!r}"
        assert without_location(str(got[1])) == str(expected[1]), call
        assert name != "ParseError" or (type(got[1]) is pair.native.ParseError
                                        and got[1].line == 7), call
    else:
        assert expected[1] == got[1], call


def test_messages(pair: Pair) -> None:
    """CPython's texts for a generator that does not behave as a manager."""
    cases = {"didnt_stop": (([],), "generator didn't stop"),
             "didnt_yield": ((0, []), "generator didn't yield"),
             "throw_ignored": ((-1, []), r"generator didn't stop after throw\(\)")}
    for func, (args, text) in cases.items():
        with pytest.raises(RuntimeError, match=text):
            getattr(pair.native, func)(*args)


WASM_CASES: list[tuple[str, dict[str, Any]]] = [
    ("suppressed", {"x": -2, "log": []}), ("replaced", {"x": 0, "log": []}),
]
"""The kernels built as wasm32-wasi programs (two: each program is a build of its own)."""


@pytest.mark.slow
def test_contextmanager_inside_wasm32_wasi_programs(pair: Pair, tmp_path: Path,
                                                    cross_cache: Path) -> None:
    from wasm_programs import check_programs

    check_programs(KERNELS, pair.python, WASM_CASES, tmp_path, cross_cache)
