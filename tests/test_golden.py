"""Golden files: the IR, the types, the C++ and the diagnostics of fixed inputs.

Set PYAOT_UPDATE_GOLDEN=1 to rewrite the expected files after an intended change, then
review the diff. The C++ is also generated twice to check that it is deterministic.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from hatch_pyaot.ir.printer import format_function
from hatch_pyaot.pipeline import ModuleResult, analyze

GOLDEN = Path(__file__).parent / "golden"
UPDATE = os.environ.get("PYAOT_UPDATE_GOLDEN") == "1"


def _stage(result: ModuleResult, stage: str) -> str:
    if stage == "cpp":
        return result.cpp or ""
    if stage == "diagnostics":
        return result.format_diagnostics() + "\n"
    out = []
    for entry in result.entries:
        if entry.spec is None:
            continue
        for spec in result.inferencer.closure(entry.spec):
            if stage == "ir":
                out.append(format_function(spec.function))
            else:
                out.append(format_function(spec.function, spec.expr_types, spec.var_types,
                                           spec.param_types, spec.result))
    return "\n".join(out)


CASES = [(case, s) for case in ("basics", "arrays", "lists", "dicts", "classes", "closures",
                                   "generators", "match", "exceptions", "with_blocks",
                                   "context_generators")
         for s in ("ir", "types", "cpp")]
CASES += [("fusion", "cpp"), ("bounds", "cpp")]
CASES += [("errors", "diagnostics"), ("array_errors", "diagnostics"), ("list_errors", "diagnostics"),
          ("dict_errors", "diagnostics"), ("union_errors", "diagnostics")]


@pytest.mark.parametrize(("case", "stage"), CASES, ids=[f"{c}.{s}" for c, s in CASES])
def test_golden(case: str, stage: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(GOLDEN)
    text = _stage(analyze(Path(f"{case}.py")), stage)
    expected_file = GOLDEN / f"{case}.{stage}"
    if UPDATE or not expected_file.exists():
        expected_file.write_text(text, encoding="utf-8")
        if not UPDATE:
            pytest.fail(f"wrote missing golden file {expected_file.name}; review and commit it")
    assert text == expected_file.read_text(encoding="utf-8")


def test_cpp_is_identical_across_processes() -> None:
    code = ("import sys; from pathlib import Path; from hatch_pyaot.pipeline import analyze; "
            "sys.stdout.write(analyze(Path(sys.argv[1])).cpp)")
    outs = set()
    for seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        outs.add(subprocess.run([sys.executable, "-c", code, str(GOLDEN / "basics.py")],
                                env=env, check=True, capture_output=True, text=True).stdout)
    assert len(outs) == 1


def test_compiling_never_imports_the_code_it_reads() -> None:
    """errors.py uses numpy.fft: the compiler resolves it from files, without importing
    numpy (or the module being compiled)."""
    code = ("import sys; from pathlib import Path; from hatch_pyaot.pipeline import analyze; "
            "analyze(Path(sys.argv[1])); "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('numpy', 'errors')))")
    out = subprocess.run([sys.executable, "-c", code, str(GOLDEN / "errors.py")], check=True,
                         capture_output=True, text=True).stdout
    assert out.strip() == "[]"
