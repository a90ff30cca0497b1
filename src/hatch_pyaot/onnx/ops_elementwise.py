"""Lowerings of the elementwise ONNX ops: unary maps (a C++ lambda per op), binary maps and
Where with broadcasting (strides computed here), Clip, Cast, and the copies (Identity, Dropout at
inference)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatch_pyaot.onnx.graph import ModelError, Node
from hatch_pyaot.onnx.lower import cpp_dims, cpp_type, dims6

if TYPE_CHECKING:
    from hatch_pyaot.onnx.lower import Lowerer, Lowering

UNARY = {
    "Relu": "v > 0 ? v : decltype(v)(0)",
    "Sigmoid": "pyaot::onnx::sigmoid(v)",
    "Tanh": "std::tanh(v)",
    "Exp": "std::exp(v)",
    "Log": "std::log(v)",
    "Sqrt": "std::sqrt(v)",
    "Erf": "std::erf(v)",
    "Abs": "std::abs(v)",
    "Neg": "-v",
    "Reciprocal": "1.0f / v",
    "Floor": "std::floor(v)",
    "Ceil": "std::ceil(v)",
    "Round": "std::nearbyint(v)",
    "Sin": "std::sin(v)",
    "Cos": "std::cos(v)",
    "Softplus": "std::log1p(std::exp(-std::abs(v))) + (v > 0 ? v : 0.0f)",
    "Softsign": "v / (1.0f + std::abs(v))",
    "Not": "!v",
}
"""The scalar expression of each unary op, in ``v``."""

BINARY = {
    "Add": "p + q", "Sub": "p - q", "Mul": "p * q", "Div": "p / q",
    "Pow": "std::pow(p, q)", "Max": "p > q ? p : q", "Min": "p < q ? p : q",
    "Equal": "p == q", "Less": "p < q", "Greater": "p > q", "LessOrEqual": "p <= q",
    "GreaterOrEqual": "p >= q", "And": "p && q", "Or": "p || q",
    "PRelu": "p < 0 ? p * q : p",
}  # fmt: skip


def operand(lw: Lowerer, name: str) -> tuple[str, tuple[int, ...], str]:
    """A tensor's pointer, shape and element type: a runtime tensor, or an embedded constant."""
    value = lw.const(name)
    if value is not None:
        return lw.embed(value), tuple(value.shape), cpp_type(value.dtype.name)
    t = lw.tensor(name)
    return lw.ptr(name), t.shape, cpp_type(t.dtype)


def _strides(shape: tuple[int, ...], out: tuple[int, ...]) -> tuple[int, ...]:
    """Element strides of ``shape`` broadcast to ``out`` (six dimensions)."""
    padded, full = dims6(shape), dims6(out)
    strides, step = [0] * 6, 1
    for axis in range(5, -1, -1):
        if padded[axis] != 1 or full[axis] == 1:
            strides[axis] = step if padded[axis] != 1 else 0
        step *= padded[axis]
    return tuple(strides)


def broadcast_call(lw: Lowerer, out: str, operands: dict[str, str], expr: str) -> None:
    """``out = expr`` elementwise, each key of ``operands`` the scalar parameter of expr read
    from the tensor it names, all broadcast to ``out``."""
    shape = lw.tensor(out).shape
    params, args = [], []
    for param, name in operands.items():
        p, s, t = operand(lw, name)
        params.append(f"{t} {param}")
        args.append(f"pyaot::onnx::In<{t}>{{{p}, {cpp_dims(_strides(s, shape))}}}")
    lambda_ = f"[]({', '.join(params)}) noexcept -> {cpp_type(lw.tensor(out).dtype)} " \
              f"{{ return {expr}; }}"
    lw.line(f"pyaot::onnx::broadcast({lw.ptr(out)}, {cpp_dims(dims6(shape))}, {lambda_}, "
            f"{', '.join(args)});")


def binary_call(lw: Lowerer, out: str, a: str, b: str, expr: str) -> None:
    """``out = expr(p, q)`` elementwise over a and b broadcast."""
    broadcast_call(lw, out, {"p": a, "q": b}, expr)


