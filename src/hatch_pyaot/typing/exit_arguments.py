"""Type rules of what ``with`` gives ``__exit__`` (tracer/context_managers.py): the caught
exception's class (an ExceptionClassType, held as the exception itself) and the exception,
each or None. ``exc_type.__name__``, ``issubclass(exc_type, C)`` and ``str(exc_type)`` read
the class; ``isinstance(exc, C)`` is false for None; ``str(exc)`` and ``repr(exc)`` (also of
``e.__cause__``) are ``'None'`` for None; under ``if exc is not None`` the exception reads
as one caught by ``except`` (typing/exceptions.py: ``exc.args``, ``raise exc``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import (
    BOOL,
    STR,
    ExceptionClassType,
    ExceptionType,
    OptionalType,
    Type,
)
from hatch_pyaot.tracer.context_managers import EXCEPTION_CLASS, ISSUBCLASS
from hatch_pyaot.typing.classes import NOT_MINE

if TYPE_CHECKING:
    from hatch_pyaot.typing.infer import FunctionTyper


def _raw(typer: FunctionTyper, e: ir.Expr) -> Type | None:
    """A name's type, typed once here (an Optional as it is)."""
    t = typer.spec.var_types.get(e.id) if isinstance(e, ir.Name) else None
    item = t.item if isinstance(t, OptionalType) else t
    if not isinstance(item, ExceptionType | ExceptionClassType):
        return None
    return typer.expr(e, raw=True)


def _builtin(typer: FunctionTyper, check: ir.TypeCheck) -> bool:
    if any("." in c for c in check.classes):
        typer.diags.error(check.loc, "a test of the exception __exit__ is given against a "
                          "class of the program is not supported yet",
                          hint="test a built-in class, or catch the class itself")
        return False
    return True


def _item(t: Type | None) -> Type | None:
    return t.item if isinstance(t, OptionalType) else t


def typed(typer: FunctionTyper, e: ir.Expr) -> object:
    if isinstance(e, ir.Call) and e.func == EXCEPTION_CLASS:
        t = typer.expr(e.args[0], raw=True)
        assert isinstance(t, ExceptionType)
        typer.spec.exceptions[e] = "class_of"
        return ExceptionClassType(t.name)
    if isinstance(e, ir.Call) and e.func == ISSUBCLASS:
        check = e.args[0]
        assert isinstance(check, ir.TypeCheck)
        t = _raw(typer, check.value)
        if not isinstance(_item(t), ExceptionClassType):
            typer.diags.error(e.loc, "issubclass() is compiled only of the exception class "
                              "__exit__ is given")
            return None
        if not _builtin(typer, check):
            return None
        typer.unwrap(check.value, t)  # issubclass(None, C) is CPython's TypeError too
        typer.spec.exceptions[e] = "issubclass"
        return BOOL
    if isinstance(e, ir.Attribute) and e.name == "__name__":
        t = _raw(typer, e.value)
        if isinstance(_item(t), ExceptionClassType):
            typer.unwrap(e.value, t)
            typer.spec.exceptions[e] = "class_name"
            return STR
        return NOT_MINE
    if isinstance(e, ir.TypeCheck):
        t = _raw(typer, e.value)
        if isinstance(t, OptionalType) and isinstance(t.item, ExceptionType):
            if not _builtin(typer, e):
                return None
            typer.spec.exceptions[e] = "optional_isinstance"
            return BOOL
        return NOT_MINE
    if isinstance(e, ir.Call) and e.func in ("builtins.str", "builtins.repr") and len(
            e.args) == 1 and not e.kwargs:
        return _text(typer, e, e.args[0])
    return NOT_MINE


def _text(typer: FunctionTyper, e: ir.Call, arg: ir.Expr) -> object:
    """``str(exc_type)``; ``str(e.__cause__)``, ``repr(exc)``: the exception's text, or
    ``'None'``."""
    if isinstance(arg, ir.Attribute) and arg.name == "__cause__" and isinstance(
            typer.spec.var_types.get(arg.value.id) if isinstance(arg.value, ir.Name) else None,
            ExceptionType):
        t = typer.expr(arg, raw=True)
    else:
        t = _raw(typer, arg)
    if isinstance(_item(t), ExceptionClassType):
        typer.unwrap(arg, t)
        typer.spec.exceptions[e] = "class_text"
        return STR
    if isinstance(t, OptionalType) and isinstance(t.item, ExceptionType):
        typer.spec.exceptions[e] = "optional_repr" if e.func == "builtins.repr" else (
            "optional_str")
        return STR
    return NOT_MINE


def narrowed(typer: FunctionTyper, e: ir.Expr, t: Type | None) -> Type | None:
    """``exc`` under ``if exc is not None``: the exception (checked for None where it is
    read, as an Optional used as its item is)."""
    if isinstance(t, OptionalType) and isinstance(t.item, ExceptionType | ExceptionClassType):
        return typer.unwrap(e, t)
    return t
