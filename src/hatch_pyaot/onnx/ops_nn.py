"""Lowerings of the network ops: Conv and ConvTranspose (weights packed here for the GEMM),
Gemm and MatMul, the pools, BatchNormalization on its own (a scale and a shift), Softmax,
LayerNormalization and the reductions."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hatch_pyaot.onnx.graph import ModelError, Node
from hatch_pyaot.onnx.lower import cpp_type
from hatch_pyaot.onnx.ops_elementwise import binary_call

if TYPE_CHECKING:
    from hatch_pyaot.onnx.lower import Lowerer, Lowering

MR = 6
"""Rows of a packed GEMM panel: pyaot::onnx::kMR."""


def pack(a: Any) -> Any:
    """A (M x K) in panels of MR rows, [panel][k][MR], zero-padded: pyaot::onnx::pack_a."""
    import numpy as np

    m, k = a.shape
    panels = -(-m // MR)
    padded = np.zeros((panels * MR, k), np.float32)
    padded[:m] = a
    return padded.reshape(panels, MR, k).transpose(0, 2, 1)


def _weight(lw: Lowerer, node: Node, index: int, what: str) -> Any:
    value = lw.const(node.inputs[index]) if len(node.inputs) > index else None
    if value is None and len(node.inputs) > index and node.inputs[index]:
        raise ModelError(f"node '{node.name}' ({node.op}): its {what} must be a constant of "
                         "the model")
    return value


def activation(node: Node) -> str:
    kind, lo, hi = node.attrs.get("_act", ("None", 0.0, 0.0))
    return f"pyaot::onnx::Activation{{pyaot::onnx::Act::{kind}, {_f(lo)}, {_f(hi)}}}"


def _f(v: float) -> str:
    if v in (float("inf"), -float("inf")):
        return ("-" if v < 0 else "") + "__builtin_inff()"
    return f"{float(v)!r}f"


def _geometry(lw: Lowerer, node: Node, kernel: tuple[int, ...], transpose: bool = False) -> str:
    """ConvShape{...} of a 1-d or 2-d Conv, ConvTranspose or pool."""
    x, y = lw.tensor(node.inputs[0]), lw.tensor(node.outputs[0])
    spatial = len(x.shape) - 2
    if spatial not in (1, 2):
        raise ModelError(f"node '{node.name}' ({node.op}): {spatial}-d inputs are not "
                         "supported (1-d and 2-d are)")
    strides = list(node.attrs.get("strides", [1] * spatial))
    dilations = list(node.attrs.get("dilations", [1] * spatial))
    pads = list(node.attrs.get("pads", [0] * 2 * spatial))
    auto = node.attrs.get("auto_pad", b"NOTSET")
    auto = auto.decode() if isinstance(auto, bytes) else auto
    if auto in ("SAME_UPPER", "SAME_LOWER"):
        for axis in range(spatial):
            i, o = x.shape[2 + axis], y.shape[2 + axis]
            span = (kernel[axis] - 1) * dilations[axis] + 1
            total = max((i - 1) * strides[axis] + span - o, 0) if transpose else \
                max((o - 1) * strides[axis] + span - i, 0)
            first = total // 2 if auto == "SAME_UPPER" else total - total // 2
            pads[axis], pads[axis + spatial] = first, total - first
    elif auto == "VALID":
        pads = [0] * 2 * spatial
    if spatial == 1:
        kernel, strides, dilations = (1, *kernel), [1, *strides], [1, *dilations]
        pads = [0, pads[0], 0, pads[1]]
    h, w = (1, x.shape[2]) if len(x.shape) == 3 else x.shape[2:]
    oh, ow = (1, y.shape[2]) if len(y.shape) == 3 else y.shape[2:]
    values = (x.shape[0], x.shape[1], h, w, y.shape[1], oh, ow, kernel[0], kernel[1],
              strides[0], strides[1], dilations[0], dilations[1], pads[0], pads[1],
              node.attrs.get("group", 1))
    return f"pyaot::onnx::ConvShape{{{', '.join(map(str, values))}}}"


def _conv(lw: Lowerer, node: Node) -> None:
    w, bias = _weight(lw, node, 1, "weights"), _weight(lw, node, 2, "bias")
    assert w is not None
    groups = node.attrs.get("group", 1)
    opg = w.shape[0] // groups
    flat = w.reshape(w.shape[0], -1)
    packed = [pack(flat[g * opg:(g + 1) * opg]) for g in range(groups)]
    import numpy as np

    depthwise = groups == w.shape[0] and groups == lw.tensor(node.inputs[0]).shape[1]
    packed_name = "nullptr" if depthwise else lw.embed(np.concatenate(
        [p.reshape(-1) for p in packed]), "float32")
    plain = lw.embed(w, "float32") if depthwise else "nullptr"
    b = lw.embed(bias, "float32") if bias is not None else "nullptr"
    lw.fail(f"pyaot::onnx::conv({lw.ptr(node.inputs[0])}, {packed_name}, {plain}, {b}, "
            f"{lw.ptr(node.outputs[0])}, {_geometry(lw, node, w.shape[2:])}, "
            f"{activation(node)})")


def _conv_transpose(lw: Lowerer, node: Node) -> None:
    import numpy as np

    w, bias = _weight(lw, node, 1, "weights"), _weight(lw, node, 2, "bias")
    assert w is not None
    groups = node.attrs.get("group", 1)
    ipg = w.shape[0] // groups
    # per group: rows (output channel, ky, kx), columns input channel
    parts = [pack(w[g * ipg:(g + 1) * ipg].reshape(ipg, -1).T) for g in range(groups)]
    packed = lw.embed(np.concatenate([p.reshape(-1) for p in parts]), "float32")
    b = lw.embed(bias, "float32") if bias is not None else "nullptr"
    lw.fail(f"pyaot::onnx::conv_transpose({lw.ptr(node.inputs[0])}, {packed}, {b}, "
            f"{lw.ptr(node.outputs[0])}, "
            f"{_geometry(lw, node, w.shape[2:], transpose=True)})")


def _gemm_call(lw: Lowerer, node: Node, m: int, n: int, k: int, a: str, rsa: int, csa: int,
               b: str, rsb: int, csb: int, c: str, rsc: int, csc: int, bias: str,
               packed: bool) -> None:
    args = f"{m}, {n}, {k}, {a if packed else 'nullptr'}, {b}, {rsb}, {csb}, {c}, {rsc}, " \
        f"{csc}, {bias}, {activation(node)}"
    if packed:
        lw.fail(f"pyaot::onnx::gemm(pyaot::onnx::Gemm{{{args}}})")
    else:
        lw.fail(f"pyaot::onnx::gemm_unpacked({a}, {rsa}, {csa}, pyaot::onnx::Gemm{{{args}}})")


def _gemm(lw: Lowerer, node: Node) -> None:
    import numpy as np

    alpha, beta = node.attrs.get("alpha", 1.0), node.attrs.get("beta", 1.0)
    ta, tb = node.attrs.get("transA", 0), node.attrs.get("transB", 0)
    y = lw.tensor(node.outputs[0])
    m, n = y.shape
    a_shape = lw.tensor(node.inputs[0]).shape if lw.const(node.inputs[0]) is None else \
        lw.const(node.inputs[0]).shape
    k = a_shape[0] if ta else a_shape[1]
    b_const = lw.const(node.inputs[1])
    c = lw.const(node.inputs[2]) if len(node.inputs) > 2 and node.inputs[2] else None
    if len(node.inputs) > 2 and node.inputs[2] and c is None:
        raise ModelError(f"node '{node.name}' (Gemm): a bias computed at run time is not "
                         "supported")
    per_n = c is not None and c.size in (1, n) and (c.ndim < 2 or c.shape[0] == 1)
    bias = "nullptr"
    if per_n:
        assert c is not None
        bias = lw.embed(np.broadcast_to(beta * c.astype(np.float64).reshape(-1), (n,)),
                        "float32")
    if b_const is None or lw.const(node.inputs[0]) is not None:
        raise ModelError(f"node '{node.name}' (Gemm): the second input must be a constant "
                         "(weights)")
    bt = (b_const if tb else b_const.T).astype(np.float64) * alpha  # N x K
    packed = lw.embed(pack(bt.astype(np.float32)), "float32")
    # Y^T (N x M) = B'^T A'^T: the weights are the packed operand
    rsb, csb = (m, 1) if ta else (1, k)
    _gemm_call(lw, node, n, m, k, packed, 0, 0, lw.ptr(node.inputs[0]), rsb, csb,
               lw.ptr(node.outputs[0]), 1, n, bias, True)
    if c is not None and not per_n:
        if "_act" in node.attrs:
            raise ModelError(f"node '{node.name}' (Gemm): a full bias with a fused activation")
        lw.graph.consts[f"{node.name}#c"] = (beta * c).astype(np.float32)
        binary_call(lw, node.outputs[0], node.outputs[0], f"{node.name}#c", "p + q")


def _matmul(lw: Lowerer, node: Node) -> None:
    import numpy as np

    a_name, b_name = node.inputs
    if lw.const(a_name) is not None:
        raise ModelError(f"node '{node.name}' (MatMul): a constant first operand is not "
                         "supported")
    a = lw.tensor(a_name).shape
    b_const = lw.const(b_name)
    b = b_const.shape if b_const is not None else lw.tensor(b_name).shape
    if len(a) < 2 or len(b) < 1:
        raise ModelError(f"node '{node.name}' (MatMul): a 1-d first operand is not supported")
    k = a[-1]
    n = b[-1] if len(b) > 1 else 1
    y = lw.ptr(node.outputs[0])
    if b_const is not None and b_const.ndim <= 2:
        rows = int(np.prod(a[:-1]))
        packed = lw.embed(pack(b_const.reshape(k, n).T.astype(np.float32)), "float32")
        _gemm_call(lw, node, n, rows, k, packed, 0, 0, lw.ptr(a_name), 1, k, y, 1, n,
                   "nullptr", True)
        return
    if "_act" in node.attrs:
        raise ModelError(f"node '{node.name}' (MatMul): fused activation on a batched MatMul")
    m = a[-2]
    batch = lw.tensor(node.outputs[0]).shape[:-2]
    a_b, b_b = _batch_offsets(a[:-2], batch, m * k), _batch_offsets(b[:-2], batch, k * n)
    pa, pb = lw.ptr(a_name), (lw.embed(b_const, "float32") if b_const is not None
                              else lw.ptr(b_name))
    count = len(a_b)
    ta, tb = lw.embed(np.array(a_b, np.int64)), lw.embed(np.array(b_b, np.int64))
    lw.line(f"for (std::int64_t i = 0; i < {count}; ++i) {{")
    _gemm_call(lw, node, m, n, k, f"{pa} + {ta}[i]", k, 1, f"{pb} + {tb}[i]", n, 1,
               f"{y} + i * {m * n}", n, 1, "nullptr", False)
    lw.line("}")


def _batch_offsets(dims: tuple[int, ...], batch: tuple[int, ...], block: int) -> list[int]:
    """For each batch index of the broadcast batch shape, the element offset of the operand's
    matrix."""
    import numpy as np

    padded = (1,) * (len(batch) - len(dims)) + tuple(dims)
    index = np.arange(int(np.prod(padded, dtype=np.int64)), dtype=np.int64).reshape(padded)
    return [int(v) * block for v in np.broadcast_to(index, batch).reshape(-1)] or [0]


def _kernel(node: Node) -> tuple[int, ...]:
    return tuple(node.attrs["kernel_shape"])


def _max_pool(lw: Lowerer, node: Node) -> None:
    if len(node.outputs) > 1 and node.outputs[1]:
        raise ModelError(f"node '{node.name}' (MaxPool): the Indices output is not supported")
    lw.line(f"pyaot::onnx::max_pool({lw.ptr(node.inputs[0])}, {lw.ptr(node.outputs[0])}, "
            f"{_geometry(lw, node, _kernel(node))});")


def _average_pool(lw: Lowerer, node: Node) -> None:
    include = "true" if node.attrs.get("count_include_pad", 0) else "false"
    lw.line(f"pyaot::onnx::average_pool({lw.ptr(node.inputs[0])}, {lw.ptr(node.outputs[0])}, "
            f"{_geometry(lw, node, _kernel(node))}, {include});")


def _global_pool(lw: Lowerer, node: Node) -> None:
    x = lw.tensor(node.inputs[0])
    planes = x.shape[0] * x.shape[1]
    is_max = "true" if node.op == "GlobalMaxPool" else "false"
    lw.line(f"pyaot::onnx::global_pool({lw.ptr(node.inputs[0])}, {lw.ptr(node.outputs[0])}, "
            f"{planes}, {x.size // planes}, {is_max});")


def _batch_norm(lw: Lowerer, node: Node) -> None:
    import numpy as np

    values = [lw.const(n) for n in node.inputs[1:5]]
    if any(v is None for v in values) or len(node.outputs) > 1:
        raise ModelError(f"node '{node.name}' (BatchNormalization): only inference with "
                         "constant statistics is supported")
    gamma, beta, mean, var = (np.asarray(v, np.float64) for v in values)
    rank = len(lw.tensor(node.inputs[0]).shape)
    scale = gamma / np.sqrt(var + node.attrs.get("epsilon", 1e-5))
    shift = beta - mean * scale
    lw.graph.consts[f"{node.name}#s"] = scale.astype(np.float32).reshape(-1, *[1] * (rank - 2))
    lw.graph.consts[f"{node.name}#t"] = shift.astype(np.float32).reshape(-1, *[1] * (rank - 2))
    binary_call(lw, node.outputs[0], node.inputs[0], f"{node.name}#s", "p * q")
    binary_call(lw, node.outputs[0], node.outputs[0], f"{node.name}#t", "p + q")


def _blocks(shape: tuple[int, ...], first: int, last: int) -> tuple[int, int, int]:
    """(outer, count, inner) element counts around the axes first..last."""
    import math

    return (math.prod(shape[:first]), math.prod(shape[first:last + 1]),
            math.prod(shape[last + 1:]))


def _softmax(lw: Lowerer, node: Node) -> None:
    shape = lw.tensor(node.inputs[0]).shape
    axis = node.attrs.get("axis", -1) % len(shape)
    outer, count, inner = _blocks(shape, axis, axis)
    log = "true" if node.op == "LogSoftmax" else "false"
    lw.line(f"pyaot::onnx::softmax({lw.ptr(node.inputs[0])}, {lw.ptr(node.outputs[0])}, "
            f"{outer}, {count}, {inner}, {log});")


def _layer_norm(lw: Lowerer, node: Node) -> None:
    import numpy as np

    if any(node.outputs[1:]):
        raise ModelError(f"node '{node.name}' (LayerNormalization): the Mean and InvStdDev "
                         "outputs are not supported")
    shape = lw.tensor(node.inputs[0]).shape
    axis = node.attrs.get("axis", -1) % len(shape)
    rows, count, _ = _blocks(shape, axis, len(shape) - 1)
    scale = _weight(lw, node, 1, "scale")
    bias = _weight(lw, node, 2, "bias")
    assert scale is not None
    s = lw.embed(np.broadcast_to(scale, shape[axis:]), "float32")
    b = lw.embed(np.broadcast_to(bias, shape[axis:]), "float32") if bias is not None \
        else "nullptr"
    eps = node.attrs.get("epsilon", 1e-5)
    lw.line(f"pyaot::onnx::layer_norm({lw.ptr(node.inputs[0])}, {lw.ptr(node.outputs[0])}, "
            f"{rows}, {count}, {s}, {b}, {eps!r}f);")


REDUCTIONS = {"ReduceSum": "Sum", "ReduceMean": "Mean", "ReduceMax": "Max", "ReduceMin": "Min",
              "ReduceProd": "Prod", "ReduceL2": "L2", "ReduceSumSquare": "SumSquare"}


def _reduce(lw: Lowerer, node: Node) -> None:
    x = lw.tensor(node.inputs[0])
    if cpp_type(x.dtype) != "float":
        raise ModelError(f"node '{node.name}' ({node.op}): only float32 tensors")
    axes_value = node.attrs.get("axes")
    if len(node.inputs) > 1 and node.inputs[1]:
        value = lw.const(node.inputs[1])
        if value is None:
            raise ModelError(f"node '{node.name}' ({node.op}): axes computed at run time")
        axes_value = value.tolist()
    rank = len(x.shape)
    if not axes_value:
        if node.attrs.get("noop_with_empty_axes", 0):
            lw.line(f"pyaot::onnx::unary({lw.ptr(node.outputs[0])}, {lw.ptr(node.inputs[0])}, "
                    f"{x.size}, [](float v) noexcept {{ return v; }});")
            return
        axes_value = list(range(rank))
    axes = sorted(a % rank for a in axes_value)
    if axes != list(range(axes[0], axes[-1] + 1)):
        raise ModelError(f"node '{node.name}' ({node.op}): reducing non-adjacent axes "
                         f"{axes} is not supported")
    outer, count, inner = _blocks(x.shape, axes[0], axes[-1])
    lw.line(f"pyaot::onnx::reduce({lw.ptr(node.inputs[0])}, {lw.ptr(node.outputs[0])}, "
            f"{outer}, {count}, {inner}, pyaot::onnx::Reduce::{REDUCTIONS[node.op]});")


TABLE: dict[str, Lowering] = {
    "Conv": _conv, "ConvTranspose": _conv_transpose, "Gemm": _gemm, "MatMul": _matmul,
    "MaxPool": _max_pool, "AveragePool": _average_pool, "GlobalAveragePool": _global_pool,
    "GlobalMaxPool": _global_pool, "BatchNormalization": _batch_norm, "Softmax": _softmax,
    "LogSoftmax": _softmax, "LayerNormalization": _layer_norm,
    **dict.fromkeys(REDUCTIONS, _reduce),
}  # fmt: skip
