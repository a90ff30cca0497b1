"""Native modules built for an editable install are rebuilt at import when their sources
change; other native modules are not (they only warn, see test_loader.py)."""

from __future__ import annotations

import json
from pathlib import Path

from hatch_pyaot.pipeline import build, native_path
from hatch_pyaot.toolchains.host import BuildOptions

KERNELS = """\
from hatch_pyaot import compile


@compile
def add(a: int, b: int) -> int:
    return a + b


@compile
def twice(a: int) -> int:
    return add(a, a)
"""

PROBE = """\
import json, warnings
from hatch_pyaot import is_compiled
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    import pkg.kernels as k
print(json.dumps({"add": is_compiled(k.add), "twice": is_compiled(k.twice),
                  "result": [k.add(2, 3), k.twice(4)],
                  "warnings": [str(w.message) for w in caught]}))
"""


def probe(run_python, folder: Path) -> dict:
    return json.loads(run_python(PROBE, cwd=folder).stdout.splitlines()[-1])


def editable_project(tmp_path: Path, tmp_module, settings: str = "",
                     kernels: str = KERNELS) -> Path:
    (tmp_path / "pyproject.toml").write_text(
        '[project]\nname = "pkg"\nversion = "1"\n\n[tool.pyaot]\n' + settings)
    source = tmp_module(kernels, "pkg.kernels")
    build([source], BuildOptions(editable=True))
    return source


def test_changed_source_is_rebuilt_at_import(tmp_path, tmp_module, run_python):
    source = editable_project(tmp_path, tmp_module)
    assert probe(run_python, tmp_path) == {"add": True, "twice": True, "result": [5, 8],
                                           "warnings": []}
    assert run_python(PROBE, cwd=tmp_path).stderr == ""
    source.write_text(source.read_text().replace("return a + b", "return a + b + 100"))
    proc = run_python(PROBE, cwd=tmp_path)
    assert json.loads(proc.stdout) == {"add": True, "twice": True, "result": [105, 108],
                                       "warnings": []}
    # The import waits for the C++ compiler: one line says why.
    assert proc.stderr == "hatch-pyaot: rebuilding pkg.kernels after an edit...\n"
    # Rebuilt in place: the next run loads it as it is.
    stamp = native_path(source).stat().st_mtime_ns
    proc = run_python(PROBE, cwd=tmp_path)
    assert json.loads(proc.stdout)["result"] == [105, 108] and proc.stderr == ""
    assert native_path(source).stat().st_mtime_ns == stamp


def test_a_change_that_no_longer_compiles_runs_as_python(tmp_path, tmp_module, run_python):
    source = editable_project(tmp_path, tmp_module)
    source.write_text(source.read_text().replace("return a + b", "return eval('a + b')"))
    seen = probe(run_python, tmp_path)
    assert seen["result"] == [5, 8] and not seen["add"] and not seen["twice"]
    (warning,) = seen["warnings"]
    assert "rebuilding it failed" in warning and "eval" in warning


def test_a_function_that_no_longer_compiles_warns_with_its_diagnostic(
        tmp_path, tmp_module, run_python):
    # `dynamic` was Python from the start (the install's build log said why): no warning.
    dynamic = '\n\n@compile\ndef dynamic(a: int) -> int:\n    return eval("a")\n'
    source = editable_project(tmp_path, tmp_module, kernels=KERNELS + dynamic)
    source.write_text(source.read_text().replace("return add(a, a)", "return eval('a + a')"))
    seen = probe(run_python, tmp_path)
    assert seen["result"] == [5, 8] and seen["add"] and not seen["twice"]
    (warning,) = seen["warnings"]
    assert warning.startswith("twice() stays Python: its new code does not compile\n")
    assert "pkg/kernels.py:11:12: error: eval() is not supported" in warning
    assert "        return eval('a + a')\n               ^~~" in warning
    # Once: the module rebuilt in place records that `twice` is Python now.
    assert probe(run_python, tmp_path)["warnings"] == []
    # Under -W error the import fails with it instead of running Python silently.
    broken = source.read_text()
    source.write_text(broken.replace("return eval('a + a')", "return add(a, a)"))
    assert probe(run_python, tmp_path)["twice"]
    source.write_text(broken)
    proc = run_python("import pkg.kernels", cwd=tmp_path, check=False,
                      env={"PYTHONWARNINGS": "error"})
    assert proc.returncode == 1
    assert "StaleNativeModuleWarning: twice() stays Python" in proc.stderr


def test_settings_errors_are_reported_not_raised(tmp_path, tmp_module, run_python):
    source = editable_project(tmp_path, tmp_module, settings="jobz = 1\n")
    source.write_text(source.read_text() + "\n")
    seen = probe(run_python, tmp_path)
    assert seen["result"] == [5, 8] and not seen["add"]
    assert "tool.pyaot.jobz" in seen["warnings"][0]


def test_a_wheel_build_is_never_rebuilt(tmp_path, tmp_module, run_python):
    source = tmp_module(KERNELS, "pkg.kernels")
    build([source])
    source.write_text(source.read_text().replace("return a + b", "return a + b + 100"))
    seen = probe(run_python, tmp_path)
    assert seen["result"] == [105, 108] and not seen["add"]
    assert "older" in seen["warnings"][0]
