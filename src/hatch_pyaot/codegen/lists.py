"""Emit ``list[T]`` operations (typed by typing/lists.py) as calls into
``pyaot/builtins/list.hpp``.

A list value in C++ is a ``pyaot::list<T>`` handle: copying it shares the list. Items going
in are converted to the item type first (``xs.append(1)`` on a ``list[float]``). Loops over a
list read its length on every step, as CPython's list iterator does, so that a loop which
appends to the list it iterates sees the new items.

Free functions over the FunctionEmitter of codegen/function.py, which calls them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatch_pyaot.codegen import deques, var_tuples
from hatch_pyaot.codegen.dicts import evaluated_as
from hatch_pyaot.codegen.literals import is_literal, literal, string_literal
from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import (
    BOOL,
    FLOAT,
    INT,
    NONE,
    STR,
    ClassType,
    DequeType,
    DictType,
    ListType,
    OptionalType,
    SetType,
    TupleType,
    Type,
    VarTupleType,
)
from hatch_pyaot.typing import deques as deques_typing
from hatch_pyaot.typing.typed import ListBuiltin
from hatch_pyaot.typing.var_tuples import ZIP_ROWS

if TYPE_CHECKING:
    from hatch_pyaot.codegen.function import FunctionEmitter

HEADER = "pyaot/builtins/list.hpp"


def _item(t: Type) -> Type:
    assert isinstance(t, ListType)
    return t.item if t.item is not None else NONE



def cast(code: str, src: ListType, dst: ListType) -> str:
    """A list whose items' type was never known is always empty: a new empty list of dst. A
    fresh list of Nones (``[None] * n`` for a ``list[int | None]``) is remade with the
    annotated item type."""
    if src.item == NONE and isinstance(dst.item, OptionalType):
        return f"pyaot::list_recast<{dst.item.cpp()}>({code})"
    assert src.item is None or isinstance(src.item, ListType)
    return f"{dst.cpp()}::make()"


def literal_list(em: FunctionEmitter, e: ir.ListExpr) -> str:
    em.headers.add(HEADER)
    t = em.spec.type_of(e)
    item = _item(t)
    values = [em.cast(em.expr(i), em.spec.type_of(i), item) for i in e.items]
    if not values:
        return f"{t.cpp()}::make()"
    return em.temp(t, f"{t.cpp()}::of({{{', '.join(values)}}})")


def _index(em: FunctionEmitter, e: ir.Expr) -> str:
    return em.cast(em.expr(e), em.spec.type_of(e), INT)


def getitem(em: FunctionEmitter, e: ir.Index | ir.TupleGet) -> str:
    em.headers.add(HEADER)
    lst = em.held(e.value)
    t = em.spec.type_of(e)
    if isinstance(e, ir.Index) and isinstance(e.index, ir.SliceExpr):
        return _slice(em, e, lst, e.index)
    index = literal(e.index, INT) if isinstance(e, ir.TupleGet) else _index(em, e.index)
    if isinstance(em.spec.type_of(e.value), DequeType):
        return deques.getitem(em, e, lst, index)
    out = em.temp(t)
    em.line(f"if (!pyaot::list_get({out}, {lst}, {index})) [[unlikely]] {em.fail(e.loc.line)}")
    return out


def _slice(em: FunctionEmitter, e: ir.Expr, lst: str, s: ir.SliceExpr) -> str:
    return slice_of(em, e, lst, s, "pyaot::list_slice")


def slice_of(em: FunctionEmitter, e: ir.Expr, value: str, s: ir.SliceExpr, func: str) -> str:
    """``value[start:stop:step]`` of a list or str by the runtime's ``func``."""
    bounds = _slice_args(em, s)
    out = em.temp(em.spec.type_of(e))
    em.line(f"if (!{func}({out}, {value}, {bounds})) [[unlikely]] {em.fail(e.loc.line)}")
    return out


