"""CPython against the compiled module: one build per generated module, then every entry
function on each of its inputs, on both sides, on deep copies of the arguments.

Agreement is the compiler's promise: the same value (``same_value``: type and repr), or the
same exception type and message (the compiled message's " (at f.py:7)" suffix left out; the
oracle's ``<int64>`` OverflowError stands for any OverflowError), and the same arguments
afterwards. A function the compiler refuses must say why with a located diagnostic that is
not an internal compiler error."""

from __future__ import annotations

import copy
import re
import signal
import sys
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType, ModuleType
from typing import Any

from fuzz import program
from hatch_pyaot import is_compiled
from hatch_pyaot.pipeline import build
from hatch_pyaot.testing import same_value
from support import _options as sanitized_options
from support import import_file

LINE_BUDGET = 20_000
"""Lines CPython may run for one call; a call past it is not compared (a generated loop that
runs long: every loop is bounded, but nested ones multiply)."""
NATIVE_SECONDS = 5
SUFFIX = re.compile(r" ?\(at [^()]*:\d+\)$")


class Budget(BaseException):
    """A call ran too long; BaseException so that no generated ``except`` catches it."""


@dataclass
class Mismatch:
    function: str
    args: tuple[Any, ...]
    what: str
    """What differs: "value", "exception", "arguments", "internal error"..."""
    detail: str

    def __str__(self) -> str:
        return f"{self.function}{self.args!r}: {self.what}: {self.detail}"


@dataclass
class Figures:
    """Counts per feature area: functions generated, compiled, calls compared."""
    generated: dict[str, int] = field(default_factory=dict)
    compiled: dict[str, int] = field(default_factory=dict)
    compared: dict[str, int] = field(default_factory=dict)
    refused: dict[str, int] = field(default_factory=dict)
    """First lines of the diagnostics of refused functions (what the language lacks)."""
    skipped: int = 0
    modules: int = 0

    def add(self, table: dict[str, int], keys: Any, n: int = 1) -> None:
        for key in keys:
            table[key] = table.get(key, 0) + n

    def merge(self, other: Figures) -> None:
        for name in ("generated", "compiled", "compared", "refused"):
            self.add(getattr(self, name), getattr(other, name).keys(), 0)
            for key, n in getattr(other, name).items():
                getattr(self, name)[key] += n
        self.skipped += other.skipped
        self.modules += other.modules


@dataclass
class Built:
    native: ModuleType
    python: ModuleType
    diagnostics: dict[str, list[str]]
    """Per function not compiled: its formatted diagnostics."""


def build_module(folder: Path, name: str, marked: str) -> Built:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.py"
    path.write_text(program.native(marked), encoding="utf-8")
    oracle_path = folder / f"{name}_oracle.py"
    oracle_path.write_text(program.oracle(marked), encoding="utf-8")
    report = build([path], sanitized_options())  # ASan and UBSan where asked
    diagnostics: dict[str, list[str]] = {}
    for module in report.modules:
        for entry in module.entries:
            if not entry.compiled:
                diagnostics[entry.name] = [d.format(module.program.source_lines(d.loc.file))
                                           for d in entry.diagnostics]
    for _, exc in report.unreadable:
        diagnostics["<module>"] = [str(exc)]
    native = import_file(path, name)
    python = import_file(oracle_path, f"{name}_oracle", disable=True)
    return Built(native, python, diagnostics)


def check_module(module: program.Module, folder: Path, figures: Figures) -> list[Mismatch]:
    built = build_module(folder, f"fz_{module.seed}", module.marked())
    figures.modules += 1
    out = []
    for fn in module.functions:
        areas = fn.areas()
        figures.add(figures.generated, areas)
        diags = built.diagnostics.get(fn.name) or built.diagnostics.get("<module>")
        if diags is not None:
            problem = bad_diagnostic(diags)
            if problem:
                out.append(Mismatch(fn.name, (), "internal error", problem))
            else:
                figures.add(figures.refused, [_first_line(diags)])
            continue
        if not is_compiled(getattr(built.native, fn.name)):  # no native module was built
            out.append(Mismatch(fn.name, (), "not built", "compiled, but Python at run time"))
            continue
        figures.add(figures.compiled, areas)
        for args in fn.inputs:
            found = compare(getattr(built.python, fn.name), getattr(built.native, fn.name),
                            args)
            if found is None:
                figures.skipped += 1
                continue
            figures.add(figures.compared, areas)
            if found:
                out.append(Mismatch(fn.name, args, *found))
    return out


def bad_diagnostic(diags: list[str]) -> str | None:
    """What is wrong with the diagnostics of a refused function, if anything: none, an
    internal error (a crash of the compiler, C++ that does not compile), or no location."""
    if not diags:
        return "refused without a diagnostic"
    for text in diags:
        if "internal compiler error" in text or "Traceback" in text:
            return text
        if not re.match(r"[^:\n]+:\d+:\d+: ", text):
            return f"no location: {text}"
    return None


def _first_line(diags: list[str]) -> str:
    line = diags[0].splitlines()[0]
    return re.sub(r"^[^:]+:\d+:\d+: error: ", "", line)[:90]


