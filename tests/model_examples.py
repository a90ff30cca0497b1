"""The steps the model examples' tests share (tests/test_example_vad.py,
tests/test_example_textdet.py): build the example's wheel with its own model-fetching hook and
install it, run its demo natively or as Python, build its module for wasm32-wasi, import a
helper of the example, and run a script against the wasm library in Node."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

from conftest import missing_tool
from wheels import REPO, pip_wheel, run, runtime_wheel


def wheel_installed(example: str, tmp_path: Path, wheelhouse: Path, cache: Path,
                    fetched: str) -> tuple[Path, Path]:
    """``pip wheel`` of examples/<example> (its hook fetching ``fetched`` with pip), installed
    with the runtime wheel into a folder: (the example's copy, the folder)."""
    project = tmp_path / example
    shutil.copytree(REPO / "examples" / example, project,
                    ignore=shutil.ignore_patterns("models", "__pycache__", "*.so"))
    proc = pip_wheel(project, tmp_path / "out", wheelhouse, check=False,
                     env={"PYAOT_CACHE_DIR": str(cache)})
    if proc.returncode != 0 and "pip download" in proc.stderr:
        missing_tool(f"pip could not fetch {fetched}: {proc.stderr.strip()[-300:]}")
    assert proc.returncode == 0, proc.stderr[-3000:]
    (wheel,) = (tmp_path / "out").glob("*.whl")
    site = tmp_path / "site"
    run([sys.executable, "-m", "pip", "install", "--no-deps", "--no-index", "--target",
         str(site), str(wheel), str(runtime_wheel(wheelhouse))], cwd=tmp_path)
    return project, site


def demo(python_path: Path, project: Path, out: Path, disable: bool) -> list[str]:
    """The lines the example's demo.py prints, saving its array to ``out``."""
    env = {"PYTHONPATH": str(python_path), **({"PYAOT_DISABLE": "1"} if disable else {})}
    proc = run([sys.executable, str(project / "demo.py"), "--probs", str(out)], cwd=project,
               env=env)
    return proc.stdout.splitlines()


def wasm_build(source: Path, out: Path, cache: Path) -> Path:
    """``pyaot build SOURCE --target wasm32-wasi``: the target's output folder."""
    proc = subprocess.run([sys.executable, "-m", "hatch_pyaot", "build", str(source),
                           "--target", "wasm32-wasi", "--out", str(out)],
                          capture_output=True, text=True,
                          env={**os.environ, "PYAOT_CACHE_DIR": str(cache)})
    assert proc.returncode == 0, proc.stderr[-3000:]
    return out / "wasm32-wasi"


def example_module(project: Path, name: str) -> ModuleType:
    """A plain-Python helper module of the example (its sample input)."""
    sys.path.insert(0, str(project))
    try:
        return __import__(name)
    finally:
        sys.path.remove(str(project))


def node_run(lib: Path, script: str, files: dict[str, bytes]) -> str | None:
    """Node's output of ``script`` run beside the wasm library with the JS loader and
    ``files``; None (the test skipped) where Node is missing."""
    node = shutil.which("node")
    if node is None:
        missing_tool("node is not installed (Debian/Ubuntu: apt-get install nodejs)")
        return None
    for name in ("pyaot.mjs", "values.mjs", "wasi.mjs"):
        shutil.copy(REPO / "src" / "hatch_pyaot" / "js" / name, lib)
    for name, data in files.items():
        (lib / name).write_bytes(data)
    (lib / "run.mjs").write_text(script)
    proc = subprocess.run([node, "run.mjs"], cwd=lib, capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout
