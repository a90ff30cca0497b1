"""Lowering of LSTM: per direction, W packed for the input projection's GEMM, R as it is,
the two biases summed, and the optional initial state and peepholes (constants or tensors
of the run)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatch_pyaot.onnx.graph import ModelError, Node
from hatch_pyaot.onnx.ops_nn import pack

if TYPE_CHECKING:
    from hatch_pyaot.onnx.lower import Lowerer, Lowering

DEFAULT_ACTIVATIONS = ([b"Sigmoid", b"Tanh", b"Tanh"], ["Sigmoid", "Tanh", "Tanh"])


def _input(node: Node, i: int) -> str:
    return node.inputs[i] if len(node.inputs) > i else ""


def _lstm(lw: Lowerer, node: Node) -> None:
    import numpy as np

    where = f"node '{node.name}' (LSTM)"
    if node.attrs.get("layout", 0) or node.attrs.get("input_forget", 0) or "clip" in \
            node.attrs:
        raise ModelError(f"{where}: layout=1, input_forget and clip are not supported")
    activations = node.attrs.get("activations")
    if activations is not None and activations[:3] not in DEFAULT_ACTIVATIONS:
        raise ModelError(f"{where}: only the default activations are supported")
    if _input(node, 4):
        lens = lw.const(_input(node, 4))
        seq = lw.tensor(node.inputs[0]).shape[0]
        if lens is None or not np.all(lens == seq):
            raise ModelError(f"{where}: sequence_lens other than the full length")
    w, r = lw.const(node.inputs[1]), lw.const(node.inputs[2])
    if w is None or r is None:
        raise ModelError(f"{where}: W and R must be constants of the model")
    bias = lw.const(_input(node, 3)) if _input(node, 3) else None
    peep = lw.const(_input(node, 7)) if _input(node, 7) else None
    if (_input(node, 3) and bias is None) or (_input(node, 7) and peep is None):
        raise ModelError(f"{where}: B and P must be constants of the model")
    seq, batch, size = lw.tensor(node.inputs[0]).shape
    dirs, hidden = w.shape[0], r.shape[2]
    direction = node.attrs.get("direction", b"forward")
    direction = direction.decode() if isinstance(direction, bytes) else direction
    outs = [node.outputs[i] if len(node.outputs) > i and node.outputs[i] else "" for i in
            range(3)]
    y, yh, yc = (lw.ptr(o) if o else "nullptr" for o in outs)
    for d in range(dirs):
        packed = lw.embed(pack(w[d].astype(np.float32)), "float32")
        rd = lw.embed(r[d], "float32")
        b = lw.embed(bias[d, :4 * hidden] + bias[d, 4 * hidden:], "float32") \
            if bias is not None else "nullptr"
        p = lw.embed(peep[d], "float32") if peep is not None else "nullptr"
        states = []
        for i in (5, 6):
            name = _input(node, i)
            value = lw.const(name) if name else None
            states.append("nullptr" if not name else
                          f"{lw.embed(value[d], 'float32')}" if value is not None else
                          f"{lw.ptr(name)} + {d * batch * hidden}")
        reverse = "true" if direction == "reverse" or (direction == "bidirectional" and d) \
            else "false"
        lw.fail(f"pyaot::onnx::lstm(pyaot::onnx::Lstm{{{seq}, {batch}, {size}, {hidden}, {dirs}, "
                f"{lw.ptr(node.inputs[0])}, {packed}, {rd}, {b}, {p}, {states[0]}, {states[1]}, "
                f"{y}, {yh}, {yc}, {d}, {reverse}}})")


TABLE: dict[str, Lowering] = {"LSTM": _lstm}
