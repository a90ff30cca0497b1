"""A model as the rest of the compiler sees it: loaded, checked and lowered to C++ once per
build, when the tracer meets a call of it, so that every problem is a diagnostic there."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from hatch_pyaot.onnx.graph import Graph, ModelError, load


@dataclass(eq=False)
class Model:
    handle: str
    """What error messages at a call name the model: its file's stem, as the Python side's
    (runtime/onnx_model.py) do."""
    key: str
    """A C++ identifier unique in the translation unit (module and handle)."""
    graph: Graph
    cpp: list[str]
    """``namespace onnx_<key> { ... inline bool run(out, inputs...) }``."""

    @property
    def function(self) -> str:
        return f"pyaot_gen::onnx_{self.key}::run"


def open_model(path: Path, handle: str, key: str) -> Model:
    """The model at ``path``, or ModelError saying why it cannot be compiled."""
    from hatch_pyaot.onnx.fuse import fuse
    from hatch_pyaot.onnx.lower import Lowerer
    from hatch_pyaot.onnx.table import TABLE

    graph = load(path, TABLE)
    fuse(graph)
    body = Lowerer(graph, handle, TABLE).lower()
    cpp = [f"namespace onnx_{key} {{", *body, f"}}  // namespace onnx_{key}", ""]
    return Model(handle, key, graph, cpp)


__all__ = ["Model", "ModelError", "open_model"]
