"""The iterator protocol on objects (DESIGN §5.7): ``for x in obj`` where ``obj.__iter__()``
returns an object whose class has ``__next__`` (an iterator class, often ``__iter__``
returning ``self``) calls ``__next__`` for each item until it raises ``StopIteration``,
which ends the loop (codegen/class_iterators.py). The iterator is held by a name of the
loop's own (``__iter_<line>_<col>``), which no Python code can write."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import ClassType, Type, unify
from hatch_pyaot.typing.classes import NOT_MINE, info_of, method_dispatch, peek
from hatch_pyaot.typing.typed import ObjectOp

if TYPE_CHECKING:
    from hatch_pyaot.typing.infer import FunctionTyper


def is_iterator(t: Type | None) -> bool:
    info = info_of(t)
    return info is not None and info.find_method("__next__") is not None


def is_iterable(t: Type | None) -> bool:
    info = info_of(t)
    return info is not None and info.find_method("__iter__") is not None


def typed(typer: FunctionTyper, e: ir.Expr) -> object:
    """``next(it)``: ``it.__next__()``; ``next(it, default)``: the default where it raises
    StopIteration."""
    if not (isinstance(e, ir.Call) and e.func == "builtins.next" and 1 <= len(e.args) <= 2
            and not e.kwargs and is_iterator(peek(typer, e.args[0]))):
        return NOT_MINE
    info = info_of(peek(typer, e.args[0]))
    assert info is not None
    found = method_dispatch(typer, e, info, "__next__", e.args[0], [])
    if found is None or found[1] is None:
        return None
    if len(e.args) == 1:
        typer.spec.methods[e] = ObjectOp("call", found[0])
        return found[1]
    default = typer.expr(e.args[1], raw=True)
    merged = unify(found[1], default) if default is not None else None
    if merged is None:
        typer.diags.error(e.args[1].loc, f"next()'s default is a {default}, but __next__ "
                          f"returns {found[1]}; a compiled value has one type")
        return None
    typer.spec.methods[e] = ObjectOp("next_or", found[0], value=merged)
    return merged


def items(typer: FunctionTyper, s: ir.ForEach, t: ClassType) -> Type | None:
    """The type of what ``__next__`` returns; its dispatch is recorded on the loop."""
    info = info_of(t)
    assert info is not None
    op = typer.spec.methods.get(s)
    receiver = op.dispatch.receiver if op is not None and op.dispatch is not None else None
    if not isinstance(receiver, ir.Name):
        receiver = ir.Name(s.loc, f"__iter_{s.loc.line}_{s.loc.col}")
    typer.spec.expr_types[receiver] = t
    found = method_dispatch(typer, s, info, "__next__", receiver, [])
    if found is None or found[1] is None:
        return None
    typer.spec.methods[s] = ObjectOp("iterate", found[0], value=found[1])
    return found[1]
