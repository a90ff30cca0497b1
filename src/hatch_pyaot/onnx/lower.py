"""Lower a loaded ONNX graph (graph.py) to one C++ function, ``run(out, inputs...)``, in a
namespace of its own: the inputs checked and made contiguous, the outputs allocated, every
intermediate tensor at an offset of one scratch arena (planned here: a tensor's bytes are
reused once its last reader has run), and one kernel call per node, chosen by the op's
lowering in the tables of ops_*.py. Weights are embedded as read-only arrays, packed for
the GEMM where an op wants that."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from hatch_pyaot.onnx.graph import Graph, ModelError, Node, Tensor

CPP_TYPES = {
    "float32": "float", "float64": "double", "int64": "std::int64_t", "int32": "std::int32_t",
    "int8": "std::int8_t", "uint8": "std::uint8_t", "bool": "bool",
}  # fmt: skip

HEADERS = ("pyaot/onnx/tensor.hpp", "pyaot/onnx/activation.hpp", "pyaot/onnx/elementwise.hpp",
           "pyaot/onnx/gemm.hpp", "pyaot/onnx/conv.hpp", "pyaot/onnx/pool.hpp",
           "pyaot/onnx/reduce.hpp", "pyaot/onnx/gather.hpp", "pyaot/onnx/lstm.hpp",
           "pyaot/onnx/gru.hpp", "pyaot/onnx/einsum.hpp")

Lowering = Callable[["Lowerer", Node], None]


def cpp_type(dtype: str) -> str:
    if dtype not in CPP_TYPES:
        raise ModelError(f"tensors of element type {dtype} are not supported")
    return CPP_TYPES[dtype]


@dataclass
class Lowerer:
    graph: Graph
    display: str
    """How the call's error messages name the model (the module-level handle's name)."""
    table: dict[str, Lowering]
    lines: list[str] = field(default_factory=list)
    weights: list[str] = field(default_factory=list)
    pointers: dict[str, str] = field(default_factory=dict)
    planned: int = 0
    """Bytes of the arena that the intermediate tensors take."""
    extra: int = 0
    """Bytes after them for scratch of single ops (scratch())."""

    # ----- what op lowerings use ----------------------------------------------------------

    def tensor(self, name: str) -> Tensor:
        return self.graph.tensors[name]

    def const(self, name: str) -> Any:
        """The constant value of a tensor, or None when it is computed at run time."""
        return self.graph.consts.get(name) if name else None

    def ptr(self, name: str) -> str:
        return self.pointers[name]

    def line(self, text: str) -> None:
        self.lines.append("  " + text)

    def embed(self, values: Any, dtype: str | None = None) -> str:
        """A read-only array with ``values`` (a NumPy array), by its C++ name."""
        import numpy as np

        array = np.ascontiguousarray(values, dtype=dtype or values.dtype).reshape(-1)
        name = f"w{len(self.weights)}"
        ctype = cpp_type(array.dtype.name)
        items = _literals(array) if array.size else "0"
        self.weights.append(f"alignas(64) inline constexpr {ctype} {name}[] = {{{items}}};")
        return name

    def scratch(self, name: str, floats: int) -> str:
        """A float buffer of the arena that no tensor shares: one op's temporary."""
        offset = self.planned + self.extra
        self.extra += (floats * 4 + 63) // 64 * 64
        self.pointers[name] = f"arena.at<float>({offset})"
        return self.pointers[name]

    def fail(self, call: str) -> None:
        self.line(f"if (!{call}) [[unlikely]] return false;")

    # ----- the function -------------------------------------------------------------------

    def lower(self) -> list[str]:
        g = self.graph
        body: list[str] = []
        params = []
        for i, t in enumerate(g.inputs):
            array = _array_type(t)
            params.append(f"const {array}& in{i}")
            body.append(f"  {array} x{i};")
            body.append(f"  if (!pyaot::onnx::input(x{i}, in{i}, {_shape(t)}, "
                        f"\"{self.display}\", \"{_escape(t.name)}\")) return false;")
            self.pointers[t.name] = f"x{i}.data"
        for i, t in enumerate(g.outputs):
            if t.name in self.pointers:
                raise ModelError(f"output '{t.name}' is also an input of the model")
            body.append(f"  {_array_type(t)} y{i};")
            body.append(f"  if (!pyaot::numpy::empty(y{i}, {_shape(t)})) return false;")
            self.pointers[t.name] = f"y{i}.data"
        body.append("  pyaot::onnx::Arena arena;")
        self.planned = self._plan()
        for node in g.nodes:
            lowering = self.table.get(node.op)
            if lowering is None:
                raise ModelError(f"node '{node.name}' ({node.op}) is not supported")
            self.line(f"// {node.op} '{_escape(node.name)}'")
            lowering(self, node)
        body.append(f"  if (!arena.allocate({self.planned + self.extra})) return false;")
        outs = [f"y{i}" for i in range(len(g.outputs))]
        result = outs[0] if len(outs) == 1 else f"{{{', '.join(outs)}}}"
        signature = f"inline bool run({result_type(g)}& out, {', '.join(params)}) noexcept {{"
        return [*self.weights, "", signature, *body, *self.lines, f"  out = {result};",
                "  return true;", "}"]

    def _plan(self) -> int:
        """Offsets in the arena for the intermediate tensors (first fit among the tensors
        alive at once), recorded as pointers; the arena's size."""
        g = self.graph
        last: dict[str, int] = {}
        for index, node in enumerate(g.nodes):
            for name in node.inputs:
                last[name] = index
        live: list[tuple[int, int, str]] = []  # (offset, bytes, tensor)
        size = 0
        for index, node in enumerate(g.nodes):
            live = [b for b in live if last.get(b[2], -1) >= index]
            for name in node.outputs:
                if not name or name in self.pointers:
                    continue
                t = self.tensor(name)
                nbytes = (t.size * _itemsize(t.dtype) + 63) // 64 * 64
                offset = 0
                for start, length, _ in sorted(live):
                    if offset + nbytes <= start:
                        break
                    offset = max(offset, start + length)
                live.append((offset, nbytes, name))
                size = max(size, offset + nbytes)
                self.pointers[name] = f"arena.at<{cpp_type(t.dtype)}>({offset})"
        return size


