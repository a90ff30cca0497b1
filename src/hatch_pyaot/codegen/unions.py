"""Emit the operations on small unions (typing/unions.py) over ``pyaot::union_``
(pyaot/builtins/union.hpp): a value stored as its member, a narrowed read, the test of the
member held, ``==``/``in`` and ``hash()`` as Python computes them on the member.

Free functions over the FunctionEmitter of codegen/function.py, which calls them.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from hatch_pyaot.codegen.literals import is_temp
from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import (
    ListType,
    OptionalType,
    Type,
    UnionType,
    member_for,
)
from hatch_pyaot.typing.typed import UnionOp
from hatch_pyaot.typing.unions import member_is_instance, union_in

if TYPE_CHECKING:
    from hatch_pyaot.codegen.function import FunctionEmitter
    from hatch_pyaot.typing.typed import Specialization

HEADER = "pyaot/builtins/union.hpp"
ORDER_HEADER = "pyaot/builtins/union_order.hpp"
__all__ = ["HEADER", "augmented", "cast", "expr", "member_is_instance", "members_of", "used"]


def used(types: Iterable[Type | None]) -> bool:
    """Whether any of these types is or holds a union (the module includes HEADER)."""
    return any(t is not None and "pyaot::union_<" in t.cpp() for t in types)


def types_of(spec: Specialization) -> list[Type | None]:
    return [*spec.param_types, spec.result, *spec.var_types.values(),
            *spec.expr_types.values()]


def members_of(t: Type) -> tuple[Type, ...]:
    """The members of the union t is (or holds as an Optional); () for other types."""
    u = union_in(t)
    return u.members if u is not None else ()


def cast(em: FunctionEmitter, code: str, src: Type, dst: UnionType) -> str:
    """A value of type src stored where a dst is expected: as its member, or a union as
    the wider union."""
    em.headers.add(HEADER)
    if isinstance(src, UnionType):
        return f"pyaot::narrow<{dst.cpp()}>({code})"
    member = member_for(src, dst)
    assert member is not None, (src, dst)
    tag = dst.members.index(member)
    return f"pyaot::union_of<{tag}, {dst.cpp()}>({em.cast(code, src, member)})"


def expr(em: FunctionEmitter, e: ir.Expr, op: UnionOp) -> str:
    em.headers.add(HEADER)
    if op.kind == "narrow":
        assert op.target is not None
        return f"pyaot::narrow<{op.target.cpp()}>({_raw(em, e)})"
    if op.kind == "holds":
        assert isinstance(e, ir.TypeCheck)
        return _holds(em, e, op)
    if op.kind == "hash":
        assert isinstance(e, ir.Call)
        return f"pyaot::py_hash({em.expr(e.args[0])})"
    if op.kind in _ORDER or op.kind in ("sorted", "min", "max"):
        return _ordered(em, e, op.kind)
    assert isinstance(e, ir.Compare)
    left, right = em.expr(e.left), em.expr(e.comparators[0])
    if op.kind in ("in", "not_in"):
        assert isinstance(em.spec.type_of(e.comparators[0]), ListType)
        found = f"pyaot::union_in({right}, {left})"
    else:
        found = f"pyaot::union_eq({left}, {right})"
    return found if op.kind in ("eq", "in") else f"!{found}"


_ORDER = {"lt": "LT", "le": "LE", "gt": "GT", "ge": "GE"}


def _ordered(em: FunctionEmitter, e: ir.Expr, kind: str) -> str:
    """``a < b`` (<= > >=) with a union side, ``sorted()``, ``min()``, ``max()`` of union
    items (pyaot/builtins/union_order.hpp): each may raise CPython's TypeError."""
    em.headers.add(ORDER_HEADER)
    out = em.temp(em.spec.type_of(e))
    if isinstance(e, ir.Compare):
        call = (f"pyaot::union_compare<pyaot::union_order::{_ORDER[kind]}>({out}, "
                f"{em.expr(e.left)}, {em.expr(e.comparators[0])})")
    else:
        assert isinstance(e, ir.Call)
        items = em.expr(e.args[0])
        if kind == "sorted":
            reverse = next((f"({em.truth(v)})" for k, v in e.kwargs if k == "reverse"), "false")
            call = f"pyaot::union_sorted({out}, {items}, {reverse})"
        else:
            call = f"pyaot::union_min_max<{'true' if kind == 'max' else 'false'}>({out}, {items})"
    em.line(f"if (!{call}) [[unlikely]] {em.fail(e.loc.line)}")
    return out


def augmented(em: FunctionEmitter, s: ir.AugAssign, code: str, t: Type) -> tuple[str, Type]:
    """The value ``x += v`` updates, and its type: a narrowed union name's member."""
    op = em.spec.unions.get(s)
    if op is None or op.target is None:
        return code, t
    em.headers.add(HEADER)
    return f"pyaot::narrow<{op.target.cpp()}>({code})", op.target


def _raw(em: FunctionEmitter, e: ir.Expr) -> str:
    """The name's own value (the union), as the emitter writes a name."""
    op = em.spec.unions.pop(e)
    try:
        return em.expr_value(e)
    finally:
        em.spec.unions[e] = op


def _holds(em: FunctionEmitter, e: ir.TypeCheck, op: UnionOp) -> str:
    t = em.spec.type_of(e.value)
    u = union_in(t)
    assert u is not None
    code = em.expr(e.value)
    held = code if is_temp(code) or code.startswith("v_") else em.temp(t, code)
    if not isinstance(t, OptionalType):
        return f"pyaot::union_holds({held}, {op.tags}u)"
    test = f"({held}.has_value() && pyaot::union_holds(*{held}, {op.tags}u))"
    return f"(!{held}.has_value() || {test})" if op.none else test
