"""examples/textdet as its README builds it: ``pip wheel`` with the example's own hook taking
PP-OCRv4's text detector out of the ``rapidocr-onnxruntime`` wheel (its input fixed to
320 x 320, converted to opset 13), the wheel installed and run natively; then the same module
as wasm32-wasi programs under wasmtime and as a library from Node. Each against the
uncompiled module (the model on onnxruntime, the image operators on OpenCV): the same boxes,
probabilities within 1e-4."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from model_examples import demo, example_module, node_run, wasm_build, wheel_installed
from wasi import run_wasi

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


def test_wheel_wasm_programs_and_node_library(tmp_path: Path, wheelhouse: Path,
                                              pyaot_cache_dir: Path) -> None:
    """One test, so that the example is built once whatever the xdist split."""
    project, site = wheel_installed("textdet", tmp_path, wheelhouse, pyaot_cache_dir,
                                    "rapidocr-onnxruntime")

    # the wheel, natively, against the module as Python (onnxruntime and OpenCV)
    assert list((site / "text_boxes").glob("detector.pyaot.*.so"))
    assert (site / "text_boxes" / "models" / "det_320.onnx").exists()
    native = demo(site, project, tmp_path / "native.npy", disable=False)
    python = demo(project / "src", project, tmp_path / "python.npy", disable=True)
    assert native[-1] == "native: True True" and python[-1] == "native: False False"
    assert native[0] == python[0] == f"boxes: {[tuple(b) for b in BOXES]}"
    expected = np.load(tmp_path / "python.npy")
    np.testing.assert_allclose(np.load(tmp_path / "native.npy"), expected, rtol=0, atol=1e-4)

    # the wasm32-wasi programs under wasmtime (the hook left the model in the source tree)
    out = wasm_build(project / "src" / "text_boxes" / "detector.py", tmp_path / "wasm",
                     pyaot_cache_dir)
    img = example_module(project, "sample").sample()
    np.save(tmp_path / "img.npy", img)
    proc = run_wasi(out / "bin" / "detect.wasm", ["detect", "--img", "img.npy"], tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == BOXES
    proc = run_wasi(out / "bin" / "probability_map.wasm",
                    ["probability_map", "--img", "img.npy", "--output", "wasm.npy"], tmp_path)
    assert proc.returncode == 0, proc.stderr
    np.testing.assert_allclose(np.load(tmp_path / "wasm.npy"), expected, rtol=0, atol=1e-4)
    proc = run_wasi(out / "bin" / "detect.wasm", ["detect", "--img", "wasm.npy"], tmp_path)
    assert proc.returncode != 0 and "TypeError" in proc.stderr, proc.stderr

    # the wasm32-wasi library from Node, through the JS loader
    stdout = node_run(out / "lib", NODE, {"img.u8": img.tobytes()})
    if stdout is not None:
        assert json.loads(stdout) == BOXES
