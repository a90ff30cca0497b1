"""C++ for calls of ONNX models (typing/models.py): the call of the model's ``run``, and the
lowered models themselves, emitted once per translation unit before the kernels."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.typing.models import ModelTarget

if TYPE_CHECKING:
    from hatch_pyaot.codegen.function import FunctionEmitter
    from hatch_pyaot.typing.typed import Specialization


def headers() -> tuple[str, ...]:
    from hatch_pyaot.onnx.lower import HEADERS

    return HEADERS


def call(em: FunctionEmitter, e: ir.Call, target: ModelTarget) -> str:
    em.headers.update(headers())
    args = [em.expr(a) for a in e.args]
    out = em.temp(em.spec.type_of(e))
    em.line(f"if (!{target.model.function}({', '.join([out, *args])})) [[unlikely]] "
            f"{em.fail(e.loc.line)}")
    return out


def _models(specs: Sequence[Specialization]) -> list[Any]:
    seen: dict[int, Any] = {}
    for spec in specs:
        for target in spec.calls.values():
            if isinstance(target, ModelTarget):
                seen.setdefault(id(target.model), target.model)
    return list(seen.values())


def files(specs: Sequence[Specialization]) -> list[Path]:
    """The model files the specializations' code was made from."""
    return sorted({m.graph.path for m in _models(specs)})


def definitions(specs: Sequence[Specialization]) -> list[str]:
    """Every model the specializations call, once each, in order of first call."""
    return [line for model in _models(specs) for line in model.cpp]
