"""Load an ONNX model for lowering: check it (fixed input shapes, standard-domain ops of
opsets 13-21), infer every tensor's shape, and fold what the build can compute (initializers,
Constant, Shape of a static tensor, any node whose inputs are all constants, evaluated by
onnx's reference runtime; an If whose condition folds becomes the branch it takes). What is
left are the nodes that run: each must be an op the lowering tables know, with static output
shapes."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

OPSETS = range(13, 22)


class ModelError(Exception):
    """A model that cannot be lowered; the message says why (and names the node)."""


@dataclass(frozen=True)
class Tensor:
    name: str
    dtype: str
    """NumPy's name: float32, int64, bool."""
    shape: tuple[int, ...]

    @property
    def size(self) -> int:
        n = 1
        for d in self.shape:
            n *= d
        return n


@dataclass
class Node:
    op: str
    name: str
    inputs: list[str]
    outputs: list[str]
    attrs: dict[str, Any]


@dataclass
class Graph:
    path: Path
    opset: int
    inputs: list[Tensor]
    outputs: list[Tensor]
    tensors: dict[str, Tensor] = field(default_factory=dict)
    """Every tensor computed at run time (the inputs too), by name."""
    consts: dict[str, Any] = field(default_factory=dict)
    """NumPy arrays known when the package builds, by name."""
    nodes: list[Node] = field(default_factory=list)


def import_onnx() -> Any:
    try:
        import onnx
    except ImportError:
        raise ModelError("the 'onnx' package is needed to compile a function that calls an "
                         "ONNX model: pip install 'hatch-pyaot[onnx]'") from None
    return onnx


def load(path: Path, supported: Collection[str]) -> Graph:
    onnx = import_onnx()
    if not path.is_file():
        raise ModelError(f"the ONNX model file '{path}' does not exist")
    try:
        model = onnx.load(str(path))
        onnx.checker.check_model(model)
    except Exception as exc:
        raise ModelError(f"'{path.name}' is not a valid ONNX model: {_first_line(exc)}") from None
    opset = next((o.version for o in model.opset_import if o.domain in ("", "ai.onnx")), 0)
    if opset not in OPSETS:
        raise ModelError(f"'{path.name}' uses opset {opset}; opsets {OPSETS.start}-"
                         f"{OPSETS.stop - 1} are supported")
    try:
        model = onnx.shape_inference.infer_shapes(model, strict_mode=True, data_prop=True)
    except Exception as exc:
        raise ModelError(f"the shapes of '{path.name}' cannot be inferred: "
                         f"{_first_line(exc)}") from None
    return _Folder(onnx, path, opset, supported).run(model)


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[-1] if text else type(exc).__name__


