"""Lowering of Einsum with one or two float operands: the equation parsed here into one loop a
letter, with each operand's and the output's strides along it (pyaot/onnx/einsum.hpp). An
equation without ``->`` has the letters that appear once, in alphabetical order, as its
output, as NumPy's."""

from __future__ import annotations

import math
from collections import Counter
from typing import TYPE_CHECKING

from hatch_pyaot.onnx.graph import ModelError, Node
from hatch_pyaot.onnx.ops_elementwise import operand

if TYPE_CHECKING:
    from hatch_pyaot.onnx.lower import Lowerer, Lowering

MAX_LETTERS = 12
"""kEinsumLetters of einsum.hpp."""


def _row_major(shape: tuple[int, ...]) -> list[int]:
    return [math.prod(shape[i + 1:]) for i in range(len(shape))]


def _letters_cpp(values: list[int]) -> str:
    padded = values + [0] * (MAX_LETTERS - len(values))
    return f"pyaot::onnx::Letters{{{', '.join(map(str, padded))}}}"


def _einsum(lw: Lowerer, node: Node) -> None:
    where = f"node '{node.name}' (Einsum)"
    equation = node.attrs["equation"]
    equation = (equation.decode() if isinstance(equation, bytes) else equation).replace(" ", "")
    if "..." in equation or len(node.inputs) not in (1, 2):
        raise ModelError(f"{where}: only one or two operands without '...' are supported")
    terms, _, out = equation.partition("->")
    specs = terms.split(",")
    if "->" not in equation:
        counts = Counter("".join(specs))
        out = "".join(sorted(c for c, k in counts.items() if k == 1))
    letters = list(dict.fromkeys(out + "".join(specs)))
    if len(letters) > MAX_LETTERS or len(specs) != len(node.inputs):
        raise ModelError(f"{where}: the equation '{equation}' is not supported")
    dims: dict[str, int] = {}
    strides, pointers = [], []
    for spec, name in zip(specs, node.inputs, strict=True):
        pointer, shape, ctype = operand(lw, name)
        if ctype != "float" or len(spec) != len(shape):
            raise ModelError(f"{where}: operands must be float32 and match '{equation}'")
        step = [0] * len(letters)
        for letter, length, stride in zip(spec, shape, _row_major(shape), strict=True):
            if dims.setdefault(letter, length) != length:
                raise ModelError(f"{where}: letter '{letter}' has two lengths")
            step[letters.index(letter)] += stride
        strides.append(step)
        pointers.append(pointer)
    output = [dims[c] for c in out]
    sy = [0] * len(letters)
    for letter, stride in zip(out, _row_major(tuple(output)), strict=True):
        sy[letters.index(letter)] = stride
    sb = strides[1] if len(strides) > 1 else [0] * len(letters)
    b = pointers[1] if len(pointers) > 1 else "nullptr"
    lw.line(f"pyaot::onnx::einsum(pyaot::onnx::Einsum{{{len(letters)}, "
            f"{_letters_cpp([dims[c] for c in letters])}, {pointers[0]}, "
            f"{_letters_cpp(strides[0])}, {b}, {_letters_cpp(sb)}, {lw.ptr(node.outputs[0])}, "
            f"{_letters_cpp(sy)}, {math.prod(output)}}});")


TABLE: dict[str, Lowering] = {"Einsum": _einsum}