def _slice_args(em: FunctionEmitter, s: ir.SliceExpr) -> str:
    """The runtime's arguments for a slice: has_start, start, has_stop, stop, step."""
    parts = []
    for bound in (s.start, s.stop):
        if bound is None or em.spec.type_of(bound) == NONE:
            parts += ["false", "0"]
        elif isinstance(t := em.spec.type_of(bound), OptionalType):
            held = em.temp(t, em.expr(bound))
            parts += [f"{held}.has_value()", f"std::int64_t({held}.value_or(0))"]
        else:
            parts += ["true", _index(em, bound)]
    if s.step is not None and isinstance(t := em.spec.type_of(s.step), OptionalType):
        held = em.temp(t, em.expr(s.step))
        step = f"std::int64_t({held}.value_or(1))"
    else:
        step = "1" if s.step is None or em.spec.type_of(s.step) == NONE else _index(em, s.step)
    return ", ".join([*parts, step])


def setitem(em: FunctionEmitter, s: ir.SetItem) -> None:
    """``xs[i] = v``: Python evaluates ``v`` before ``i`` (``xs[d[k]] = ys[7]`` raises the
    IndexError, not the KeyError)."""
    em.headers.add(HEADER)
    lst = em.held(s.target)
    target = em.spec.type_of(s.target)
    if isinstance(s.index, ir.SliceExpr):  # xs[a:b:c] = ys
        values = _value(em, s.value, target)
        bounds = _slice_args(em, s.index)
        em.line(f"if (!pyaot::list_set_slice({lst}, {bounds}, {values})) [[unlikely]] "
                f"{em.fail(s.loc.line)}")
        return
    value = _value(em, s.value, _item(target))
    index = _index(em, s.index)
    index = index if is_literal(index) else em.temp(INT, index)
    em.line(f"if (!pyaot::list_set({lst}, {index}, {value})) [[unlikely]] "
            f"{em.fail(s.loc.line)}")


def _value(em: FunctionEmitter, e: ir.Expr, t: Type) -> str:
    """A stored value, evaluated before the index (a local's name is read as it is)."""
    if isinstance(e, ir.Name):
        return em.cast(em.expr(e), em.spec.type_of(e), t)
    return evaluated_as(em, e, t)


def delitem(em: FunctionEmitter, s: ir.DelItem) -> None:
    em.headers.add(HEADER)
    lst = em.held(s.target)
    if isinstance(s.index, ir.SliceExpr):  # del xs[a:b:c]
        em.line(f"if (!pyaot::list_delete_slice({lst}, {_slice_args(em, s.index)})) "
                f"[[unlikely]] {em.fail(s.loc.line)}")
        return
    em.line(f"if (!pyaot::list_delete({lst}, {_index(em, s.index)})) [[unlikely]] "
            f"{em.fail(s.loc.line)}")


