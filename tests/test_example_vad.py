"""examples/vad as its README builds it: ``pip wheel`` with the example's own hook fetching
Silero VAD out of the ``silero-vad`` wheel, the wheel installed and run natively; then the same
module as a wasm32-wasi program under wasmtime and as a library from Node. Each against the
uncompiled module (the model on onnxruntime): the same segments, probabilities within 1e-4."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from model_examples import demo, example_module, node_run, wasm_build, wheel_installed
from wasi import run_wasi

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


def test_wheel_wasm_program_and_node_library(tmp_path: Path, wheelhouse: Path,
                                             pyaot_cache_dir: Path) -> None:
    """One test, so that the example is built once whatever the xdist split."""
    project, site = wheel_installed("vad", tmp_path, wheelhouse, pyaot_cache_dir, "silero-vad")

    # the wheel, natively, against the module as Python with the model on onnxruntime
    assert list((site / "vad_stream").glob("detector.pyaot.*.so"))
    assert (site / "vad_stream" / "models" / "silero_vad_openvino_16k.onnx").exists()
    native = demo(site, project, tmp_path / "native.npy", disable=False)
    python = demo(project / "src", project, tmp_path / "python.npy", disable=True)
    assert native[-1] == "native: True True" and python[-1] == "native: False False"
    assert native[0] == python[0] == "segments: [(0.512, 1.376), (1.792, 2.528)]"
    expected = np.load(tmp_path / "python.npy")
    np.testing.assert_allclose(np.load(tmp_path / "native.npy"), expected, rtol=0, atol=1e-4)

    # the wasm32-wasi program under wasmtime (the hook left the model in the source tree)
    out = wasm_build(project / "src" / "vad_stream" / "detector.py", tmp_path / "wasm",
                     pyaot_cache_dir)
    signal = example_module(project, "recording").recording()
    np.save(tmp_path / "signal.npy", signal)
    proc = run_wasi(out / "bin" / "speech_probabilities.wasm",
                    ["speech_probabilities", "--signal", "signal.npy", "--output", "wasm.npy"],
                    tmp_path)
    assert proc.returncode == 0, proc.stderr
    np.testing.assert_allclose(np.load(tmp_path / "wasm.npy"), expected, rtol=0, atol=1e-4)

    # the wasm32-wasi library from Node, through the JS loader
    stdout = node_run(out / "lib", NODE, {"signal.f32": signal.tobytes()})
    if stdout is None:
        return
    result = json.loads(stdout)
    assert result["segments"] == [[0.512, 1.376], [1.792, 2.528]]
    np.testing.assert_allclose(np.array(result["probs"], np.float32), expected, rtol=0,
                               atol=1e-4)
