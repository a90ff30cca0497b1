"""ONNX model handles: a module-level ``name = onnx_model("file.onnx")`` and calls of it.

The resolver sees the global as a ModelHandle (resolve.py); a call of the handle in a
compiled function becomes an ``ir.ModelCall`` carrying the model, loaded, checked and
lowered once per build (hatch_pyaot/onnx/). A model that cannot be compiled is a
diagnostic at the call, naming the file and, for an op, the op and its node."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import libcst as cst

from hatch_pyaot.ir import nodes as ir

if TYPE_CHECKING:
    from hatch_pyaot.tracer.build import Builder
    from hatch_pyaot.tracer.project import ModuleSource
    from hatch_pyaot.tracer.resolve import Resolver

API = "hatch_pyaot.onnx_model"


@dataclass(frozen=True, slots=True)
class ModelHandle:
    module: str
    name: str
    path: Path | None
    """None when the argument is not a string literal."""


def handle(resolver: Resolver, module: ModuleSource, name: str,
           value: cst.BaseExpression) -> ModelHandle | None:
    """The handle a global's value makes, if it is a call of onnx_model()."""
    from hatch_pyaot.tracer.resolve import OpName

    if not isinstance(value, cst.Call) or not isinstance(value.func, cst.Name | cst.Attribute):
        return None
    if resolver.expr(module, value.func) != OpName(API):
        return None
    path = None
    if len(value.args) == 1 and value.args[0].keyword is None and isinstance(
            value.args[0].value, cst.SimpleString):
        text = value.args[0].value.evaluated_value
        if isinstance(text, str):
            path = module.path.parent / text
    return ModelHandle(module.name, name, path)


def call(builder: Builder, node: cst.Call, res: ModelHandle,
         args: list[ir.Expr], kwargs: list[tuple[str, ir.Expr]]) -> ir.Expr:
    from hatch_pyaot.onnx.graph import ModelError
    from hatch_pyaot.onnx.model import open_model

    loc = builder.loc(node)
    if kwargs:
        builder.error(node, f"the ONNX model '{res.name}' takes its inputs by position")
        return ir.Const(loc, 0)
    if res.path is None:
        builder.error(node, f"the ONNX model '{res.name}' must be made by onnx_model() with "
                      "a string literal path")
        return ir.Const(loc, 0)
    cache = builder.resolver.models
    if res not in cache:
        key = re.sub(r"\W", "_", f"{res.module}_{res.name}")
        try:
            cache[res] = open_model(res.path, res.path.stem, key)
        except ModelError as exc:
            cache[res] = str(exc)
    model = cache[res]
    if isinstance(model, str):
        builder.error(node, f"the ONNX model '{res.name}' cannot be compiled: {model}")
        return ir.Const(loc, 0)
    return ir.ModelCall(loc, f"onnx_model:{res.module}.{res.name}", args, model=model)
