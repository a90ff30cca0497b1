"""Type rules of caught exceptions (``except ValueError as e``): ``e`` is an ExceptionType
whose ``name`` is the class the handler names (the nearest common base of a tuple's).
``str(e)``, ``repr(e)``, ``print(e)`` and f-string fields ``{e}``/``{e!r}`` are its text,
``e.args`` a ``tuple[str]`` of its message, ``type(e).__name__`` its class's name,
``isinstance(e, E)`` a test of its kind by Python's hierarchy, and ``raise e`` raises it
again (codegen/exceptions.py)."""

from __future__ import annotations

import builtins
from typing import TYPE_CHECKING, Final

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import BOOL, STR, ExceptionType, TupleType, Type
from hatch_pyaot.typing.classes import NOT_MINE

if TYPE_CHECKING:
    from hatch_pyaot.typing.infer import FunctionTyper

_TEXT: Final = {"builtins.str": "str", "builtins.repr": "repr"}


def kinds(classes: list[str] | None) -> list[str]:
    """The compiled exception kinds that are instances of one of ``classes`` (all of them for
    None, a bare ``except``), by Python's own class hierarchy."""
    wanted = [getattr(builtins, c) for c in classes] if classes is not None else [BaseException]
    return [name for name in ir.EXCEPTIONS
            if any(issubclass(getattr(builtins, name), c) for c in wanted)]


def common_class(classes: list[str] | None) -> str:
    """The nearest class all of ``classes`` derive from (BaseException for a bare except)."""
    if not classes:
        return "BaseException"
    first, *rest = (getattr(builtins, c) for c in classes)
    for base in first.__mro__:
        if all(issubclass(c, base) for c in rest):
            return str(base.__name__)
    return "BaseException"


def bind(typer: FunctionTyper, h: ir.Handler) -> None:
    """``except ... as name``: the name holds the caught exception while the block runs."""
    if h.name is None:
        return
    name = common_class(h.types)
    known = typer.spec.var_types.get(h.name)
    if isinstance(known, ExceptionType) and known.name != name:
        name = common_class([known.name, name])
    elif known is not None and not isinstance(known, ExceptionType):
        typer.diags.error(h.loc, f"'{h.name}' holds a {known} elsewhere: an 'except ... as' "
                          "name must hold only exceptions")
        return
    typer.spec.var_types[h.name] = ExceptionType(name)


def _type_of(typer: FunctionTyper, e: ir.Expr) -> Type | None:
    return typer.spec.expr_types.get(e) or typer.expr(e, raw=True)


def typed(typer: FunctionTyper, e: ir.Expr) -> object:
    if isinstance(e, ir.Call) and e.func in _TEXT and len(e.args) == 1 and not e.kwargs:
        if not isinstance(_type_of(typer, e.args[0]), ExceptionType):
            return NOT_MINE
        typer.spec.exceptions[e] = _TEXT[str(e.func)]
        return STR
    if isinstance(e, ir.Attribute):
        return _attribute(typer, e)
    if isinstance(e, ir.TypeCheck):
        if not isinstance(_type_of(typer, e.value), ExceptionType):
            return NOT_MINE
        typer.spec.exceptions[e] = "isinstance"
        return BOOL
    if isinstance(e, ir.FormatStr):
        _format_fields(typer, e)
    return NOT_MINE


def _attribute(typer: FunctionTyper, e: ir.Attribute) -> object:
    value = e.value
    if (e.name == "__name__" and isinstance(value, ir.Call) and value.func == "builtins.type"
            and len(value.args) == 1
            and isinstance(_type_of(typer, value.args[0]), ExceptionType)):
        typer.spec.exceptions[e] = "type_name"
        return STR
    t = _type_of(typer, value) if not isinstance(value, ir.Call) else None
    if not isinstance(t, ExceptionType):
        return NOT_MINE
    if e.name == "args":
        typer.spec.exceptions[e] = "args"
        return TupleType((STR,))
    typer.diags.error(e.loc, f"'{t.name}' object has no attribute '{e.name}' the compiler "
                      "supports (args; str(e), repr(e), type(e).__name__)")
    return None


def _format_fields(typer: FunctionTyper, e: ir.FormatStr) -> None:
    """``f"{e}"``/``f"{e!r}"``: the field becomes ``str(e)``/``repr(e)``, a str."""
    for part in e.parts:
        if isinstance(part, str) or part.conversion not in (None, "s", "r"):
            continue
        if isinstance(_type_of(typer, part.value), ExceptionType):
            func = "builtins.repr" if part.conversion == "r" else "builtins.str"
            part.value = ir.Call(part.value.loc, func, [part.value])
            part.conversion = None


def raise_value(typer: FunctionTyper, s: ir.RaiseValue) -> None:
    """``raise e``: ``e`` must be a caught exception."""
    assert s.message is not None
    t = typer.expr(s.message)
    if t is not None and not isinstance(t, ExceptionType):
        typer.diags.error(s.loc, f"only an exception can be raised (this is a {t}); a "
                          "caught one (except ... as e) or a built-in class")
