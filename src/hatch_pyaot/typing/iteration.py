"""Typing of the iterators a ``for`` loop takes over lists and strings: ``enumerate(xs,
start)``, ``zip(xs, ys, ..., strict=...)`` and ``reversed(xs)``. They are loops over indices
in C++ (codegen/iteration.py), not values: only a ``for`` (or a comprehension's ``for``) may
use them.

Free functions over the FunctionTyper of typing/infer.py, which calls them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import BOOL, INT, STR, ListType, TupleType, Type

if TYPE_CHECKING:
    from hatch_pyaot.typing.infer import FunctionTyper

ITERATORS = ("builtins.enumerate", "builtins.zip", "builtins.reversed")


def handles(iterable: ir.Expr) -> bool:
    return isinstance(iterable, ir.Call) and iterable.func in ITERATORS


def sequence_item(typer: FunctionTyper, e: ir.Expr, what: str) -> Type | None:
    """The item type of a list or str argument of enumerate/zip/reversed."""
    t = typer.expr(e)
    if t is None:
        return None
    if isinstance(t, ListType):
        if t.item is None:
            typer.diags.error(e.loc, f"{what} of a list that is always empty")
        return t.item
    if t == STR:
        return STR
    typer.diags.error(e.loc, f"{what} of a {t} is not supported yet (lists and strings are)")
    return None


def item_type(typer: FunctionTyper, s: ir.ForEach) -> Type | None:
    """What each step of ``for target in enumerate/zip/reversed(...)`` binds."""
    call = s.iterable
    assert isinstance(call, ir.Call) and isinstance(call.func, str)
    short = call.func.removeprefix("builtins.")
    kwargs = dict(call.kwargs)
    allowed = {"enumerate": {"start"}, "zip": {"strict"}, "reversed": set()}[short]
    for k, v in call.kwargs:
        if k not in allowed:
            typer.diags.error(v.loc, f"{short}() got an unexpected keyword argument '{k}'")
            return None
    if short == "enumerate":
        if not 1 <= len(call.args) + len(kwargs) <= 2 or not call.args:
            typer.diags.error(call.loc, "enumerate() takes an iterable and a start")
            return None
        start = call.args[1] if len(call.args) > 1 else kwargs.get("start")
        if start is not None and typer.expr(start) not in (INT, BOOL):
            typer.diags.error(start.loc, "enumerate()'s start must be an int")
        item = sequence_item(typer, call.args[0], "enumerate()")
        return None if item is None else TupleType((INT, item))
    if short == "reversed":
        if len(call.args) != 1:
            typer.diags.error(call.loc, "reversed() takes exactly one argument")
            return None
        return sequence_item(typer, call.args[0], "reversed()")
    if not call.args:
        typer.diags.error(call.loc, "zip() of no iterables is never compiled (its loop never "
                          "runs)")
        return None
    if "strict" in kwargs and not isinstance(kwargs["strict"], ir.Const):
        typer.diags.error(kwargs["strict"].loc, "zip()'s strict= must be True or False")
        return None
    items = [sequence_item(typer, a, "zip()") for a in call.args]
    if any(i is None for i in items):
        return None
    return TupleType(tuple(i for i in items if i is not None))
