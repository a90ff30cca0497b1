"""C++ for calls of ONNX models (typing/models.py): the call of the model's ``run``, and the
lowered models themselves, emitted once per translation unit before the kernels."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

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


def definitions(specs: Sequence[Specialization]) -> list[str]:
    """Every model the specializations call, once each, in order of first call."""
    seen: dict[int, list[str]] = {}
    for spec in specs:
        for target in spec.calls.values():
            if isinstance(target, ModelTarget) and id(target.model) not in seen:
                seen[id(target.model)] = target.model.cpp
    return [line for lines in seen.values() for line in lines]