# ---- one call on both sides -----------------------------------------------------------------


def compare(python: Callable[..., Any], native: Callable[..., Any],
            args: tuple[Any, ...]) -> tuple[str, str] | tuple[()] | None:
    """``()`` when both sides agree, (what, detail) when they do not, None when CPython ran
    past its budget (nothing compared)."""
    py_args, native_args = copy.deepcopy(args), copy.deepcopy(args)
    try:
        with _line_budget(), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            expected = _outcome(python, py_args)
    except Budget:
        return None
    except RecursionError:
        return None
    with _alarm():
        got = _outcome(native, native_args)
    if expected[0] != got[0] or expected[0] == "raise":
        problem = _same_raise(expected, got)
        if problem:
            return problem
    elif not same_value(expected[1], got[1]):
        return ("value", f"CPython {expected[1]!r}, compiled {got[1]!r}")
    if not same_value(list(py_args), list(native_args)):
        return ("arguments", f"after the call: CPython {py_args!r}, compiled {native_args!r}")
    return ()


def _same_raise(expected: tuple[str, Any], got: tuple[str, Any]) -> tuple[str, str] | None:
    if expected[0] != got[0]:
        return ("outcome", f"CPython {expected}, compiled {got}")
    want, have = expected[1], got[1]
    if type(want) is not type(have):
        return ("exception", f"CPython {want!r}, compiled {have!r}")
    if want.args == (program.OVERFLOW,):
        return None
    if _printed(want) != _printed(have):
        return ("message", f"CPython {want!r}, compiled {have!r}")
    return None




def _printed(exc: BaseException) -> str:
    """What an exception prints as, without the compiled location suffix (also inside a
    KeyError's quoted text). As printed, because CPython's ``OverflowError(34, "...")`` of a
    float power has two arguments where compiled code has one text that prints the same."""
    if len(exc.args) == 1 and isinstance(exc.args[0], str):
        text = SUFFIX.sub("", exc.args[0])
        return repr(text) if isinstance(exc, KeyError) else text
    return str(exc)


def _outcome(fn: Callable[..., Any], args: tuple[Any, ...]) -> tuple[str, Any]:
    try:
        return ("ok", fn(*args))
    except Exception as exc:
        return ("raise", exc)


@contextmanager
def _line_budget() -> Iterator[None]:
    left = [LINE_BUDGET]

    def trace(frame: FrameType, event: str, arg: object) -> Any:
        if event == "line":
            left[0] -= 1
            if left[0] < 0:
                raise Budget
        return trace

    old = sys.gettrace()
    sys.settrace(trace)
    try:
        yield
    finally:
        sys.settrace(old)


@contextmanager
def _alarm() -> Iterator[None]:
    """The compiled call may run at most NATIVE_SECONDS (CPython finished: a compiled call
    that runs on is a bug, reported as a Budget exception)."""

    def ring(signum: int, frame: FrameType | None) -> None:
        raise Budget

    old = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, NATIVE_SECONDS)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


# ---- reducing and regression tests ----------------------------------------------------------


def still_fails(folder: Path, helpers: list[str], failure: Mismatch) -> Callable[[list[str]], list[bool]]:
    """The reducer's question about a round of variants of ``failure``'s function: built as
    one module (variant i named ``<function>__<i>``), which of them fail the same way?"""
    rounds = [0]

    def ask(variants: list[str]) -> list[bool]:
        rounds[0] += 1
        named = [_renamed(v, f"{failure.function}__{i}") for i, v in enumerate(variants)]
        marked = "\n\n".join([program.HEADER, *helpers, *named])
        name = f"reduce_{failure.function}_{rounds[0]}"
        built = build_module(folder / name, name, marked)
        out = []
        for i in range(len(variants)):
            diags = built.diagnostics.get(f"{failure.function}__{i}")
            if failure.what == "internal error":
                out.append(diags is not None and bad_diagnostic(diags) is not None)
            elif diags is not None:
                out.append(False)
            else:
                fn = f"{failure.function}__{i}"
                found = compare(getattr(built.python, fn), getattr(built.native, fn),
                                failure.args)
                out.append(bool(found) and found[0] == failure.what)
        return out

    return ask


def _renamed(function: str, name: str) -> str:
    import ast

    tree = ast.parse(function)
    node = tree.body[0]
    assert isinstance(node, ast.FunctionDef)
    node.name = name
    return "@compile\n" + ast.unparse(tree).removeprefix("@compile\n") + "\n"


def assert_agrees(folder: Path, marked: str, function: str, args: tuple[Any, ...]) -> None:
    """A regression test's check: ``function`` of the module compiles (or is refused with a
    proper diagnostic) and CPython and the compiled module agree on ``args``."""
    built = build_module(folder, "regression", marked)
    diags = built.diagnostics.get(function)
    if diags is not None:
        problem = bad_diagnostic(diags)
        assert problem is None, problem
        return
    found = compare(getattr(built.python, function), getattr(built.native, function), args)
    assert not found, found
