"""Emit what of ``str`` is not a registry operation (those are calls into
``pyaot/builtins/str*.hpp`` like any other): ``s[i]``, ``s[a:b:c]``, ``for c in s`` and
the same of ``bytes``; f-strings as values (their UTF-8 text, built as for exception messages, made a str).

Free functions over the FunctionEmitter of codegen/function.py, which calls them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatch_pyaot.codegen import lists
from hatch_pyaot.codegen.literals import literal
from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import INT, STR, ListType, Type
from hatch_pyaot.typing.typed import OpCall

if TYPE_CHECKING:
    from hatch_pyaot.codegen.function import FunctionEmitter

HEADER = "pyaot/builtins/str.hpp"
BYTES_HEADER = "pyaot/builtins/bytes.hpp"
CONVERT_HEADER = "pyaot/builtins/str_convert.hpp"


def fused_call(em: FunctionEmitter, target: OpCall) -> str | None:
    """``sep.join(sorted(s))`` of a str ``s`` as one call (``pyaot::str_join_sorted``): the
    code points sorted into the result, without the list of 1-character strings between;
    None for any other call."""
    if target.op.cpp != "pyaot::str_join" or target.param_types[1] != ListType(STR):
        return None
    inner = target.args[1]
    call = em.spec.calls.get(inner) if isinstance(inner, ir.Call) else None
    if not (isinstance(call, OpCall) and call.op.cpp == "pyaot::str_sorted"):
        return None
    em.headers.add(call.op.header)
    sep, s = em.expr(target.args[0]), em.expr(call.args[0])
    return f"pyaot::str_join_sorted({sep}, {s})"


def key_repr(em: FunctionEmitter, key: Type | None) -> None:
    """A str key or set item (or a tuple holding one) may go into a KeyError's message: its
    ``append_repr`` (str_convert.hpp, found by ADL) must be declared."""
    if key is not None and "pyaot::str" in key.cpp():
        em.headers.add(CONVERT_HEADER)


def getitem(em: FunctionEmitter, e: ir.Index | ir.TupleGet) -> str:
    """``s[i]``/``s[a:b:c]`` of a str, and ``b[i]`` (an int) / ``b[a:b:c]`` of a bytes."""
    of = em.spec.type_of(e.value)
    prefix = "str" if of == STR else "bytes"
    em.headers.add(HEADER if of == STR else BYTES_HEADER)
    s = em.held(e.value)
    if isinstance(e, ir.Index) and isinstance(e.index, ir.SliceExpr):
        return lists.slice_of(em, e, s, e.index, f"pyaot::{prefix}_slice")
    index = literal(e.index, INT) if isinstance(e, ir.TupleGet) else \
        em.cast(em.expr(e.index), em.spec.type_of(e.index), INT)
    out = em.temp(STR if of == STR else INT)
    em.line(f"if (!pyaot::{prefix}_get({out}, {s}, {index})) [[unlikely]] {em.fail(e.loc.line)}")
    return out


def for_each(em: FunctionEmitter, s: ir.ForEach) -> None:
    """``for c in s``: one 1-character string per code point (of a bytes: an int per byte)."""
    of = em.spec.type_of(s.iterable)
    em.headers.add(HEADER if of == STR else BYTES_HEADER)
    broke = em.flag() if s.orelse else None
    text = em.temp(of, em.expr(s.iterable))  # the loop's own: a name rebound in the body
    em.temps += 1
    counter = f"k{em.temps}"
    em.line(f"for (std::int64_t {counter} = 0; {counter} < {text}.size(); ++{counter}) {{")
    with em.indented():
        item = f"{text}[static_cast<std::size_t>({counter})]"
        if of == STR:
            em.assign_code(s.target, f"pyaot::str::of_char({item})", STR)
        else:
            em.assign_code(s.target, item, INT)
    em.loop_body(s.body, broke)
    em.line("}")
    em.loop_else(s.orelse, broke)


def format_value(em: FunctionEmitter, e: ir.FormatStr) -> str:
    em.headers.add(HEADER)
    text = em.message(e)
    return em.temp(STR, f"pyaot::str::from_utf8({text})")