def method_call(em: FunctionEmitter, e: ir.MethodCall) -> str:
    em.headers.add(HEADER)
    lt = em.spec.type_of(e.obj)
    assert isinstance(lt, ListType)
    if isinstance(lt, DequeType) and e.name in deques_typing.METHODS:
        return deques.method_call(em, e)
    item = _item(lt)
    if item == STR:  # ValueError: 'b' is not in list (its repr, found by ADL)
        em.headers.add("pyaot/builtins/str_convert.hpp")
    lst = em.held(e.obj)
    name = e.name
    line = e.loc.line

    def value(a: ir.Expr) -> str:
        return em.cast(em.expr(a), em.spec.type_of(a), item)

    def probe(a: ir.Expr) -> str:
        """A value compared with the items: numbers as the item type when that is wider."""
        at = em.spec.type_of(a)
        code = em.expr(a)
        return em.cast(code, at, item) if at in (BOOL, INT) and item in (INT, FLOAT) else code

    if name == "append":
        em.line(f"pyaot::list_append({lst}, {value(e.args[0])});")
        return "pyaot::none"
    if name == "insert":
        index = em.temp(INT, _index(em, e.args[0]))
        em.line(f"pyaot::list_insert({lst}, {index}, {value(e.args[1])});")
        return "pyaot::none"
    if name == "extend":
        other = em.expr(e.args[0])
        ot = em.spec.type_of(e.args[0])
        if isinstance(ot, ListType) and ot.item is None and lt.item is not None:
            em.line(f"(void)({other});")  # extending by a list that is always empty
            return "pyaot::none"
        em.line(f"pyaot::list_extend({lst}, {other});")
        return "pyaot::none"
    if name == "pop":
        out = em.temp(em.spec.type_of(e))
        args = [out, lst] + ([_index(em, e.args[0])] if e.args else [])
        em.line(f"if (!pyaot::list_pop({', '.join(args)})) [[unlikely]] {em.fail(line)}")
        return out
    if name == "remove":
        em.line(f"if (!pyaot::list_remove({lst}, {probe(e.args[0])})) [[unlikely]] "
                f"{em.fail(line)}")
        return "pyaot::none"
    if name == "index":
        out = em.temp(INT)
        bounds = [_index(em, a) for a in e.args[1:]]
        args = [out, lst, probe(e.args[0]), *bounds]
        em.line(f"if (!pyaot::list_index({', '.join(args)})) [[unlikely]] {em.fail(line)}")
        return out
    if name == "count":
        return f"pyaot::list_count({lst}, {probe(e.args[0])})"
    if name == "copy":
        return f"pyaot::list_copy({lst})"
    if name == "sort":
        reverse = "false"
        for key, v in e.kwargs:
            if key == "reverse":
                reverse = f"({em.truth(v)})"
        lam = dict(e.kwargs).get("key")
        if isinstance(lam, ir.Lambda) and lam in em.spec.expr_types:
            keys = _keys(em, lam, lst, lt)
            em.line(f"pyaot::list_sort_by_keys({lst}, {keys}, {reverse});")
        else:
            em.line(f"pyaot::list_sort({lst}, {reverse});")
            _check_order(em, lt, e.loc.line)
        return "pyaot::none"
    em.line(f"pyaot::list_{name}({lst});")  # clear, reverse
    return "pyaot::none"


def binop(em: FunctionEmitter, e: ir.BinOp, kind: ir.BinOpKind) -> str:
    em.headers.add(HEADER)
    t = em.spec.type_of(e)
    lt, rt = em.spec.type_of(e.left), em.spec.type_of(e.right)
    left, right = em.expr(e.left), em.expr(e.right)
    if kind == ir.BinOpKind.ADD:
        assert isinstance(t, ListType) and isinstance(lt, ListType | TupleType) and isinstance(
            rt, ListType | TupleType)
        joined = f"pyaot::list_concat({em.cast(left, lt, t)}, {em.cast(right, rt, t)})"
        return var_tuples.made(em, joined, t) if isinstance(t, VarTupleType) else joined
    lst, times = (left, right) if isinstance(lt, ListType) else (right, left)
    out = em.temp(t)
    em.line(f"if (!pyaot::list_repeat({out}, {lst}, {times})) [[unlikely]] "
            f"{em.fail(e.loc.line)}")
    return out


def augassign(em: FunctionEmitter, s: ir.AugAssign) -> None:
    """``a += b`` extends a in place, ``a *= n`` repeats it in place: aliases see both."""
    em.headers.add(HEADER)
    target = f"v_{s.target.id}"
    value = em.expr(s.value)
    vt = em.spec.type_of(s.value)
    if s.op == ir.BinOpKind.ADD:
        if isinstance(vt, ListType) and vt.item is None:
            em.line(f"(void)({value});")
        else:
            em.line(f"pyaot::list_extend({target}, {value});")
        return
    em.line(f"if (!pyaot::list_imul({target}, {value})) [[unlikely]] {em.fail(s.loc.line)}")


