"""Lowerings of LSTM and GRU: per direction, W packed for the input projection's GEMM, R as
it is, the biases outside a product summed into the projection's, and the optional initial
state and peepholes (constants or tensors of the run)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from hatch_pyaot.onnx.graph import ModelError, Node
from hatch_pyaot.onnx.ops_nn import pack

if TYPE_CHECKING:
    from hatch_pyaot.onnx.lower import Lowerer, Lowering

DEFAULT_ACTIVATIONS = ([b"Sigmoid", b"Tanh", b"Tanh"], ["Sigmoid", "Tanh", "Tanh"])
GRU_ACTIVATIONS = ([b"Sigmoid", b"Tanh"], ["Sigmoid", "Tanh"])


def _input(node: Node, i: int) -> str:
    return node.inputs[i] if len(node.inputs) > i else ""


@dataclass
class _Rnn:
    """What LSTM and GRU share: the checked constants and the shapes of one node."""

    w: Any
    r: Any
    bias: Any
    seq: int
    batch: int
    size: int
    dirs: int
    hidden: int
    direction: str
    outs: list[str]

    def reverse(self, d: int) -> str:
        return "true" if self.direction == "reverse" or (self.direction == "bidirectional"
                                                         and d) else "false"


def _recurrent(lw: Lowerer, node: Node, defaults: tuple[list[Any], ...]) -> _Rnn:
    import numpy as np

    where = f"node '{node.name}' ({node.op})"
    if node.attrs.get("layout", 0) or node.attrs.get("input_forget", 0) or "clip" in \
            node.attrs:
        raise ModelError(f"{where}: layout=1, input_forget and clip are not supported")
    activations = node.attrs.get("activations")
    if activations is not None and activations[:len(defaults[0])] not in defaults:
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
    if _input(node, 3) and bias is None:
        raise ModelError(f"{where}: B must be a constant of the model")
    seq, batch, size = lw.tensor(node.inputs[0]).shape
    direction = node.attrs.get("direction", b"forward")
    direction = direction.decode() if isinstance(direction, bytes) else direction
    outs = [node.outputs[i] if len(node.outputs) > i and node.outputs[i] else "" for i in
            range(3)]
    return _Rnn(w, r, bias, seq, batch, size, w.shape[0], r.shape[2], direction, outs)


def _state(lw: Lowerer, node: Node, i: int, d: int, rnn: _Rnn) -> str:
    """Input i (an initial state) of direction d: a constant, a tensor of the run, or none."""
    name = _input(node, i)
    value = lw.const(name) if name else None
    return ("nullptr" if not name else f"{lw.embed(value[d], 'float32')}" if value is not None
            else f"{lw.ptr(name)} + {d * rnn.batch * rnn.hidden}")


def _lstm(lw: Lowerer, node: Node) -> None:
    import numpy as np

    rnn = _recurrent(lw, node, DEFAULT_ACTIVATIONS)
    peep = lw.const(_input(node, 7)) if _input(node, 7) else None
    if _input(node, 7) and peep is None:
        raise ModelError(f"node '{node.name}' (LSTM): P must be a constant of the model")
    hidden, bias = rnn.hidden, rnn.bias
    y, yh, yc = (lw.ptr(o) if o else "nullptr" for o in rnn.outs)
    for d in range(rnn.dirs):
        packed = lw.embed(pack(rnn.w[d].astype(np.float32)), "float32")
        rd = lw.embed(rnn.r[d], "float32")
        b = lw.embed(bias[d, :4 * hidden] + bias[d, 4 * hidden:], "float32") \
            if bias is not None else "nullptr"
        p = lw.embed(peep[d], "float32") if peep is not None else "nullptr"
        lw.fail(f"pyaot::onnx::lstm(pyaot::onnx::Lstm{{{rnn.seq}, {rnn.batch}, {rnn.size}, "
                f"{hidden}, {rnn.dirs}, {lw.ptr(node.inputs[0])}, {packed}, {rd}, {b}, {p}, "
                f"{_state(lw, node, 5, d, rnn)}, {_state(lw, node, 6, d, rnn)}, "
                f"{y}, {yh}, {yc}, {d}, {rnn.reverse(d)}}})")


def _gru(lw: Lowerer, node: Node) -> None:
    import numpy as np

    rnn = _recurrent(lw, node, GRU_ACTIVATIONS)
    hidden, lbr = rnn.hidden, bool(node.attrs.get("linear_before_reset", 0))
    y, yh = (lw.ptr(o) if o else "nullptr" for o in rnn.outs[:2])
    for d in range(rnn.dirs):
        packed = lw.embed(pack(rnn.w[d].astype(np.float32)), "float32")
        rd = lw.embed(rnn.r[d], "float32")
        b, rbh = "nullptr", "nullptr"
        if rnn.bias is not None:
            wb, rb = rnn.bias[d, :3 * hidden], rnn.bias[d, 3 * hidden:].copy()
            if lbr:  # Rbh stays inside the product with r
                rbh = lw.embed(rb[2 * hidden:], "float32")
                rb[2 * hidden:] = 0
            b = lw.embed(wb + rb, "float32")
        elif lbr:
            rbh = lw.embed(np.zeros(hidden, np.float32), "float32")
        lw.fail(f"pyaot::onnx::gru(pyaot::onnx::Gru{{{rnn.seq}, {rnn.batch}, {rnn.size}, "
                f"{hidden}, {rnn.dirs}, {lw.ptr(node.inputs[0])}, {packed}, {rd}, {b}, {rbh}, "
                f"{_state(lw, node, 5, d, rnn)}, {y}, {yh}, {d}, {rnn.reverse(d)}, "
                f"{'true' if lbr else 'false'}}})")


TABLE: dict[str, Lowering] = {"LSTM": _lstm, "GRU": _gru}