def result_type(g: Graph) -> str:
    arrays = [_array_type(t) for t in g.outputs]
    return arrays[0] if len(arrays) == 1 else f"std::tuple<{', '.join(arrays)}>"


def _array_type(t: Tensor) -> str:
    return f"pyaot::numpy::ndarray<{cpp_type(t.dtype)}, {len(t.shape)}>"


def _shape(t: Tensor) -> str:
    return f"std::array<std::int64_t, {len(t.shape)}>{{{', '.join(map(str, t.shape))}}}"


def _escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"')


def _itemsize(dtype: str) -> int:
    import numpy as np

    return int(np.dtype(dtype).itemsize)


def _literals(array: Any) -> str:
    kind = array.dtype.kind
    if kind == "b":
        return ",".join("true" if v else "false" for v in array.tolist())
    if kind in "iu":
        return ",".join(f"{v}" if v > -(2**63) else "INT64_MIN" for v in array.tolist())
    suffix = "f" if array.dtype.itemsize == 4 else ""
    return ",".join(_float(v, suffix) for v in array.tolist())


def _float(v: float, suffix: str) -> str:
    if math.isfinite(v):
        return f"{v!r}{suffix}"
    if math.isnan(v):
        return "__builtin_nanf(\"\")" if suffix else "__builtin_nan(\"\")"
    return ("-" if v < 0 else "") + ("__builtin_inff()" if suffix else "__builtin_inf()")


def dims6(shape: tuple[int, ...]) -> tuple[int, ...]:
    """A shape padded in front to six dimensions."""
    if len(shape) > 6:
        raise ModelError(f"tensors of rank {len(shape)} are not supported (at most 6)")
    return (1,) * (6 - len(shape)) + tuple(shape)


def cpp_dims(values: tuple[int, ...]) -> str:
    return f"pyaot::onnx::Dims{{{', '.join(map(str, values))}}}"
