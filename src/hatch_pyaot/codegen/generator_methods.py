"""Emit a generator's methods (typing/generator_methods.py) as the calls of
pyaot/builtins/generator_methods.hpp: ``send``, ``throw`` (the exception raised first, then
thrown in at the paused yield), ``close``, and a context-manager generator's ``__enter__``
and ``__exit__`` (``with``: tracer/context_managers.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import BOOL, NONE, GeneratorType, OptionalType
from hatch_pyaot.typing.typed import Specialization

if TYPE_CHECKING:
    from hatch_pyaot.codegen.function import FunctionEmitter

HEADER = "pyaot/builtins/generator_methods.hpp"


def handles(spec: Specialization, e: ir.Expr) -> bool:
    return e in spec.generator_methods


def expr(em: FunctionEmitter, e: ir.Expr) -> str:
    assert isinstance(e, ir.MethodCall)
    em.headers.add(HEADER)
    kind = em.spec.generator_methods[e]
    t = em.spec.type_of(e.obj)
    assert isinstance(t, GeneratorType) and t.item is not None
    gen = em.held(e.obj)
    fail = em.fail(e.loc.line)
    if kind == "close":
        em.line(f"if (!pyaot::generator_close({gen})) [[unlikely]] {fail}")
        return "pyaot::none"
    if kind == "exit":
        em.line(f"if (!pyaot::manager_exit({gen})) [[unlikely]] {fail}")
        return "false"
    if kind == "exit_error":
        exc = e.args[1]
        if em.caught and isinstance(exc, ir.Name) and "with_error" in exc.id:
            # the block's exception as it was raised, its location kept (codegen/reraise.py)
            em.line(f"pyaot::error_state() = {em.caught[-1]};")
        else:
            em.line(f"{em.held(exc)}.raise_again();")
        suppressed = em.temp(BOOL, "false")
        em.line(f"if (!pyaot::manager_exit_error({suppressed}, {gen})) [[unlikely]] {fail}")
        return suppressed
    out = em.temp(t.item)
    if kind == "enter":
        em.line(f"if (!pyaot::manager_enter({out}, {gen})) [[unlikely]] {fail}")
    elif kind == "send_none":
        em.line(f"if (!pyaot::generator_send_none({out}, {gen})) [[unlikely]] {fail}")
    elif kind == "send":
        sent = t.sent or NONE
        arg = e.args[0]
        value = em.held(arg)
        at = em.spec.type_of(arg)
        none = "true" if at == NONE else (f"!{value}.has_value()" if isinstance(
            at, OptionalType) else "false")
        em.line(f"if (!pyaot::generator_send({out}, {gen}, {em.cast(value, at, sent)}, "
                f"{none})) [[unlikely]] {fail}")
    else:
        _raise(em, e.args[0])
        em.line(f"if (!pyaot::generator_throw({out}, {gen})) [[unlikely]] {fail}")
    return out


def _raise(em: FunctionEmitter, arg: ir.Expr) -> None:
    """The exception ``throw()`` is given, pending."""
    if isinstance(arg, ir.Call) and isinstance(arg.func, str) and arg not in em.spec.expr_types:
        exc = arg.func.removeprefix("builtins.")
        if not arg.args:
            em.line(f"pyaot::raise_bare(pyaot::Exc::{exc});")
        else:
            em.line(f"pyaot::raise(pyaot::Exc::{exc}, {em.message(arg.args[0])});")
        return
    em.headers.add("pyaot/exception_value.hpp")
    em.line(f"{em.held(arg)}.raise_again();")
