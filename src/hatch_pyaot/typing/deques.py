"""Typing of ``collections.deque``: ``deque()``, ``deque(xs)``, ``deque(xs, maxlen)`` with a
constant maxlen, and the ends' methods (``append appendleft pop popleft extend extendleft
rotate``). A deque is a DequeType, a ListType: what a deque shares with a list (``len``,
``in``, truth, iteration, ``d[i]``, ``count index remove insert reverse copy clear``,
``sorted``/``sum``/``min``... of it) is the list's (typing/lists.py); ``sort`` and slicing,
which a deque lacks, are CPython's errors at compile time.

Free functions over the FunctionTyper of typing/infer.py, which calls them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import BOOL, INT, NONE, DequeType, ListType, Type
from hatch_pyaot.typing import lists
from hatch_pyaot.typing.typed import ListBuiltin

if TYPE_CHECKING:
    from hatch_pyaot.typing.infer import FunctionTyper

METHODS = ("append", "appendleft", "pop", "popleft", "extend", "extendleft", "rotate")
_ARITY = {"append": 1, "appendleft": 1, "pop": 0, "popleft": 0, "extend": 1,
          "extendleft": 1, "rotate": 1}


def handles(name: object) -> bool:
    return name == "collections.deque"


def call(typer: FunctionTyper, e: ir.Call, types: list[Type]) -> Type | None:
    """``deque([xs][, maxlen])``: maxlen must be a constant (it is part of the type)."""
    given = dict(e.kwargs)
    if set(given) - {"maxlen"} or len(e.args) > 2 or (len(e.args) == 2 and given):
        typer.diags.error(e.loc, "deque() takes an iterable and maxlen= here")
        return None
    size = e.args[1] if len(e.args) == 2 else given.get("maxlen")
    maxlen = None
    if size is not None:
        if not (isinstance(size, ir.Const) and (size.value is None or (
                isinstance(size.value, int) and not isinstance(size.value, bool)))):
            typer.diags.error(size.loc, "a deque's maxlen must be a constant int (or None) "
                              "here")
            return None
        if isinstance(size.value, int) and size.value < 0:
            typer.diags.error(size.loc, "maxlen must be non-negative (Python raises "
                              "ValueError)")
            return None
        maxlen = size.value if isinstance(size.value, int) else None
    typer.spec.calls[e] = ListBuiltin("deque")
    if not e.args:
        return DequeType(None, maxlen)
    source = types[0]
    if not isinstance(source, ListType):
        typer.diags.error(e.args[0].loc, f"deque() of a {source} is not supported yet (a "
                          "list is)")
        return None
    return DequeType(source.item, maxlen)


def method(typer: FunctionTyper, e: ir.MethodCall, dt: DequeType) -> Type | None:
    if e.name not in _ARITY:  # what a list has and a deque has not
        typer.diags.error(e.loc, f"'collections.deque' object has no attribute '{e.name}' "
                          "(Python raises AttributeError)")
        return None
    n = len(e.args)
    if e.kwargs or n > _ARITY[e.name] or (n < _ARITY[e.name] and e.name != "rotate"):
        typer.diags.error(e.loc, f"deque.{e.name}() takes {_ARITY[e.name]} positional "
                          f"argument{'s' if _ARITY[e.name] != 1 else ''} here ({n} given)")
        return None
    if e.name in ("append", "appendleft"):
        lists.item_in(typer, e.obj, dt, e.args[0], "the item appended")
        return NONE
    if e.name in ("pop", "popleft"):
        if dt.item is None:
            typer.diags.error(e.loc, f"{e.name}() of a deque that is always empty (CPython "
                              "raises IndexError)")
        return dt.item
    if e.name == "rotate":
        t = typer.expr(e.args[0]) if e.args else INT
        if t is not None and t not in (INT, BOOL):
            typer.diags.error(e.args[0].loc, f"rotate() takes an int, not {t}")
        return NONE
    other = typer.expr(e.args[0])
    if other is None:
        return None
    if not isinstance(other, ListType) or (
            dt.item is not None and other.item is not None and other.item != dt.item):
        typer.diags.error(e.args[0].loc, f"deque.{e.name}() takes a list of {dt.item or 'its'}"
                          f" items here, not {other}")
        return None
    if dt.item is None and other.item is not None:
        lists.refine(typer, e.obj, ListType(other.item))
    return NONE
