"""Emit ``for x in obj`` over an iterator object (typing/class_iterators.py): the iterator
made once, then ``__next__`` called per item; a ``StopIteration`` it raises ends the loop
(cleared, as CPython's loop does), any other exception goes on."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatch_pyaot.codegen.classes import HEADER, dispatch
from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import Type
from hatch_pyaot.typing.typed import Dispatch

if TYPE_CHECKING:
    from hatch_pyaot.codegen.function import FunctionEmitter


def for_each(em: FunctionEmitter, s: ir.ForEach) -> None:
    em.headers.add(HEADER)
    op = em.spec.methods[s]
    d = op.dispatch
    assert d is not None and isinstance(d.receiver, ir.Name) and isinstance(op.value, Type)
    iterable = em.spec.lowered[s]
    broke = em.flag() if s.orelse else None
    em.line("{")
    with em.indented():
        em.line(f"{em.spec.type_of(iterable).cpp()} v_{d.receiver.id} = {em.expr(iterable)};")
        em.line("while (true) {")
        with em.indented():
            item = em.temp(op.value)
            _next_or(em, s, d, item, op.value, ["break;"])
            em.assign_code(s.target, f"std::move({item})", op.value)
        em.loop_body(s.body, broke, s.loc.line)
        em.line("}")
    em.line("}")
    em.loop_else(s.orelse, broke)


def next_or(em: FunctionEmitter, e: ir.Call, d: Dispatch, t: Type) -> str:
    """``next(it, default)``: the default evaluated first, as Python evaluates arguments."""
    em.headers.add(HEADER)
    fallback = em.cast(em.held(e.args[1]), em.spec.type_of(e.args[1]), t)
    out = em.temp(t)
    _next_or(em, e, d, out, t, [f"{out} = {fallback};"])
    return out


def _next_or(em: FunctionEmitter, at: ir.Expr | ir.Stmt, d: Dispatch, out: str, t: Type,
             on_stop: list[str]) -> None:
    """``out = it.__next__()``; where it raises StopIteration, that is cleared and
    ``on_stop`` runs instead; other exceptions go on."""
    stop, got = f"stop{em.temps}", f"next{em.temps}"
    em.line("{")
    em.handlers.append(stop)
    with em.indented():
        em.line(f"{out} = {dispatch(em, at, d, t)};")
    em.handlers.pop()
    em.line("}")
    em.line(f"goto {got};")
    em.line(f"{stop}:")
    em.line("if (pyaot::error_state().type == pyaot::Exc::StopIteration) {")
    with em.indented():
        em.line("pyaot::clear_error();")
        for line in on_stop:
            em.line(line)
        em.line(f"goto {got};")
    em.line("}")
    em.line(em.propagate())
    em.line(f"{got}:;")
