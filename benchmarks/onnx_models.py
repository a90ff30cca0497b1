"""The models of the ONNX suite (onnx_suite.py), built with onnx.helper with random weights:
conv networks of the shapes that dominate MobileNet and ResNet, and a small MLP where the
per-call overhead dominates."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np

Spec = tuple[list[tuple[str, list[str], list[str], dict[str, Any]]], tuple[int, ...],
             dict[str, Any]]


def _w(rng: Any, *shape: int) -> Any:
    fan_in = int(np.prod(shape[1:])) if len(shape) > 1 else 1
    return (rng.standard_normal(shape) / np.sqrt(fan_in)).astype(np.float32)


def specs(quick: bool) -> dict[str, Spec]:
    rng = np.random.default_rng(0)
    side = 28 if quick else 56
    resnet = ([("Conv", ["x", "k1", "b1"], ["c1"], {"pads": [1] * 4}),
               ("Relu", ["c1"], ["r1"], {}),
               ("Conv", ["r1", "k2", "b2"], ["c2"], {"pads": [1] * 4}),
               ("Add", ["c2", "x"], ["s"], {}), ("Relu", ["s"], ["y"], {})],
              (1, 64, side, side),
              {"k1": _w(rng, 64, 64, 3, 3), "b1": _w(rng, 64), "k2": _w(rng, 64, 64, 3, 3),
               "b2": _w(rng, 64)})
    mobile = ([("Conv", ["x", "e", "eb"], ["c1"], {}), ("Clip", ["c1", "lo", "hi"], ["r1"], {}),
               ("Conv", ["r1", "d", "db"], ["c2"], {"pads": [1] * 4, "group": 96}),
               ("Clip", ["c2", "lo", "hi"], ["r2"], {}),
               ("Conv", ["r2", "p", "pb"], ["c3"], {}), ("Add", ["c3", "x"], ["y"], {})],
              (1, 16, side * 2, side * 2),
              {"e": _w(rng, 96, 16, 1, 1), "eb": _w(rng, 96), "d": _w(rng, 96, 1, 3, 3),
               "db": _w(rng, 96), "p": _w(rng, 16, 96, 1, 1), "pb": _w(rng, 16),
               "lo": np.array(0, np.float32), "hi": np.array(6, np.float32)})
    mlp = ([("Gemm", ["x", "w1", "b1"], ["h"], {"transB": 1}), ("Relu", ["h"], ["r"], {}),
            ("Gemm", ["r", "w2", "b2"], ["z"], {"transB": 1}), ("Softmax", ["z"], ["y"], {})],
           (1, 64), {"w1": _w(rng, 128, 64), "b1": _w(rng, 128), "w2": _w(rng, 10, 128),
                     "b2": _w(rng, 10)})
    return {"resnet_block": resnet, "mobilenet_block": mobile, "mlp": mlp}


SILERO_WHEEL = "silero-vad==6.2.3"
SILERO_MODEL = "silero_vad/data/silero_vad_openvino_16k.onnx"


def silero(folder: Path) -> Path | None:
    """Silero VAD's static-shape model from the silero-vad wheel (fetched by pip, no
    dependencies), or None when pip cannot fetch it."""
    import subprocess
    import sys
    import tempfile
    import zipfile

    with tempfile.TemporaryDirectory() as tmp:
        proc = subprocess.run([sys.executable, "-m", "pip", "download", SILERO_WHEEL,
                               "--no-deps", "--quiet", "-d", tmp], capture_output=True,
                              timeout=600)
        wheels = list(Path(tmp).glob("*.whl"))
        if proc.returncode != 0 or not wheels:
            return None
        with zipfile.ZipFile(wheels[0]) as zf:
            path = folder / "silero_vad.onnx"
            path.write_bytes(zf.read(SILERO_MODEL))
    return path


def save(name: str, spec: Spec, folder: Path) -> Path:
    import onnx
    from onnx import TensorProto, helper, numpy_helper

    nodes_spec, shape, consts = spec
    nodes = [helper.make_node(op, ins, outs, name=f"{name}_{i}", **attrs)
             for i, (op, ins, outs, attrs) in enumerate(nodes_spec)]
    graph = helper.make_graph(
        nodes, name, [helper.make_tensor_value_info("x", TensorProto.FLOAT, list(shape))],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, None)],
        [numpy_helper.from_array(v, k) for k, v in consts.items()])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    model.ir_version = 8
    path = folder / f"{name}.onnx"
    onnx.save(onnx.shape_inference.infer_shapes(model, strict_mode=True), str(path))
    return path
