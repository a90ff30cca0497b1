"""Typing of ``print(*values, sep=, end=)`` and of ``str()``/``repr()`` of containers: any
value the compiler has a text for (numbers, bools, None, str, and lists, tuples, dicts and
sets of them).
The text is CPython's (pyaot/builtins/repr.hpp); print writes it through sys.stdout when
called from CPython (pyaot/builtins/print.hpp).

Free functions over the FunctionTyper of typing/infer.py, which calls them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import (
    BOOL,
    COMPLEX,
    FLOAT,
    INT,
    NONE,
    STR,
    ClassType,
    DictType,
    ExceptionType,
    ListType,
    OptionalType,
    SetType,
    TupleType,
    Type,
    UnionType,
)
from hatch_pyaot.tracer import exception_classes
from hatch_pyaot.typing.typed import ListBuiltin

if TYPE_CHECKING:
    from hatch_pyaot.typing.infer import FunctionTyper


STREAMS = {"file=sys.stdout": 1, "file=sys.stderr": 2}
"""print()'s file= as the tracer gives it (tracer/build.py, Builder.stream): a stream number."""


def printable(t: Type) -> bool:
    if t in (BOOL, INT, FLOAT, COMPLEX, NONE, STR) or isinstance(t, ExceptionType):
        return True
    if isinstance(t, ListType):
        return t.item is None or printable(t.item)
    if isinstance(t, TupleType):
        return all(printable(i) for i in t.items)
    if isinstance(t, DictType):  # a Counter's or defaultdict's repr names its class: not yet
        return t.factory is None and all(p is None or printable(p) for p in (t.key, t.value))
    if isinstance(t, SetType):
        return t.item is None or printable(t.item)
    if isinstance(t, OptionalType):
        return printable(t.item)
    if isinstance(t, UnionType):
        return all(printable(m) for m in t.members)
    # by its __repr__ (pyaot::object::repr_into); a __str__ is not consulted by print yet
    # (an exception's print is its str(): print(str(e)) says so)
    return isinstance(t, ClassType) and t.info.find_method("__str__") is None and (  # type: ignore[attr-defined]
        not exception_classes.is_exception(t.info))


def handles(name: object, types: list[Type]) -> bool:
    return name == "builtins.print" or (
        name in ("builtins.str", "builtins.repr") and len(types) == 1
        and (isinstance(types[0], ListType | TupleType | UnionType | DictType | SetType)
             or types[0] == NONE))


def call(typer: FunctionTyper, e: ir.Call, name: str, types: list[Type],
         kwtypes: dict[str, Type]) -> Type | None:
    short = name.removeprefix("builtins.")
    for t, a in zip(types, e.args, strict=True):
        if not printable(t):
            typer.diags.error(a.loc, f"{short}() of a {t} is not supported yet")
            return None
    if short != "print":
        typer.spec.calls[e] = ListBuiltin(short)
        return STR
    for k, t in kwtypes.items():
        if k in STREAMS:
            continue
        if k not in ("sep", "end"):
            typer.diags.error(e.loc, f"print()'s {k}= is not supported yet (sep=, end= and "
                              "file=sys.stdout or sys.stderr are)")
            return None
        if t not in (STR, NONE):
            typer.diags.error(e.loc, f"{k} must be None or a string, not {t}")
            return None
    typer.spec.calls[e] = ListBuiltin("print")
    return NONE


def container_field(typer: FunctionTyper, part: ir.FormatField, t: Type) -> bool:
    """``f"{pairs}"`` or ``f"{t!r}"`` of a list, tuple, dict or set: the field becomes
    ``str(pairs)`` (``repr(t)``), a str, as format() with an empty spec gives; False for
    other fields (a spec, as CPython's, is refused by field_format)."""
    if part.spec or part.conversion == "a" or not isinstance(
            t, ListType | TupleType | DictType | SetType) or not printable(t):
        return False
    name = "builtins.repr" if part.conversion == "r" else "builtins.str"
    text = ir.Call(part.value.loc, name, [part.value])
    typer.spec.expr_types[text] = STR
    call(typer, text, name, [t], {})
    part.value, part.conversion = text, None
    return True
