"""Emit ``for`` loops over ``enumerate``, ``zip`` and ``reversed`` of lists and strings
(typed by typing/iteration.py) as loops over indices. Lengths are read on every step, as
CPython's iterators read them, so a loop that appends to a list it enumerates sees the new
items; ``zip(..., strict=True)`` raises CPython's ValueError when the lengths differ.

Free functions over the FunctionEmitter of codegen/function.py, which calls them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
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
        return f"pyaot::str::of_char({code}[static_cast<std::size_t>({index})])", STR
    assert isinstance(t, ListType) and t.item is not None
    return f"{t.item.cpp()}({code}.items()[static_cast<std::size_t>({index})])", t.item


@dataclass(frozen=True)
class _Source:
    """One argument of zip/enumerate, walked by the loop's index: its length (read on every
    step: a list may grow) and its item at an index."""

    size: str
    item: Callable[[str], tuple[str, Type]]


def _source(em: FunctionEmitter, e: ir.Expr, line: int) -> _Source:
    if isinstance(e, ir.Call) and e.func == "builtins.range":
        em.headers.add("pyaot/range.hpp")
        start, stop, step = (em.temp(INT, em.cast(em.expr(b), em.spec.type_of(b), INT))
                             for b in e.args)
        n = em.temp(INT)
        em.line(f"if (!pyaot::range_length({n}, {start}, {stop}, {step})) [[unlikely]] "
                f"{em.fail(line)}")
        return _Source(n, lambda k: (f"pyaot::range_item({start}, {step}, {k})", INT))
    if isinstance(e, ir.Call) and e.func in ("builtins.zip", "builtins.enumerate"):
        parts, first = _parts(em, e, line), _start(em, e)
        return _Source(_size(parts), lambda k: _tuple(_items(e, parts, first, k)))
    t = em.spec.type_of(e)
    # the loop's own handle: `xs = ...` in the body does not change what it walks
    code = em.temp(t, em.expr(e))
    if not isinstance(t, ListType) and t != STR:  # a dict, view or set: what it iterates
        code, t = lists.snapshot(em, code, t)
    return _Source(f"{code}.size()", lambda k: _item(code, t, k))


def _parts(em: FunctionEmitter, call: ir.Call, line: int) -> list[_Source]:
    count = 1 if call.func == "builtins.enumerate" else None
    return [_source(em, a, line) for a in call.args[:count]]


def _size(parts: list[_Source]) -> str:
    if len(parts) == 1:
        return parts[0].size
    return f"std::min<std::int64_t>({{{', '.join(p.size for p in parts)}}})"


def _start(em: FunctionEmitter, call: ir.Call) -> str | None:
    """enumerate()'s start, evaluated once, before the loop."""
    if call.func != "builtins.enumerate":
        return None
    given = call.args[1] if len(call.args) > 1 else dict(call.kwargs).get("start")
    if given is None:
        return None
    return em.temp(INT, em.cast(em.expr(given), em.spec.type_of(given), INT))


def _items(call: ir.Call, parts: list[_Source], start: str | None,
           k: str) -> list[tuple[str, Type]]:
    items = [p.item(k) for p in parts]
    if call.func == "builtins.enumerate":
        items.insert(0, (k if start is None else f"({start} + {k})", INT))
    return items


def _tuple(items: list[tuple[str, Type]]) -> tuple[str, Type]:
    t = TupleType(tuple(t for _, t in items))
    return f"{t.cpp()}{{{', '.join(code for code, _ in items)}}}", t


def for_each(em: FunctionEmitter, s: ir.ForEach) -> None:
    call = s.iterable
    assert isinstance(call, ir.Call) and isinstance(call.func, str)
    em.headers.add(lists.HEADER)
    broke = em.flag() if s.orelse or _strict(call) else None
    if call.func == "builtins.reversed":
        t = em.spec.type_of(call.args[0])
        code = em.temp(t, em.expr(call.args[0]))  # the loop's own handle, as _source's
        k = _counter(em)
        em.line(f"for (std::int64_t {k} = {code}.size() - 1; {k} >= 0; --{k}) {{")
        with em.indented():
            _bind(em, s.target, [_item(code, t, k)])
    else:
        parts, start = _parts(em, call, s.loc.line), _start(em, call)
        k = _counter(em)
        bounds = " && ".join(f"{k} < {p.size}" for p in parts)
        em.line(f"for (std::int64_t {k} = 0; {bounds}; ++{k}) {{")
        with em.indented():
            _bind(em, s.target, _items(call, parts, start, k))
    em.loop_body(s.body, broke, s.loc.line)
    em.line("}")
    if _strict(call):
        _check_lengths(em, call, [p.size for p in parts], broke)
    em.loop_else(s.orelse, broke)


def _counter(em: FunctionEmitter) -> str:
    em.temps += 1
    return f"k{em.temps}"


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


def _check_lengths(em: FunctionEmitter, call: ir.Call, sizes: list[str],
                   broke: str | None) -> None:
    """zip(strict=True) that ran to the end of its shortest argument: every argument must
    have ended there. CPython names the first argument that ran out ('zip() argument 3 is
    shorter than arguments 1-2') or, when that is the first, the first that did not
    ('zip() argument 2 is longer than argument 1')."""
    sizes = [f"static_cast<std::int64_t>({size})" for size in sizes]
    shortest = _counter(em)

    def before(i: int) -> str:
        return "argument 1" if i == 2 else f"arguments 1-{i - 1}"

    def raise_if(test: str, message: str, keyword: str) -> None:
        em.line(f"{keyword} ({test}) [[unlikely]] {{")
        with em.indented():
            em.line(f"pyaot::raise(pyaot::Exc::ValueError, {string_literal(message)});")
            em.line(em.fail(call.loc.line))
        em.line("}")

    em.line(f"if (!{broke}) {{")
    with em.indented():
        em.line(f"const std::int64_t {shortest} = std::min<std::int64_t>({{{', '.join(sizes)}}});")
        em.line(f"if ({sizes[0]} == {shortest}) {{")
        with em.indented():
            for i, size in enumerate(sizes[1:], start=2):
                raise_if(f"{size} > {shortest}", f"zip() argument {i} is longer than {before(i)}",
                         "if" if i == 2 else "else if")
        em.line("}")
        for i, size in enumerate(sizes[1:], start=2):
            raise_if(f"{size} == {shortest}", f"zip() argument {i} is shorter than {before(i)}",
                     "else if")
    em.line("}")
