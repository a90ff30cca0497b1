"""Emit ``set[T]`` and ``frozenset[T]`` operations (typed by typing/sets.py) as calls into
``pyaot/builtins/set.hpp``. A frozenset is made from a set nothing else holds (a fresh
result or copy), so that nothing can change it afterwards.

A set value in C++ is a ``pyaot::set<T>`` handle: copying it shares the set. Loops walk the
table in slot order, as CPython's set iterator does, with its check that the loop did not
change the set's size.

Free functions over the FunctionEmitter of codegen/function.py, which calls them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatch_pyaot.codegen.literals import is_literal, is_temp
from hatch_pyaot.codegen.strings import key_repr
from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import NONE, DictType, DictView, ListType, SetType, Type
from hatch_pyaot.typing.typed import ListBuiltin

if TYPE_CHECKING:
    from hatch_pyaot.codegen.function import FunctionEmitter

HEADER = "pyaot/builtins/set.hpp"


def _item(t: Type) -> Type:
    assert isinstance(t, SetType)
    return t.item if t.item is not None else NONE



def cast(code: str, src: Type, dst: Type) -> str:
    """A set whose item type was never known is always empty: a new empty set."""
    return f"{dst.cpp()}::make()"


def _value(em: FunctionEmitter, e: ir.Expr, item: Type) -> str:
    code = em.cast(em.expr(e), em.spec.type_of(e), item)
    return code if is_literal(code) or is_temp(code) else em.temp(item, code)


def _as_kind(code: str, t: Type) -> str:
    """A new set (an operation's result) as a value of type t: a frozenset wraps it."""
    assert isinstance(t, SetType)
    return f"{t.cpp()}({code})" if t.frozen else code


def literal_set(em: FunctionEmitter, e: ir.SetExpr) -> str:
    em.headers.add(HEADER)
    t = em.spec.type_of(e)
    values = [_value(em, i, _item(t)) for i in e.items]
    out = em.temp(t, f"{t.cpp()}::make()")
    for v in values:  # BUILD_SET: every item evaluated, then added in order
        em.line(f"pyaot::set_add({out}, {v});")
    return out


_OPERATORS = {ir.BinOpKind.BITOR: "or", ir.BinOpKind.BITAND: "and",
              ir.BinOpKind.SUB: "sub", ir.BinOpKind.BITXOR: "xor"}
_METHOD_OPERATORS = {"union": "or", "intersection": "and", "difference": "sub",
                     "symmetric_difference": "xor"}


def method_call(em: FunctionEmitter, e: ir.MethodCall) -> str:
    em.headers.add(HEADER)
    st = em.spec.type_of(e.obj)
    assert isinstance(st, SetType)
    key_repr(em, st.item)
    s = em.held(e.obj)
    name, line = e.name, e.loc.line
    if name in ("add", "discard", "remove"):
        value = _value(em, e.args[0], _item(st))
        if st.item is None and name != "add":  # always empty
            if name == "remove":
                em.line(f"pyaot::raise(pyaot::Exc::KeyError, pyaot::repr_of({em.expr(e.args[0])}));")
                em.line(em.fail(line))
            return "pyaot::none"
        if name == "remove":
            em.line(f"if (!pyaot::set_remove({s}, {value})) [[unlikely]] {em.fail(line)}")
        else:
            em.line(f"pyaot::set_{name}({s}, {value});")
        return "pyaot::none"
    if name == "pop":
        out = em.temp(em.spec.type_of(e))
        em.line(f"if (!pyaot::set_pop({out}, {s})) [[unlikely]] {em.fail(line)}")
        return out
    if name == "clear":
        em.line(f"pyaot::set_clear({s});")
        return "pyaot::none"
    if name == "copy":  # a frozenset's copy is itself, as in CPython
        return s if st.frozen else f"pyaot::set_copy({s})"
    other_t = em.spec.type_of(e.args[0])
    other = em.expr(e.args[0])
    if name == "update":
        if (isinstance(other_t, ListType | SetType) and
                (other_t.item is None or st.item is None)):
            em.line(f"(void)({other});")  # always empty
        else:
            em.line(f"pyaot::set_update({s}, {other});")
        return "pyaot::none"
    t = em.spec.type_of(e)
    if name in _METHOD_OPERATORS:
        left, right = _same_items(s, st, t), _same_items(other, other_t, t)
        return _as_kind(f"pyaot::set_{_METHOD_OPERATORS[name]}({left}, {right})", t)
    both = _same_items(other, other_t, st)
    if st.item is None and isinstance(other_t, SetType) and other_t.item is not None:
        s = _same_items(s, st, other_t)
    if name == "issubset":
        return f"pyaot::set_issubset({s}, {both})"
    if name == "issuperset":
        return f"pyaot::set_issubset({both}, {s})"
    return f"(pyaot::set_and({s}, {both}).size() == 0)"  # isdisjoint


def binop(em: FunctionEmitter, e: ir.BinOp) -> str:
    em.headers.add(HEADER)
    t = em.spec.type_of(e)
    lt, rt = em.spec.type_of(e.left), em.spec.type_of(e.right)
    left, right = _same_items(em.expr(e.left), lt, t), _same_items(em.expr(e.right), rt, t)
    return _as_kind(f"pyaot::set_{_OPERATORS[e.op]}({left}, {right})", t)


def _same_items(code: str, src: Type, dst: Type) -> str:
    """A set operand whose item type was never known (always empty) as a set of dst's."""
    assert isinstance(src, SetType) and isinstance(dst, SetType)
    if src.item is None and dst.item is not None:
        return f"{SetType(dst.item, src.frozen).cpp()}::make()"
    return code


def augassign(em: FunctionEmitter, s: ir.AugAssign) -> None:
    """``s |= t`` (``&= -= ^=``) changes s in place: aliases see it."""
    em.headers.add(HEADER)
    t = em.spec.var_types[s.target.id]
    value = _same_items(em.expr(s.value), em.spec.type_of(s.value), t)
    target = f"v_{s.target.id}"
    assert isinstance(t, SetType)
    if t.frozen:  # fs |= t makes a new frozenset: aliases keep the old one
        em.line(f"{target} = {_as_kind(f'pyaot::set_{_OPERATORS[s.op]}({target}, {value})', t)};")
        return
    em.line(f"pyaot::set_i{_OPERATORS[s.op]}({target}, {value});")


def compare(kind: ir.CmpOpKind, left: str, lt: Type, right: str, rt: Type) -> str:
    if kind in (ir.CmpOpKind.IN, ir.CmpOpKind.NOT_IN):
        assert isinstance(rt, SetType)
        if rt.item is None:
            found = "false"
        else:
            found = f"pyaot::set_contains({right}, {rt.item.cpp()}({left}))"
        return found if kind == ir.CmpOpKind.IN else f"!{found}"
    assert isinstance(lt, SetType) and isinstance(rt, SetType)
    if lt.item is None and rt.item is not None:  # always empty
        left = f"{SetType(rt.item).cpp()}::make()"
    if rt.item is None and lt.item is not None:
        right = f"{SetType(lt.item).cpp()}::make()"
    test = {
        ir.CmpOpKind.EQ: f"pyaot::set_eq({left}, {right})",
        ir.CmpOpKind.NE: f"!pyaot::set_eq({left}, {right})",
        ir.CmpOpKind.LE: f"pyaot::set_issubset({left}, {right})",
        ir.CmpOpKind.GE: f"pyaot::set_issubset({right}, {left})",
        ir.CmpOpKind.LT: f"({left}.size() < {right}.size() && "
                         f"pyaot::set_issubset({left}, {right}))",
        ir.CmpOpKind.GT: f"({right}.size() < {left}.size() && "
                         f"pyaot::set_issubset({right}, {left}))",
    }
    return test[kind]


def for_each(em: FunctionEmitter, s: ir.ForEach) -> None:
    em.headers.add(HEADER)
    st = em.spec.type_of(s.iterable)
    assert isinstance(st, SetType)
    broke = em.flag() if s.orelse else None
    held_set = em.temp(st, em.expr(s.iterable))  # the loop's own handle
    em.temps += 1
    n = em.temps
    em.line(f"pyaot::set_cursor c{n} = pyaot::set_begin({held_set});")
    em.line("for (;;) {")
    with em.indented():
        em.line(f"std::int64_t at{n} = -1;")
        em.line(f"if (!pyaot::set_next(c{n}, {held_set}, at{n})) [[unlikely]] "
                f"{em.fail(s.loc.line)}")
        em.line(f"if (at{n} < 0) break;")
        if st.item is not None:
            code = f"{held_set}.table()[static_cast<std::size_t>(at{n})].key"
            target = code if isinstance(s.target, ir.NameTarget) else em.temp(st.item, code)
            em.assign_code(s.target, target, st.item)
    em.loop_body(s.body, broke)
    em.line("}")
    em.loop_else(s.orelse, broke)


def reduce_step(em: FunctionEmitter, s: ir.ReduceStep, e: ir.Comprehension, acc: str) -> None:
    value = em.cast(em.expr(s.value), em.spec.type_of(s.value), _item(em.spec.type_of(e)))
    em.line(f"pyaot::set_add({acc}, {value});")


def builtin(em: FunctionEmitter, e: ir.Call, target: ListBuiltin) -> str:
    """``set()``, ``set(s)`` and ``set(xs)``; ``frozenset(...)`` alike."""
    em.headers.add(HEADER)
    t = em.spec.type_of(e)
    assert isinstance(t, SetType)
    if not e.args:
        return f"{t.cpp()}::make()"
    source = em.spec.type_of(e.args[0])
    code = em.expr(e.args[0])
    if isinstance(source, DictType | DictView):
        from hatch_pyaot.codegen import dicts

        if dicts.view_item_unknown(source):
            return f"{t.cpp()}::make()"
        if isinstance(source, DictType):  # CPython presizes for a dict, then adds its keys
            return _as_kind(f"pyaot::set_of_dict({code})", t)
        return _as_kind(f"pyaot::set_of_list({dicts.snapshot(code, source)})", t)
    if isinstance(source, ListType):
        if source.item is None:
            em.line(f"(void)({code});")
            return f"{t.cpp()}::make()"
        return _as_kind(f"pyaot::set_of_list({code})", t)
    if isinstance(source, SetType) and source.item is None:
        em.line(f"(void)({code});")
        return f"{t.cpp()}::make()"
    if t.frozen and source == t:  # frozenset(fs) is fs
        return code
    return _as_kind(f"pyaot::set_copy({code})", t)


def snapshot(code: str) -> str:
    """list(s): what the list builtins (sorted, sum, min...) walk."""
    return f"pyaot::set_list({code})"