def compare(kind: ir.CmpOpKind, left: str, lt: Type, right: str, rt: Type) -> str:
    if kind in (ir.CmpOpKind.IN, ir.CmpOpKind.NOT_IN):
        found = f"pyaot::list_contains({right}, {left})"
        return found if kind == ir.CmpOpKind.IN else f"!{found}"
    test = {
        ir.CmpOpKind.EQ: f"pyaot::py_eq({left}, {right})",
        ir.CmpOpKind.NE: f"!pyaot::py_eq({left}, {right})",
        ir.CmpOpKind.LT: f"pyaot::py_lt({left}, {right})",
        ir.CmpOpKind.GT: f"pyaot::py_lt({right}, {left})",
        ir.CmpOpKind.LE: f"!pyaot::py_lt({right}, {left})",
        ir.CmpOpKind.GE: f"!pyaot::py_lt({left}, {right})",
    }
    return test[kind]


def _scattered(t: Type) -> bool:
    """Items that are handles to boxes elsewhere in memory (strings, containers, objects),
    which a loop over their list prefetches ahead (pyaot::prefetch_ahead)."""
    return t == STR or isinstance(t, ListType | DictType | SetType | ClassType)


def for_each(em: FunctionEmitter, s: ir.ForEach) -> None:
    if isinstance(s.iterable, ir.Call) and s.iterable.func == ZIP_ROWS:
        var_tuples.for_zip_rows(em, s)  # walked as the loop goes, not listed first
        return
    em.headers.add(HEADER)
    broke = em.flag() if s.orelse else None
    lt = em.spec.type_of(s.iterable)
    lst = em.temp(lt, em.expr(s.iterable))  # the loop's own handle: `xs = ...` in the body
    em.temps += 1                          # does not change what it walks
    counter = f"k{em.temps}"
    em.line(f"for (std::int64_t {counter} = 0; {counter} < {lst}.size(); ++{counter}) {{")
    if isinstance(lt, ListType) and lt.item is not None:
        with em.indented():
            item = f"{lt.item.cpp()}({lst}.items()[static_cast<std::size_t>({counter})])"
            if _scattered(lt.item):
                em.line(f"pyaot::prefetch_ahead({lst}, {counter});")
            em.assign_code(s.target, item, lt.item)
    em.loop_body(s.body, broke, s.loc.line)  # a loop that appends can run long: Ctrl-C
    em.line("}")
    em.loop_else(s.orelse, broke)


def reduce_step(em: FunctionEmitter, s: ir.ReduceStep, e: ir.Comprehension, acc: str) -> None:
    item = _item(em.spec.type_of(e))
    value = em.cast(em.expr(s.value), em.spec.type_of(s.value), item)
    em.line(f"pyaot::list_append({acc}, {value});")


