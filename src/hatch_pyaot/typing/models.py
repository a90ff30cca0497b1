"""The type rule of a call of an ONNX model (ir.ModelCall): one array argument per model
input, of its dtype and rank (the shape is checked at run time: ValueError naming the input
and the shape it needs); the result is the array of its one output, or a tuple of arrays."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import ArrayType, TupleType, Type
from hatch_pyaot.typing.dtypes import dtype_named

if TYPE_CHECKING:
    from hatch_pyaot.typing.infer import FunctionTyper


@dataclass(frozen=True, eq=False)
class ModelTarget:
    """Codegen calls ``model.function(out, args...)`` (codegen/models.py)."""

    model: Any


def array_type(dtype: str, rank: int) -> ArrayType:
    dt = dtype_named(dtype)
    assert dt is not None, dtype
    return ArrayType(dt, rank)


def call(typer: FunctionTyper, e: ir.ModelCall, types: list[Type]) -> Type | None:
    model = e.model
    inputs = model.graph.inputs
    if len(types) != len(inputs):
        typer.diags.error(e.loc, f"{model.handle}() takes {len(inputs)} inputs "
                          f"({len(types)} given)")
        return None
    for arg, t, spec in zip(e.args, types, inputs, strict=True):
        want = array_type(spec.dtype, len(spec.shape))
        if t != want:
            typer.diags.error(arg.loc, f"{model.handle}() input '{spec.name}' must be an array "
                              f"of {spec.dtype} with shape {spec.shape}, not {t}")
            return None
    typer.spec.calls[e] = ModelTarget(model)  # type: ignore[assignment]
    outs = [array_type(t.dtype, len(t.shape)) for t in model.graph.outputs]
    return outs[0] if len(outs) == 1 else TupleType(tuple(outs))
