"""The Python side of the runtime's differential tests whose C++ programs print `case` lines
(tests/cpp/arrays.hpp): build and run such a program under the sanitizers, make the arrays
numpy computes on as the C++ side made them, and check every line against numpy's result --
dtype, shape, every value to the last bit, or the exception's type and text."""

from __future__ import annotations

import math
import subprocess
import warnings
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import pytest

from cpp_build import CPP, FLAGS, SANITIZE, build, run

np = pytest.importorskip("numpy")

Gen = Callable[[int], Any]
"""count -> a 1-d numpy array of the first ``count`` generated elements."""


# ---- the C++ program ------------------------------------------------------------------------


def sanitized_run(cxx: str, folder: Path, name: str, source: str | Path, *options: str
                  ) -> subprocess.CompletedProcess[str]:  # fmt: skip
    """Builds ``source`` (C++ text, written to ``folder``, or a file) with FLAGS, tests/cpp on
    the include path, ``options`` (the optimization level) and the sanitizers, and runs it
    with LeakSanitizer on."""
    if isinstance(source, str):
        path = folder / f"{name}.cpp"
        path.write_text(source, encoding="utf-8")
        source = path
    exe = folder / name
    build([cxx, *FLAGS, f"-I{CPP}", *options, *SANITIZE, str(source), "-o", str(exe)])
    return run(exe, asan_options="detect_leaks=1")


def program_fixture(name: str, source: str | Path, *options: str) -> Any:
    """A module-scoped fixture: sanitized_run of ``source`` (one build for the whole test
    module), in a folder of its own."""

    @pytest.fixture(scope="module")
    def unit_tests(
        cxx: str, tmp_path_factory: pytest.TempPathFactory
    ) -> subprocess.CompletedProcess[str]:
        return sanitized_run(cxx, tmp_path_factory.mktemp(name), name, source, *options)

    return unit_tests


def assert_clean(proc: subprocess.CompletedProcess[str]) -> None:
    """The program exited 0, its CHECKs passed and LeakSanitizer reported nothing."""
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-4000:]
    assert "checks passed" in proc.stdout
    assert "LeakSanitizer" not in proc.stderr


def case_lines(stdout: str) -> list[str]:
    """The program's `case` lines; no case name is printed twice."""
    lines = [line for line in stdout.splitlines() if line.startswith("case ")]
    names = [case_name(line) for line in lines]
    assert len(set(names)) == len(names), "a case name is printed twice"
    return lines


def case_name(line: str) -> str:
    return line.split(" ", 2)[1]


# ---- the arrays -----------------------------------------------------------------------------


def values(count: int, dtype: str, seed: int = 0) -> Any:
    """arrays.hpp's value<T>(i + seed) for i < count."""
    i = np.arange(seed, seed + count, dtype=np.int64)
    k = (i * 7919) % 1000 - 500
    if dtype == "bool":
        return (i * 7919) % 3 != 0
    if dtype.startswith("float"):
        return (k.astype(np.float64) / 7.0).astype(dtype)
    return k.astype(dtype)


def make(shape: tuple[int, ...], layout: str, gen: Gen) -> Any:
    """The view arrays.hpp's make() builds: layout c, t, r, s or b of elements gen(count)."""
    if not shape or layout == "c":
        return gen(math.prod(shape)).reshape(shape)
    if layout == "t":
        return gen(math.prod(shape)).reshape(shape[::-1]).T
    if layout == "r":
        return gen(math.prod(shape)).reshape(shape)[(slice(None, None, -1),) * len(shape)]
    if layout == "s":
        wide = (*shape[:-1], 2 * shape[-1])
        return gen(math.prod(wide)).reshape(wide)[..., ::2]
    assert layout == "b", layout
    one = (1, *shape[1:])
    base = gen(math.prod(one)).reshape(one)
    return np.lib.stride_tricks.as_strided(base, shape, (0, *base.strides[1:]))


