"""The ONNX models tests/test_onnx.py compiles: one small model per op (or per form of an op),
built with onnx.helper, with random weights; and a small CNN (conv-bn-relu-pool-gemm)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

RNG = np.random.default_rng(15)


@dataclass
class Case:
    name: str
    nodes: list[tuple[str, list[str], list[str], dict[str, Any]]]
    inputs: list[tuple[str, tuple[int, ...]]]
    consts: dict[str, Any] = field(default_factory=dict)
    outputs: tuple[str, ...] = ("y",)
    tolerance: float = 1e-5
    indices: dict[str, int] = field(default_factory=dict)
    """Inputs of int64 indices, each with the length of the axis it indexes."""


def w(*shape: int, scale: float = 1.0) -> Any:
    return (RNG.standard_normal(shape) * scale).astype(np.float32)


def _one(op: str, shape: tuple[int, ...] = (2, 3, 4), **attrs: Any) -> Case:
    return Case(op.lower(), [(op, ["x"], ["y"], attrs)], [("x", shape)])


def _binary(op: str, a: tuple[int, ...], b: tuple[int, ...], tag: str = "") -> Case:
    return Case(f"{op.lower()}{tag}", [(op, ["x", "z"], ["y"], {})], [("x", a), ("z", b)])


def branch(name: str, nodes: list[tuple[str, list[str], list[str]]], out: str) -> Any:
    """An If's branch: a subgraph of nodes without attributes, reading the outer graph's
    tensors by name, with one float output; made when the model is saved."""

    def make() -> Any:
        from onnx import TensorProto, helper

        protos = [helper.make_node(op, ins, outs, name=f"{name}_{i}")
                  for i, (op, ins, outs) in enumerate(nodes)]
        return helper.make_graph(protos, name, [], [
            helper.make_tensor_value_info(out, TensorProto.FLOAT, None)])

    return make


CASES: list[Case] = [
    *(_one(op) for op in ("Relu", "Sigmoid", "Tanh", "Erf", "Exp", "Abs", "Neg", "Softsign")),
    _one("HardSigmoid", alpha=0.3, beta=0.4), _one("LeakyRelu", alpha=0.1),
    _one("HardSwish"), _one("Softmax", axis=1), _one("LogSoftmax"),
    _one("Flatten", (2, 3, 4, 5), axis=2), _one("Transpose", (2, 3, 4), perm=[2, 0, 1]),
    _one("GlobalAveragePool", (1, 3, 5, 5)), _one("GlobalMaxPool", (1, 3, 5, 5)),
    _one("MaxPool", (1, 2, 7, 7), kernel_shape=[3, 3], strides=[2, 2], pads=[1, 1, 1, 1]),
    _one("AveragePool", (1, 2, 6, 6), kernel_shape=[2, 2], strides=[2, 2]),
    Case("averagepool_pads", [("AveragePool", ["x"], ["y"], {"kernel_shape": [3, 3],
         "pads": [1, 1, 1, 1], "count_include_pad": 1})], [("x", (1, 2, 5, 5))]),
    Case("sqrt", [("Abs", ["x"], ["a"], {}), ("Sqrt", ["a"], ["y"], {})], [("x", (3, 4))]),
    Case("pow", [("Abs", ["x"], ["a"], {}), ("Pow", ["a", "e"], ["y"], {})], [("x", (3, 4))],
         {"e": np.array(1.5, np.float32)}),
    Case("clip", [("Clip", ["x", "lo", "hi"], ["y"], {})], [("x", (3, 4))],
         {"lo": np.array(-0.5, np.float32), "hi": np.array(0.7, np.float32)}),
    _binary("Add", (2, 3, 4), (3, 1), "_broadcast"), _binary("Sub", (2, 3, 4), (2, 3, 4)),
    _binary("Mul", (4, 1), (1, 5), "_outer"), _binary("Div", (2, 3), (3,)),
    Case("matmul", [("MatMul", ["x", "b"], ["y"], {})], [("x", (2, 5, 7))], {"b": w(7, 9)}),
    _binary("MatMul", (2, 3, 4, 5), (2, 3, 5, 6), "_batched"),
    Case("gemm", [("Gemm", ["x", "b", "c"], ["y"], {"transB": 1, "alpha": 0.5})],
         [("x", (3, 20))], {"b": w(13, 20), "c": w(13)}),
    Case("gemm_vector_relu", [("Gemm", ["x", "b", "c"], ["g"], {"transB": 1}),
                              ("Relu", ["g"], ["y"], {})],
         [("x", (1, 40))], {"b": w(15, 40), "c": w(15)}),
    Case("gemm_full_bias", [("Gemm", ["x", "b", "c"], ["y"], {"transA": 1, "beta": 2.0})],
         [("x", (20, 3))], {"b": w(20, 13), "c": w(3, 13)}),
    Case("conv", [("Conv", ["x", "k", "b"], ["y"], {"pads": [1, 0, 2, 1],
                                                     "strides": [2, 1]})],
         [("x", (2, 3, 9, 8))], {"k": w(5, 3, 3, 3), "b": w(5)}),
    Case("conv_groups_dilated", [("Conv", ["x", "k"], ["y"], {"group": 2, "dilations": [2, 2],
                                                              "pads": [2, 1, 2, 2]})],
         [("x", (1, 4, 9, 9))], {"k": w(6, 2, 3, 3)}),
    Case("conv_depthwise", [("Conv", ["x", "k", "b"], ["y"], {"group": 4, "pads": [1] * 4})],
         [("x", (1, 4, 6, 6))], {"k": w(4, 1, 3, 3), "b": w(4)}),
    # the depthwise kernels: 3x3 and 5x5 at stride 1 and 2 (blocks of 32, 8 and 1 columns),
    # others (dilated, unequal strides) at run-time sizes; Clip and Relu fused
    Case("conv_dw_s2_clip", [("Conv", ["x", "k", "b"], ["c"], {"group": 8, "pads": [1] * 4,
                                                              "strides": [2, 2]}),
                             ("Clip", ["c", "lo", "hi"], ["y"], {})],
         [("x", (1, 8, 40, 37))], {"k": w(8, 1, 3, 3), "b": w(8), "lo": np.array(0, np.float32),
                                   "hi": np.array(0.5, np.float32)}),
    Case("conv_dw_5x5_relu", [("Conv", ["x", "k"], ["c"], {"group": 6, "pads": [2] * 4}),
                              ("Relu", ["c"], ["y"], {})],
         [("x", (2, 6, 9, 40))], {"k": w(6, 1, 5, 5)}),
    Case("conv_dw_5x5_s2", [("Conv", ["x", "k"], ["y"], {"group": 3, "pads": [2, 1, 1, 2],
                                                         "strides": [2, 2]})],
         [("x", (1, 3, 11, 70))], {"k": w(3, 1, 5, 5)}),
    Case("conv_dw_dilated", [("Conv", ["x", "k", "b"], ["y"], {
        "group": 3, "dilations": [2, 2], "pads": [2, 1, 0, 3], "strides": [1, 2]})],
         [("x", (1, 3, 7, 6))], {"k": w(3, 1, 3, 3), "b": w(3)}),
    Case("conv_dw_3x2", [("Conv", ["x", "k"], ["y"], {"group": 4, "pads": [1, 0, 1, 1]})],
         [("x", (1, 4, 5, 33))], {"k": w(4, 1, 3, 2)}),
    Case("conv_1x1_relu", [("Conv", ["x", "k"], ["c"], {}), ("Relu", ["c"], ["y"], {})],
         [("x", (1, 16, 5, 5))], {"k": w(20, 16, 1, 1)}),
    Case("conv1d", [("Conv", ["x", "k"], ["y"], {"pads": [2, 2], "strides": [2]})],
         [("x", (1, 3, 30))], {"k": w(4, 3, 5)}),
    Case("convtranspose", [("ConvTranspose", ["x", "k", "b"], ["y"],
                            {"strides": [2, 2], "pads": [1, 1, 1, 1]})],
         [("x", (1, 3, 4, 4))], {"k": w(3, 2, 3, 3), "b": w(2)}),
    Case("batchnorm", [("BatchNormalization", ["x", "g", "b", "m", "v"], ["y"], {})],
         [("x", (2, 3, 4, 4))], {"g": w(3), "b": w(3), "m": w(3),
                                 "v": RNG.uniform(0.5, 2, 3).astype(np.float32)}),
    Case("layernorm", [("LayerNormalization", ["x", "s", "b"], ["y"], {"axis": -1})],
         [("x", (2, 3, 8))], {"s": w(8), "b": w(8)}),
    Case("reshape", [("Reshape", ["x", "s"], ["y"], {})], [("x", (2, 3, 4))],
         {"s": np.array([4, -1], np.int64)}),
    Case("squeeze_unsqueeze", [("Unsqueeze", ["x", "a"], ["u"], {}),
                               ("Squeeze", ["u", "a"], ["y"], {})], [("x", (2, 3))],
         {"a": np.array([1], np.int64)}),
    Case("concat", [("Concat", ["x", "z", "c"], ["y"], {"axis": 1})],
         [("x", (2, 3, 2)), ("z", (2, 1, 2))], {"c": w(2, 2, 2)}),
    Case("split", [("Split", ["x", "s"], ["y", "y2"], {"axis": 1})], [("x", (2, 5, 3))],
         {"s": np.array([2, 3], np.int64)}, outputs=("y", "y2")),
    Case("slice", [("Slice", ["x", "st", "en", "ax", "sp"], ["y"], {})], [("x", (4, 6))],
         {"st": np.array([1, -1], np.int64), "en": np.array([4, 0], np.int64),
          "ax": np.array([0, 1], np.int64), "sp": np.array([2, -2], np.int64)}),
    Case("gather", [("Gather", ["x", "i"], ["y"], {"axis": 1})], [("x", (2, 5, 3))],
         {"i": np.array([[4, 0], [1, 1]], np.int64)}),
    Case("gather_runtime", [("Gather", ["x", "i"], ["y"], {"axis": 1})],
         [("x", (2, 5, 3)), ("i", (2, 2))], indices={"i": 5}),
    Case("gather_embedding", [("Gather", ["table", "i"], ["y"], {})], [("i", (4,))],
         {"table": w(7, 3)}, indices={"i": 7}),
    Case("pad_reflect", [("Pad", ["x", "p"], ["y"], {"mode": "reflect"})], [("x", (1, 2, 4, 4))],
         {"p": np.array([0, 0, 1, 2, 0, 0, 2, 1], np.int64)}),
    Case("pad_constant", [("Pad", ["x", "p", "v"], ["y"], {})], [("x", (3, 3))],
         {"p": np.array([1, 0, 0, 2], np.int64), "v": np.array(0.25, np.float32)}),
    Case("resize_nearest", [("Resize", ["x", "", "sc"], ["y"], {"mode": "nearest"})],
         [("x", (1, 2, 3, 3))], {"sc": np.array([1, 1, 2, 2], np.float32)}),
    Case("resize_linear", [("Resize", ["x", "", "sc"], ["y"], {"mode": "linear"})],
         [("x", (1, 2, 3, 5))], {"sc": np.array([1, 1, 2, 1.5], np.float32)}),
    Case("resize_linear_align", [("Resize", ["x", "", "", "sz"], ["y"], {
        "mode": "linear", "coordinate_transformation_mode": "align_corners"})],
         [("x", (1, 2, 4, 4))], {"sz": np.array([1, 2, 7, 3], np.int64)}),
    Case("resize_cubic", [("Resize", ["x", "", "sc"], ["y"], {"mode": "cubic"})],
         [("x", (1, 1, 4, 4))], {"sc": np.array([1, 1, 2, 2], np.float32)}),
    Case("reduce_mean", [("ReduceMean", ["x"], ["y"], {"keepdims": 0, "axes": [1, 2]})],
         [("x", (2, 3, 4))]),
    Case("reduce_sum", [("ReduceSum", ["x", "a"], ["y"], {})], [("x", (2, 3, 4))],
         {"a": np.array([0], np.int64)}),
    Case("reduce_max", [("ReduceMax", ["x"], ["y"], {"axes": [-1]})], [("x", (2, 3, 4))]),
    Case("cast_shape", [("Shape", ["x"], ["s"], {}), ("Cast", ["s"], ["f"], {"to": 1}),
                        ("ReduceSum", ["f"], ["n"], {"keepdims": 0}),
                        ("Mul", ["x", "n"], ["y"], {})], [("x", (2, 3))]),
    Case("where", [("Greater", ["x", "z"], ["c"], {}), ("Where", ["c", "x", "z"], ["y"], {})],
         [("x", (2, 3, 4)), ("z", (2, 3, 4))]),
    Case("where_broadcast", [("Less", ["x", "t"], ["c"], {}),
                             ("Where", ["c", "z", "x"], ["y"], {})],
         [("x", (2, 3, 4)), ("z", (3, 1))], {"t": w(4)}),
    Case("where_comparisons", [("LessOrEqual", ["x", "z"], ["a"], {}),
                               ("GreaterOrEqual", ["x", "t"], ["b"], {}),
                               ("Equal", ["a", "b"], ["c"], {}),
                               ("Where", ["c", "x", "t"], ["y"], {})],
         [("x", (1, 5, 3)), ("z", (5, 1))], {"t": np.array(0.1, np.float32)}),
    Case("lstm", [("LSTM", ["x", "W", "R", "B", "", "h0", "c0"], ["y", "yh", "yc"],
                   {"hidden_size": 5})],
         [("x", (4, 2, 3)), ("h0", (1, 2, 5)), ("c0", (1, 2, 5))],
         {"W": w(1, 20, 3), "R": w(1, 20, 5), "B": w(1, 40)}, outputs=("y", "yh", "yc")),
    Case("lstm_bidirectional", [("LSTM", ["x", "W", "R"], ["", "yh"],
                                 {"hidden_size": 4, "direction": "bidirectional"})],
         [("x", (3, 1, 6))], {"W": w(2, 16, 6), "R": w(2, 16, 4)}, outputs=("yh",)),
    Case("lstm_reverse_peepholes", [("LSTM", ["x", "W", "R", "B", "", "", "", "P"], ["y"],
                                     {"hidden_size": 3, "direction": "reverse"})],
         [("x", (5, 2, 2))], {"W": w(1, 12, 2), "R": w(1, 12, 3), "B": w(1, 24),
                              "P": w(1, 9)}),
    Case("gru", [("GRU", ["x", "W", "R", "B", "", "h0"], ["y", "yh"], {"hidden_size": 5})],
         [("x", (4, 2, 3)), ("h0", (1, 2, 5))],
         {"W": w(1, 15, 3), "R": w(1, 15, 5), "B": w(1, 30)}, outputs=("y", "yh")),
    Case("gru_linear_before_reset", [("GRU", ["x", "W", "R", "B"], ["y"],
                                      {"hidden_size": 4, "linear_before_reset": 1})],
         [("x", (3, 2, 6))], {"W": w(1, 12, 6), "R": w(1, 12, 4), "B": w(1, 24)}),
    Case("gru_bidirectional", [("GRU", ["x", "W", "R"], ["", "yh"],
                                {"hidden_size": 3, "direction": "bidirectional",
                                 "linear_before_reset": 1})],
         [("x", (5, 1, 2))], {"W": w(2, 9, 2), "R": w(2, 9, 3)}, outputs=("yh",)),
    Case("gru_reverse", [("GRU", ["x", "W", "R", "B"], ["y"],
                          {"hidden_size": 3, "direction": "reverse"})],
         [("x", (4, 3, 2))], {"W": w(1, 9, 2), "R": w(1, 9, 3), "B": w(1, 18)}),
    Case("einsum_matmul", [("Einsum", ["x", "z"], ["y"], {"equation": "ij,jk->ik"})],
         [("x", (3, 4)), ("z", (4, 5))]),
    Case("einsum_batched", [("Einsum", ["x", "z"], ["y"], {"equation": "bij,bjk->bik"})],
         [("x", (2, 3, 4)), ("z", (2, 4, 2))]),
    Case("einsum_diagonal", [("Einsum", ["x"], ["y"], {"equation": "ii->i"})],
         [("x", (4, 4))]),
    Case("einsum_transpose", [("Einsum", ["x"], ["y"], {"equation": "ij->ji"})],
         [("x", (3, 5))]),
    Case("einsum_dot", [("Einsum", ["x", "z"], ["y"], {"equation": "i,i->"})],
         [("x", (6,)), ("z", (6,))]),
    Case("einsum_implicit", [("Einsum", ["x", "z"], ["y"], {"equation": "ij,jk"})],
         [("x", (2, 3)), ("z", (3, 4))]),
    Case("einsum_outer", [("Einsum", ["x", "z"], ["y"], {"equation": "i,j->ij"})],
         [("x", (3,)), ("z", (4,))]),
    Case("einsum_trace_sum", [("Einsum", ["x"], ["y"], {"equation": "iij->j"})],
         [("x", (3, 3, 2))]),
    Case("einsum_attention", [("Einsum", ["x", "z"], ["y"], {"equation": "bhqd,bhkd->bhqk"})],
         [("x", (1, 2, 3, 4)), ("z", (1, 2, 5, 4))]),
    *(Case(f"if_folds_{rows}", [
        ("Shape", ["x"], ["s"], {}), ("Gather", ["s", "zero"], ["rows"], {}),
        ("Equal", ["rows", "two"], ["c"], {}),
        ("If", ["c"], ["y"], {"then_branch": branch("then", [("Relu", ["x"], ["t"])], "t"),
                              "else_branch": branch("else", [("Neg", ["x"], ["n"]),
                                                             ("Mul", ["n", "k"], ["e"])], "e")})],
        [("x", (rows, 3))], {"zero": np.array(0, np.int64), "two": np.array(2, np.int64),
                             "k": w(3)}) for rows in (2, 4)),
    # large enough for the threads (test_threads_give_the_serial_bits)
    *(Case(f"threads_{name}", nodes, [("x", (1, 64, 64, 64))], consts, tolerance=1e-4)
      for name, nodes, consts in (
          ("depthwise", [("Conv", ["x", "k", "b"], ["c"], {"group": 64, "pads": [1] * 4}),
                         ("Clip", ["c", "lo", "hi"], ["y"], {})],
           {"k": w(64, 1, 3, 3), "b": w(64), "lo": np.array(0, np.float32),
            "hi": np.array(6, np.float32)}),
          ("pointwise", [("Conv", ["x", "k", "b"], ["y"], {})],
           {"k": w(40, 64, 1, 1, scale=0.1), "b": w(40)}),
          ("conv3x3", [("Conv", ["x", "k"], ["c"], {"pads": [1] * 4, "strides": [2, 2]}),
                       ("Relu", ["c"], ["y"], {})], {"k": w(20, 64, 3, 3, scale=0.05)}),
          ("matmul", [("Reshape", ["x", "s"], ["r"], {}), ("MatMul", ["r", "m"], ["y"], {})],
           {"s": np.array([64 * 64, 64], np.int64), "m": w(64, 200, scale=0.1)}))),
    Case("cnn", [("Conv", ["x", "k1", "b1"], ["c1"], {"pads": [1] * 4}),
                 ("BatchNormalization", ["c1", "g", "be", "m", "v"], ["n1"], {}),
                 ("Relu", ["n1"], ["r1"], {}),
                 ("MaxPool", ["r1"], ["p1"], {"kernel_shape": [2, 2], "strides": [2, 2]}),
                 ("Conv", ["p1", "k2", "b2"], ["c2"], {"pads": [1] * 4, "group": 2}),
                 ("Clip", ["c2", "lo", "hi"], ["r2"], {}),
                 ("GlobalAveragePool", ["r2"], ["g2"], {}), ("Flatten", ["g2"], ["f"], {}),
                 ("Gemm", ["f", "wf", "bf"], ["z"], {"transB": 1}),
                 ("Softmax", ["z"], ["y"], {})],
         [("x", (2, 3, 16, 16))],
         {"k1": w(16, 3, 3, 3, scale=0.3), "b1": w(16), "g": w(16), "be": w(16), "m": w(16),
          "v": RNG.uniform(0.5, 2, 16).astype(np.float32), "k2": w(32, 8, 3, 3, scale=0.2),
          "b2": w(32), "lo": np.array(0, np.float32), "hi": np.array(6, np.float32),
          "wf": w(10, 32), "bf": w(10)}, tolerance=1e-4),
]


def save(case: Case, folder: Path) -> Path:
    import onnx
    from onnx import TensorProto, helper, numpy_helper

    nodes = [helper.make_node(op, ins, outs, name=f"{case.name}_{i}",
                              **{k: v() if callable(v) else v for k, v in attrs.items()})
             for i, (op, ins, outs, attrs) in enumerate(case.nodes)]
    inputs = [helper.make_tensor_value_info(
        n, TensorProto.INT64 if n in case.indices else TensorProto.FLOAT, list(s))
        for n, s in case.inputs]
    outputs = [helper.make_tensor_value_info(n, TensorProto.FLOAT, None) for n in case.outputs]
    inits = [numpy_helper.from_array(v, n) for n, v in case.consts.items()]
    graph = helper.make_graph(nodes, case.name, inputs, outputs, inits)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    model.ir_version = 8
    model = onnx.shape_inference.infer_shapes(model, strict_mode=True)
    path = folder / f"{case.name}.onnx"
    onnx.save(model, str(path))
    return path


def kernels_source(cases: list[Case]) -> str:
    """One module: a handle and a compiled function calling it per case."""
    lines = ["import numpy as np", "from numpy.typing import NDArray",
             "from hatch_pyaot import compile, onnx_model", ""]
    for case in cases:
        params = ", ".join(f"{n}: NDArray[np.{'int64' if n in case.indices else 'float32'}]"
                           for n, _ in case.inputs)
        result = "NDArray[np.float32]" if len(case.outputs) == 1 else \
            f"tuple[{', '.join(['NDArray[np.float32]'] * len(case.outputs))}]"
        lines += [f'm_{case.name} = onnx_model("{case.name}.onnx")', "", "", "@compile",
                  f"def run_{case.name}({params}) -> {result}:",
                  f"    return m_{case.name}({', '.join(n for n, _ in case.inputs)})", "", ""]
    return "\n".join(lines)


Builder = Callable[[Case, Path], Path]
