"""Emit ``dict[K, V]`` operations (typed by typing/dicts.py) as calls into
``pyaot/builtins/dict.hpp``.

A dict value in C++ is a ``pyaot::dict<K, V>`` handle: copying it shares the dict. A view
(``d.keys()``...) is the dict's handle itself; what iterating it gives is chosen where it is
iterated. A loop holds its own handle to the dict it walks (a later ``d = {}`` does not change
what it walks, as in Python) and a cursor that checks, on each step, that the loop did not
change the dict's size: CPython's RuntimeError otherwise.

Free functions over the FunctionEmitter of codegen/function.py, which calls them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatch_pyaot.codegen import default_dicts, dict_counting
from hatch_pyaot.codegen.literals import is_literal, is_temp, literal
from hatch_pyaot.codegen.strings import key_repr
from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import NONE, DictType, DictView, ListType, TupleType, Type
from hatch_pyaot.typing.default_dicts import COUNTER_METHODS, COUNTER_OPERATORS
from hatch_pyaot.typing.typed import ListBuiltin

if TYPE_CHECKING:
    from hatch_pyaot.codegen.function import FunctionEmitter

HEADER = "pyaot/builtins/dict.hpp"


def _dict_t(t: Type) -> DictType:
    if isinstance(t, DictView):
        return t.dict
    assert isinstance(t, DictType)
    return t


def _key(t: Type) -> Type:
    return _dict_t(t).key or NONE


def _value(t: Type) -> Type:
    return _dict_t(t).value or NONE



def cast(code: str, src: Type, dst: Type) -> str:
    """A dict whose key or value type was never known is always empty: a new empty dict.
    (A defaultdict or Counter given as a dict is the same table.)"""
    if src.cpp() == dst.cpp():
        return code
    return f"{dst.cpp()}::make()"


def evaluated_as(em: FunctionEmitter, e: ir.Expr, t: Type) -> str:
    """``e`` as a value of type t, in a name unless a literal (evaluated once, in order)."""
    code = em.cast(em.expr(e), em.spec.type_of(e), t)
    return code if is_literal(code) or is_temp(code) else em.temp(t, code)


def _probe(em: FunctionEmitter, e: ir.Expr, dt: DictType) -> str:
    """A key that is only looked up, as the key type (numbers widen: typing checks it)."""
    return em.cast(em.expr(e), em.spec.type_of(e), dt.key or NONE)


def literal_dict(em: FunctionEmitter, e: ir.DictExpr) -> str:
    em.headers.add(HEADER)
    t = em.spec.type_of(e)
    if not e.keys:
        return f"{t.cpp()}::make()"
    out = em.temp(t, f"{t.cpp()}::make()")
    for k, v in zip(e.keys, e.values, strict=True):
        key = evaluated_as(em, k, _key(t))
        value = em.cast(em.expr(v), em.spec.type_of(v), _value(t))
        em.line(f"pyaot::dict_set({out}, {key}, {value});")
    return out


def getitem(em: FunctionEmitter, e: ir.Index | ir.TupleGet) -> str:
    em.headers.add(HEADER)
    d = em.held(e.value)
    dt = _dict_t(em.spec.type_of(e.value))
    key_repr(em, dt.key)
    key = literal(e.index, dt.key or NONE) if isinstance(e, ir.TupleGet) else \
        _probe(em, e.index, dt)
    if dt.factory is not None:  # defaultdict, Counter
        return default_dicts.getitem(em, dt, d, key)
    out = em.temp(em.spec.type_of(e))
    em.line(f"if (!pyaot::dict_get({out}, {d}, {key})) [[unlikely]] {em.fail(e.loc.line)}")
    return out


def setitem(em: FunctionEmitter, s: ir.SetItem) -> None:
    em.headers.add(HEADER)
    if dict_counting.setitem(em, s):  # d[k] += e, d[k] = d.get(k, 0) + e: one probe
        return
    d = em.held(s.target)
    t = em.spec.type_of(s.target)
    value = evaluated_as(em, s.value, _value(t))  # Python evaluates the value before the key
    key = em.cast(em.expr(s.index), em.spec.type_of(s.index), _key(t))
    em.line(f"pyaot::dict_set({d}, {key}, {value});")


def delitem(em: FunctionEmitter, s: ir.DelItem) -> None:
    em.headers.add(HEADER)
    d = em.held(s.target)
    dt = _dict_t(em.spec.type_of(s.target))
    key_repr(em, dt.key)
    key = _probe(em, s.index, dt)
    em.line(f"if (!pyaot::dict_delete({d}, {key})) [[unlikely]] {em.fail(s.loc.line)}")


def method_call(em: FunctionEmitter, e: ir.MethodCall) -> str:
    em.headers.add(HEADER)
    dt = _dict_t(em.spec.type_of(e.obj))
    key_repr(em, dt.key)
    d = em.held(e.obj)
    name, line = e.name, e.loc.line
    if dt.factory == "Counter" and name in COUNTER_METHODS:
        return default_dicts.method_call(em, e, d)
    if name in ("keys", "values", "items"):
        return d
    if name == "copy":
        return f"pyaot::dict_copy({d})"
    if name == "clear":
        em.line(f"pyaot::dict_clear({d});")
        return "pyaot::none"
    if name == "update":
        other = em.expr(e.args[0])
        ot = em.spec.type_of(e.args[0])
        if isinstance(ot, ListType):  # of pairs
            other = f"pyaot::dict_of_pairs({other})"
            ot = DictType(ot.item.items[0], ot.item.items[1]) if isinstance(
                ot.item, TupleType) else dt
        if isinstance(ot, DictType) and ot != dt:  # always empty
            em.line(f"(void)({other});")
        else:
            em.line(f"pyaot::dict_update({d}, {other});")
        return "pyaot::none"
    if name == "popitem":
        out = em.temp(em.spec.type_of(e))
        em.line(f"if (!pyaot::dict_popitem({out}, {d})) [[unlikely]] {em.fail(line)}")
        return out
    value_t = dt.value or em.spec.type_of(e)
    if name == "setdefault":
        key = evaluated_as(em, e.args[0], _key(dt))
        fallback = em.cast(em.expr(e.args[1]), em.spec.type_of(e.args[1]), value_t)
        if _unobservable(e.args[1]):  # made only when missing: d.setdefault(k, [])
            return (f"pyaot::dict_setdefault_lazy({d}, {key}, [&] {{ return "
                    f"{value_t.cpp()}({fallback}); }})")
        return f"pyaot::dict_setdefault({d}, {key}, {fallback})"
    key = evaluated_as(em, e.args[0], _key(dt))
    if len(e.args) == 2:  # get(k, default), pop(k, default)
        fallback = em.cast(em.expr(e.args[1]), em.spec.type_of(e.args[1]), value_t)
        if dt.key is None:  # always empty
            return fallback
        # in a name: read before what the rest of the expression calls (which may change d)
        return em.temp(value_t, f"pyaot::dict_{'get_or' if name == 'get' else 'pop_or'}"
                       f"({d}, {key}, {fallback})")
    if name == "get":  # d.get(k): an Optional
        return f"pyaot::dict_get_optional({d}, {key})"
    out = em.temp(value_t)
    em.line(f"if (!pyaot::dict_pop({out}, {d}, {key})) [[unlikely]] {em.fail(line)}")
    return out


def _unobservable(e: ir.Expr) -> bool:
    """Whether making the value of ``e`` has no effect but the value (``[]``, ``{}``, a
    constant): it may then be made only when it is used."""
    return isinstance(e, ir.Const) or (isinstance(e, ir.ListExpr) and not e.items) or (
        isinstance(e, ir.DictExpr) and not e.keys)


def binop(em: FunctionEmitter, e: ir.BinOp) -> str:
    """``d | e`` of dicts; ``a + b``, ``a - b``, ``a | b``, ``a & b`` of Counters."""
    em.headers.add(HEADER)
    t = em.spec.type_of(e)
    left = em.cast(em.expr(e.left), em.spec.type_of(e.left), t)
    right = em.cast(em.expr(e.right), em.spec.type_of(e.right), t)
    if isinstance(t, DictType) and t.factory == "Counter":
        em.headers.add("pyaot/collections/counter.hpp")
        return f"{COUNTER_OPERATORS[e.op]}({left}, {right})"
    return f"pyaot::dict_merge({left}, {right})"


def augassign(em: FunctionEmitter, s: ir.AugAssign) -> None:
    """``d |= e`` updates d in place: aliases see it."""
    em.headers.add(HEADER)
    t = em.spec.var_types[s.target.id]
    value = em.cast(em.expr(s.value), em.spec.type_of(s.value), t)
    em.line(f"pyaot::dict_update(v_{s.target.id}, {value});")


def compare(kind: ir.CmpOpKind, left: str, lt: Type, right: str, rt: Type) -> str:
    if kind in (ir.CmpOpKind.IN, ir.CmpOpKind.NOT_IN) and isinstance(rt, DictView) and \
            rt.kind != "keys":
        if rt.item() is None:
            found = "false"
        elif rt.kind == "values":
            found = f"pyaot::dict_values_contains({right}, {left})"
        else:
            dt = rt.dict
            assert dt.key is not None and isinstance(lt, TupleType)
            key = f"{dt.key.cpp()}(std::get<0>({left}))"
            found = f"pyaot::dict_items_contains({right}, {key}, std::get<1>({left}))"
        return found if kind == ir.CmpOpKind.IN else f"!{found}"
    if kind in (ir.CmpOpKind.IN, ir.CmpOpKind.NOT_IN):
        dt = _dict_t(rt)
        if dt.key is None:
            found = "false"
        else:
            found = f"pyaot::dict_contains({right}, static_cast<{dt.key.cpp()}>({left}))" \
                if lt != dt.key and not isinstance(lt, TupleType) else \
                f"pyaot::dict_contains({right}, {dt.key.cpp()}({left}))"
        return found if kind == ir.CmpOpKind.IN else f"!{found}"
    if lt != rt:  # one of them is always empty: as an empty dict of the other's types
        left = f"{rt.cpp()}::make()" if _unknown(lt) else left
        right = f"{lt.cpp()}::make()" if _unknown(rt) else right
    same = f"pyaot::dict_eq({left}, {right})"
    return same if kind == ir.CmpOpKind.EQ else f"!{same}"


def _unknown(t: Type) -> bool:
    return isinstance(t, DictType) and (t.key is None or t.value is None)


def _entry_value(kind: str, entry: str, dt: DictType) -> tuple[str, Type]:
    if kind == "keys":
        return f"{entry}.key", dt.key or NONE
    if kind == "values":
        return f"{entry}.value", dt.value or NONE
    t = TupleType((dt.key or NONE, dt.value or NONE))
    return f"{t.cpp()}({entry}.key, {entry}.value)", t


def for_each(em: FunctionEmitter, s: ir.ForEach) -> None:
    em.headers.add(HEADER)
    it = em.spec.type_of(s.iterable)
    kind = it.kind if isinstance(it, DictView) else "keys"
    dt = _dict_t(it)
    broke = em.flag() if s.orelse else None
    d = em.temp(dt, em.expr(s.iterable))  # the loop's own handle
    em.temps += 1
    n = em.temps
    em.line(f"pyaot::dict_cursor c{n} = pyaot::dict_begin({d});")
    em.line("for (;;) {")
    with em.indented():
        em.line(f"std::int64_t at{n} = -1;")
        em.line(f"if (!pyaot::dict_next(c{n}, {d}, at{n})) [[unlikely]] {em.fail(s.loc.line)}")
        em.line(f"if (at{n} < 0) break;")
        if dt.key is not None and dt.value is not None:
            code, t = _entry_value(kind, f"{d}.entries()[static_cast<std::size_t>(at{n})]", dt)
            if isinstance(s.target, ir.NameTarget):
                em.assign_code(s.target, code, t)
            else:
                em.assign_code(s.target, em.temp(t, code), t)
    em.loop_body(s.body, broke)
    em.line("}")
    em.loop_else(s.orelse, broke)


def reduce_step(em: FunctionEmitter, s: ir.ReduceStep, e: ir.Comprehension, acc: str) -> None:
    t = em.spec.type_of(e)
    assert isinstance(s.value, ir.TupleExpr)
    k, v = s.value.items
    key = evaluated_as(em, k, _key(t))
    value = em.cast(em.expr(v), em.spec.type_of(v), _value(t))
    em.line(f"pyaot::dict_set({acc}, {key}, {value});")


def builtin(em: FunctionEmitter, e: ir.Call, target: ListBuiltin) -> str:
    """``dict()``, ``dict(d)`` and ``dict(pairs)``."""
    em.headers.add(HEADER)
    t = em.spec.type_of(e)
    if not e.args:
        return f"{t.cpp()}::make()"
    source = em.spec.type_of(e.args[0])
    code = em.expr(e.args[0])
    if isinstance(source, ListType):
        if source.item is None or _unknown(t):  # always empty
            em.line(f"(void)({code});")
            return f"{t.cpp()}::make()"
        return f"pyaot::dict_of_pairs({code})"
    return f"pyaot::dict_copy({code})"


def view_item_unknown(t: Type) -> bool:
    """Whether iterating this dict or view gives items of a type never known (it is
    always empty)."""
    from hatch_pyaot.typing import dicts as typing_dicts

    return typing_dicts.view_item(t) is None


def snapshot(code: str, t: Type) -> str:
    """list(x) of a dict or view: what the list builtins (sorted, sum, min...) walk."""
    kind = t.kind if isinstance(t, DictView) else "keys"
    return f"pyaot::dict_{kind}_list({code})"
