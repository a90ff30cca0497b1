"""Typing of ``dict[K, V]``: literals and comprehensions, ``d[k]`` reads, ``d[k] = v`` and
``del d[k]`` writes, the methods, ``|`` and ``|=``, ``==`` and ``in``, iteration (of the dict
and of its ``keys() values() items()`` views), and ``dict(d)``.

As for lists (typing/lists.py), a dict keeps one key type and one value type, and a value
going in must have that type exactly (CPython would keep the int ``1`` a key of a
``dict[float, V]``, which a table of doubles cannot show). A key only looked up (``d[1]``,
``1 in d``) may be any number: it compares as Python compares numbers. Keys must be hashable
here: numbers and tuples of them (``unhashable type: 'list'`` otherwise, as CPython says at
run time). ``{}`` gets its types from later uses: ``d = {}`` then ``d[k] = v``.

Free functions over the FunctionTyper of typing/infer.py, which calls them for values of
type DictType and DictView.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatch_pyaot.errors import Loc
from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import (
    BOOL,
    FLOAT,
    INT,
    NONE,
    DictType,
    DictView,
    ListType,
    SetType,
    TupleType,
    Type,
    VarTupleType,
    coercible,
    holds_union,
    optional,
    unhashable,
    unify,
)
from hatch_pyaot.typing import default_dicts, lists, union_literals, var_tuples
from hatch_pyaot.typing.typed import ListBuiltin

if TYPE_CHECKING:
    from hatch_pyaot.typing.infer import FunctionTyper


def hashable(typer: FunctionTyper, loc: Loc, t: Type) -> bool:
    """Whether `t` can be a key here; CPython's TypeError wording otherwise."""
    what = unhashable(t)
    if what is None:
        return True
    typer.diags.error(loc, f"unhashable type: '{what}'",
                      hint="dict keys and set items must be int, float, bool, str, tuples "
                      "of them or objects of a class with __hash__ (or without __eq__)")
    return False


_RANK = {BOOL: 0, INT: 1, FLOAT: 2}


def widens(probe_t: Type, key: Type) -> bool:
    """Whether a value of `probe_t` can look up keys of type `key`: the same type, or a
    narrower number (``1`` in a ``dict[float, V]`` finds ``1.0``, as in Python); a wider one
    (``1.5`` among int keys) is refused here rather than compared."""
    if probe_t == key:
        return True
    if probe_t in _RANK and key in _RANK:
        return _RANK[probe_t] <= _RANK[key]
    if isinstance(probe_t, TupleType) and isinstance(key, TupleType):
        return len(probe_t.items) == len(key.items) and all(
            widens(p, k) for p, k in zip(probe_t.items, key.items, strict=True))
    if isinstance(probe_t, TupleType) and isinstance(key, VarTupleType):
        return var_tuples.probe_fits(probe_t, key)
    return False


def refine(typer: FunctionTyper, target: ir.Expr, t: Type) -> None:
    """``target`` (a dict, list or set of unknown item types) holds `t`'s: the variable it is
    read from gets the refined type, also through ``rows[i]``, ``groups[k]`` and
    ``groups.setdefault(k, [])``; elsewhere a diagnostic (the types cannot be told)."""
    outer = None
    if isinstance(target, ir.Index | ir.TupleGet | ir.MethodCall):
        outer = typer.spec.expr_types.get(target.obj if isinstance(target, ir.MethodCall)
                                          else target.value)
    if isinstance(target, ir.Name):
        typer.bind(target.id, t, target.loc)
    elif isinstance(target, ir.Index | ir.TupleGet) and isinstance(outer, ListType):
        refine(typer, target.value, ListType(t))
    elif isinstance(target, ir.Index | ir.TupleGet) and isinstance(outer, DictType):
        refine(typer, target.value, DictType(outer.key, t, outer.factory))
    elif isinstance(target, ir.MethodCall) and isinstance(outer, DictType) and \
            target.name in ("setdefault", "get", "pop"):
        refine(typer, target.obj, DictType(outer.key, t, outer.factory))
    else:
        typer.diags.error(target.loc, f"the item types of this empty container cannot be "
                          f"told from here (it would be a {t})",
                          hint="give it its items where it is made, or through a variable")


