"""A bug of the compiler in one function (an exception inside typing or codegen) becomes a
diagnostic on that function, which stays Python; the rest of the module still compiles."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from hatch_pyaot import pipeline
from hatch_pyaot.typing.infer import Inferencer

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

    def emit(result):  # type: ignore[no-untyped-def]
        raise KeyError("lost")

    monkeypatch.setattr(pipeline, "emit", emit)
    result = pipeline.analyze(Path("m.py"))
    assert result.cpp is None
    assert all(not e.compiled for e in result.entries)
    assert all("internal compiler error: KeyError" in e.diagnostics[0].message
               for e in result.entries)
