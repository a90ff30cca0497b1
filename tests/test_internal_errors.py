"""A bug of the compiler in one function (an exception inside typing or codegen, or C++ that
the C++ compiler rejects) becomes a diagnostic on that function, which stays Python; the rest
of the module still compiles, and a wheel still builds."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from hatch_pyaot import pipeline
from hatch_pyaot.settings import Settings
from hatch_pyaot.typing.infer import Inferencer
from hatch_pyaot.wheelbuild import BuildLog, SourceFile, WheelBuildFailed, compile_for_wheel

SOURCE = """\
from hatch_pyaot import compile


@compile
def good(x: int) -> int:
    return x + 1


@compile
def bad(x: int) -> int:
    return x * 2
"""


def test_a_crash_in_typing_is_a_diagnostic(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    (tmp_path / "m.py").write_text(textwrap.dedent(SOURCE))
    monkeypatch.chdir(tmp_path)
    real = Inferencer.specialize

    def specialize(self, ref, types):  # type: ignore[no-untyped-def]
        if ref.name == "bad":
            raise RuntimeError("boom")
        return real(self, ref, types)

    monkeypatch.setattr(Inferencer, "specialize", specialize)
    result = pipeline.analyze(Path("m.py"))
    by_name = {e.name: e for e in result.entries}
    assert by_name["good"].compiled and result.cpp is not None
    assert not by_name["bad"].compiled
    (diag,) = by_name["bad"].diagnostics
    assert "internal compiler error: RuntimeError: boom" in diag.message
    assert "m.py:10:" in result.format_diagnostics()


def test_a_crash_in_codegen_keeps_the_module_python(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch):
    (tmp_path / "m.py").write_text(textwrap.dedent(SOURCE))
    monkeypatch.chdir(tmp_path)

    def emit(result, only=None):  # type: ignore[no-untyped-def]
        raise KeyError("lost")

    monkeypatch.setattr(pipeline, "emit", emit)
    result = pipeline.analyze(Path("m.py"))
    assert result.cpp is None
    assert all(not e.compiled for e in result.entries)
    assert all("internal compiler error: KeyError" in e.diagnostics[0].message
               for e in result.entries)


def test_a_crash_in_one_functions_codegen_keeps_only_it_python(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The emitter is run again per function to find the one it fails on (an acceptance run
    lost a whole module to one function's internal error)."""
    (tmp_path / "m.py").write_text(textwrap.dedent(SOURCE))
    monkeypatch.chdir(tmp_path)
    real = pipeline.emit

    def emit(result, only=None):  # type: ignore[no-untyped-def]
        chosen = only if only is not None else [e for e in result.entries if e.compiled]
        if any(e.name == "bad" for e in chosen):
            raise KeyError("lost")
        return real(result, only)

    monkeypatch.setattr(pipeline, "emit", emit)
    result = pipeline.analyze(Path("m.py"))
    compiled = {e.name: e.compiled for e in result.entries}
    assert compiled == {"good": True, "bad": False}
    assert result.cpp is not None and "good" in result.cpp
    bad = next(e for e in result.entries if e.name == "bad")
    assert "internal compiler error: KeyError" in bad.diagnostics[0].message


# ----- generated C++ that does not compile (the PYAOT_TEST_BAD_CPP hook breaks one function) --

CALLS_HELPER = """\
from hatch_pyaot import compile


def helper(x: int) -> int:
    return x * 3


@compile
def good(x: int) -> int:
    return x + 1


@compile
def bad(x: int) -> int:
    return helper(x) + 1
"""


def _bad_cpp_project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "calls.py"
    path.write_text(CALLS_HELPER)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("PYAOT_TEST_BAD_CPP", "helper")
    return path


def test_cpp_that_does_not_compile_keeps_its_functions_python(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, run_python) -> None:  # type: ignore[no-untyped-def]
    path = _bad_cpp_project(tmp_path, monkeypatch)
    report = pipeline.build([path])
    assert report.built == [pipeline.native_path(path)]
    (module,) = report.modules
    by_name = {e.name: e for e in module.entries}
    assert by_name["good"].compiled and not by_name["bad"].compiled
    (diag,) = by_name["bad"].diagnostics
    assert diag.message.startswith("internal compiler error: the C++ generated for 'bad' "
                                   "does not compile (#error")
    assert "calls.py:14:5: error: internal compiler error" in module.format_diagnostics()
    proc = run_python("import calls; from hatch_pyaot import is_compiled; "
                      "print(is_compiled(calls.good), is_compiled(calls.bad), calls.good(1), "
                      "calls.bad(2))", tmp_path)
    assert proc.stdout.split() == ["True", "False", "2", "7"], proc.stderr


def test_check_and_build_report_cpp_that_does_not_compile(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _bad_cpp_project(tmp_path, monkeypatch)
    check = subprocess.run([sys.executable, "-m", "hatch_pyaot", "check", "calls.py"],
                           cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert check.returncode == 1
    assert "calls.py:9:5: ok: 'good' compiles" in check.stdout
    assert "calls.py:14:5: error: 'bad' cannot be compiled" in check.stdout
    assert "internal compiler error: the C++ generated for 'bad'" in check.stdout
    build = subprocess.run([sys.executable, "-m", "hatch_pyaot", "build", "calls.py"],
                           cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert build.returncode == 0, build.stderr
    assert "internal compiler error" in build.stderr and "Traceback" not in build.stderr


@pytest.mark.parametrize("fallback", ["python", "error"])
def test_a_wheel_survives_cpp_that_does_not_compile(
        fallback: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = _bad_cpp_project(tmp_path, monkeypatch)
    warnings: list[str] = []
    log = BuildLog(info=lambda line: None, warning=warnings.append)
    files = [SourceFile(path, "calls.py")]
    settings = Settings(fallback=fallback)  # type: ignore[arg-type]
    if fallback == "error":
        with pytest.raises(WheelBuildFailed, match="internal compiler error"):
            compile_for_wheel(files, settings, root=tmp_path, staging=tmp_path / "stage",
                              log=log)
        return
    built = compile_for_wheel(files, settings, root=tmp_path, staging=tmp_path / "stage",
                              log=log)
    assert list(built) == [SourceFile(path, "calls.py").native_dist_path]
    assert any("internal compiler error" in w and "'bad' stays Python" in w for w in warnings)
