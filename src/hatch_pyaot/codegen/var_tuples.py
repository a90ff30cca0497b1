"""Emit ``tuple[T, ...]`` (typed by typing/var_tuples.py): a ``pyaot::tuple_of<T>``
(pyaot/builtins/tuple_of.hpp), a ``pyaot::list<T>`` that nothing changes, so that the list
emitters of codegen/lists.py read it. Here: what makes one (``tuple(xs)`` copies the items,
a fixed-length tuple converts item by item) and ``t += u`` / ``t *= n``, which bind a new
tuple to the name (other names keep the old one), where a list changes in place.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import ListType, TupleType, Type, VarTupleType

if TYPE_CHECKING:
    from hatch_pyaot.codegen.function import FunctionEmitter

HEADER = "pyaot/builtins/tuple_of.hpp"


def from_fixed(em: FunctionEmitter, code: str, src: TupleType, dst: VarTupleType) -> str:
    """A fixed-length tuple as a tuple[T, ...] (ir/types.py's fixed_fits: numbers widen)."""
    em.headers.add(HEADER)
    if not src.items or dst.item is None:
        return f"{dst.cpp()}::make()"
    return f"pyaot::tuple_from_fixed<{dst.item.cpp()}>({code})"


def unpacked(em: FunctionEmitter, target: ir.TupleTarget, code: str,
             t: VarTupleType) -> list[tuple[ir.Target, str]]:
    """``a, b = t``: CPython's ValueError unless t has as many items as names; each name's
    item."""
    em.headers.add(HEADER)
    n = len(target.items)
    em.line(f"if (!pyaot::tuple_unpack_check({code}, {n})) [[unlikely]] "
            f"{em.fail(target.loc.line)}")
    return [(sub, f"{code}.items()[{i}]") for i, sub in enumerate(target.items)]


def made(em: FunctionEmitter, code: str, t: Type) -> str:
    """``code``, a fresh list<T> (a concatenation), as the tuple t."""
    em.headers.add(HEADER)
    return f"{t.cpp()}({code})"


def augassign(em: FunctionEmitter, s: ir.AugAssign) -> None:
    em.headers.add(HEADER)
    t = em.spec.var_types[s.target.id]
    target = f"v_{s.target.id}"
    value = em.cast(em.expr(s.value), em.spec.type_of(s.value),
                    t if s.op == ir.BinOpKind.ADD else em.spec.type_of(s.value))
    if s.op == ir.BinOpKind.ADD:
        em.line(f"{target} = {t.cpp()}(pyaot::list_concat({target}, {value}));")
        return
    out = em.temp(t)
    em.line(f"if (!pyaot::list_repeat({out}, {target}, {value})) [[unlikely]] "
            f"{em.fail(s.loc.line)}")
    em.line(f"{target} = {out};")


def _strict(e: ir.Call) -> bool:
    """zip(*rows, strict=True) (tracer/forms.py keeps the keyword only when it is True)."""
    return any(k == "strict" for k, _ in e.kwargs)


def zip_rows(em: FunctionEmitter, e: ir.Call) -> str:
    """``zip(*rows)``: the list of its columns (typing/var_tuples.py)."""
    em.headers.add(HEADER)
    t = em.spec.type_of(e)
    rows = em.expr(e.args[0])
    if not _strict(e):
        return f"pyaot::zip_rows<{t.cpp()}>({rows})"
    out = em.temp(t)
    em.line(f"if (!pyaot::zip_rows_strict({out}, {rows})) [[unlikely]] {em.fail(e.loc.line)}")
    return out


def for_zip_rows(em: FunctionEmitter, s: ir.ForEach) -> None:
    """``for col in zip(*rows):`` walked lazily (pyaot::zip_rows_walk): the rows are taken when
    the loop starts, their items as the loop reaches them, as CPython's zip does. With
    strict=True the column that ended the loop is checked after it, unless the body broke
    out: CPython raises there, after the body ran for every full column."""
    em.headers.add(HEADER)
    assert isinstance(s.iterable, ir.Call)
    strict = _strict(s.iterable)
    broke = em.flag() if s.orelse or strict else None
    lt = em.spec.type_of(s.iterable)
    assert isinstance(lt, ListType) and lt.item is not None
    rows_t = em.spec.type_of(s.iterable.args[0])
    assert isinstance(rows_t, ListType) and rows_t.item is not None
    rows = em.expr(s.iterable.args[0])
    em.temps += 1
    walk, k = f"zw{em.temps}", f"k{em.temps}"
    em.line(f"pyaot::zip_rows_walk<{lt.item.cpp()}, {rows_t.item.cpp()}> {walk}({rows});")
    if strict:
        em.line(f"std::int64_t {k} = 0;")
        em.line(f"for (; {walk}.more({k}); ++{k}) {{")
    else:
        em.line(f"for (std::int64_t {k} = 0; {walk}.more({k}); ++{k}) {{")
    with em.indented():
        em.assign_code(s.target, f"{walk}.column({k})", lt.item)
    em.loop_body(s.body, broke, s.loc.line)
    em.line("}")
    if strict:
        em.line(f"if (!{broke} && !{walk}.ended_evenly({k})) [[unlikely]] "
                f"{em.fail(s.iterable.loc.line)}")
    em.loop_else(s.orelse, broke)
