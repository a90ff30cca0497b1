"""``hash(x)`` (DESIGN §5.4): CPython's hash of a number, str or tuple of them
(pyaot/builtins/hash.hpp), of an object through its class's ``__hash__`` (or its identity
when the class defines neither ``__hash__`` nor ``__eq__``); an unhashable value is
CPython's ``TypeError: unhashable type: 'list'``, refused here at its place."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import INT
from hatch_pyaot.typing.classes import NOT_MINE, dispatch_call, info_of
from hatch_pyaot.typing.dicts import hashable
from hatch_pyaot.typing.typed import ObjectOp

if TYPE_CHECKING:
    from hatch_pyaot.typing.infer import FunctionTyper


def typed(typer: FunctionTyper, e: ir.Expr) -> object:
    if not (isinstance(e, ir.Call) and e.func == "builtins.hash" and len(e.args) == 1
            and not e.kwargs):
        return NOT_MINE
    t = typer.expr(e.args[0])
    if t is None:
        return None
    if not hashable(typer, e.loc, t):
        return None
    info = info_of(t)
    if info is not None and info.find_method("__hash__") is not None:
        return dispatch_call(typer, e, info, "__hash__", e.args[0], [])
    typer.spec.methods[e] = ObjectOp("hash")
    return INT
