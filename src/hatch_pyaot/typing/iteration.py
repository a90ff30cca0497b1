"""Typing of the iterators a ``for`` loop takes: ``enumerate(xs, start)``, ``zip(xs, ys, ...,
strict=...)`` and ``reversed(xs)``. They are loops over indices in C++ (codegen/iteration.py),
not values: only a ``for`` (or a comprehension's ``for``) may use them; used as a value
(``list(zip(a, b))``) the tracer makes them a list comprehension (tracer/forms.py).
Their arguments are sources: lists and strings (indexed), ``range(...)``, other
``enumerate``/``zip`` calls (nested: ``enumerate(zip(a, b))``), and dicts, views and sets
(the list of what iterating them gives, taken when the loop starts).

Free functions over the FunctionTyper of typing/infer.py, which calls them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import BOOL, INT, STR, GeneratorType, ListType, TupleType, Type
from hatch_pyaot.typing import dicts, sets

if TYPE_CHECKING:
    from hatch_pyaot.typing.infer import FunctionTyper

ITERATORS = ("builtins.enumerate", "builtins.zip", "builtins.reversed")


def handles(iterable: ir.Expr) -> bool:
    return isinstance(iterable, ir.Call) and iterable.func in ITERATORS


def sequence_item(typer: FunctionTyper, e: ir.Expr, what: str, nested: bool = True) -> Type | None:
    """The item type of a source of enumerate/zip (reversed: only lists and strings)."""
    if nested and isinstance(e, ir.Call) and e.func == "builtins.range":
        for bound in e.args:
            t = typer.expr(bound)
            if t is not None and t not in (INT, BOOL):
                typer.diags.error(bound.loc, f"range() takes ints, not {t}")
        return INT
    if nested and handles(e):
        assert isinstance(e, ir.Call)
        item = call_item(typer, e)
        if any(isinstance(typer.spec.expr_types.get(a), GeneratorType) for a in e.args):
            typer.diags.error(e.loc, "a generator inside a nested zip() or enumerate() is not "
                              "compiled yet")
        return item
    t = typer.expr(e)
    if t is None:
        return None
    if nested and isinstance(t, GeneratorType):  # stepped: codegen/generators.py
        return t.item
    listed = t if isinstance(t, ListType) else (dicts.as_list(t) or sets.as_list(t)) \
        if nested else None
    if listed is not None:
        item = listed.item
        snapshot = listed is not t
        if item is None:
            typer.diags.error(e.loc, f"{what} of a {t if snapshot else 'list'} that is "
                              "always empty")
        return item
    if t == STR:
        return STR
    typer.diags.error(e.loc, f"{what} of a {t} is not supported yet (lists, strings"
                      + (", ranges, dicts and sets are)" if nested else " are)"))
    return None


def item_type(typer: FunctionTyper, s: ir.ForEach) -> Type | None:
    """What each step of ``for target in enumerate/zip/reversed(...)`` binds."""
    assert isinstance(s.iterable, ir.Call)
    return call_item(typer, s.iterable)


def call_item(typer: FunctionTyper, call: ir.Call) -> Type | None:
    assert isinstance(call.func, str)
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
        return sequence_item(typer, call.args[0], "reversed()", nested=False)
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
