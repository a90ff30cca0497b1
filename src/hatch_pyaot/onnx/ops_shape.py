"""Lowerings of the ops that move data. Reshape, Flatten, Squeeze and Unsqueeze copy the
buffer. Transpose, Slice, Gather (constant indices), Pad, Expand, Tile, Resize (nearest),
DepthToSpace and SpaceToDepth are each one gather through an index table computed here, by
running the node itself (onnx's reference runtime) on the indices of its input. Concat and
Split copy contiguous blocks."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from hatch_pyaot.onnx.graph import ModelError, Node
from hatch_pyaot.onnx.lower import cpp_type
from hatch_pyaot.onnx.ops_elementwise import operand, unary_call

if TYPE_CHECKING:
    from hatch_pyaot.onnx.lower import Lowerer, Lowering


def _copy(lw: Lowerer, node: Node) -> None:
    unary_call(lw, node.outputs[0], node.inputs[0], "v")


def _index_table(lw: Lowerer, node: Node) -> Any:
    """The output's element i is the input's element table[i] (-1: padding)."""
    import numpy as np
    from onnx.reference import ReferenceEvaluator

    x = lw.tensor(node.inputs[0])
    for name in node.inputs[1:]:
        if name and lw.const(name) is None:
            raise ModelError(f"node '{node.name}' ({node.op}): its input '{name}' must be a "
                             "constant of the model (shapes, indices, pads)")
    float_index = node.op == "Resize"
    index = np.arange(x.size, dtype=np.float64 if float_index else np.int64).reshape(x.shape)
    feeds = {node.inputs[0]: index}
    for position, name in enumerate(node.inputs[1:], start=1):
        if not name:
            continue
        value = lw.const(name)
        if node.op == "Pad" and position == 2:  # constant_value: marks the padding
            value = np.array(-1, index.dtype)
        feeds[name] = value
    from onnx import helper

    attrs = {k: v for k, v in node.attrs.items() if not k.startswith("_")}
    proto = helper.make_node(node.op, node.inputs, node.outputs[:1], **attrs)
    if node.op == "Pad" and (len(node.inputs) < 3 or not node.inputs[2]):
        mode = attrs.get("mode", b"constant")
        if mode in (b"constant", "constant"):
            inputs = [*node.inputs[:2], "#fill"]
            feeds["#fill"] = np.array(-1, index.dtype)
            proto = helper.make_node("Pad", inputs, node.outputs[:1], **attrs)
    try:
        (table,) = ReferenceEvaluator(proto, opsets={"": lw.graph.opset}).run(None, feeds)
    except Exception as exc:
        raise ModelError(f"node '{node.name}' ({node.op}) cannot be lowered: {exc}") from None
    return np.asarray(table).astype(np.int64 if x.size >= 2**31 else np.int32).reshape(-1)


def _fill(lw: Lowerer, node: Node) -> str:
    if node.op == "Pad" and len(node.inputs) > 2 and node.inputs[2]:
        value = lw.const(node.inputs[2])
        return f"{cpp_type(lw.tensor(node.inputs[0]).dtype)}({float(value)!r})"
    return "{}"


def _gather_runtime(lw: Lowerer, node: Node) -> None:
    """Gather whose indices are a tensor of the run."""
    data, data_shape, t = operand(lw, node.inputs[0])
    indices = lw.tensor(node.inputs[1])
    axis = node.attrs.get("axis", 0) % len(data_shape)
    lw.fail(f"pyaot::onnx::gather_runtime<{t}>({lw.ptr(node.outputs[0])}, {data}, "
            f"{lw.ptr(node.inputs[1])}, {indices.size}, {math.prod(data_shape[:axis])}, "
            f"{data_shape[axis]}, {math.prod(data_shape[axis + 1:])})")


def _gather(lw: Lowerer, node: Node) -> None:
    if node.op == "Gather" and lw.const(node.inputs[1]) is None:
        _gather_runtime(lw, node)
        return
    if node.op == "Resize":
        mode = node.attrs.get("mode", b"nearest")
        if mode not in (b"nearest", "nearest"):
            from hatch_pyaot.onnx.ops_resize import linear

            linear(lw, node)
            return
    table = lw.embed(_index_table(lw, node))
    out = lw.tensor(node.outputs[0])
    lw.line(f"pyaot::onnx::gather({lw.ptr(node.outputs[0])}, {lw.ptr(node.inputs[0])}, {table}, "
            f"{out.size}, {_fill(lw, node)});")


def _concat(lw: Lowerer, node: Node) -> None:
    out = lw.tensor(node.outputs[0])
    axis = node.attrs["axis"] % len(out.shape)
    inner = math.prod(out.shape[axis + 1:])
    parts, chunks = [], []
    for name in node.inputs:
        pointer, shape, _ = operand(lw, name)
        parts.append(pointer)
        chunks.append(shape[axis] * inner)
    t = cpp_type(out.dtype)
    lw.line(f"{{ const {t}* parts[] = {{{', '.join(parts)}}}; const std::int64_t chunks[] = "
            f"{{{', '.join(map(str, chunks))}}};")
    lw.line(f"  pyaot::onnx::concat({lw.ptr(node.outputs[0])}, parts, chunks, {len(parts)}, "
            f"{math.prod(out.shape[:axis])}); }}")


def _split(lw: Lowerer, node: Node) -> None:
    x = lw.tensor(node.inputs[0])
    axis = node.attrs.get("axis", 0) % len(x.shape)
    inner = math.prod(x.shape[axis + 1:])
    outs = [o for o in node.outputs if o]
    if len(outs) != len(node.outputs):
        raise ModelError(f"node '{node.name}' (Split): unused outputs are not supported")
    chunks = [lw.tensor(o).shape[axis] * inner for o in outs]
    t = cpp_type(x.dtype)
    lw.line(f"{{ {t}* parts[] = {{{', '.join(lw.ptr(o) for o in outs)}}}; const std::int64_t "
            f"chunks[] = {{{', '.join(map(str, chunks))}}};")
    lw.line(f"  pyaot::onnx::split(parts, {lw.ptr(node.inputs[0])}, chunks, {len(outs)}, "
            f"{math.prod(x.shape[:axis])}); }}")


GATHERS = ("Transpose", "Slice", "Gather", "Pad", "Expand", "Tile", "Resize", "DepthToSpace",
           "SpaceToDepth", "ReverseSequence")

TABLE: dict[str, Lowering] = {
    **dict.fromkeys(("Reshape", "Flatten", "Squeeze", "Unsqueeze"), _copy),
    **dict.fromkeys(GATHERS, _gather),
    "Concat": _concat, "Split": _split,
}  # fmt: skip
