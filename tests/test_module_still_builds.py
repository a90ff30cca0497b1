"""Sources whose generated C++ once failed to compile, taking every function of the module
(and in a wheel build, the whole wheel) down with it: now each compiles, or the one function
gets a diagnostic and stays Python, and the module builds (issue 18, items 3 to 5)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from hatch_pyaot import pipeline

INTS = tuple(range(-250, 250))
FLOATS = tuple(i * 0.25 for i in range(300))

SOURCE = f"""\
from hatch_pyaot import compile

INTS = {INTS!r}
FLOATS = {FLOATS!r}


@compile
def twice(x: int) -> int:
    return x * 3


@compile
def twice(x: int) -> int:
    return x * 2


@compile
def with_none(x: float = None) -> float:
    return 1.0


@compile
def with_bool(x: int = True) -> int:
    return x


@compile
def with_int(x: float = 2) -> float:
    return x * 1.5


@compile
def sums() -> tuple[int, float, float]:
    return sum(INTS), sum(FLOATS), sum(FLOATS, 0.5)


@compile
def extremes() -> tuple[int, int, float, float]:
    return max(INTS), min(INTS), max(FLOATS), min(FLOATS)


@compile
def truths() -> tuple[bool, bool]:
    return any(INTS), all(INTS)


@compile
def member(i: int) -> tuple[bool, bool, bool]:
    return i in INTS, i not in INTS, i / 4 in FLOATS
"""


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, pipeline.BuildReport]:
    folder = tmp_path_factory.mktemp("still-builds")
    path = folder / "kernels.py"
    path.write_text(SOURCE, encoding="utf-8")
    return folder, pipeline.build([path])


def test_the_module_builds(built: tuple[Path, pipeline.BuildReport]) -> None:
    _, report = built
    assert len(report.built) == 1
    compiled = {e.name: e.compiled for e in report.modules[0].entries}
    assert compiled == {"twice": True, "with_none": False, "with_bool": False,
                        "with_int": True, "sums": True, "extremes": True, "truths": True,
                        "member": True}


def test_only_the_last_definition_is_the_entry_point(
        built: tuple[Path, pipeline.BuildReport],
        run_python: Callable[..., object]) -> None:
    folder, report = built
    (entry,) = [e for e in report.modules[0].entries if e.name == "twice"]
    assert entry.loc.line == 13
    text = report.modules[0].format_diagnostics()
    assert ("kernels.py:8:5: warning: this @compile function 'twice' is replaced by the "
            "definition at line 13, as in Python: only the last definition counts") in text
    proc = run_python("import kernels; from hatch_pyaot import is_compiled; "
                      "print(is_compiled(kernels.twice), kernels.twice(5))", folder)
    assert proc.stdout.split() == ["True", "10"]  # type: ignore[attr-defined]


def test_a_default_that_does_not_match_its_annotation_is_a_diagnostic(
        built: tuple[Path, pipeline.BuildReport]) -> None:
    text = built[1].modules[0].format_diagnostics()
    assert ("kernels.py:18:26: error: default value None of 'x' does not match its "
            "annotation 'float'") in text
    assert "hint: annotate it Optional[float] (or float | None) to take None" in text
    assert "kernels.py:23:24: error: default value True of 'x' does not match its " \
           "annotation 'int'" in text


def test_long_tuples_reduce_and_contain_as_python(
        built: tuple[Path, pipeline.BuildReport],
        run_python: Callable[..., object]) -> None:
    folder, _ = built
    proc = run_python("""
        import json, kernels
        from hatch_pyaot import is_compiled
        assert all(is_compiled(f) for f in (kernels.sums, kernels.extremes, kernels.truths,
                                            kernels.member, kernels.with_int))
        print(json.dumps([kernels.sums(), kernels.extremes(), kernels.truths(),
                          kernels.member(3), kernels.member(999),
                          kernels.member(-250), kernels.with_int(), kernels.with_none(),
                          kernels.with_bool()]))
    """, folder)
    got = json.loads(proc.stdout)  # type: ignore[attr-defined]
    assert got == [[sum(INTS), sum(FLOATS), sum(FLOATS, 0.5)],
                   [max(INTS), min(INTS), max(FLOATS), min(FLOATS)],
                   [any(INTS), all(INTS)],
                   [True, False, True], [False, True, False],
                   [True, False, False], 3.0, 1.0, True]