def literal(typer: FunctionTyper, e: ir.DictExpr) -> Type | None:
    keys = [typer.expr(k) for k in e.keys]
    values = [typer.expr(v) for v in e.values]
    if not keys:
        return DictType(None, None)
    key = lists.same_items(typer, keys, e.loc, "the keys of a dict",
                           union_literals.item(typer, e, "key"))
    value = lists.same_items(typer, values, e.loc, "the values of a dict",
                             union_literals.item(typer, e, "value"))
    if key is None or value is None or not hashable(typer, e.keys[0].loc, key):
        return None
    return DictType(key, value)


def comprehension(typer: FunctionTyper, e: ir.Comprehension) -> Type | None:
    elements = typer.elements_of(e)
    if not elements:
        return None
    pairs = [t for t in elements if isinstance(t, TupleType) and len(t.items) == 2]
    key = lists.same_items(typer, [t.items[0] for t in pairs], e.loc,
                           "the keys of a dict comprehension")
    value = lists.same_items(typer, [t.items[1] for t in pairs], e.loc,
                             "the values of a dict comprehension")
    if key is None or value is None or not hashable(typer, e.loc, key):
        return None
    return DictType(key, value)


def probe(typer: FunctionTyper, key: ir.Expr, dt: DictType | None, what: str) -> bool:
    """Type a key that is only looked up: any type that compares with the keys."""
    kt = typer.expr(key)
    if kt is None:
        return False
    if not hashable(typer, key.loc, kt):
        return False
    if dt is not None and dt.key is not None and not widens(kt, dt.key):
        typer.diags.error(key.loc, f"{what} of a {dt} cannot be a {kt} here")
        return False
    return True


def _key_in(typer: FunctionTyper, obj: ir.Expr, dt: DictType, key: ir.Expr,
            value_t: Type | None, value_loc: Loc | None = None) -> bool:
    """Type a key (and the value, when `value_t` is given) going into the dict ``obj``;
    refines unknown types."""
    kt = typer.expr(key)
    if kt is None or not hashable(typer, key.loc, kt):
        return False
    new_key, new_value = dt.key, dt.value
    if dt.key is None:
        new_key = lists.same_items(typer, [kt], key.loc, "a key")
    elif not lists.fits(typer, key, kt, dt.key, "a key of a dict"):
        return False
    if value_t is not None:
        if dt.value is None:
            new_value = lists.same_items(typer, [value_t], key.loc, "a value")
        else:
            new_value = unify(dt.value, value_t) if isinstance(
                dt.value, ListType | DictType | SetType) else (
                dt.value if value_t == dt.value or (holds_union(dt.value) and coercible(
                    value_t, dt.value)) else None)
            if new_value is None:
                hint = "write float(x) (or 1.0)" if dt.value == FLOAT and value_t in (
                    INT, BOOL) else None
                typer.diags.error(value_loc or key.loc, f"a value of a {dt} must be "
                                  f"{dt.value}, not "
                                  f"{value_t} (a dict keeps one value type)", hint=hint)
                return False
    if new_key is None or (value_t is not None and new_value is None):
        return False
    if (new_key, new_value) != (dt.key, dt.value):
        refine(typer, obj, DictType(new_key, new_value, dt.factory))
    return True


def index(typer: FunctionTyper, e: ir.Index | ir.TupleGet, dt: DictType) -> Type | None:
    if isinstance(e, ir.Index):
        if isinstance(e.index, ir.SliceExpr):
            typer.diags.error(e.loc, "unhashable type: 'slice'")
            return None
        inserts = dt.factory not in (None, "Counter")  # a defaultdict's d[k] stores k
        if not (_key_in(typer, e.value, dt, e.index, None) if inserts else
                probe(typer, e.index, dt, "a key")):
            return None
    if dt.value is None:
        typer.diags.error(e.loc, "a value of a dict that is always empty cannot be read")
        return None
    return dt.value


def setitem(typer: FunctionTyper, s: ir.SetItem, dt: DictType) -> None:
    vt = typer.expr(s.value)
    if vt is not None:
        _key_in(typer, s.target, dt, s.index, vt, s.value.loc)


