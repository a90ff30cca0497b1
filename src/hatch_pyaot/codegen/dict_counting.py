"""Counting statements on a dict in one hash and one probe: ``d[k] += e`` (also ``-=``,
``*=``) and ``d[k] = d.get(k, D) + e`` (also ``-``, ``*``) for int and float values.

``pyaot::dict_probe`` finds the key's entry or the empty place where it would go; the new
value is computed from the old one (or D) and ``e``, then ``pyaot::dict_store`` writes it
there. Python's order is kept: for ``d[k] += e`` a missing key is a KeyError before ``e`` is
evaluated, and nothing is inserted; when ``e`` or the operation raises (an int overflow), the
dict is unchanged. Only where ``d`` is a plain name, the key a name, a constant or a tuple of
them, and ``e`` plain arithmetic of numbers (it cannot change the dict between the probe
and the store). Other forms go through codegen/dicts.py's two lookups.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatch_pyaot.codegen.literals import is_literal, is_temp, literal
from hatch_pyaot.codegen.strings import key_repr
from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import BOOL, FLOAT, INT, DictType

if TYPE_CHECKING:
    from hatch_pyaot.codegen.function import FunctionEmitter

HEADER = "pyaot/builtins/dict_slot.hpp"
_OPS = (ir.BinOpKind.ADD, ir.BinOpKind.SUB, ir.BinOpKind.MUL)
_NUMBERS = (INT, FLOAT, BOOL)


def _same(a: ir.Expr, b: ir.Expr) -> bool:
    """Whether two key expressions are the same name, constant or tuple of them."""
    if isinstance(a, ir.Name) and isinstance(b, ir.Name):
        return a.id == b.id
    if isinstance(a, ir.Const) and isinstance(b, ir.Const):
        return type(a.value) is type(b.value) and a.value == b.value
    if isinstance(a, ir.TupleExpr) and isinstance(b, ir.TupleExpr):
        return len(a.items) == len(b.items) and all(map(_same, a.items, b.items))
    return False


def _plain(em: FunctionEmitter, e: ir.Expr) -> bool:
    """Whether ``e`` is read without running code but its own (nothing else is fused in)."""
    return e not in em.spec.lowered and e not in em.spec.methods and \
        e not in em.spec.unwrapped and not (isinstance(e, ir.Name) and e.id in em.substituted)


def _key_ok(em: FunctionEmitter, e: ir.Expr) -> bool:
    if isinstance(e, ir.TupleExpr):
        return _plain(em, e) and all(_key_ok(em, i) for i in e.items)
    return isinstance(e, ir.Name | ir.Const) and _plain(em, e)


def _arithmetic(em: FunctionEmitter, e: ir.Expr) -> bool:
    """Numbers, names of numbers and operators on them: what cannot change a dict."""
    if not _plain(em, e) or em.spec.type_of(e) not in _NUMBERS:
        return False
    if isinstance(e, ir.Const | ir.Name):
        return True
    if isinstance(e, ir.BinOp):
        return _arithmetic(em, e.left) and _arithmetic(em, e.right)
    return isinstance(e, ir.UnaryOp) and _arithmetic(em, e.operand)


def _old(s: ir.SetItem) -> tuple[ir.Expr, ir.Const | None] | None:
    """The read of the old value in ``s`` and the default (None: ``d[k]``, KeyError)."""
    assert isinstance(s.value, ir.BinOp) and isinstance(s.target, ir.Name)
    left, d = s.value.left, s.target.id
    if s.augmented and isinstance(left, ir.Index) and isinstance(left.value, ir.Name) and \
            left.value.id == d and _same(left.index, s.index):
        return left, None
    if s.augmented and isinstance(left, ir.TupleGet) and isinstance(left.value, ir.Name) and \
            left.value.id == d and isinstance(s.index, ir.Const) and s.index.value == left.index:
        return left, None
    if not s.augmented and isinstance(left, ir.MethodCall) and left.name == "get" and \
            isinstance(left.obj, ir.Name) and left.obj.id == d and len(left.args) == 2 and \
            not left.kwargs and _same(left.args[0], s.index) and \
            isinstance(left.args[1], ir.Const) and type(left.args[1].value) in (int, float):
        return left, left.args[1]
    return None


def setitem(em: FunctionEmitter, s: ir.SetItem) -> bool:
    """Emits ``s`` in one probe when it is a counting statement; False if it is not one."""
    dt = em.spec.type_of(s.target)
    if not (isinstance(dt, DictType) and dt.factory is None and dt.key is not None and
            dt.value in (INT, FLOAT) and isinstance(s.target, ir.Name) and
            _plain(em, s.target) and isinstance(s.value, ir.BinOp) and s.value.op in _OPS and
            _plain(em, s.value) and _key_ok(em, s.index) and
            _arithmetic(em, s.value.right)):
        return False
    found = _old(s)
    if found is None or not _plain(em, found[0]) or em.spec.type_of(found[0]) != dt.value:
        return False
    left, default = found
    em.headers.add(HEADER)
    key_repr(em, dt.key)
    d = em.held(s.target)
    key = em.cast(em.expr(s.index), em.spec.type_of(s.index), dt.key)
    key = key if is_literal(key) or is_temp(key) or key.startswith("v_") else \
        em.temp(dt.key, key)
    em.temps += 1
    slot = f"s{em.temps}"
    em.line(f"const pyaot::dict_slot {slot} = pyaot::dict_probe({d}, {key});")
    if default is None:
        em.line(f"if (!{slot}.found()) [[unlikely]] "
                f"{{ (void)pyaot::dict_detail::key_error({key}); {em.fail(s.loc.line)} }}")
        old = f"pyaot::dict_slot_value({d}, {slot})"
    else:
        fallback = literal(default.value, dt.value)
        old = f"({slot}.found() ? pyaot::dict_slot_value({d}, {slot}) : {fallback})"
    em.held_values[left] = em.temp(dt.value, old)
    try:
        value = em.cast(em.expr(s.value), em.spec.type_of(s.value), dt.value)
    finally:
        del em.held_values[left]
    em.line(f"pyaot::dict_store({d}, {slot}, {key}, {value});")
    return True
