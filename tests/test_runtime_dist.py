"""The run-time distribution, ``hatch-pyaot-runtime`` (``runtime/``): the two wheels split the
import package ``hatch_pyaot`` between them, and a package built with hatch-pyaot runs
natively where only the runtime is installed (no compiler, no libcst), staleness checks
included."""

from __future__ import annotations

import ast
import subprocess
import sys
import zipfile
from email.parser import HeaderParser
from pathlib import Path

import pytest

from test_wheels_hatch import CHECK_INSTALLED, EXPECTED
from wheels import (
    REPO,
    fresh_venv,
    install,
    pip_wheel,
    run,
    runtime_wheel,
    write_project,
)

pytestmark = pytest.mark.slow

RUNTIME_ONLY = """\
import importlib.util
for name in ("libcst", "hatchling", "hatch_pyaot.pipeline", "hatch_pyaot.runtime.rebuild"):
    assert importlib.util.find_spec(name) is None, name
"""


def _members(wheel: Path) -> set[str]:
    with zipfile.ZipFile(wheel) as zf:
        return {n for n in zf.namelist() if not n.split("/")[0].endswith(".dist-info")}


def _metadata(wheel: Path) -> tuple[str, list[str]]:
    with zipfile.ZipFile(wheel) as zf:
        name = next(n for n in zf.namelist() if n.endswith(".dist-info/METADATA"))
        meta = HeaderParser().parsestr(zf.read(name).decode())
    return meta["Version"], meta.get_all("Requires-Dist") or []


def test_the_two_wheels_split_the_package(wheelhouse):
    """No file in both; together every file of src/hatch_pyaot that git tracks; the compiler
    depends on the runtime of its own version, the runtime on nothing."""
    import hatch_pyaot

    (compiler,) = wheelhouse.glob("hatch_pyaot-*.whl")
    runtime = runtime_wheel(wheelhouse)
    ours, theirs = _members(runtime), _members(compiler)
    assert not ours & theirs, ours & theirs
    tracked = subprocess.run(["git", "ls-files", "src/hatch_pyaot"], cwd=REPO, check=True,
                             capture_output=True, text=True).stdout.split()
    assert {p.removeprefix("src/") for p in tracked} <= ours | theirs
    assert ours == {"hatch_pyaot/__init__.py", "hatch_pyaot/py.typed",
                    "hatch_pyaot/runtime/__init__.py", "hatch_pyaot/runtime/loader.py",
                    "hatch_pyaot/runtime/onnx_model.py", "hatch_pyaot/runtime/online.py",
                    "hatch_pyaot/runtime/tuning.py"}
    version, requires = _metadata(runtime)
    assert version == hatch_pyaot.__version__ and requires == []
    version, requires = _metadata(compiler)
    assert version == hatch_pyaot.__version__
    assert f"hatch-pyaot-runtime=={version}" in requires


def test_the_runtime_imports_the_standard_library_only(wheelhouse):
    with zipfile.ZipFile(runtime_wheel(wheelhouse)) as zf:
        sources = {n: zf.read(n).decode() for n in zf.namelist() if n.endswith(".py")}
    ours = {n.removesuffix(".py").removesuffix("/__init__").replace("/", ".") for n in sources}
    for name, text in sources.items():
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.Import):
                modules = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                modules = [node.module]
            else:
                continue
            for module in modules:
                if module.startswith("hatch_pyaot"):
                    if module == "hatch_pyaot.runtime.rebuild":  # guarded: loader._rebuilt
                        continue
                    assert module in ours, f"{name} imports {module}"
                elif module == "onnxruntime":  # only when a model is called from Python
                    assert name == "hatch_pyaot/runtime/onnx_model.py", name
                else:
                    assert module.split(".")[0] in sys.stdlib_module_names, f"{name}: {module}"


def test_a_package_runs_natively_with_the_runtime_alone(tmp_path, wheelhouse, pyaot_cache_dir):
    """The user's wheel and hatch-pyaot-runtime's, nothing else; then an edited source makes
    the native module stale and the functions run as Python, with a warning."""
    project = write_project(tmp_path / "project", "one-line")
    pip_wheel(project, tmp_path / "out", wheelhouse, env={"PYAOT_CACHE_DIR": str(pyaot_cache_dir)})
    (wheel,) = (tmp_path / "out").glob("*.whl")
    python = fresh_venv(tmp_path / "venv")
    install(python, runtime_wheel(wheelhouse), wheel)
    assert run([str(python), "-c", RUNTIME_ONLY + CHECK_INSTALLED], cwd=tmp_path).stdout == EXPECTED

    installed = run([str(python), "-c", "import demo_kernels.kernels as k; print(k.__file__)"],
                    cwd=tmp_path).stdout.strip()
    with open(installed, "a") as f:
        f.write("\n# edited after the build\n")
    proc = run([str(python), "-W", "always", "-c",
                "import hatch_pyaot, demo_kernels.kernels as k\n"
                "print(hatch_pyaot.is_compiled(k.integrate), k.collatz_steps(27))"], cwd=tmp_path)
    assert proc.stdout == "False 111\n"
    assert "StaleNativeModuleWarning" in proc.stderr and "older kernels.py" in proc.stderr


def test_a_stale_editable_module_says_the_compiler_is_needed(tmp_path, wheelhouse,
                                                              pyaot_cache_dir):
    """A module built for an editable install is rebuilt at import where the compiler is
    installed; with the runtime alone the import still works, in Python, and says why."""
    from hatch_pyaot.pipeline import build
    from hatch_pyaot.toolchains.host import BuildOptions
    from wheels import KERNELS

    package = tmp_path / "tree" / "edited"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("")
    source = package / "kernels.py"
    source.write_text(KERNELS)
    report = build([source], BuildOptions(cache_dir=pyaot_cache_dir, editable=True))
    assert report.built
    source.write_text(KERNELS + "\n# edited\n")
    python = fresh_venv(tmp_path / "venv")
    install(python, runtime_wheel(wheelhouse))
    proc = run([str(python), "-W", "always", "-c",
                "import hatch_pyaot, edited.kernels as k\n"
                "print(hatch_pyaot.is_compiled(k.integrate), k.collatz_steps(27))"],
               cwd=tmp_path, env={"PYTHONPATH": str(package.parent)})
    assert proc.stdout == "False 111\n"
    assert "rebuilding it needs the compiler: pip install hatch-pyaot" in proc.stderr
    assert "rebuilding edited" not in proc.stderr


def test_the_runtime_sdist_builds_the_same_wheel(tmp_path, wheelhouse):
    """hatch_build.py finds the files in ../src in the repository and beside itself in an
    unpacked sdist: a wheel built from the sdist carries the same files."""
    import tarfile

    run([sys.executable, "-m", "hatchling", "build", "-t", "sdist", "-d", str(tmp_path)],
        cwd=REPO / "runtime")
    (sdist,) = tmp_path.glob("hatch_pyaot_runtime-*.tar.gz")
    with tarfile.open(sdist) as tar:
        tar.extractall(tmp_path / "unpacked", filter="data")
    (unpacked,) = (tmp_path / "unpacked").iterdir()
    run([sys.executable, "-m", "hatchling", "build", "-t", "wheel", "-d", str(tmp_path / "w")],
        cwd=unpacked)
    (wheel,) = (tmp_path / "w").glob("*.whl")
    assert _members(wheel) == _members(runtime_wheel(wheelhouse))
