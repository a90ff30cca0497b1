"""Emit the tests a ``match`` lowers to (tracer/match.py, typing/match.py).

A test typing decided is ``true`` or ``false`` (an ``if`` on a false one is left out by the
caller, ``dead``); another is the expression typing made for it. ``match_cast`` is the
subject seen as the pattern's class: the same handle when the static class is already it,
else ``ref::down`` (the class-id test before it held).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import ClassType, OptionalType, class_struct
from hatch_pyaot.typing.match import dead, handles

if TYPE_CHECKING:
    from hatch_pyaot.codegen.function import FunctionEmitter

__all__ = ["dead", "expr", "handles"]


def expr(em: FunctionEmitter, e: ir.Expr) -> str:
    assert isinstance(e, ir.Call)
    if e.func == "pyaot.match_cast":
        return _cast(em, e)
    test = em.spec.patterns[e]
    if test.static is not None:
        return "true" if test.static else "false"
    assert test.test is not None
    return em.expr(test.test)


def _cast(em: FunctionEmitter, e: ir.Call) -> str:
    code = em.expr(e.args[0])
    src = em.spec.type_of(e.args[0])
    dst = em.spec.type_of(e)
    if isinstance(src, OptionalType):
        code, src = f"(*{code})", src.item
    if src == dst or not isinstance(dst, ClassType):
        return code
    return f"{code}.down<pyaot_gen::{class_struct(dst.qualname)}>()"
