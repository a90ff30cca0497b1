"""``with`` on objects of the program's classes (PEP 343): CPython and the compiled module
agree on results, exceptions (suppressed, passed on, replaced by one ``__exit__`` raises)
and the order of ``__enter__``/``__exit__`` calls recorded in the list each call is given
(and on the managers' state afterwards).

Every kernel of kernels/with_kernels.py is compiled once for this file; CASES also run
under the sanitizers (tests/test_sanitizers.py).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from support import Pair, build_pair, run_both, without_location
from support import check_copies as check

KERNELS = Path(__file__).parent / "kernels" / "with_kernels.py"
INPUTS = [-2, 0, 1, 3, 5]
"""Inputs of ``_fail``: ValueError, KeyError, a result, ZeroDivisionError, a result."""

CASES: list[tuple[str, tuple[Any, ...]]] = [
    *(("simple", (x, [], suppress)) for x in INPUTS for suppress in (False, True)),
    *((func, (x, [])) for func in ("no_target", "returns_out", "several", "nested",
                                   "star_exit", "strict", "exit_raises", "program_error")
      for x in INPUTS),
    ("program_error", (7, [])),
    ("tuple_target", ([],)),
    *(("loop_jumps", (n, [])) for n in (0, 1, 2, 5)),
    *(("kept_manager", (n,)) for n in (0, 1, 2, 3, 4)),
    ("enter_raises", ([],)),
    *(("raise_in_loop", (n, [])) for n in (0, 1, 4)),
    *(("in_generator", (n, [])) for n in (0, 2, 5)),
    *(("in_closure", (x, [])) for x in INPUTS),
    *(("formatted_exit", (x, [])) for x in INPUTS),
]


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory) -> Pair:
    return build_pair(tmp_path_factory.mktemp("with"), "with_kernels", KERNELS)


def test_compiled(pair: Pair) -> None:
    assert type(pair.native.simple).__name__ == "compiled_function"


@pytest.mark.parametrize(("func", "args"), CASES, ids=[f"{f}{a[:1]}" for f, a in CASES])
def test_with(pair: Pair, func: str, args: tuple[Any, ...]) -> None:
    if func != "program_error":
        check(pair, func, *args)
        return
    # each side raises its own module's ParseError: compared by name, message and line
    call, expected, got, py_args, native_args = run_both(pair, func, *args)
    assert py_args == native_args, call
    if expected[0] == "raise":
        assert type(got[1]).__name__ == "ParseError" and type(got[1]) is pair.native.ParseError
        assert without_location(str(got[1])) == str(expected[1]) and got[1].line == args[0]
    else:
        assert got == expected, call


def test_what_cannot_be_compiled_is_a_located_error(tmp_path: Path) -> None:
    """``with`` on a value that is no object of the program's classes, and ``async with``:
    a diagnostic at the item, and the function stays Python."""
    from hatch_pyaot.pipeline import analyze

    source = tmp_path / "refused_with.py"
    source.write_text(
        "from hatch_pyaot import compile\n"
        "@compile\ndef number(x: int) -> int:\n    with x:\n        pass\n    return x\n"
        "@compile\ndef reads(path: str) -> str:\n    with open(path) as f:\n"
        "        return f.read()\n", encoding="utf-8")
    result = analyze(source)
    assert [e.name for e in result.entries if e.compiled] == []
    text = result.format_diagnostics()
    assert "refused_with.py:4:10: error: 'int' has no method '__enter__'" in text
    assert "refused_with.py:9:10: error: open() is not supported by the compiler" in text
