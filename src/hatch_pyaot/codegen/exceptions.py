"""Emit caught exceptions (typing/exceptions.py): ``except E as e`` copies the pending
error's kind and message into ``v_e`` (a ``pyaot::exception_value``) before the handler
clears it, and unbinds ``e`` when the block ends, as Python deletes it; ``raise e`` puts it
back in the error state."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import ExceptionType
from hatch_pyaot.typing.exceptions import kinds
from hatch_pyaot.typing.typed import Specialization

if TYPE_CHECKING:
    from hatch_pyaot.codegen.function import FunctionEmitter

HEADER = "pyaot/exception_value.hpp"


def handles(spec: Specialization, e: ir.Expr) -> bool:
    return e in spec.exceptions


def expr(em: FunctionEmitter, e: ir.Expr) -> str:
    em.headers.add(HEADER)
    op = em.spec.exceptions[e]
    if op in ("str", "repr"):
        assert isinstance(e, ir.Call)
        return f"{em.held(e.args[0])}.text({'true' if op == 'repr' else 'false'})"
    if op == "type_name":
        assert isinstance(e, ir.Attribute) and isinstance(e.value, ir.Call)
        return f"{em.held(e.value.args[0])}.type_name()"
    if op == "args":
        assert isinstance(e, ir.Attribute)
        return f"{em.held(e.value)}.args()"
    assert op == "isinstance" and isinstance(e, ir.TypeCheck)
    value = em.held(e.value)
    t = em.spec.type_of(e.value)
    assert isinstance(t, ExceptionType)
    known = kinds(None if t.name == "BaseException" else [t.name])
    if {"object", "BaseException"} & set(e.classes):
        return "true"
    wanted = [k for k in kinds([c for c in e.classes if c in ir.EXCEPTIONS]) if k in known]
    if set(known) <= set(wanted):
        return "true"
    tests = " || ".join(f"{value}.type == pyaot::Exc::{k}" for k in wanted)
    return f"({tests})" if tests else "false"


def bind(em: FunctionEmitter, h: ir.Handler) -> None:
    """At the start of the handler, before the error state is cleared."""
    if h.name is not None:
        em.headers.add(HEADER)
        em.store(h.name, "pyaot::exception_value::caught()")


def unbind(em: FunctionEmitter, h: ir.Handler) -> None:
    """At the end of the handler: a later read of the name finds it unbound."""
    if h.name is not None and h.name in em.unbound.flagged:
        em.line(f"has_{h.name} = false;")


def raise_value(em: FunctionEmitter, s: ir.RaiseValue) -> None:
    assert s.message is not None
    em.headers.add(HEADER)
    em.line(f"{em.held(s.message)}.raise_again();")
    em.line(em.fail(s.loc.line))


def key_message(em: FunctionEmitter, message: str) -> str:
    """``raise KeyError("k")``: the runtime words a KeyError's message as the key's repr, so
    that str() of it is CPython's ``'k'``."""
    em.headers.add(HEADER)
    return f"pyaot::key_message({message})"