def builtin(em: FunctionEmitter, e: ir.Call, target: ListBuiltin) -> str:
    em.headers.add(HEADER)
    name = target.name
    t = em.spec.type_of(e)
    if name == "zip_rows":
        return var_tuples.zip_rows(em, e)
    source = em.spec.type_of(e.args[0])
    if isinstance(source, TupleType):  # list(t) / sorted(t) of a tuple: its items, listed
        from hatch_pyaot.codegen import tuples

        assert isinstance(t, ListType)
        if source.items:
            items, n = tuples.items_array(em, e, e.args[0])
            lst = em.temp(t, f"{t.cpp()}::make({n})")
            em.line(f"for (const auto& item : {items}) {lst}.items().push_back(item);")
        else:
            em.expr(e.args[0])
            lst = em.temp(t, f"{t.cpp()}::make()")
        if name == "list":
            return lst
        if name == "tuple":
            return var_tuples.made(em, lst, t)
        lam = dict(e.kwargs).get("key")
        if isinstance(lam, ir.Lambda) and lam in em.spec.expr_types:
            em.line(f"pyaot::list_sort_by_keys({lst}, {_keys(em, lam, lst, t)}, "
                    f"{_reverse(em, e)});")
            return lst
        return f"pyaot::sorted_list({lst}, {_reverse(em, e)})"
    lst = em.held(e.args[0])
    lt = em.spec.type_of(e.args[0])
    if name == "len":  # dicts and sets have size() too
        return f"{lst}.size()"
    if name == "bool":
        return f"({lst}.size() != 0)"
    if not isinstance(lt, ListType):  # a dict, view or set: the list of what it iterates
        lst, lt = snapshot(em, lst, lt)
    if name == "list":
        return f"pyaot::list_copy({lst})"
    if name == "tuple":
        em.headers.add(var_tuples.HEADER)
        return f"pyaot::tuple_copy({lst})"
    if name == "sorted":
        lam = dict(e.kwargs).get("key")
        if isinstance(lam, ir.Lambda) and lam in em.spec.expr_types:
            copy = em.temp(lt, f"pyaot::list_copy({lst})")
            em.line(f"pyaot::list_sort_by_keys({copy}, {_keys(em, lam, lst, lt)}, "
                    f"{_reverse(em, e)});")
            return copy
        if isinstance(lt.item, ClassType):  # its __lt__ may raise
            copy = em.temp(lt, f"pyaot::sorted_list({lst}, {_reverse(em, e)})")
            _check_order(em, lt, e.loc.line)
            return copy
        return f"pyaot::sorted_list({lst}, {_reverse(em, e)})"
    if lt.item is None:
        return _of_empty(em, e, name, t)
    item = lt.item
    if name in ("any", "all"):
        if isinstance(item, ListType):
            truth = "x.size() != 0"
        elif isinstance(item, TupleType):
            truth = "true" if item.items else "false"
        else:
            truth = "static_cast<bool>(x)" if item == BOOL else "x != 0"
        algorithm = "std::any_of" if name == "any" else "std::all_of"
        return (f"{algorithm}({lst}.items().begin(), {lst}.items().end(), "
                f"[](const auto& x) {{ return {truth}; }})")
    if name in ("min", "max"):
        return _min_max(em, e, name, lst, item, t)
    return _sum(em, e, lst, item, t)


def _check_order(em: FunctionEmitter, lt: ListType, line: int) -> None:
    """Objects are ordered by their ``__lt__``, which may raise: the sort ends, then fails."""
    if isinstance(lt.item, ClassType):
        em.line(f"if (pyaot::error_state().set) [[unlikely]] {em.fail(line)}")


def _keys(em: FunctionEmitter, lam: ir.Lambda, lst: str, lt: Type) -> str:
    """The key of every item of ``lst``, in order: the lambda's body inlined in a loop with
    its parameter bound to the item (its failures are the function's)."""
    assert isinstance(lt, ListType) and lt.item is not None
    key_t = em.spec.type_of(lam)
    keys = em.temp(ListType(key_t), f"{ListType(key_t).cpp()}::make({lst}.items().size())")
    em.temps += 1
    k = f"k{em.temps}"
    em.line(f"for (std::size_t {k} = 0; {k} < {lst}.items().size(); ++{k}) {{")
    with em.indented():
        em.store(lam.params[0], em.cast(f"{lt.item.cpp()}({lst}.items()[{k}])", lt.item,
                                        em.spec.var_types[lam.params[0]]))
        value = em.cast(em.expr(lam.body), em.spec.type_of(lam.body), key_t)
        em.line(f"{keys}.items().push_back({value});")
    em.line("}")
    return keys


def snapshot(em: FunctionEmitter, code: str, t: Type) -> tuple[str, ListType]:
    from hatch_pyaot.codegen import dicts, sets
    from hatch_pyaot.typing import dicts as dicts_typing
    from hatch_pyaot.typing import sets as sets_typing

    lt = dicts_typing.as_list(t) or sets_typing.as_list(t)
    assert lt is not None
    if lt.item is None:  # always empty
        return em.temp(lt, f"{lt.cpp()}::make()"), lt
    made = sets.snapshot(code) if isinstance(t, SetType) else dicts.snapshot(code, t)
    return em.temp(lt, made), lt


def _reverse(em: FunctionEmitter, e: ir.Call) -> str:
    for key, v in e.kwargs:
        if key == "reverse":
            return f"({em.truth(v)})"
    return "false"


