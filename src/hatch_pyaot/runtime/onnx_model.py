"""``onnx_model(path)``: a module-level handle on an ONNX model file of the package.

Compiled, a call of the handle is the model lowered to native code when the package was
built (the handle object itself is never used). In plain Python the call runs the model with
onnxruntime, imported on the first call, after the same checks of the inputs' dtypes and
shapes that compiled code makes, with the same messages."""

from __future__ import annotations

from pathlib import Path
from typing import Any


class OnnxModel:
    """A model file, run by onnxruntime when called from Python."""

    def __init__(self, path: Path, name: str | None = None) -> None:
        self.path = path
        self.name = name or path.stem
        self._session: Any = None

    def __repr__(self) -> str:
        return f"onnx_model({str(self.path)!r})"

    def _open(self) -> Any:
        if self._session is None:
            try:
                import onnxruntime  # type: ignore[import-untyped]
            except ImportError:
                raise RuntimeError(f"calling the ONNX model {self.path.name} from Python needs "
                                   "onnxruntime (pip install onnxruntime), or compile the "
                                   "function that calls it") from None
            options = onnxruntime.SessionOptions()
            self._session = onnxruntime.InferenceSession(
                str(self.path), options, providers=["CPUExecutionProvider"])
        return self._session

    def __call__(self, *inputs: Any) -> Any:
        session = self._open()
        specs = session.get_inputs()
        if len(inputs) != len(specs):
            raise TypeError(f"{self.name}() takes {len(specs)} inputs ({len(inputs)} given)")
        feeds = {}
        for spec, value in zip(specs, inputs, strict=True):
            dtype = _DTYPES.get(spec.type, spec.type)
            got = getattr(getattr(value, "dtype", None), "name", None) \
                if type(value).__name__ == "ndarray" else None
            if got != dtype:
                got = got or type(value).__name__
                raise TypeError(f"{self.name}() input '{spec.name}' must be an array of "
                                f"{dtype}, not {got}")
            shape = tuple(spec.shape)
            if value.shape != shape:
                raise ValueError(f"{self.name}() input '{spec.name}' must have shape {shape}, "
                                 f"not {value.shape}")
            feeds[spec.name] = value
        outputs = session.run(None, feeds)
        return outputs[0] if len(outputs) == 1 else tuple(outputs)


_DTYPES = {"tensor(float)": "float32", "tensor(double)": "float64", "tensor(int64)": "int64",
           "tensor(int32)": "int32", "tensor(bool)": "bool", "tensor(uint8)": "uint8",
           "tensor(int8)": "int8"}
