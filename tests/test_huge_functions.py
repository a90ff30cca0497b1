"""A module with a huge generated function is built at -O1: GCC's -O3 is quadratic in the
size of one function (a 5,000-statement body took 37 s of CPU, 6x -O1), see codegen/huge.py."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest

from hatch_pyaot import pipeline
from hatch_pyaot.codegen.huge import HUGE_FUNCTION_LINES, longest_function, opt_level_for
from hatch_pyaot.toolchains import cmake_project
from hatch_pyaot.toolchains.host import BuildOptions


def long_kernel(statements: int) -> str:
    lines = ["from hatch_pyaot import compile", "", "", "@compile",
             "def f(n: int, x: float) -> float:", "    s = 0", "    t = 0.0",
             "    for i in range(n):"]
    for k in range(statements):
        lines.append(["        s = s + i * 3", "        t = t + i * 0.5",
                      f"        if s > {k}:\n            s = s - {k % 9}",
                      "        t = t - s * x"][k % 4])
    lines.append("    return s + t")
    return "\n".join(lines) + "\n"


def python_f(n: int, x: float, statements: int) -> float:
    s, t = 0, 0.0
    for i in range(n):
        for k in range(statements):
            if k % 4 == 0:
                s = s + i * 3
            elif k % 4 == 1:
                t = t + i * 0.5
            elif k % 4 == 2 and s > k:
                s = s - k % 9
            elif k % 4 == 3:
                t = t - s * x
    return s + t


def test_longest_function_counts_lines_of_one_function() -> None:
    cpp = "#include <x>\nstatic bool f(int& out) {\n  a;\n  b;\n}\n\nstatic int g() {\n}\n"
    assert longest_function(cpp) == 4
    huge = "static bool f() {\n" + "  x;\n" * HUGE_FUNCTION_LINES + "}\n"
    assert opt_level_for(huge, "3") == "1" and opt_level_for(huge, "2") == "1"
    assert opt_level_for(huge, "0") is None and opt_level_for(huge, "s") is None
    assert opt_level_for(cpp, "3") is None


def test_a_huge_function_is_built_at_O1(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                        run_python: Callable[..., object]) -> None:
    statements = 1800
    (tmp_path / "kern.py").write_text(long_kernel(statements))
    flags: list[list[str]] = []
    render = cmake_project.render

    def spy(module: str, sources: Sequence[str], include_dir: Path,
            module_flags: Sequence[str], *rest: Any) -> str:
        flags.append(list(module_flags))
        return render(module, sources, include_dir, module_flags, *rest)

    monkeypatch.setattr(cmake_project, "render", spy)
    lines: list[str] = []
    report = pipeline.build([tmp_path / "kern.py"], BuildOptions(opt_level="3"),
                            progress=lines.append)
    assert report.built
    assert any(f"a function of over {HUGE_FUNCTION_LINES} lines of C++: built at -O1" in line
               for line in lines), lines
    assert len(flags) == 1 and "-O1" in flags[0] and "-O3" not in flags[0]
    proc = run_python("import kern; from hatch_pyaot import is_compiled; "
                      "print(is_compiled(kern.f), repr(kern.f(3, 0.25)))", tmp_path)
    assert proc.stdout.split() == ["True", repr(python_f(3, 0.25, statements))]  # type: ignore[attr-defined]
