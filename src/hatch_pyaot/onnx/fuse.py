"""Graph rewrites before lowering: a BatchNormalization after a Conv is folded into the
Conv's weights and bias, and a Relu or Clip after a Conv, Gemm or MatMul becomes the
activation that op applies as it stores (``attrs["_act"]``), so the tensor between them is
never written."""

from __future__ import annotations

from collections import Counter

from hatch_pyaot.onnx.graph import Graph, Node

PRODUCERS = ("Conv", "Gemm", "MatMul")


def fuse(graph: Graph) -> None:
    readers = Counter(name for node in graph.nodes for name in node.inputs)
    readers.update(t.name for t in graph.outputs)
    producer = {out: node for node in graph.nodes for out in node.outputs}
    kept: list[Node] = []
    for node in graph.nodes:
        src = producer.get(node.inputs[0]) if node.inputs else None
        if src is None or readers[node.inputs[0]] != 1 or "_act" in src.attrs:
            kept.append(node)
            continue
        folded = node.op == "BatchNormalization" and src.op == "Conv" and _fold_bn(
            graph, src, node)
        fused = folded or (node.op in ("Relu", "Clip") and src.op in PRODUCERS and
                           _activation(graph, src, node))
        if not fused:
            kept.append(node)
            continue
        src.outputs[0] = node.outputs[0]
        producer[node.outputs[0]] = src
    graph.nodes[:] = kept


def _activation(graph: Graph, src: Node, node: Node) -> bool:
    if node.op == "Relu":
        src.attrs["_act"] = ("Relu", 0.0, 0.0)
        return True
    bounds = []
    for i, default in ((1, -float("inf")), (2, float("inf"))):
        name = node.inputs[i] if len(node.inputs) > i else ""
        if name and name not in graph.consts:
            return False
        bounds.append(float(graph.consts[name]) if name else default)
    src.attrs["_act"] = ("Clip", bounds[0], bounds[1])
    return True


def _fold_bn(graph: Graph, conv: Node, bn: Node) -> bool:
    import numpy as np

    names = [*conv.inputs[1:3], *bn.inputs[1:5]]
    if len(bn.inputs) < 5 or len(bn.outputs) > 1 or any(
            n and n not in graph.consts for n in names):
        return False
    w = graph.consts[conv.inputs[1]].astype(np.float64)
    b = graph.consts[conv.inputs[2]].astype(np.float64) if len(conv.inputs) > 2 and \
        conv.inputs[2] else np.zeros(w.shape[0])
    gamma, beta, mean, var = (graph.consts[n].astype(np.float64) for n in bn.inputs[1:5])
    scale = gamma / np.sqrt(var + bn.attrs.get("epsilon", 1e-5))
    graph.consts[f"{conv.name}#w"] = (w * scale.reshape(-1, *[1] * (w.ndim - 1))).astype(
        np.float32)
    graph.consts[f"{conv.name}#b"] = ((b - mean) * scale + beta).astype(np.float32)
    conv.inputs[1:3] = [f"{conv.name}#w", f"{conv.name}#b"]
    return True