def unary_call(lw: Lowerer, out: str, x: str, expr: str) -> None:
    px, _, tx = operand(lw, x)
    t = lw.tensor(out)
    lw.line(f"pyaot::onnx::unary({lw.ptr(out)}, {px}, {t.size}, "
            f"[]({tx} v) noexcept -> {cpp_type(t.dtype)} {{ return {expr}; }});")


def _unary(lw: Lowerer, node: Node) -> None:
    unary_call(lw, node.outputs[0], node.inputs[0], UNARY[node.op])


def _binary(lw: Lowerer, node: Node) -> None:
    binary_call(lw, node.outputs[0], node.inputs[0], node.inputs[1], BINARY[node.op])


def clip_bounds(lw: Lowerer, node: Node) -> tuple[float, float]:
    bounds = []
    for i, default in ((1, -float("inf")), (2, float("inf"))):
        name = node.inputs[i] if len(node.inputs) > i else ""
        if name and lw.const(name) is None:
            raise ModelError(f"node '{node.name}' (Clip): bounds computed at run time are not "
                             "supported")
        bounds.append(float(lw.const(name)) if name else default)
    return bounds[0], bounds[1]


def _float_literal(v: float) -> str:
    if v == float("inf"):
        return "__builtin_inff()"
    if v == -float("inf"):
        return "-__builtin_inff()"
    return f"{v!r}f"


def _clip(lw: Lowerer, node: Node) -> None:
    lo, hi = clip_bounds(lw, node)
    unary_call(lw, node.outputs[0], node.inputs[0],
               f"std::min(std::max(v, {_float_literal(lo)}), {_float_literal(hi)})")


def _hard_sigmoid(lw: Lowerer, node: Node) -> None:
    alpha, beta = node.attrs.get("alpha", 0.2), node.attrs.get("beta", 0.5)
    unary_call(lw, node.outputs[0], node.inputs[0],
               f"std::max(0.0f, std::min(1.0f, {alpha!r}f * v + {beta!r}f))")


def _hard_swish(lw: Lowerer, node: Node) -> None:
    unary_call(lw, node.outputs[0], node.inputs[0],
               "v * std::max(0.0f, std::min(1.0f, v / 6.0f + 0.5f))")


def _leaky_relu(lw: Lowerer, node: Node) -> None:
    alpha = node.attrs.get("alpha", 0.01)
    unary_call(lw, node.outputs[0], node.inputs[0], f"v < 0 ? v * {alpha!r}f : v")


def _elu(lw: Lowerer, node: Node) -> None:
    alpha = node.attrs.get("alpha", 1.0)
    unary_call(lw, node.outputs[0], node.inputs[0], f"v < 0 ? {alpha!r}f * std::expm1(v) : v")


def _cast(lw: Lowerer, node: Node) -> None:
    t = cpp_type(lw.tensor(node.outputs[0]).dtype)
    unary_call(lw, node.outputs[0], node.inputs[0], f"static_cast<{t}>(v)")


def _copy(lw: Lowerer, node: Node) -> None:
    unary_call(lw, node.outputs[0], node.inputs[0], "v")


def _where(lw: Lowerer, node: Node) -> None:
    broadcast_call(lw, node.outputs[0], dict(zip("kpq", node.inputs, strict=True)), "k ? p : q")


def _sum(lw: Lowerer, node: Node) -> None:
    if len(node.inputs) != 2:
        raise ModelError(f"node '{node.name}' ({node.op}) with {len(node.inputs)} inputs is "
                         "not supported")
    expr = {"Sum": "p + q", "Mean": "(p + q) / 2"}[node.op]
    binary_call(lw, node.outputs[0], node.inputs[0], node.inputs[1], expr)


TABLE: dict[str, Lowering] = {
    **dict.fromkeys(UNARY, _unary),
    **dict.fromkeys(BINARY, _binary),
    "Clip": _clip, "HardSigmoid": _hard_sigmoid,
    "HardSwish": _hard_swish, "LeakyRelu": _leaky_relu, "Elu": _elu,
    "Cast": _cast, "Identity": _copy, "Dropout": _copy,
    "Sum": _sum, "Mean": _sum, "Where": _where,
}  # fmt: skip
