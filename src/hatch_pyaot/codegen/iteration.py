"""Emit ``for`` loops over ``enumerate``, ``zip`` and ``reversed`` of lists and strings
(typed by typing/iteration.py) as loops over indices. Lengths are read on every step, as
CPython's iterators read them, so a loop that appends to a list it enumerates sees the new
items; ``zip(..., strict=True)`` raises CPython's ValueError when the lengths differ.

Free functions over the FunctionEmitter of codegen/function.py, which calls them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatch_pyaot.codegen import lists
from hatch_pyaot.codegen.literals import string_literal
from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import INT, STR, ListType, TupleType, Type

if TYPE_CHECKING:
    from hatch_pyaot.codegen.function import FunctionEmitter


def _item(code: str, t: Type, index: str) -> tuple[str, Type]:
    """The item at ``index`` of the list or str ``code``."""
    if t == STR:
        return f"pyaot::str::of({code}.view().substr(static_cast<std::size_t>({index}), 1))", STR
    assert isinstance(t, ListType) and t.item is not None
    return f"{t.item.cpp()}({code}.items()[static_cast<std::size_t>({index})])", t.item


def for_each(em: FunctionEmitter, s: ir.ForEach) -> None:
    call = s.iterable
    assert isinstance(call, ir.Call) and isinstance(call.func, str)
    short = call.func.removeprefix("builtins.")
    em.headers.add(lists.HEADER)
    broke = em.flag() if s.orelse or _strict(call) else None
    # the loop's own handles: a name rebound in the body does not change what it walks
    seqs = [(em.temp(em.spec.type_of(a), em.expr(a)), em.spec.type_of(a))
            for a in call.args[:1 if short != "zip" else None]]
    start = None
    if short == "enumerate":
        given = call.args[1] if len(call.args) > 1 else dict(call.kwargs).get("start")
        if given is not None:
            start = em.temp(INT, em.cast(em.expr(given), em.spec.type_of(given), INT))
    em.temps += 1
    k = f"k{em.temps}"
    if short == "reversed":
        code, _ = seqs[0]
        em.line(f"for (std::int64_t {k} = {code}.size() - 1; {k} >= 0; --{k}) {{")
    else:
        bounds = " && ".join(f"{k} < {code}.size()" for code, _ in seqs)
        em.line(f"for (std::int64_t {k} = 0; {bounds}; ++{k}) {{")
    with em.indented():
        items = [_item(code, t, k) for code, t in seqs]
        if short == "enumerate":
            items.insert(0, (k if start is None else f"({start} + {k})", INT))
        _bind(em, s.target, items)
    em.loop_body(s.body, broke, s.loc.line)
    em.line("}")
    if _strict(call):
        _check_lengths(em, call, [code for code, _ in seqs], broke)
    em.loop_else(s.orelse, broke)


def _bind(em: FunctionEmitter, target: ir.Target, items: list[tuple[str, Type]]) -> None:
    if len(items) == 1:
        em.assign_code(target, *items[0])
        return
    if isinstance(target, ir.TupleTarget) and len(target.items) == len(items):
        for sub, (code, t) in zip(target.items, items, strict=True):
            em.assign_code(sub, code, t)
        return
    t = TupleType(tuple(t for _, t in items))
    held = em.temp(t, f"{t.cpp()}{{{', '.join(code for code, _ in items)}}}")
    em.assign_code(target, held, t)


def _strict(call: ir.Call) -> bool:
    value = dict(call.kwargs).get("strict")
    return isinstance(value, ir.Const) and bool(value.value)


def _check_lengths(em: FunctionEmitter, call: ir.Call, seqs: list[str], broke: str | None) -> None:
    """zip(strict=True) that ran to the end of its shortest argument: every argument must
    have ended there (CPython: 'zip() argument 2 is shorter than argument 1')."""
    first = seqs[0]
    em.line(f"if (!{broke}) {{")
    with em.indented():
        for i, code in enumerate(seqs[1:], start=2):
            before = "argument 1" if i == 2 else f"arguments 1-{i - 1}"
            for relation, test in (("shorter", "<"), ("longer", ">")):
                message = string_literal(f"zip() argument {i} is {relation} than {before}")
                em.line(f"if ({code}.size() {test} {first}.size()) [[unlikely]] {{")
                with em.indented():
                    em.line(f"pyaot::raise(pyaot::Exc::ValueError, {message});")
                    em.line(em.fail(call.loc.line))
                em.line("}")
    em.line("}")