def make_values(shape: tuple[int, ...], dtype: str, layout: str) -> Any:
    """arrays.hpp's make<T, N>(shape, layout): value<T>(i) laid out in ``layout``."""
    return make(shape, layout, lambda count: values(count, dtype))


# ---- names and numpy's results --------------------------------------------------------------


def dims(text: str) -> tuple[int, ...]:
    """A shape as case names spell it: "3x4", "" for 0-d."""
    return tuple(int(d) for d in text.split("x")) if text else ()


def parse_name(name: str) -> tuple[str, tuple[int, ...], str, str, list[str]]:
    """``dtype:dims:layout:op[:args...]`` -> (dtype, shape, layout, op, args)."""
    dtype, shape, layout, op, *args = name.split(":")
    return dtype, dims(shape), layout, op, args


def along(function: Callable[..., Any]) -> Callable[..., Any]:
    """``function(a, axis=...)`` for a case whose only argument is the axis (a string), if any."""
    return lambda a, axis=None: function(a, axis=None if axis is None else int(axis))


class quiet(warnings.catch_warnings):  # a class: cheaper than @contextmanager, per case
    """``with quiet():`` numpy's floating-point warnings and Python warnings off."""

    def __enter__(self) -> None:
        super().__enter__()
        warnings.simplefilter("ignore")
        self._errstate = np.errstate(all="ignore")
        self._errstate.__enter__()

    def __exit__(self, *exc_info: Any) -> None:
        self._errstate.__exit__(*exc_info)
        super().__exit__(*exc_info)


def numpy_result(compute: Callable[[], Any]) -> tuple[Any, str]:
    """numpy's array for a case, or "! TypeName: message" (an AxisError, or any other subclass
    of ValueError, shows as ValueError, as the runtime raises it)."""
    try:
        with quiet():
            return np.asarray(compute()), ""
    except Exception as exc:
        kind = "ValueError" if isinstance(exc, ValueError) else type(exc).__name__
        return None, f"! {kind}: {exc}"


def numpy_case(name: str, make_array: Callable[[tuple[int, ...], str, str], Any],
               functions: dict[str, Callable[..., Any]]) -> tuple[Any, str]:  # fmt: skip
    """numpy_result for a ``dtype:dims:layout:op[:args...]`` case: functions[op](a, *args) of
    a = make_array(shape, dtype, layout)."""
    dtype, shape, layout, op, args = parse_name(name)
    a = make_array(shape, dtype, layout)
    return numpy_result(lambda: functions[op](a, *args))


# ---- the comparison -------------------------------------------------------------------------


def text(value: object) -> str:
    """A value as arrays.hpp's text() prints it."""
    if isinstance(value, float):
        return "nan" if math.isnan(value) else format(value, ".17g")
    return str(value)


def shape_text(shape: tuple[int, ...]) -> str:
    return "(" + ",".join(map(str, shape)) + ("," if len(shape) == 1 else "") + ")"


def check_line(line: str, expected: Callable[[str], tuple[Any, str]]) -> str | None:
    """None when the printed line agrees with numpy's result (``expected(name)``) exactly,
    else why not."""
    _, name, rest = line.split(" ", 2)
    want, error = expected(name)
    if error or rest.startswith("!"):
        return None if rest == error else f"{line[:300]}\n  numpy: {error or want!r}"
    dtype, shape, *printed = rest.split(" ")
    if (dtype, shape) != (str(want.dtype), shape_text(want.shape)):
        return f"{line[:300]}\n  numpy: {want.dtype} {shape_text(want.shape)}"
    numpy_values = [text(v) for v in want.ravel().tolist()]
    return None if printed == numpy_values else f"{line[:300]}\n  numpy: {numpy_values[:20]}"


def assert_match(lines: Iterable[str], expected: Callable[[str], tuple[Any, str]]) -> None:
    """Every line agrees with numpy."""
    mismatches = [m for m in (check_line(line, expected) for line in lines) if m is not None]
    assert mismatches == [], f"{len(mismatches)} mismatches:\n" + "\n".join(mismatches[:20])