def delitem(typer: FunctionTyper, s: ir.DelItem, dt: DictType) -> None:
    probe(typer, s.index, dt, "a key")


_ARITY = {"get": (1, 2), "setdefault": (2, 2), "pop": (1, 2), "popitem": (0, 0),
          "update": (1, 1), "keys": (0, 0), "values": (0, 0), "items": (0, 0), "copy": (0, 0),
          "clear": (0, 0)}
METHODS = tuple(_ARITY)


def method(typer: FunctionTyper, e: ir.MethodCall, dt: DictType) -> Type | None:
    if dt.factory == "Counter" and e.name in default_dicts.COUNTER_METHODS:
        return default_dicts.method(typer, e, dt)
    if e.name not in _ARITY:
        typer.diags.error(e.loc, f"dict.{e.name}() is not supported by the compiler",
                          hint="supported: " + ", ".join(METHODS))
        return None
    low, high = _ARITY[e.name]
    if e.kwargs:
        typer.diags.error(e.loc, f"dict.{e.name}() takes no keyword arguments here")
        return None
    if not low <= len(e.args) <= high:
        takes = f"exactly {low}" if low == high else f"from {low} to {high}"
        typer.diags.error(e.loc, f"dict.{e.name}() takes {takes} arguments "
                          f"({len(e.args)} given)")
        return None
    name, args = e.name, e.args
    if name in ("keys", "values", "items"):
        return DictView(dt, name)
    if name in ("copy", "clear"):
        return dt if name == "copy" else NONE
    if name == "popitem":
        if dt.key is None or dt.value is None:
            typer.diags.error(e.loc, "popitem() of a dict that is always empty")
            return None
        return TupleType((dt.key, dt.value))
    if name == "update":
        other = typer.expr(args[0])
        if other is None:
            return None
        if isinstance(other, ListType) and isinstance(other.item, TupleType) and len(
                other.item.items) == 2:  # d.update([(k, v)]): a list of pairs
            other = DictType(*other.item.items)
        if not isinstance(other, DictType):
            typer.diags.error(args[0].loc, f"dict.update() takes a dict or a list of pairs "
                              f"here, not {other}")
            return None
        merged = unify(dt, other)
        if merged is None:
            typer.diags.error(args[0].loc, f"cannot update a {dt} with a {other}")
        elif merged != dt:
            refine(typer, e.obj, merged)
        return NONE
    if name == "setdefault":
        vt = typer.expr(args[1])
        if vt is None or not _key_in(typer, e.obj, dt, args[0], vt, args[1].loc):
            return None
        return dt.value if dt.value is not None else vt
    # get, pop
    if not probe(typer, args[0], dt, "a key"):
        return None
    if len(args) == 1 and name == "get":  # None for a missing key
        if dt.value is None:
            typer.diags.error(e.loc, "get() of a dict that is always empty")
            return None
        return optional(dt.value)
    if len(args) == 1:
        if dt.value is None:
            typer.diags.error(e.loc, "pop() of a dict that is always empty")
        return dt.value
    dflt = typer.expr(args[1])
    if dflt is None:
        return None
    if dt.value is None:
        return dflt
    if dflt != dt.value and not (dflt in (BOOL, INT) and dt.value in (INT, FLOAT)) and not (
            isinstance(dflt, ListType | DictType | SetType) and unify(dflt, dt.value) == dt.value):
        typer.diags.error(args[1].loc, f"the default of {name}() must be a {dt.value} (the "
                          f"dict's value type), not {dflt}")
        return None
    return dt.value


def binop(typer: FunctionTyper, e: ir.BinOp | ir.AugAssign, kind: ir.BinOpKind, lt: Type,
          rt: Type) -> Type | None:
    if isinstance(lt, DictType) and isinstance(rt, DictType) and "Counter" in (
            lt.factory, rt.factory):
        return default_dicts.arithmetic(typer, e, kind, lt, rt)
    if kind == ir.BinOpKind.BITOR and isinstance(lt, DictType) and isinstance(rt, DictType):
        merged = unify(lt, rt)
        if merged is None:
            typer.diags.error(e.loc, f"'|' merges dicts of one key and value type here, not "
                              f"{lt} and {rt}")
        return merged
    typer.diags.error(e.loc, f"unsupported operand type(s) for {ir.BINOP_SYMBOL[kind]}: "
                      f"'{_py_name(lt)}' and '{_py_name(rt)}'")
    return None


