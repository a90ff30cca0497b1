"""Typing of ``set[T]`` and ``frozenset[T]``: literals, ``set()``/``set(xs)`` (and
``frozenset(...)``) and comprehensions, the methods, ``| & ^ -`` and their in-place forms,
``== <= < >= >`` and ``in``, and iteration.

A frozenset is a set that nothing changes after it is made: no mutating methods, and its
in-place operators make a new frozenset (``fs |= t`` rebinds ``fs``, as in Python); an
operator's result has the left operand's kind (``frozenset | set`` is a frozenset). Sets and
frozensets of one item type compare with each other.

A set keeps one item type, and an item going in must have it exactly, as for lists and
dict keys (typing/lists.py, typing/dicts.py); items must be hashable (numbers and tuples
of them). ``set()`` gets its item type from later uses (``s = set()``, then ``s.add(x)``).

Free functions over the FunctionTyper of typing/infer.py, which calls them for values of
type SetType.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import BOOL, NONE, DictType, DictView, ListType, SetType, Type, unify
from hatch_pyaot.typing import dicts, lists, union_literals
from hatch_pyaot.typing.typed import ListBuiltin

if TYPE_CHECKING:
    from hatch_pyaot.typing.infer import FunctionTyper


def _of(typer: FunctionTyper, types: list[Type | None], e: ir.Expr, what: str) -> Type | None:
    item = lists.same_items(typer, types, e.loc, what, union_literals.item(typer, e))
    if item is None or not dicts.hashable(typer, e.loc, item):
        return None
    return SetType(item)


def literal(typer: FunctionTyper, e: ir.SetExpr) -> Type | None:
    return _of(typer, [typer.expr(i) for i in e.items], e, "the items of a set")


def comprehension(typer: FunctionTyper, e: ir.Comprehension) -> Type | None:
    elements = typer.elements_of(e)
    if not elements:
        return None
    return _of(typer, list(elements), e, "the items of a set comprehension")


def _item_in(typer: FunctionTyper, obj: ir.Expr, st: SetType, value: ir.Expr) -> bool:
    vt = typer.expr(value)
    if vt is None or not dicts.hashable(typer, value.loc, vt):
        return False
    if st.item is None:
        item = lists.same_items(typer, [vt], value.loc, "an item")
        if item is None:
            return False
        dicts.refine(typer, obj, SetType(item))
        return True
    return lists.fits(typer, value, vt, st.item, "an item of a set")


def _probe(typer: FunctionTyper, st: SetType, value: ir.Expr) -> bool:
    vt = typer.expr(value)
    if vt is None or not dicts.hashable(typer, value.loc, vt):
        return False
    if st.item is not None and not dicts.widens(vt, st.item):
        typer.diags.error(value.loc, f"an item of a {st} cannot be a {vt} here")
        return False
    return True


_ARITY = {"add": 1, "discard": 1, "remove": 1, "pop": 0, "update": 1, "clear": 0, "copy": 0,
          "union": 1, "intersection": 1, "difference": 1, "symmetric_difference": 1,
          "issubset": 1, "issuperset": 1, "isdisjoint": 1}
METHODS = tuple(_ARITY)
_MUTATORS = ("add", "discard", "remove", "pop", "update", "clear")
_OPERATOR_OF = {"union": ir.BinOpKind.BITOR, "intersection": ir.BinOpKind.BITAND,
                "difference": ir.BinOpKind.SUB, "symmetric_difference": ir.BinOpKind.BITXOR}


def method(typer: FunctionTyper, e: ir.MethodCall, st: SetType) -> Type | None:
    if e.name not in _ARITY:
        typer.diags.error(e.loc, f"set.{e.name}() is not supported by the compiler",
                          hint="supported: " + ", ".join(METHODS))
        return None
    if st.frozen and e.name in _MUTATORS:
        typer.diags.error(e.loc, f"'frozenset' object has no attribute '{e.name}'")
        return None
    if e.kwargs or len(e.args) != _ARITY[e.name]:
        typer.diags.error(e.loc, f"set.{e.name}() takes exactly {_ARITY[e.name]} "
                          f"argument{'s' if _ARITY[e.name] != 1 else ''} here "
                          f"({len(e.args)} given)")
        return None
    name = e.name
    if name == "add":
        _item_in(typer, e.obj, st, e.args[0])
        return NONE
    if name in ("discard", "remove"):
        _probe(typer, st, e.args[0])
        return NONE
    if name == "pop":
        if st.item is None:
            typer.diags.error(e.loc, "pop() of a set that is always empty")
        return st.item
    if name in ("clear", "copy"):
        return NONE if name == "clear" else st
    other = typer.expr(e.args[0])
    if other is None:
        return None
    if name == "update" and isinstance(other, ListType):
        if other.item is not None:
            if st.item is None:
                dicts.refine(typer, e.obj, SetType(other.item))
            elif other.item != st.item:
                typer.diags.error(e.args[0].loc, f"cannot update a {st} with a {other}")
        return NONE
    if not isinstance(other, SetType):
        typer.diags.error(e.args[0].loc, f"set.{name}() takes a set here, not {other}")
        return None
    merged = _combined(st, other)
    if merged is None:
        typer.diags.error(e.loc, f"set.{name}() of a {st} and a {other}: the item types "
                          "differ")
        return None
    if name == "update":
        if merged != st:
            dicts.refine(typer, e.obj, merged)
        return NONE
    if name in _OPERATOR_OF:
        return merged
    return BOOL  # issubset, issuperset, isdisjoint


def _combined(lt: SetType, rt: SetType) -> SetType | None:
    """The result of an operator or method between two sets: the left one's kind, an item
    type both agree on."""
    merged = unify(lt, SetType(rt.item, lt.frozen))
    return merged if isinstance(merged, SetType) else None


def binop(typer: FunctionTyper, e: ir.BinOp | ir.AugAssign, kind: ir.BinOpKind, lt: Type,
          rt: Type) -> Type | None:
    if kind in (ir.BinOpKind.BITOR, ir.BinOpKind.BITAND, ir.BinOpKind.BITXOR,
                ir.BinOpKind.SUB) and isinstance(lt, SetType) and isinstance(rt, SetType):
        merged = _combined(lt, rt)
        if merged is None:
            typer.diags.error(e.loc, f"'{ir.BINOP_SYMBOL[kind]}' of sets of different item "
                              f"types ({lt} and {rt}) is not supported")
        return merged
    left = lt.kind if isinstance(lt, SetType) else str(lt)
    right = rt.kind if isinstance(rt, SetType) else str(rt)
    typer.diags.error(e.loc, f"unsupported operand type(s) for {ir.BINOP_SYMBOL[kind]}: "
                      f"'{left}' and '{right}'")
    return None


def compare(typer: FunctionTyper, e: ir.Compare, kind: ir.CmpOpKind, lt: Type,
            rt: Type) -> bool:
    """``x in s``, and ``== != <= < >= >`` (subset order) between sets."""
    if kind in (ir.CmpOpKind.IN, ir.CmpOpKind.NOT_IN):
        assert isinstance(rt, SetType)
        if not dicts.hashable(typer, e.loc, lt):
            return False
        if rt.item is not None and not dicts.widens(lt, rt.item):
            typer.diags.error(e.loc, f"'in' cannot compare a {lt} with the items of a {rt}")
            return False
        return True
    if isinstance(lt, SetType) and isinstance(rt, SetType) and _combined(lt, rt) is not None:
        return True
    typer.diags.error(e.loc, f"comparing a {lt} with a {rt} is not supported; compare sets "
                      "of one item type")
    return False


def as_list(t: Type) -> ListType | None:
    """The list ``list(s)`` makes (what ``sorted``, ``sum``, ``min``... of a set see)."""
    return ListType(t.item) if isinstance(t, SetType) else None


def handles(name: object, types: list[Type]) -> bool:
    """``set()``, ``set(s)``, ``set(xs)`` of a list, ``set(d)`` of a dict or a view;
    ``frozenset(...)`` alike."""
    return name in ("builtins.set", "builtins.frozenset") and (
        not types or isinstance(types[0], SetType | ListType | DictType | DictView))


def builtin(typer: FunctionTyper, e: ir.Call, types: list[Type]) -> Type | None:
    kind = str(e.func).removeprefix("builtins.")
    if e.kwargs or len(types) > 1:
        typer.diags.error(e.loc, f"{kind}() takes no keyword arguments and at most one "
                          "argument")
        return None
    typer.spec.calls[e] = ListBuiltin("set")
    frozen = kind == "frozenset"
    if not types:
        return SetType(None, frozen)
    first = dicts.as_list(types[0]) or types[0]  # set(d), set(d.values()): what they iterate
    if isinstance(first, ListType):
        if first.item is not None and not dicts.hashable(typer, e.loc, first.item):
            return None
        return SetType(first.item, frozen)
    assert isinstance(first, SetType)
    return SetType(first.item, frozen)
