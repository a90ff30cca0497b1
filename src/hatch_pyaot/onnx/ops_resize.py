"""Resize in linear or cubic mode, lowered as one 1-d resampling per resized axis (the
modes are separable): each axis's weights are found by running the node itself (onnx's
reference runtime) on an identity matrix along that axis, so every coordinate
transformation mode and cubic coefficient is onnx's own."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from hatch_pyaot.onnx.graph import ModelError, Node

if TYPE_CHECKING:
    from hatch_pyaot.onnx.lower import Lowerer


def _axis_matrix(lw: Lowerer, node: Node, axis: int, n_in: int, n_out: int) -> Any:
    """M (n_out x n_in): output row r along ``axis`` is M[r] times the input rows."""
    import numpy as np
    from onnx import helper
    from onnx.reference import ReferenceEvaluator

    rank = len(lw.tensor(node.inputs[0]).shape)
    probe_axis = 0 if axis != 0 else 1
    shape = [1] * rank
    shape[axis], shape[probe_axis] = n_in, n_in
    probe = np.zeros(shape, np.float64)
    for i in range(n_in):
        index = [0] * rank
        index[axis] = index[probe_axis] = i
        probe[tuple(index)] = 1.0
    scales_in = lw.const(node.inputs[2]) if len(node.inputs) > 2 and node.inputs[2] else None
    attrs = {k: v for k, v in node.attrs.items() if not k.startswith("_") and k != "axes"}
    if scales_in is not None and scales_in.size:
        scales = np.ones(rank, np.float32)
        full = _full(node, scales_in, rank, 1.0)
        scales[axis] = full[axis]
        inputs, feeds = ["x", "", "scales"], {"x": probe, "scales": scales}
    else:
        sizes = np.array(shape, np.int64)
        sizes[axis] = n_out
        inputs, feeds = ["x", "", "", "sizes"], {"x": probe, "sizes": sizes}
    proto = helper.make_node("Resize", inputs, ["y"], **attrs)
    (out,) = ReferenceEvaluator(proto, opsets={"": lw.graph.opset}).run(None, feeds)
    out = np.moveaxis(np.asarray(out), (probe_axis, axis), (0, 1)).reshape(n_in, -1)
    if out.shape[1] != n_out:
        raise ModelError(f"node '{node.name}' (Resize) cannot be lowered: axis {axis} gives "
                         f"{out.shape[1]} elements, shape inference {n_out}")
    return out.T


def _full(node: Node, values: Any, rank: int, fill: float) -> list[float]:
    axes = node.attrs.get("axes")
    if axes is None:
        return [float(v) for v in values]
    full = [fill] * rank
    for a, v in zip(axes, values, strict=True):
        full[a % rank] = float(v)
    return full


def linear(lw: Lowerer, node: Node) -> None:
    """Resize (linear or cubic): a resampling per axis whose length changes, through
    scratch tensors of the arena between them."""
    import numpy as np

    x, y = lw.tensor(node.inputs[0]), lw.tensor(node.outputs[0])
    axes = [a for a in range(len(x.shape)) if x.shape[a] != y.shape[a]]
    if not axes:
        lw.line(f"pyaot::onnx::unary({lw.ptr(node.outputs[0])}, {lw.ptr(node.inputs[0])}, "
                f"{x.size}, [](float v) noexcept {{ return v; }});")
        return
    shape = list(x.shape)
    source = lw.ptr(node.inputs[0])
    for step, axis in enumerate(axes):
        n_in, n_out = shape[axis], y.shape[axis]
        matrix = _axis_matrix(lw, node, axis, n_in, n_out)
        taps = max(1, int((np.abs(matrix) > 0).sum(axis=1).max()))
        index = np.zeros((n_out, taps), np.int32)
        weight = np.zeros((n_out, taps), np.float32)
        for r in range(n_out):
            nz = np.nonzero(matrix[r])[0]
            index[r, :len(nz)], weight[r, :len(nz)] = nz, matrix[r, nz]
        shape[axis] = n_out
        last = step == len(axes) - 1
        target = lw.ptr(node.outputs[0]) if last else \
            lw.scratch(f"{node.name}#resize{step}", math.prod(shape))
        lw.line(f"pyaot::onnx::resample({target}, {source}, {math.prod(shape[:axis])}, {n_in}, "
                f"{n_out}, {math.prod(shape[axis + 1:])}, {lw.embed(index)}, "
                f"{lw.embed(weight)}, {taps});")
        source = target
