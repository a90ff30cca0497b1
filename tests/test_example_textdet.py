"""examples/textdet as its README builds it: ``pip wheel`` with the example's own hook taking
PP-OCRv4's text detector out of the ``rapidocr-onnxruntime`` wheel (its input fixed to
320 x 320, converted to opset 13), the wheel installed and run natively; then the same module
as a wasm32-wasi program under wasmtime and as a library from Node. Each against the
uncompiled module (the model on onnxruntime, the image operators on OpenCV): the same boxes,
probabilities within 1e-4."""

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
pytest.importorskip("cv2")

pytestmark = pytest.mark.slow

BOXES = [[16, 42, 306, 90], [56, 142, 244, 174]]
"""The two lines of the sample image (examples/textdet/sample.py), as (x0, y0, x1, y1)."""

NODE = """\
import { load } from "./pyaot.mjs";
import { readFileSync } from "node:fs";
const lib = await load("detector.wasm");
const img = new Uint8Array(readFileSync("img.u8"));
console.log(JSON.stringify(lib.detect({ data: img, shape: [240, 400, 3] })));
"""


def _demo(python_path: Path, folder: Path, out: Path, disable: bool) -> list[str]:
    env = {"PYTHONPATH": f"{python_path}{os.pathsep}{folder}",
           **({"PYAOT_DISABLE": "1"} if disable else {})}
    proc = run([sys.executable, str(folder / "demo.py"), "--probs", str(out)], cwd=folder,
               env=env)
    return proc.stdout.splitlines()


def test_wheel_wasm_program_and_node_library(tmp_path: Path, wheelhouse: Path,
                                             pyaot_cache_dir: Path) -> None:
    """One test, so that the example is built once whatever the xdist split."""
    project = tmp_path / "textdet"
    shutil.copytree(REPO / "examples" / "textdet", project,
                    ignore=shutil.ignore_patterns("models", "__pycache__", "*.so"))
    proc = pip_wheel(project, tmp_path / "out", wheelhouse, check=False,
                     env={"PYAOT_CACHE_DIR": str(pyaot_cache_dir)})
    if proc.returncode != 0 and "pip download" in proc.stderr:
        missing_tool(f"pip could not fetch rapidocr-onnxruntime: {proc.stderr.strip()[-300:]}")
    assert proc.returncode == 0, proc.stderr[-3000:]
    (wheel,) = (tmp_path / "out").glob("text_boxes-*.whl")
    site = tmp_path / "site"
    run([sys.executable, "-m", "pip", "install", "--no-deps", "--no-index", "--target",
         str(site), str(wheel), str(runtime_wheel(wheelhouse))], cwd=tmp_path)

    # the wheel, natively, against the module as Python (onnxruntime and OpenCV)
    assert list((site / "text_boxes").glob("detector.pyaot.*.so"))
    assert (site / "text_boxes" / "models" / "det_320.onnx").exists()
    native = _demo(site, project, tmp_path / "native.npy", disable=False)
    python = _demo(project / "src", project, tmp_path / "python.npy", disable=True)
    assert native[-1] == "native: True True" and python[-1] == "native: False False"
    assert native[0] == python[0] == f"boxes: {[tuple(b) for b in BOXES]}"
    expected = np.load(tmp_path / "python.npy")
    np.testing.assert_allclose(np.load(tmp_path / "native.npy"), expected, rtol=0, atol=1e-4)

    # the wasm32-wasi programs under wasmtime (the hook left the model in the source tree)
    out = tmp_path / "wasm"
    proc = subprocess.run([sys.executable, "-m", "hatch_pyaot", "build",
                           str(project / "src" / "text_boxes" / "detector.py"), "--target",
                           "wasm32-wasi", "--out", str(out)], capture_output=True, text=True,
                          env={**os.environ, "PYAOT_CACHE_DIR": str(pyaot_cache_dir)})
    assert proc.returncode == 0, proc.stderr[-3000:]
    sys.path.insert(0, str(project))
    try:
        from sample import sample
    finally:
        sys.path.remove(str(project))
    img = sample()
    np.save(tmp_path / "img.npy", img)
    bin_ = out / "wasm32-wasi" / "bin"
    proc = run_wasi(bin_ / "detect.wasm", ["detect", "--img", "img.npy"], tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == BOXES
    proc = run_wasi(bin_ / "probability_map.wasm", ["probability_map", "--img", "img.npy",
                                                    "--output", "wasm.npy"], tmp_path)
    assert proc.returncode == 0, proc.stderr
    np.testing.assert_allclose(np.load(tmp_path / "wasm.npy"), expected, rtol=0, atol=1e-4)
    proc = run_wasi(bin_ / "detect.wasm", ["detect", "--img", "wasm.npy"], tmp_path)
    assert proc.returncode != 0 and "TypeError" in proc.stderr, proc.stderr

    # the wasm32-wasi library from Node, through the JS loader
    node = shutil.which("node")
    if node is None:
        missing_tool("node is not installed (Debian/Ubuntu: apt-get install nodejs)")
        return
    lib = out / "wasm32-wasi" / "lib"
    for name in ("pyaot.mjs", "values.mjs", "wasi.mjs"):
        shutil.copy(REPO / "src" / "hatch_pyaot" / "js" / name, lib)
    (lib / "img.u8").write_bytes(img.tobytes())
    (lib / "run.mjs").write_text(NODE)
    proc = subprocess.run([node, "run.mjs"], cwd=lib, capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == BOXES
