"""Typing of ``collections.defaultdict`` and ``collections.Counter``: dicts (``DictType``)
whose ``factory`` says what a missing key gives. ``defaultdict(list)`` stores the new empty
list under the key (``d[k].append(x)``); a Counter's ``c[k]`` of a missing key is 0 and
stores nothing, and ``Counter(xs)``, ``c.update(xs)``, ``c.most_common(n)``, ``c.total()``
count. Every other operation is the dict's (typing/dicts.py).

Free functions over the FunctionTyper of typing/infer.py, which calls them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import (
    BOOL,
    FLOAT,
    INT,
    NONE,
    STR,
    DictType,
    ListType,
    SetType,
    TupleType,
    Type,
    unhashable,
    unify,
)
from hatch_pyaot.typing.typed import ListBuiltin

if TYPE_CHECKING:
    from hatch_pyaot.typing.infer import FunctionTyper

CONSTRUCTORS = ("collections.defaultdict", "collections.Counter")
VALUES: dict[str, Type] = {"int": INT, "float": FLOAT, "str": STR, "bool": BOOL,
                           "list": ListType(None), "set": SetType(None),
                           "dict": DictType(None, None)}
"""What each factory makes (the value type of a ``defaultdict(factory)``)."""
COUNTER_METHODS = ("most_common", "total", "update")


def factory_of(value: Type) -> str | None:
    """The factory of a ``defaultdict[K, V]`` annotation: V's own class."""
    for name, made in VALUES.items():
        if value == made or (isinstance(value, ListType | DictType) and type(value) is type(made))\
                or (isinstance(value, SetType) and not value.frozen and name == "set"):
            return name
    return None


def handles(name: object) -> bool:
    return name in CONSTRUCTORS


def call(typer: FunctionTyper, e: ir.Call, types: list[Type]) -> Type | None:
    typer.spec.calls[e] = ListBuiltin("collections")
    if e.func == "collections.defaultdict":
        (keyword, _), = e.kwargs
        factory = keyword.removeprefix("factory=")
        return DictType(None, VALUES[factory], factory)
    if e.kwargs or len(types) > 1:
        typer.diags.error(e.loc, "Counter() takes one iterable here")
        return None
    if not types:
        return DictType(None, INT, "Counter")
    ok, item = counted(typer, e.args[0], types[0])
    return DictType(item, INT, "Counter") if ok else None


def counted(typer: FunctionTyper, arg: ir.Expr, t: Type) -> tuple[bool, Type | None]:
    """(ok, the key type) of what Counter(arg) or c.update(arg) counts: a list's items or a
    str's characters."""
    if t == STR:
        return True, STR
    if not isinstance(t, ListType):
        typer.diags.error(arg.loc, f"counting a {t} is not supported yet (lists and strings "
                          "are)")
        return False, None
    if t.item is not None and (what := unhashable(t.item)) is not None:
        typer.diags.error(arg.loc, f"unhashable type: '{what}'")
        return False, None
    return True, t.item


def method(typer: FunctionTyper, e: ir.MethodCall, dt: DictType) -> Type | None:
    """``most_common([n])``, ``total()`` and ``update(xs)`` of a Counter."""
    types = [typer.expr(a) for a in e.args]
    if any(t is None for t in types):
        return None
    if e.kwargs:
        typer.diags.error(e.loc, f"Counter.{e.name}() takes no keyword arguments here")
        return None
    if e.name == "most_common":
        if len(types) > 1 or (types and types[0] not in (INT, BOOL, NONE)):
            typer.diags.error(e.loc, "most_common() takes an int or None")
            return None
        return ListType(TupleType((dt.key or NONE, INT)) if dt.key is not None else None)
    if e.name == "total":
        if types:
            typer.diags.error(e.loc, "total() takes no arguments")
        return INT
    if len(types) != 1:
        typer.diags.error(e.loc, "Counter.update() takes one iterable here")
        return None
    t = types[0]
    assert t is not None
    ok, item = counted(typer, e.args[0], t)
    if ok and item is not None and dt.key is not None and item != dt.key:
        typer.diags.error(e.args[0].loc, f"a {dt} counts {dt.key}s, not {item}s")
        return None
    if ok and item is not None and dt.key is None:
        from hatch_pyaot.typing import dicts

        dicts.refine(typer, e.obj, DictType(item, INT, "Counter"))
    return NONE if ok else None


COUNTER_OPERATORS: dict[ir.BinOpKind, str] = {
    ir.BinOpKind.ADD: "pyaot::counter_add", ir.BinOpKind.SUB: "pyaot::counter_sub",
    ir.BinOpKind.BITOR: "pyaot::counter_or", ir.BinOpKind.BITAND: "pyaot::counter_and"}
"""Counter's ``+ - | &`` (a new Counter of the positive counts), their runtime functions."""


def arithmetic(typer: FunctionTyper, e: ir.BinOp | ir.AugAssign, kind: ir.BinOpKind,
               lt: DictType, rt: DictType) -> Type | None:
    """``a + b``, ``a - b``, ``a | b``, ``a & b`` of two Counters of one key type."""
    merged = unify(lt, rt)
    if kind not in COUNTER_OPERATORS or isinstance(e, ir.AugAssign) or merged is None or \
            lt.factory != rt.factory:
        typer.diags.error(e.loc, f"{ir.BINOP_SYMBOL[kind]} of {lt} and {rt} is not supported "
                          "(Counters of one key type: + - | &)")
        return None
    return merged
