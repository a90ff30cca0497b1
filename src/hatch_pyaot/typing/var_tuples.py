"""Typing of ``tuple[T, ...]`` (ir/types.py's VarTupleType): a tuple whose length is known only
at run time. It is a ListType, so typing/lists.py types what it shares with a list (``len``,
``t[i]``, slices, iteration, ``in``, comparisons, ``+ *``, ``sum min max sorted list``,
unpacking); this module decides what differs: nothing changes a tuple (no item assignment,
no method but ``count`` and ``index``, ``t += u`` binds a new tuple), a tuple and a list never
mix (``[1] == (1,)`` is False, ``[1] + (1,)`` raises), and a fixed-length tuple whose items
are T (or numbers that widen to T) converts to one where one is expected.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import (
    DictType,
    ListType,
    SetType,
    TupleType,
    Type,
    VarTupleType,
    fixed_fits,
    unify,
)

if TYPE_CHECKING:
    from hatch_pyaot.typing.infer import FunctionTyper

METHODS = ("count", "index")
ZIP_ROWS = "pyaot.zip_rows"
"""``zip(*rows)`` as the tracer gives it (tracer/forms.py): the columns of a list of lists (or
of tuples), each a tuple[T, ...] as long as the shortest row (pyaot/builtins/tuple_of.hpp)."""


def method_refused(typer: FunctionTyper, e: ir.MethodCall) -> bool:
    """A method a tuple does not have: CPython's AttributeError, as a diagnostic."""
    if e.name in METHODS:
        return False
    typer.diags.error(e.loc, f"'tuple' object has no attribute '{e.name}' (a tuple cannot be "
                      "changed)", hint="make a list of it: list(t)")
    return True


def item_write(typer: FunctionTyper, loc_of: ir.Stmt, deleting: bool) -> None:
    what = "doesn't support item deletion" if deleting else "does not support item assignment"
    typer.diags.error(loc_of.loc, f"'tuple' object {what} (Python raises TypeError)",
                      hint="make a list of it: list(t)")


def empty_annotated(t: Type | None, annotation: Type) -> bool:
    """``s: set[tuple[int, ...]] = set()``, ``d: dict[tuple[str, ...], int] = {}``: an empty
    set or dict takes an annotation that holds variable-length tuples, so that the
    fixed-length tuples stored later convert to them (as an empty list takes its annotation,
    typing/infer.py's ``annotated``); without it ``s.add((a, b))`` would make the set a
    ``set[tuple[int, int]]``."""
    if isinstance(t, SetType) and isinstance(annotation, SetType):
        return t.item is None and t.frozen == annotation.frozen and isinstance(
            annotation.item, VarTupleType)
    if isinstance(t, DictType) and isinstance(annotation, DictType):
        return t.key is None and t.value is None and t.factory is None and (
            annotation.factory is None) and (isinstance(annotation.key, VarTupleType) or (
                isinstance(annotation.value, VarTupleType)))
    return False


def as_var(t: Type, like: VarTupleType) -> VarTupleType | None:
    """A tuple value (variable-length, or fixed with items that fit) as one like ``like``."""
    if isinstance(t, VarTupleType):
        return t
    if isinstance(t, TupleType) and (not t.items or (
            like.item is not None and fixed_fits(t, like))):
        return VarTupleType(like.item)
    return None


def probe_fits(probe_t: TupleType, key: VarTupleType) -> bool:
    """``d[(a, b)]``, ``(a, b) in s``: a fixed-length tuple looks up the ``tuple[T, ...]``
    keys of a dict or items of a set when it converts to one (codegen casts it first)."""
    return fixed_fits(probe_t, key)


def concat(typer: FunctionTyper, e: ir.BinOp | ir.AugAssign, lt: Type,
           rt: Type) -> Type | None:
    """``t + u``: both tuples (one may be a fixed-length tuple of fitting items)."""
    var = lt if isinstance(lt, VarTupleType) else rt
    assert isinstance(var, VarTupleType)
    a, b = as_var(lt, var), as_var(rt, var)
    merged = unify(a, b) if a is not None and b is not None else None
    if merged is None:
        other = rt if isinstance(lt, VarTupleType) else lt
        kind = "list" if isinstance(other, ListType) else str(other)
        left_kind = "tuple" if isinstance(lt, VarTupleType | TupleType) else "list"
        typer.diags.error(e.loc, f"can only concatenate {left_kind} (not \"{kind}\") to "
                          f"{left_kind} here ({lt} + {rt})")
    return merged


def mixed(a: Type, b: Type) -> bool:
    """A list and a tuple: never equal, not ordered (CPython raises TypeError for <)."""
    return isinstance(a, ListType) and isinstance(b, ListType) and (
        isinstance(a, VarTupleType) != isinstance(b, VarTupleType))


def zip_rows(typer: FunctionTyper, e: ir.Call, types: list[Type]) -> Type | None:
    """``zip(*rows)`` of a list (or tuple[T, ...]) of lists or tuples of T: a list of
    tuple[T, ...] columns (tracer/forms.py)."""
    from hatch_pyaot.typing.typed import ListBuiltin

    if len(types) != 1:
        return None
    rows = types[0]
    if not isinstance(rows, ListType) or not (
            rows.item is None or isinstance(rows.item, ListType)):
        typer.diags.error(e.loc, f"zip(*rows) takes a list of lists or of tuples here, not a "
                          f"{rows}")
        return None
    typer.spec.calls[e] = ListBuiltin("zip_rows")
    item = rows.item.item if isinstance(rows.item, ListType) else None
    return ListType(VarTupleType(item))
