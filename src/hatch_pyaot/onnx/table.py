"""Every ONNX op the compiler lowers, by name: the union of the ops_*.py tables."""

from __future__ import annotations

from hatch_pyaot.onnx import ops_elementwise, ops_nn, ops_rnn, ops_shape
from hatch_pyaot.onnx.lower import Lowering

TABLE: dict[str, Lowering] = {**ops_elementwise.TABLE, **ops_nn.TABLE, **ops_shape.TABLE,
                               **ops_rnn.TABLE}
