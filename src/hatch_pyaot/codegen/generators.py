"""Emit generators (typing/generators.py): a generator function is a C++20 coroutine
returning ``pyaot::generator<T, S>`` (pyaot/builtins/generator.hpp) whose body is emitted as
any function's, with ``co_return`` for ``return``; ``yield v`` is a ``co_yield`` that gives
back the value sent, or reports a close (GeneratorExit) or a ``throw()`` with that
exception pending, which the body raises there (so ``except`` and ``finally`` blocks run).
A ``for`` over a generator resumes it until it says it is exhausted: no StopIteration.

Free functions over the FunctionEmitter of codegen/function.py, which calls them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatch_pyaot.codegen import class_iterators, iteration
from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import BOOL, INT, NONE, GeneratorType, ListType, Type
from hatch_pyaot.typing.typed import GeneratorNext, Specialization

if TYPE_CHECKING:
    from hatch_pyaot.codegen.function import FunctionEmitter

HEADER = "pyaot/builtins/generator.hpp"


def boundary_result(spec: Specialization) -> Type:
    """What an entry point gives a C-ABI caller or a standalone program: a generator's
    items as a list (a JSON array), anything else as it is."""
    t = spec.result
    assert t is not None
    return ListType(t.item) if isinstance(t, GeneratorType) else t


def item_type(t: Type) -> Type:
    assert isinstance(t, GeneratorType) and t.item is not None
    return t.item


def recursion_guard(em: FunctionEmitter) -> None:
    """A generator of a recursion cycle counts its resumes (RecursionError past the limit,
    pyaot/builtins/generator.hpp); others do not pay for it."""
    em.headers.add(HEADER)
    em.line("if (!(co_await pyaot::recursion_guard{})) [[unlikely]] {")
    with em.indented():
        em.line("pyaot::raise_recursion_error();")
        em.line(em.fail(em.spec.function.loc.line))
    em.line("}")


def yield_(em: FunctionEmitter, s: ir.Yield) -> None:
    em.headers.add(HEADER)
    assert em.spec.result is not None
    item = item_type(em.spec.result)
    if s.value is None:
        code = em.cast("pyaot::none", NONE, item)
    else:
        code = em.cast(em.expr(s.value), em.spec.type_of(s.value), item)
    returns = em.spec.result
    assert isinstance(returns, GeneratorType)
    em.temps += 1
    sent = f"sent{em.temps}"
    # The co_yield is a declaration's initializer, never an `if` condition: GCC 12 miscompiles
    # `if (!(co_yield v))` where v is a parameter or a temporary (the resumed frame crashes).
    em.line("{")
    with em.indented():
        em.line(f"auto {sent} = co_yield {code};")
        em.line(f"if (!{sent}) [[unlikely]] {em.fail(s.loc.line)}")
        if s.target is not None:
            sent_t = returns.sent or NONE
            em.assign_code(s.target, em.temp(sent_t, f"{sent}.take()"), sent_t)
    em.line("}")


def for_each(em: FunctionEmitter, s: ir.ForEach) -> None:
    """``for x in g``: the loop's own handle (released when the loop ends, which closes a
    generator left suspended, as CPython's reference count does)."""
    if s in em.spec.methods:  # an iterator object's __next__
        class_iterators.for_each(em, s)
        return
    em.headers.add(HEADER)
    iterable = em.spec.lowered.get(s, s.iterable)  # an object's __iter__()
    t = em.spec.type_of(iterable)
    broke = em.flag() if s.orelse else None
    em.line("{")
    with em.indented():
        gen = em.temp(t, em.expr(iterable))
        item, has = em.temp(item_type(t)), em.temp(BOOL, "false")
        em.line("while (true) {")
        with em.indented():
            em.line(f"if (!{gen}.next({item}, {has})) [[unlikely]] {em.fail(s.loc.line)}")
            em.line(f"if (!{has}) break;")
            em.assign_code(s.target, f"std::move({item})", item_type(t))
        em.loop_body(s.body, broke, s.loc.line)
        em.line("}")
    em.line("}")
    em.loop_else(s.orelse, broke)


def next_call(em: FunctionEmitter, e: ir.Call, target: GeneratorNext) -> str:
    """``next(g)``: StopIteration when exhausted; ``next(g, default)``: the default (evaluated
    first, as Python evaluates arguments before the call)."""
    em.headers.add(HEADER)
    gen_t = em.spec.type_of(e.args[0])
    gen = em.held(e.args[0])
    fallback = None
    if len(e.args) > 1:
        fallback = em.cast(em.held(e.args[1]), em.spec.type_of(e.args[1]), target.result)
    item_t = item_type(gen_t)
    if fallback is None:
        out = em.temp(item_t)
        em.line(f"if (!pyaot::next_item({out}, {gen})) [[unlikely]] {em.fail(e.loc.line)}")
        return out
    item, has = em.temp(item_t), em.temp(BOOL, "false")
    em.line(f"if (!{gen}.next({item}, {has})) [[unlikely]] {em.fail(e.loc.line)}")
    out = em.temp(target.result)
    em.line(f"if ({has}) {out} = {em.cast(f'std::move({item})', item_t, target.result)}; "
            f"else {out} = {fallback};")
    return out


def steps(em: FunctionEmitter, s: ir.ForEach) -> bool:
    """Whether ``for ... in zip(...)``/``enumerate(...)`` has a generator argument (then it
    is not a loop over indices: codegen/iteration.py)."""
    call = s.iterable
    return isinstance(call, ir.Call) and call.func in ("builtins.zip", "builtins.enumerate") \
        and any(isinstance(em.spec.type_of(a), GeneratorType) for a in call.args
                if not isinstance(a, ir.Call) or not isinstance(a.func, str))


def for_iterator(em: FunctionEmitter, s: ir.ForEach) -> None:
    """``zip``/``enumerate`` with generators: each step takes the next item of each argument
    in order and stops at the first that is exhausted, as CPython's zip (so a generator
    after an exhausted argument is not advanced); lists and ranges are indexed."""
    call = s.iterable
    assert isinstance(call, ir.Call)
    em.headers.add(HEADER)
    broke = em.flag() if s.orelse else None
    em.line("{")
    with em.indented():
        first = iteration._start(em, call)
        count = 1 if call.func == "builtins.enumerate" else None
        parts: list[tuple[str, str, Type] | iteration._Source] = []
        for a in call.args[:count]:
            t = em.spec.type_of(a) if not isinstance(a, ir.Call) or not isinstance(
                a.func, str) else None
            if isinstance(t, GeneratorType):
                gen = em.temp(t, em.expr(a))
                parts.append((gen, em.temp(item_type(t)), item_type(t)))
            else:
                parts.append(iteration._source(em, a, s.loc.line))
        k = iteration._counter(em)
        em.line(f"for (std::int64_t {k} = 0; ; ++{k}) {{")
        items: list[tuple[str, Type]] = []
        with em.indented():
            for part in parts:
                if isinstance(part, iteration._Source):
                    em.line(f"if (!({k} < {part.size})) break;")
                    items.append(part.item(k))
                    continue
                gen, item, it = part
                has = em.temp(BOOL, "false")
                em.line(f"if (!{gen}.next({item}, {has})) [[unlikely]] {em.fail(s.loc.line)}")
                em.line(f"if (!{has}) break;")
                items.append((item, it))
            if call.func == "builtins.enumerate":
                items.insert(0, (k if first is None else f"({first} + {k})", INT))
            iteration._bind(em, s.target, items)
        em.loop_body(s.body, broke, s.loc.line)
        em.line("}")
    em.line("}")
    em.loop_else(s.orelse, broke)
