"""Emit ``collections.deque`` (typed by typing/deques.py): a ``pyaot::list<T>`` whose ends'
operations and maxlen are ``pyaot/collections/deque.hpp``; the rest is the list's
(codegen/lists.py).

Free functions over the FunctionEmitter of codegen/function.py, which calls them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import INT, DequeType, ListType, Type

if TYPE_CHECKING:
    from hatch_pyaot.codegen.function import FunctionEmitter

HEADER = "pyaot/collections/deque.hpp"


def _deque_t(t: Type) -> DequeType:
    assert isinstance(t, DequeType)
    return t


def _maxlen(t: DequeType) -> str:
    return "-1" if t.maxlen is None else str(t.maxlen)


def call(em: FunctionEmitter, e: ir.Call) -> str:
    em.headers.add(HEADER)
    t = _deque_t(em.spec.type_of(e))
    for a in e.args[1:]:
        em.expr(a)
    if not e.args:
        return f"{t.cpp()}::make()"
    source = em.cast(em.expr(e.args[0]), em.spec.type_of(e.args[0]), ListType(t.item))
    return f"pyaot::deque_of({source}, {_maxlen(t)})"


def method_call(em: FunctionEmitter, e: ir.MethodCall) -> str:
    em.headers.add(HEADER)
    t = _deque_t(em.spec.type_of(e.obj))
    d = em.held(e.obj)
    name = e.name
    if name in ("pop", "popleft"):
        out = em.temp(em.spec.type_of(e))
        em.line(f"if (!pyaot::deque_{name}({out}, {d})) [[unlikely]] {em.fail(e.loc.line)}")
        return out
    if name == "rotate":
        n = em.cast(em.expr(e.args[0]), em.spec.type_of(e.args[0]), INT) if e.args else "1"
        em.line(f"pyaot::deque_rotate({d}, {n});")
        return "pyaot::none"
    target = t.item if name in ("append", "appendleft") else ListType(t.item)
    assert target is not None
    value = em.cast(em.expr(e.args[0]), em.spec.type_of(e.args[0]), target)
    em.line(f"pyaot::deque_{name}({d}, {value}, {_maxlen(t)});")
    return "pyaot::none"


def getitem(em: FunctionEmitter, e: ir.Index | ir.TupleGet, d: str, index: str) -> str:
    """``d[i]``: CPython's 'deque index out of range'."""
    em.headers.add(HEADER)
    out = em.temp(em.spec.type_of(e))
    em.line(f"if (!pyaot::deque_get({out}, {d}, {index})) [[unlikely]] {em.fail(e.loc.line)}")
    return out
