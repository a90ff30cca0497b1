"""Type rules of caught exceptions (``except ValueError as e``): ``e`` is an ExceptionType
whose ``name`` is the class the handler names (the nearest common base of a tuple's).
``str(e)``, ``repr(e)``, ``print(e)`` and f-string fields ``{e}``/``{e!r}`` are its text,
``e.args`` a ``tuple[str]`` of its message, ``type(e).__name__`` its class's name (also of
any object of a class of the program, and as ``x.__class__.__name__``),
``isinstance(e, E)`` a test of its kind by Python's hierarchy, and ``raise e`` raises it
again (codegen/exceptions.py)."""

from __future__ import annotations

import builtins
from typing import TYPE_CHECKING, Final

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import (
    BOOL,
    NONE,
    STR,
    ClassType,
    ExceptionType,
    OptionalType,
    TupleType,
    Type,
)
from hatch_pyaot.tracer import exception_classes
from hatch_pyaot.typing import exit_arguments
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


def handler(typer: FunctionTyper, h: ir.Handler) -> None:
    """The classes of the program an ``except`` catches; ``except ... as name``: the name holds the caught exception while the block runs: an
    object of the class the handler names when it names one class of the program, else an
    ExceptionType."""
    classes = typer.owner.program.resolver.classes
    mine = [classes[c] for c in h.types or () if c in classes]
    if mine:
        typer.spec.caught_classes[h] = tuple(sorted(
            {d.class_id for c in mine for d in c.descendants()}))
    if h.name is None:
        return
    known = typer.spec.var_types.get(h.name)
    if len(mine) == 1 and len(h.types or ()) == 1:
        if known is not None and known != mine[0].type:
            typer.diags.error(h.loc, f"'{h.name}' holds a {known} elsewhere: name the "
                              f"{mine[0].name} of this handler otherwise")
            return
        typer.spec.var_types[h.name] = mine[0].type
        return
    name = common_class(builtin_classes(typer, h.types))
    if isinstance(known, ExceptionType) and known.name != name:
        name = common_class([known.name, name])
    elif known is not None and not isinstance(known, ExceptionType):
        typer.diags.error(h.loc, f"'{h.name}' holds a {known} elsewhere: an 'except ... as' "
                          "name must hold only exceptions")
        return
    typer.spec.var_types[h.name] = ExceptionType(name)


def builtin_classes(typer: FunctionTyper, types: list[str] | None) -> list[str] | None:
    """The classes an ``except`` names, each class of the program as the built-in one it
    is raised as."""
    if types is None:
        return None
    classes = typer.owner.program.resolver.classes
    return [exception_classes.kind(classes[c]) if c in classes else c for c in types]


def is_exception_object(t: Type | None) -> bool:
    return isinstance(t, ClassType) and exception_classes.is_exception(t.info)


def _exceptional(t: Type | None) -> bool:
    """Whether a name of type ``t`` holds an exception (or None): _type_of's names."""
    return isinstance(t, ExceptionType) or is_exception_object(t) or (
        isinstance(t, OptionalType) and isinstance(t.item, ExceptionType))


def _type_of(typer: FunctionTyper, e: ir.Expr) -> Type | None:
    """A name's type, or an expression's when it was typed already: exceptions are values
    of names, and typing any other operand here would type it twice."""
    if not isinstance(e, ir.Name):
        return typer.spec.expr_types.get(e)
    t = typer.spec.var_types.get(e.id)
    if isinstance(t, ExceptionType) or is_exception_object(t):
        typer.expr(e, raw=True)  # what the operation reads: typed once, here
    elif isinstance(t, OptionalType) and isinstance(t.item, ExceptionType):
        t = exit_arguments.narrowed(typer, e, typer.expr(e, raw=True))
    return t


def typed(typer: FunctionTyper, e: ir.Expr) -> object:
    if isinstance(e, ir.Call) and e.func in _TEXT and len(e.args) == 1 and not e.kwargs:
        return _text(typer, e, _TEXT[str(e.func)])
    if isinstance(e, ir.Call) and e.func == exception_classes.REPR:
        typer.expr(e.args[0])
        typer.spec.exceptions[e] = "object_repr"
        return STR
    if isinstance(e, ir.Call) and e.func == exception_classes.INIT:
        typer.expr(e.args[0])
        t = typer.expr(e.args[1])
        if t is not None and t != STR:
            typer.diags.error(e.args[1].loc, f"an exception's message must be a str here, not "
                              f"a {t}")
        typer.spec.exceptions[e] = "init"
        return NONE
    if isinstance(e, ir.Attribute):
        return _attribute(typer, e)
    if isinstance(e, ir.TypeCheck):
        return _isinstance(typer, e)
    if isinstance(e, ir.FormatStr):
        _format_fields(typer, e)
    return NOT_MINE


