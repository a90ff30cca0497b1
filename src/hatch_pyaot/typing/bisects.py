"""Typing of the ``bisect`` module (``bisect_left bisect_right bisect insort_left
insort_right insort``) on a list, with ``lo`` and ``hi`` (an int or None), as
``pyaot/bisect.hpp`` implements them from CPython's Lib/bisect.py. (Tracing that source, as
heapq's, needs a key= called as a local and branches that a None argument makes dead: a
follow-up.)

Free functions over the FunctionTyper of typing/infer.py, which calls them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import BOOL, FLOAT, INT, NONE, ListType, Type
from hatch_pyaot.typing import lists
from hatch_pyaot.typing.typed import ListBuiltin

if TYPE_CHECKING:
    from hatch_pyaot.typing.infer import FunctionTyper

FUNCTIONS = {"bisect.bisect_left": "left", "bisect.bisect_right": "right",
             "bisect.bisect": "right", "bisect.insort_left": "left",
             "bisect.insort_right": "right", "bisect.insort": "right"}
"""Each function and the side where an equal item goes."""


def handles(name: object) -> bool:
    return name in FUNCTIONS


def arguments(e: ir.Call) -> list[ir.Expr | None] | None:
    """a, x, lo, hi in order (None: not given), or None when they do not match."""
    given: list[ir.Expr | None] = [*e.args, *[None] * (4 - len(e.args))]
    for name, value in e.kwargs:
        slot = {"lo": 2, "hi": 3}.get(name)
        if slot is None or given[slot] is not None or len(e.args) > 4:
            return None
        given[slot] = value
    return given if len(e.args) <= 4 and all(g is not None for g in given[:2]) else None


def call(typer: FunctionTyper, e: ir.Call, types: list[Type]) -> Type | None:
    name = str(e.func).removeprefix("bisect.")
    given = arguments(e)
    if given is None:
        what = "key= is not supported yet" if "key" in dict(e.kwargs) else \
            "takes a list, an item, lo and hi"
        typer.diags.error(e.loc, f"{name}() {what}")
        return None
    a, x, lo, hi = given
    assert a is not None and x is not None
    lt = typer.spec.expr_types.get(a)
    if not isinstance(lt, ListType):
        typer.diags.error(a.loc, f"{name}() takes a list here, not {lt}")
        return None
    for bound in (lo, hi):
        t = typer.spec.expr_types.get(bound) if bound is not None else INT
        if t == NONE and bound is hi:  # hi=None: len(a)
            t = INT
        if t not in (INT, BOOL):
            assert bound is not None
            typer.diags.error(bound.loc, f"{name}()'s lo and hi must be int, not {t}")
            return None
    typer.spec.calls[e] = ListBuiltin("bisect")
    if name.startswith("insort"):
        lists.item_in(typer, a, lt, x, "the item inserted")
        return NONE
    xt = typer.spec.expr_types.get(x)
    item = lt.item
    if item is not None and xt != item and not (item == FLOAT and xt in (INT, BOOL)):
        typer.diags.error(x.loc, f"{name}() of a {lt} looks for a {item}, not {xt}")
        return None
    if item is not None and not lists.orderable(item):
        typer.diags.error(e.loc, f"the items of a {lt} cannot be ordered")
        return None
    return INT
