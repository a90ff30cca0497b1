"""A build hook of this example: before hatch-pyaot compiles, put PP-OCRv4's text detector
in ``src/text_boxes/models/``, taken from the ``rapidocr-onnxruntime`` wheel (fetched with
``pip download --no-deps``: the one file is needed, not the wheel's dependencies).

The wheel's model takes images of any size (its input is ``(N, 3, H, W)``) and is written
for opset 12; hatch-pyaot lowers models of fixed shapes and opsets 13-21, so the hook fixes
the input to one 320 x 320 image and converts the graph to opset 13 with onnx's own
converter. The result is an ordinary model file: onnxruntime runs it too."""

from __future__ import annotations

import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

WHEEL = "rapidocr-onnxruntime==1.4.4"
MEMBER = "rapidocr_onnxruntime/models/ch_PP-OCRv4_det_infer.onnx"
SIZE = 320
"""The side of the square the detector sees (a multiple of 32, as DB networks need)."""
TARGET = "det_320.onnx"


class FetchModel(BuildHookInterface):  # type: ignore[type-arg]
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        target = Path(self.root) / "src" / "text_boxes" / "models" / TARGET
        if target.exists():
            return
        target.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory() as tmp:
            subprocess.run([sys.executable, "-m", "pip", "download", WHEEL, "--no-deps",
                            "--quiet", "-d", tmp], check=True)
            (wheel,) = Path(tmp).glob("*.whl")
            with zipfile.ZipFile(wheel) as zf:
                fixed = fixed_shape(zf.read(MEMBER))
        target.write_bytes(fixed)


def fixed_shape(model_bytes: bytes) -> bytes:
    """The model with its input fixed to (1, 3, SIZE, SIZE), at opset 13."""
    import onnx
    from onnx import shape_inference, version_converter

    model = onnx.load_from_string(model_bytes)
    dims = model.graph.input[0].type.tensor_type.shape.dim
    for dim, value in zip(dims, (1, 3, SIZE, SIZE), strict=True):
        dim.dim_value = value  # replaces the symbolic name
    for output in model.graph.output:
        output.type.tensor_type.ClearField("shape")  # inferred again below
    del model.graph.value_info[:]
    model = version_converter.convert_version(model, 13)
    return shape_inference.infer_shapes(model).SerializeToString()