def _text(typer: FunctionTyper, e: ir.Call, kind: str) -> object:
    """str() or repr() of a caught exception."""
    if not isinstance(_type_of(typer, e.args[0]), ExceptionType):
        return NOT_MINE  # an object's str() calls its __str__ (tracer/exception_classes.py)
    typer.spec.exceptions[e] = kind
    return STR


def _isinstance(typer: FunctionTyper, e: ir.TypeCheck) -> object:
    t = _type_of(typer, e.value)
    builtin = [c for c in e.classes if c in ("object", "BaseException", *ir.EXCEPTIONS)]
    if is_exception_object(t):
        assert isinstance(t, ClassType)
        kind = getattr(builtins, exception_classes.kind(t.info))  # type: ignore[arg-type]
        if any(issubclass(kind, getattr(builtins, c)) for c in builtin):
            typer.spec.exceptions[e] = "always"
            return BOOL
        return NOT_MINE  # the classes of the program it may be (typing/classes.py)
    if not isinstance(t, ExceptionType):
        return NOT_MINE
    if len(builtin) != len(e.classes):
        typer.diags.error(e.loc, "isinstance() of a caught built-in exception with a class of "
                          "the program is not supported yet", hint="catch that class itself")
        return None
    typer.spec.exceptions[e] = "isinstance"
    return BOOL


def _attribute(typer: FunctionTyper, e: ir.Attribute) -> object:
    value = e.value
    if e.name == "__name__" and (named := class_named(e)) is not None:
        if isinstance(named, ir.Name) and not _exceptional(typer.spec.var_types.get(named.id)):
            of = typer.expr(named, raw=True)
        else:  # an exception, maybe __exit__'s `exc` narrowed from BaseException | None
            of = _type_of(typer, named)
        if isinstance(of, ExceptionType | ClassType):  # an object's dynamic class, by name
            typer.spec.exceptions[e] = "type_name"
            return STR
    t = _type_of(typer, value)
    if not isinstance(t, ExceptionType):
        return NOT_MINE
    if e.name == "args":
        typer.spec.exceptions[e] = "args"
        return TupleType((STR,))
    if e.name == "__cause__":
        typer.spec.exceptions[e] = "cause"
        return OptionalType(ExceptionType("BaseException"))
    typer.diags.error(e.loc, f"'{t.name}' object has no attribute '{e.name}' the compiler "
                      "supports (args, __cause__; str(e), repr(e), type(e).__name__)")
    return None


def class_named(e: ir.Attribute) -> ir.Expr | None:
    """The object of ``type(x).__name__`` or ``x.__class__.__name__``: x."""
    value = e.value
    if isinstance(value, ir.Call) and value.func == "builtins.type" and len(value.args) == 1:
        return value.args[0]
    if isinstance(value, ir.Attribute) and value.name == "__class__":
        return value.value
    return None


def _format_fields(typer: FunctionTyper, e: ir.FormatStr) -> None:
    """``f"{e}"``/``f"{e!r}"``: the field becomes ``str(e)``/``repr(e)``, a str."""
    for part in e.parts:
        if isinstance(part, str) or part.conversion not in (None, "s", "r"):
            continue
        # `exc` of __exit__, maybe None: str(exc) is its text or 'None', read as it is
        maybe_none = isinstance(part.value, ir.Name) and isinstance(
            t := typer.spec.var_types.get(part.value.id), OptionalType) and isinstance(
            t.item, ExceptionType)
        if maybe_none or isinstance(t := _type_of(typer, part.value), ExceptionType) or \
                is_exception_object(t):
            func = "builtins.repr" if part.conversion == "r" else "builtins.str"
            part.value = ir.Call(part.value.loc, func, [part.value])
            part.conversion = None


def raise_value(typer: FunctionTyper, s: ir.RaiseValue) -> None:
    """``raise e``: ``e`` must be a caught exception."""
    assert s.message is not None
    cause(typer, s)
    t = typer.expr(s.message)
    if is_exception_object(t):
        assert s.text is not None
        typer.expr(s.text)
    elif t is not None and not isinstance(t, ExceptionType):
        typer.diags.error(s.loc, f"only an exception can be raised (this is a {t}); a "
                          "caught one (except ... as e) or a built-in class")


def cause(typer: FunctionTyper, s: ir.Raise) -> None:
    """``raise ... from cause``: a caught exception, an exception object, or None."""
    if s.cause is None:
        return
    t = typer.expr(s.cause, raw=True)
    if t is not None and t != NONE and not (isinstance(t, ExceptionType)
                                             or is_exception_object(t)):
        typer.diags.error(s.cause.loc, f"exception causes must derive from BaseException "
                          f"(this is a {t})")