class _Folder:
    def __init__(self, onnx: Any, path: Path, opset: int, supported: Collection[str]) -> None:
        self.onnx = onnx
        self.path = path
        self.opset = opset
        self.supported = supported
        self.infos: dict[str, Tensor | None] = {}

    def run(self, model: Any) -> Graph:
        from onnx import numpy_helper

        g = model.graph
        graph = Graph(self.path, self.opset, [], [])
        for init in g.initializer:
            graph.consts[init.name] = numpy_helper.to_array(init)
        for vi in (*g.input, *g.value_info, *g.output):
            self.infos[vi.name] = self._tensor(vi)
        for vi in g.input:
            if vi.name in graph.consts:
                continue
            t = self.infos[vi.name]
            if t is None:
                raise ModelError(f"input '{vi.name}' of '{self.path.name}' has no fixed shape "
                                 "and element type; the compiler needs static shapes")
            graph.inputs.append(t)
            graph.tensors[t.name] = t
        for index, proto in enumerate(g.node):
            self._node(graph, proto, index)
        for vi in g.output:
            if vi.name in graph.consts:
                raise ModelError(f"output '{vi.name}' of '{self.path.name}' is a constant")
            graph.outputs.append(graph.tensors[vi.name])
        return graph

    def _tensor(self, vi: Any) -> Tensor | None:
        from onnx import helper

        tt = vi.type.tensor_type
        if not vi.type.HasField("tensor_type") or not tt.HasField("shape"):
            return None
        dims = []
        for d in tt.shape.dim:
            if not d.HasField("dim_value") or d.dim_value < 0:
                return None
            dims.append(int(d.dim_value))
        dtype = helper.tensor_dtype_to_np_dtype(tt.elem_type).name
        return Tensor(vi.name, dtype, tuple(dims))

    def _node(self, graph: Graph, proto: Any, index: int, scope: str = "") -> None:
        from onnx import helper

        name = proto.name or f"{scope}#{index}"
        where = f"node '{name}' ({proto.op_type})"
        if proto.domain not in ("", "ai.onnx"):
            raise ModelError(f"{where} of '{self.path.name}' is in the domain "
                             f"'{proto.domain}'; only standard ONNX ops are supported")
        attrs = {a.name: helper.get_attribute_value(a) for a in proto.attribute}
        inputs = list(proto.input)
        if proto.op_type == "If":
            self._if(graph, proto, attrs, name, where)
            return
        if proto.op_type == "Shape" and inputs[0] in graph.tensors:
            shape = graph.tensors[inputs[0]].shape
            start, end = attrs.get("start", 0), attrs.get("end", len(shape))
            import numpy as np

            graph.consts[proto.output[0]] = np.array(shape[start:end], dtype=np.int64)
            return
        if proto.op_type == "Size" and inputs[0] in graph.tensors:
            import numpy as np

            graph.consts[proto.output[0]] = np.array(graph.tensors[inputs[0]].size, np.int64)
            return
        if all(i == "" or i in graph.consts for i in inputs) and proto.op_type not in (
                "RandomNormal", "RandomUniform", "RandomNormalLike", "RandomUniformLike"):
            self._fold(graph, proto, where)
            return
        if proto.op_type not in self.supported:
            raise ModelError(f"{where} of '{self.path.name}': the op {proto.op_type} is not "
                             "supported by the compiler")
        known = {out: self.infos.get(out) for out in proto.output if out}
        if any(t is None for t in known.values()):
            known = self._run_for_shapes(graph, proto, where)
        graph.tensors.update({out: t for out, t in known.items() if t is not None})
        graph.nodes.append(Node(proto.op_type, name, inputs, list(proto.output), attrs))

    def _if(self, graph: Graph, proto: Any, attrs: dict[str, Any], name: str,
            where: str) -> None:
        """An If whose condition folds: the branch it takes, inlined (its nodes read the outer
        graph's tensors by name), and its outputs copied to the If's."""
        cond = graph.consts.get(proto.input[0])
        if cond is None:
            raise ModelError(f"{where} of '{self.path.name}': its condition is computed at run "
                             "time; an If is supported only when its condition folds")
        if cond.size != 1:
            raise ModelError(f"{where} of '{self.path.name}': its condition holds {cond.size} "
                             "values, not one")
        branch = attrs["then_branch" if bool(cond.reshape(-1)[0]) else "else_branch"]
        from onnx import numpy_helper

        for init in branch.initializer:
            graph.consts[init.name] = numpy_helper.to_array(init)
        for vi in (*branch.value_info, *branch.output):
            self.infos.setdefault(vi.name, self._tensor(vi))
        for index, sub in enumerate(branch.node):
            self._node(graph, sub, index, f"{name}/")
        for inner, outer in zip((o.name for o in branch.output), proto.output, strict=True):
            if inner in graph.consts:
                graph.consts[outer] = graph.consts[inner]
            else:
                t = graph.tensors[inner]
                graph.tensors[outer] = Tensor(outer, t.dtype, t.shape)
                graph.nodes.append(Node("Identity", f"{name}/{outer}", [inner],
                                        [outer], {}))

    def _run_for_shapes(self, graph: Graph, proto: Any, where: str) -> dict[str, Tensor | None]:
        """The outputs' shapes where inference left them open (its inputs' values were only
        known once folded): the node run on zeros of its inputs' shapes."""
        import numpy as np
        from onnx.reference import ReferenceEvaluator

        feeds = {}
        for name in proto.input:
            if name in graph.consts:
                feeds[name] = graph.consts[name]
            elif name:
                t = graph.tensors[name]
                feeds[name] = np.zeros(t.shape, t.dtype)
        try:
            results = ReferenceEvaluator(proto, opsets={"": self.opset}).run(None, feeds)
        except Exception as exc:
            raise ModelError(f"{where} of '{self.path.name}': the shapes of its outputs are "
                             f"not static ({_first_line(exc)})") from None
        return {out: Tensor(out, np.asarray(v).dtype.name, tuple(np.asarray(v).shape))
                for out, v in zip(proto.output, results, strict=False) if out}

    def _fold(self, graph: Graph, proto: Any, where: str) -> None:
        from onnx.reference import ReferenceEvaluator

        try:
            feeds = {i: graph.consts[i] for i in proto.input if i}
            results = ReferenceEvaluator(proto, opsets={"": self.opset}).run(None, feeds)
        except Exception as exc:
            raise ModelError(f"{where} of '{self.path.name}' cannot be folded: "
                             f"{_first_line(exc)}") from None
        import numpy as np

        for out, value in zip(proto.output, results, strict=False):
            if out:
                graph.consts[out] = np.asarray(value)
