"""examples/vad as its README builds it: ``pip wheel`` with the example's own hook fetching
Silero VAD out of the ``silero-vad`` wheel, the wheel installed and run natively; then the same
module as a wasm32-wasi program under wasmtime and as a library from Node. Each against the
uncompiled module (the model on onnxruntime): the same segments, probabilities within 1e-4."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import missing_tool
from wasi import run_wasi
from wheels import REPO, pip_wheel, run, runtime_wheel

np = pytest.importorskip("numpy")
pytest.importorskip("onnx")
pytest.importorskip("onnxruntime")

pytestmark = pytest.mark.slow

NODE = """\
import { load } from "./pyaot.mjs";
import { readFileSync } from "node:fs";
const lib = await load("detector.wasm");
const signal = new Float32Array(readFileSync("signal.f32").buffer.slice(0));
const probs = lib.speech_probabilities({ data: signal, shape: [signal.length] });
console.log(JSON.stringify({ segments: lib.segments(probs, 0.5, 4),
                             probs: Array.from(probs.data) }));
"""


def _demo(python_path: Path, folder: Path, out: Path, disable: bool) -> list[str]:
    env = {"PYTHONPATH": str(python_path), **({"PYAOT_DISABLE": "1"} if disable else {})}
    proc = run([sys.executable, str(folder / "demo.py"), "--probs", str(out)], cwd=folder,
               env=env)
    return proc.stdout.splitlines()


def test_wheel_wasm_program_and_node_library(tmp_path: Path, wheelhouse: Path,
                                             pyaot_cache_dir: Path) -> None:
    """One test, so that the example is built once whatever the xdist split."""
    project = tmp_path / "vad"
    shutil.copytree(REPO / "examples" / "vad", project,
                    ignore=shutil.ignore_patterns("models", "__pycache__"))
    proc = pip_wheel(project, tmp_path / "out", wheelhouse, check=False,
                     env={"PYAOT_CACHE_DIR": str(pyaot_cache_dir)})
    if proc.returncode != 0 and "pip download" in proc.stderr:
        missing_tool(f"pip could not fetch silero-vad: {proc.stderr.strip()[-300:]}")
    assert proc.returncode == 0, proc.stderr[-3000:]
    (wheel,) = (tmp_path / "out").glob("vad_stream-*.whl")
    site = tmp_path / "site"
    run([sys.executable, "-m", "pip", "install", "--no-deps", "--no-index", "--target",
         str(site), str(wheel), str(runtime_wheel(wheelhouse))], cwd=tmp_path)

    # the wheel, natively, against the module as Python with the model on onnxruntime
    assert list((site / "vad_stream").glob("detector.pyaot.*.so"))
    assert (site / "vad_stream" / "models" / "silero_vad_openvino_16k.onnx").exists()
    native = _demo(site, project, tmp_path / "native.npy", disable=False)
    python = _demo(project / "src", project, tmp_path / "python.npy", disable=True)
    assert native[-1] == "native: True True" and python[-1] == "native: False False"
    assert native[0] == python[0] == "segments: [(0.512, 1.376), (1.792, 2.528)]"
    expected = np.load(tmp_path / "python.npy")
    np.testing.assert_allclose(np.load(tmp_path / "native.npy"), expected, rtol=0, atol=1e-4)

    # the wasm32-wasi program under wasmtime (the hook left the model in the source tree)
    out = tmp_path / "wasm"
    proc = subprocess.run([sys.executable, "-m", "hatch_pyaot", "build",
                           str(project / "src" / "vad_stream" / "detector.py"), "--target",
                           "wasm32-wasi", "--out", str(out)], capture_output=True, text=True,
                          env={**os.environ, "PYAOT_CACHE_DIR": str(pyaot_cache_dir)})
    assert proc.returncode == 0, proc.stderr[-3000:]
    sys.path.insert(0, str(project))
    try:
        from recording import recording
    finally:
        sys.path.remove(str(project))
    signal = recording()
    np.save(tmp_path / "signal.npy", signal)
    program = out / "wasm32-wasi" / "bin" / "speech_probabilities.wasm"
    proc = run_wasi(program, ["speech_probabilities", "--signal", "signal.npy", "--output",
                              "wasm.npy"], tmp_path)
    assert proc.returncode == 0, proc.stderr
    np.testing.assert_allclose(np.load(tmp_path / "wasm.npy"), expected, rtol=0, atol=1e-4)

    # the wasm32-wasi library from Node, through the JS loader
    node = shutil.which("node")
    if node is None:
        missing_tool("node is not installed (Debian/Ubuntu: apt-get install nodejs)")
        return
    lib = out / "wasm32-wasi" / "lib"
    for name in ("pyaot.mjs", "values.mjs", "wasi.mjs"):
        shutil.copy(REPO / "src" / "hatch_pyaot" / "js" / name, lib)
    (lib / "signal.f32").write_bytes(signal.tobytes())
    (lib / "run.mjs").write_text(NODE)
    proc = subprocess.run([node, "run.mjs"], cwd=lib, capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr
    result = json.loads(proc.stdout)
    assert result["segments"] == [[0.512, 1.376], [1.792, 2.528]]
    np.testing.assert_allclose(np.array(result["probs"], np.float32), expected, rtol=0,
                               atol=1e-4)
