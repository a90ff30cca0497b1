"""Build a kernels module once and import it twice: compiled, and as plain Python.

Differential tests call both on the same inputs and compare values (exactly: type and repr)
or exception types.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

from hatch_pyaot.pipeline import BuildReport, build
from hatch_pyaot.testing import same_value
from hatch_pyaot.toolchains.host import BuildOptions


def import_file(path: Path, name: str, *, disable: bool = False) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    old = os.environ.get("PYAOT_DISABLE")
    if disable:
        os.environ["PYAOT_DISABLE"] = "1"
    try:
        spec.loader.exec_module(module)
    finally:
        if disable:
            if old is None:
                os.environ.pop("PYAOT_DISABLE", None)
            else:
                os.environ["PYAOT_DISABLE"] = old
    return module


class Pair:
    """The same module compiled (``native``) and interpreted (``python``)."""

    def __init__(self, native: ModuleType, python: ModuleType, report: BuildReport) -> None:
        self.native = native
        self.python = python
        self.report = report


def build_pair(folder: Path, name: str, source: str | Path) -> Pair:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.py"
    if isinstance(source, Path):
        shutil.copyfile(source, path)
    else:
        path.write_text(source, encoding="utf-8")
    report = build([path], _options())
    diagnostics = "\n".join(m.format_diagnostics() for m in report.modules)
    failed = [e.name for e in report.failed_entries]
    assert not failed, f"not compiled: {failed}\n{diagnostics}"
    native = import_file(path, name)
    python = import_file(path, f"{name}_python", disable=True)
    return Pair(native, python, report)


SANITIZE = ("-fsanitize=address,undefined", "-fno-sanitize-recover=all",
            "-fno-omit-frame-pointer")


def _options() -> BuildOptions | None:
    """Sanitized builds when test_sanitizers.py runs a test file under ASan and UBSan;
    Limited API builds when test_abi3_differential.py runs one for abi3 modules."""
    if os.environ.get("PYAOT_TEST_SANITIZE") == "1":
        return BuildOptions(opt_level="1", extra_cxx_flags=SANITIZE)
    if os.environ.get("PYAOT_TEST_LIMITED_API") == "1":
        from hatch_pyaot.abi3 import cxx_flags

        return BuildOptions(extra_cxx_flags=cxx_flags("3.11"))
    return None


def without_location(message: str) -> str:
    """A compiled function's exception message less the " (at file:line)" it ends with (an
    empty message, as StopIteration's, is the location alone)."""
    return re.sub(r"(^| )\(at [^()]*:\d+\)$", "", message)


def outcome(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> tuple[str, Any]:
    try:
        return ("ok", fn(*args, **kwargs))
    except Exception as exc:  # the exception type is what is compared
        return ("raise", exc)


def run_both(pair: Pair, func: str, *args: Any) -> tuple[str, tuple[str, Any], tuple[str, Any],
                                                       tuple[Any, ...], tuple[Any, ...]]:
    """Both sides on deep copies of the arguments, which both end the same way (return or
    raise): the call's text, each outcome, and each side's arguments afterwards."""
    import copy

    py_args, native_args = copy.deepcopy(args), copy.deepcopy(args)
    expected = outcome(getattr(pair.python, func), *py_args)
    got = outcome(getattr(pair.native, func), *native_args)
    call = f"{func}{args}"
    assert expected[0] == got[0], f"{call}: CPython {expected}, compiled {got}"
    return call, expected, got, py_args, native_args


def check_copies(pair: Pair, func: str, *args: Any) -> None:
    """Both sides on deep copies of the arguments: the same result (or exception type and
    message), and the same arguments afterwards (dicts in their order)."""
    from hatch_pyaot.testing import same_value

    call, expected, got, py_args, native_args = run_both(pair, func, *args)
    if expected[0] == "ok":
        assert same_value(expected[1], got[1]), f"{call}: CPython {expected[1]!r}, " \
                                                f"compiled {got[1]!r}"
    else:
        message = without_location(str(got[1]))
        assert type(expected[1]) is type(got[1]) and str(expected[1]) == message, \
            f"{call}: CPython raised {expected[1]!r}, compiled {got[1]!r}"
    assert same_value(list(py_args), list(native_args)), \
        f"{call}: arguments after the call: CPython {py_args}, compiled {native_args}"


def assert_same(pair: Pair, func: str, *args: Any, **kwargs: Any) -> None:
    """CPython and the compiled function agree: value and type, or exception type."""
    expected = outcome(getattr(pair.python, func), *args, **kwargs)
    got = outcome(getattr(pair.native, func), *args, **kwargs)
    call = f"{func}{args}" + (f" {kwargs}" if kwargs else "")
    if (expected[0] == "ok" and _beyond_int64(expected[1])) or (
            expected[0] == "raise" and isinstance(expected[1], MemoryError)):
        # Documented semantics: int is 64-bit and raises OverflowError instead of growing.
        assert got[0] == "raise" and isinstance(got[1], OverflowError), \
            f"{call}: CPython gave {expected[1]!r} (beyond int64), compiled {got[1]!r}"
    elif expected[0] == "ok" and isinstance(expected[1], complex):
        # Documented semantics: no complex numbers yet; a complex result is a ValueError.
        assert got[0] == "raise" and isinstance(got[1], ValueError), \
            f"{call}: CPython gave {expected[1]!r} (complex), compiled {got[1]!r}"
    elif expected[0] == "ok":
        assert got[0] == "ok", f"{call}: CPython returned {expected[1]!r}, compiled raised " \
                               f"{got[1]!r}"
        assert same_value(expected[1], got[1]), f"{call}: CPython {expected[1]!r}, compiled " \
                                                f"{got[1]!r}"
    else:
        assert got[0] == "raise", f"{call}: CPython raised {expected[1]!r}, compiled returned " \
                                  f"{got[1]!r}"
        assert type(got[1]) is type(expected[1]), f"{call}: CPython raised {expected[1]!r}, " \
                                                  f"compiled {got[1]!r}"


def assert_same_made(pair: Pair, func: str, make: Callable[[ModuleType], tuple[Any, ...]],
                     plain: Callable[[object], object]) -> None:
    """Both sides on arguments ``make`` builds from their own module (instances of its
    classes, members of its enums): the same result and arguments afterwards, seen through
    ``plain`` (which names each module's objects alike), or the same exception and message."""
    py_args, native_args = make(pair.python), make(pair.native)
    expected = outcome(getattr(pair.python, func), *py_args)
    got = outcome(getattr(pair.native, func), *native_args)
    assert expected[0] == got[0], f"{func}: CPython {expected}, compiled {got}"
    if expected[0] == "ok":
        assert plain(expected[1]) == plain(got[1]), f"{func}: CPython {expected[1]!r}, " \
                                                    f"compiled {got[1]!r}"
        assert type(expected[1]).__name__ == type(got[1]).__name__
    else:
        assert type(expected[1]) is type(got[1])
        assert str(expected[1]) == without_location(str(got[1]))
    assert plain(py_args) == plain(native_args), f"{func}: arguments after the call differ"


def _beyond_int64(value: object) -> bool:
    if isinstance(value, tuple):
        return any(_beyond_int64(v) for v in value)
    return isinstance(value, int) and not -(2**63) <= value < 2**63


def check_arrays(pair: Pair, func: str, *args: Any) -> Any:
    """Both sides on copies of ``args``: same result (value, dtype, type) or exception type,
    and the same contents of the arrays afterwards (what a kernel wrote into them)."""
    import copy
    import warnings

    py_args, native_args = copy.deepcopy(args), copy.deepcopy(args)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # NumPy's overflow warnings
        expected = outcome(getattr(pair.python, func), *py_args)
    got = outcome(getattr(pair.native, func), *native_args)
    assert got[0] == expected[0], f"{func}{args}: CPython {expected[1]!r}, compiled {got[1]!r}"
    if expected[0] == "ok":
        assert same_value(expected[1], got[1]), f"{func}: CPython {expected[1]!r}, " \
                                                f"compiled {got[1]!r}"
    else:
        assert type(got[1]) is type(expected[1]), f"{func}: CPython {expected[1]!r}, " \
                                                  f"compiled {got[1]!r}"
    for before, after in zip(py_args, native_args, strict=True):
        assert same_value(before, after), f"{func}: arguments differ afterwards"
    return got[1]


def check_error(pair: Pair, func: str, *args: Any) -> None:
    """Both sides raise, the same exception type (AxisError compiled as ValueError, its base)
    with the same message."""
    expected = outcome(getattr(pair.python, func), *args)
    got = outcome(getattr(pair.native, func), *args)
    assert expected[0] == got[0] == "raise", f"{func}: CPython {expected[1]!r}, compiled {got[1]!r}"
    assert isinstance(expected[1], type(got[1])), f"{func}: {expected[1]!r} vs {got[1]!r}"
    message = without_location(str(got[1]))
    assert message == str(expected[1]), f"{func}: {expected[1]!r} vs {got[1]!r}"


def assert_refused(folder: Path, source: str, expected: list[tuple[int, int, str]]) -> None:
    """Every function of ``source`` stays Python, with an error at each (line, column) whose
    message starts with the text given."""
    from hatch_pyaot.pipeline import analyze

    path = folder / "bad.py"
    path.write_text(source, encoding="utf-8")
    report = analyze(path)
    text = report.format_diagnostics()
    assert not any(e.compiled for e in report.entries), text
    for line, col, message in expected:
        assert f"bad.py:{line}:{col}: error: {message}" in text, text


def once_for_all_workers(basetemp: Path, name: str, make: Callable[[Path], dict[str, Any]],
                         ) -> dict[str, Any]:
    """``make(folder)``'s JSON result, computed by the first pytest-xdist worker to ask and
    read by the others (a lock in the session's temporary folder, which holds the workers'
    ``basetemp``): for a build that takes a minute."""
    import fcntl
    import json

    session = basetemp.parent if os.environ.get("PYTEST_XDIST_WORKER") else basetemp
    folder = session / name
    folder.mkdir(exist_ok=True)
    with open(folder / "lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        done = folder / "done.json"
        if not done.is_file():
            done.write_text(json.dumps(make(folder)), encoding="utf-8")
        result: dict[str, Any] = json.loads(done.read_text(encoding="utf-8"))
    return result


def interrupted(pair: Pair, code: str) -> subprocess.CompletedProcess[str]:
    """Runs ``code`` (which prints ``running`` before its long compiled call) next to the
    compiled module, sends it SIGINT a second later; it must end within 5 seconds."""
    with subprocess.Popen([sys.executable, "-c", code], cwd=Path(pair.native.__file__).parent,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) as proc:
        try:
            assert proc.stdout is not None and proc.stdout.readline() == "running\n"
            time.sleep(1)
            proc.send_signal(signal.SIGINT)
            sent = time.monotonic()
            out, err = proc.communicate(timeout=5)
        finally:
            proc.kill()
    assert time.monotonic() - sent < 5
    return subprocess.CompletedProcess(proc.args, proc.returncode, out, err)
