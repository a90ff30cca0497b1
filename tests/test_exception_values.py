"""``except E as e`` of built-in exceptions: CPython and the compiled module agree on the
text of ``e`` (str, repr, f-strings, print, ``type(e).__name__``), ``e.args``,
``isinstance`` of it, ``raise e``, the name unbound after the block, and on what a call
leaves in the list it was given.

Every kernel of kernels/exception_value_kernels.py is compiled once for this file.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from support import Pair, build_pair, outcome, run_both, without_location
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


def check_raised(pair: Pair, func: str, *args: Any) -> None:
    """check(), where an exception of a class of the program is compared by its class's
    name and place in the hierarchy (each side's module has its own class), its str(), args
    and attributes; the compiled one must be an instance of the module's own class."""
    call, expected, got, py_args, native_args = run_both(pair, func, *args)
    if expected[0] == "ok":
        assert expected[1] == got[1], f"{call}: CPython {expected[1]!r}, compiled {got[1]!r}"
    else:
        want, have = expected[1], got[1]
        names = [[c.__qualname__ for c in type(x).__mro__] for x in (want, have)]
        assert names[0] == names[1], f"{call}: CPython raised {want!r}, compiled {have!r}"
        mine = getattr(pair.native, type(want).__name__, None)
        assert mine is None or isinstance(have, mine)
        assert str(want) == without_location(str(have)), f"{call}: {want} vs {have}"
        assert vars(want) == vars(have), f"{call}: {have!r}"
        if type(want).__module__ != "builtins":  # a built-in one's message has the place
            assert want.args == have.args, f"{call}: {have!r}"
    assert list(py_args) == list(native_args), \
        f"{call}: arguments after the call: CPython {py_args}, compiled {native_args}"


TEXTS = ["", "deep", "slow", "bad", "abc"]
"""Inputs of ``_parse``: ParseError, its subclass with a __str__, an Exception subclass
without __init__, a built-in ValueError, no exception."""


@pytest.mark.parametrize("func", ["parse", "parse_caught", "parse_as_value_error",
                                  "parse_reraised"])
@pytest.mark.parametrize("text", TEXTS)
def test_user_classes(pair: Pair, func: str, text: str) -> None:
    check_raised(pair, func, text, [])


@pytest.mark.parametrize("line", [0, 4])
def test_user_class_values(pair: Pair, line: int) -> None:
    check_raised(pair, "make_error", line)


def test_raises_own_class(pair: Pair) -> None:
    with pytest.raises(pair.native.ParseError) as caught:
        pair.native.parse("", [])
    assert caught.value.line == 1 and caught.value.args == ("empty input",)
    with pytest.raises(pair.native.DeepParseError) as deep:
        pair.native.parse_as_value_error("deep", [])
    assert str(deep.value) == "line 7: too deep" and isinstance(deep.value, ValueError)


@pytest.mark.parametrize("text", TEXTS)
def test_raise_from(pair: Pair, text: str) -> None:
    check_raised(pair, "wrapped", text, [])
    want, have = outcome(pair.python.wrapped, text, []), outcome(pair.native.wrapped, text, [])
    if want[0] == "raise":
        causes = [(type(x[1].__cause__).__name__, x[1].__suppress_context__) for x in (want, have)]
        assert causes[0] == causes[1]
        assert str(want[1].__cause__) == without_location(str(have[1].__cause__))
        if isinstance(want[1].__cause__, pair.python.ParseError):
            assert isinstance(have[1].__cause__, pair.native.ParseError)
            assert have[1].__cause__.line == want[1].__cause__.line


@pytest.mark.parametrize("x", CASES)
def test_raise_from_none(pair: Pair, x: int) -> None:
    check(pair, "suppressed", x)
    got = outcome(pair.native.suppressed, x)
    if got[0] == "raise" and x in (1, 2, 3):
        assert got[1].__cause__ is None and got[1].__suppress_context__


@pytest.mark.parametrize("line", [3, 200])
def test_passed_in(pair: Pair, line: int) -> None:
    """An exception object passed in: read, changed, and raised again as the very object."""
    logs: list[list[str]] = [[], []]
    errors = [pair.python.ParseError("given", line), pair.native.ParseError("given", line)]
    results = [outcome(mod.raise_given, err, log)
               for mod, err, log in zip((pair.python, pair.native), errors, logs, strict=True)]
    assert logs[0] == logs[1] and results[0][0] == results[1][0]
    assert [e.line for e in errors] == [line + 1] * 2
    if results[0][0] == "raise":
        assert results[1][1] is errors[1] and results[0][1] is errors[0]
    else:
        assert results[0][1] == results[1][1]


@pytest.mark.parametrize("x", [0, 1, 2, 3, 4])
def test_bare_raise_has_no_args(pair: Pair, x: int) -> None:
    """``raise ValueError``: CPython's caller sees args == () (and repr ``ValueError()``),
    the place of the raise in a note; its cause, raised bare, likewise."""
    check(pair, "bare_raise", x)
    _, expected, got, _, _ = run_both(pair, "bare_raise", x)
    if expected[0] == "ok":
        return
    assert got[1].args == expected[1].args == ()
    assert repr(got[1]) == repr(expected[1])
    if x != 3:
        assert got[1].__notes__[0].startswith("(at exception_value_kernels.py:")
    cause, want = got[1].__cause__, expected[1].__cause__
    assert type(cause) is type(want) and (cause is None or cause.args == want.args == ())


@pytest.mark.parametrize("x", CASES)
def test_cause_read(pair: Pair, x: int) -> None:
    check(pair, "cause_of", x)
