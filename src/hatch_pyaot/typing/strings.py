"""Typing of ``str`` (and of ``bytes``, its byte-string twin) beyond the operator registry: methods (``s.split(",")`` is the registry
operation ``str.split`` with the string first, so overloads, defaults and keyword arguments
bind as for any operation), ``s[i]`` and ``s[a:b:c]``. Operators, ``len``, ``str()``,
``int(s)``... are plain registry operations (ops/str_ops.py); iteration gives 1-character
strings (typing/infer.py).

Free functions over the FunctionTyper of typing/infer.py, which calls them for values of type
``str``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import BOOL, INT, STR, Type
from hatch_pyaot.typing import lists

if TYPE_CHECKING:
    from hatch_pyaot.typing.infer import FunctionTyper


def method(typer: FunctionTyper, e: ir.MethodCall, of: Type = STR) -> Type | None:
    """``s.name(...)`` of a str, or of a bytes (``of``): the registry's ``<type>.<name>``."""
    name = f"{of}.{e.name}"
    registry = typer.owner.program.registry
    if name not in registry.ops:
        methods = sorted(n.removeprefix(f"{of}.") for n in registry.ops
                         if n.startswith(f"{of}."))
        typer.diags.error(e.loc, f"{name}() is not supported by the compiler",
                          hint="supported: " + ", ".join(methods))
        return None
    types = [typer.expr(a) for a in e.args]
    kwtypes = [typer.expr(v) for _, v in e.kwargs]
    if any(t is None for t in types) or any(t is None for t in kwtypes):
        return None
    return typer.op_call(e, name, [e.obj, *e.args], [of, *(t for t in types if t)],
                         e.kwargs, [t for t in kwtypes if t])


def index(typer: FunctionTyper, e: ir.Index | ir.TupleGet, of: Type = STR) -> Type | None:
    """``s[i]`` is a str, ``b[i]`` an int; a slice is of the same type."""
    if isinstance(e, ir.Index) and isinstance(e.index, ir.SliceExpr):
        lists.slice_bounds(typer, e.index)
        return of
    if isinstance(e, ir.Index):
        t = typer.expr(e.index)
        if t is not None and t not in (INT, BOOL):
            what = "string" if of == STR else "byte"
            typer.diags.error(e.index.loc, f"{what} indices must be integers, not {t}")
    return STR if of == STR else INT