def _py_name(t: Type) -> str:
    return "dict" if isinstance(t, DictType) else str(t)


def compare(typer: FunctionTyper, e: ir.Compare, kind: ir.CmpOpKind, lt: Type,
            rt: Type) -> bool:
    """``k in d`` (also ``in d.keys()``), ``d == e``, ``d != e``; False after an error."""
    if kind in (ir.CmpOpKind.IN, ir.CmpOpKind.NOT_IN) and isinstance(rt, DictView) and \
            rt.kind != "keys":
        item = rt.item()  # values compare with ==; items look the key up, then compare
        if item is not None and not lists.comparable(lt, item):
            typer.diags.error(e.loc, f"'in' cannot compare a {lt} with the items of a {rt}")
            return False
        if rt.kind != "items":
            return True
        if not (isinstance(lt, TupleType) and len(lt.items) == 2):
            typer.diags.error(e.loc, f"'in' of a dict's items takes a (key, value) pair here, "
                              f"not a {lt}")
            return False
        return hashable(typer, e.loc, lt.items[0])
    if kind in (ir.CmpOpKind.IN, ir.CmpOpKind.NOT_IN):
        container = rt.dict if isinstance(rt, DictView) and rt.kind == "keys" else rt
        if not isinstance(container, DictType):
            typer.diags.error(e.loc, f"'in' of a {rt} is not supported yet")
            return False
        if unhashable(lt) is not None:
            return hashable(typer, e.loc, lt)
        if container.key is not None and not widens(lt, container.key):
            typer.diags.error(e.loc, f"'in' cannot compare a {lt} with the keys of a "
                              f"{container}")
            return False
        return True
    if kind in (ir.CmpOpKind.EQ, ir.CmpOpKind.NE) and isinstance(lt, DictType) and \
            isinstance(rt, DictType) and unify(lt, rt) is not None:
        return True
    if kind in (ir.CmpOpKind.EQ, ir.CmpOpKind.NE):
        typer.diags.error(e.loc, f"comparing a {lt} with a {rt} is not supported; compare "
                          "dicts of one key and value type")
    else:
        typer.diags.error(e.loc, f"'{ir.CMP_SYMBOL[kind]}' not supported between instances "
                          f"of '{_py_name(lt)}' and '{_py_name(rt)}'")
    return False


def view_item(t: Type) -> Type | None:
    """What iterating a dict (its keys) or a view of it gives."""
    if isinstance(t, DictType):
        return t.key
    assert isinstance(t, DictView)
    return t.item()


def as_list(t: Type) -> ListType | None:
    """The list that ``list(x)`` of a dict or a view makes (what ``sorted``, ``sum``,
    ``min``... of it see), or None for another type."""
    if isinstance(t, DictType | DictView):
        return ListType(view_item(t))
    return None


def handles(name: object, types: list[Type]) -> bool:
    """``dict()``, ``dict(d)`` and ``dict(pairs)`` of a list of 2-tuples."""
    return name == "builtins.dict" and (not types or isinstance(types[0], DictType) or (
        isinstance(types[0], ListType) and (types[0].item is None or (
            isinstance(types[0].item, TupleType) and len(types[0].item.items) == 2))))


def builtin(typer: FunctionTyper, e: ir.Call, types: list[Type]) -> Type | None:
    if e.kwargs or len(types) > 1:
        typer.diags.error(e.loc, "dict() takes no keyword arguments and at most one dict "
                          "here")
        return None
    typer.spec.calls[e] = ListBuiltin("dict")
    if not types:
        return DictType(None, None)
    first = types[0]
    if isinstance(first, ListType):
        if not isinstance(first.item, TupleType):
            return DictType(None, None)
        key, value = first.item.items
        if not hashable(typer, e.loc, key):
            return None
        return DictType(key, value)
    assert isinstance(first, DictType)
    return DictType(first.key, first.value)  # dict(counter) is a plain dict