def _of_empty(em: FunctionEmitter, e: ir.Call, name: str, t: Type) -> str:
    """sum/min/max of a list that is always empty."""
    if name == "sum":
        if len(e.args) > 1:
            return em.expr(e.args[1])
        return literal(0, t)
    if name in ("any", "all"):
        return "false" if name == "any" else "true"
    for key, v in e.kwargs:
        if key == "default":
            return em.cast(em.expr(v), em.spec.type_of(v), t)
    raise AssertionError("typing refuses min/max of an always-empty list without default")


def _min_max(em: FunctionEmitter, e: ir.Call, name: str, lst: str, item: Type,
             t: Type) -> str:
    lam = dict(e.kwargs).get("key")
    if isinstance(lam, ir.Lambda) and lam in em.spec.expr_types:
        return _min_max_by_key(em, e, name, lst, item, t, lam)
    out = em.temp(t)
    em.line(f"if ({lst}.size() == 0) {{")
    _when_empty(em, e, name, out, t)
    em.line("} else {")
    with em.indented():
        em.temps += 1
        best = f"best{em.temps}"
        em.line(f"{item.cpp()} {best} = {lst}.items()[0];")
        # Python keeps the first of equal items; an item replaces it only when strictly
        # less (min) or greater (max).
        less = "pyaot::py_lt(x, {b})" if name == "min" else "pyaot::py_lt({b}, x)"
        em.line(f"for (const auto& x : {lst}.items()) if ({less.format(b=best)}) {best} = x;")
        em.line(f"{out} = {em.cast(best, item, t)};")
    em.line("}")
    return out


def _min_max_by_key(em: FunctionEmitter, e: ir.Call, name: str, lst: str, item: Type,
                    t: Type, lam: ir.Lambda) -> str:
    """min/max(key=...): the first item whose key is least (greatest), keys computed once
    per item in order, as CPython does."""
    key_t = em.spec.type_of(lam)
    out = em.temp(t)
    best_key = em.temp(key_t)
    em.temps += 1
    k = f"k{em.temps}"
    em.line(f"for (std::size_t {k} = 0; {k} < {lst}.items().size(); ++{k}) {{")
    with em.indented():
        held = f"{item.cpp()}({lst}.items()[{k}])"
        em.store(lam.params[0], em.cast(held, item, em.spec.var_types[lam.params[0]]))
        key = em.temp(key_t, em.cast(em.expr(lam.body), em.spec.type_of(lam.body), key_t))
        better = f"pyaot::py_lt({key}, {best_key})" if name == "min" else \
            f"pyaot::py_lt({best_key}, {key})"
        em.line(f"if ({k} == 0 || {better}) {{ {best_key} = {key}; {out} = "
                f"{em.cast(held, item, t)}; }}")
    em.line("}")
    em.line(f"if ({lst}.items().empty()) {{")
    _when_empty(em, e, name, out, t)
    em.line("}")
    return out


def _when_empty(em: FunctionEmitter, e: ir.Call, name: str, out: str, t: Type) -> None:
    """min/max of an empty list: its default=, else CPython's ValueError."""
    default = dict(e.kwargs).get("default")
    with em.indented():
        if default is not None:
            em.line(f"{out} = {em.cast(em.expr(default), em.spec.type_of(default), t)};")
        else:
            message = string_literal(f"{name}() arg is an empty sequence")
            em.line(f"pyaot::raise(pyaot::Exc::ValueError, {message});")
            em.line(em.fail(e.loc.line))


def _sum(em: FunctionEmitter, e: ir.Call, lst: str, item: Type, t: Type) -> str:
    op = em.spec.ops[e]
    start = (em.cast(em.expr(e.args[1]), em.spec.type_of(e.args[1]), t) if len(e.args) > 1
             else literal(0, t))
    acc = em.temp(t, start)
    em.temps += 1
    x = f"x{em.temps}"
    em.line(f"for (const {item.cpp()} {x} : {lst}.items()) {{")
    with em.indented():
        total = em.call_op(op, [em.cast(acc, t, op.params[0].type),
                                em.cast(x, item, op.params[1].type)], e.loc.line)
        em.line(f"{acc} = {em.cast(total, op.result, t)};")
    em.line("}")
    return acc

