"""Every ONNX op the compiler lowers, by name: the union of the ops_*.py tables."""

from __future__ import annotations

from hatch_pyaot.onnx import ops_einsum, ops_elementwise, ops_nn, ops_rnn, ops_shape
from hatch_pyaot.onnx.lower import Lowering

KINDS: dict[str, dict[str, Lowering]] = {
    "elementwise": ops_elementwise.TABLE, "network": ops_nn.TABLE,
    "data movement": ops_shape.TABLE, "recurrent": ops_rnn.TABLE,
    "contraction": ops_einsum.TABLE,
}
"""The tables by the kind of op they hold (``pyaot ops onnx`` names the kind)."""

TABLE: dict[str, Lowering] = {op: f for table in KINDS.values() for op, f in table.items()}


def listing() -> str:
    """``pyaot ops onnx``: every op a line with its kind, then the count."""
    rows = sorted((op, kind) for kind, table in KINDS.items() for op in table)
    return "".join(f"{op}    -- {kind}\n" for op, kind in rows) + f"{len(rows)} ONNX ops\n"
