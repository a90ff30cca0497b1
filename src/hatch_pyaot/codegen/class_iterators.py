"""Emit ``for x in obj`` over an iterator object (typing/class_iterators.py): the iterator
made once, then ``__next__`` called per item; a ``StopIteration`` it raises ends the loop
(cleared, as CPython's loop does), any other exception goes on."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatch_pyaot.codegen.classes import HEADER, dispatch
from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import Type

if TYPE_CHECKING:
    from hatch_pyaot.codegen.function import FunctionEmitter


def for_each(em: FunctionEmitter, s: ir.ForEach) -> None:
    em.headers.add(HEADER)
    op = em.spec.methods[s]
    d = op.dispatch
    assert d is not None and isinstance(d.receiver, ir.Name) and isinstance(op.value, Type)
    item_t = op.value
    iterable = em.spec.lowered[s]
    broke = em.flag() if s.orelse else None
    em.line("{")
    with em.indented():
        em.line(f"{em.spec.type_of(iterable).cpp()} v_{d.receiver.id} = {em.expr(iterable)};")
        em.line("while (true) {")
        with em.indented():
            item = em.temp(item_t)
            stop, got = f"stop{em.temps}", f"next{em.temps}"
            em.line("{")
            em.handlers.append(stop)
            with em.indented():
                em.line(f"{item} = {dispatch(em, s, d, item_t)};")
            em.handlers.pop()
            em.line("}")
            em.line(f"goto {got};")
            em.line(f"{stop}:")
            em.line("if (pyaot::error_state().type == pyaot::Exc::StopIteration) {")
            with em.indented():
                em.line("pyaot::clear_error();")
                em.line("break;")
            em.line("}")
            em.line(em.propagate())
            em.line(f"{got}:")
            em.assign_code(s.target, f"std::move({item})", item_t)
        em.loop_body(s.body, broke, s.loc.line)
        em.line("}")
    em.line("}")
    em.loop_else(s.orelse, broke)
