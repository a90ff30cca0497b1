"""Python's format-spec mini-language for f-string fields, mapped to the C++ runtime.

Only the part that maps exactly onto printf is accepted (alignment ``<``/``>``, sign, zero
padding, width, precision and the types ``d f F e E g G %``); anything else is a compile
error naming the spec rather than a result that differs from Python.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from hatch_pyaot.ir.types import BOOL, FLOAT, INT, NONE, STR, Type

_SPEC = re.compile(r"(?P<align>[<>])?(?P<sign>[-+ ])?(?P<zero>0)?(?P<width>\d+)?"
                   r"(?:\.(?P<prec>\d+))?(?P<type>[dfFeEgG%])?")


@dataclass(frozen=True)
class FieldFormat:
    """How the runtime formats one field: ``str()`` (optionally padded) or printf."""

    kind: str
    """``str``, ``repr`` (a str after ``!r``), ``printf`` or ``percent``."""
    printf: str = ""
    as_float: bool = False
    as_int: bool = False
    width: int = 0
    left: bool = False


class SpecError(ValueError):
    pass


def field_format(t: Type, conversion: str | None, spec: str) -> FieldFormat:
    """The runtime plan for ``{value!conversion:spec}`` with a value of type t."""
    if t not in (INT, FLOAT, BOOL, NONE, STR):
        raise SpecError(f"a {t} cannot be formatted in an f-string yet")
    if t == STR and conversion == "a":
        raise SpecError("ascii() of a str (!a) is not supported yet")
    if t == STR and conversion == "r":
        if spec:
            raise SpecError("a format spec after !r is not supported for strings yet")
        return FieldFormat("repr")
    match = _SPEC.fullmatch(spec)
    if match is None:
        raise SpecError(f"format spec '{spec}' is not supported (supported: [<>][+- ][0]"
                        "[width][.precision][dfFeEgG%])")
    g = match.groupdict()
    width = int(g["width"]) if g["width"] else 0
    if conversion is not None or g["type"] is None:
        if g["sign"] or g["zero"] or g["prec"]:
            raise SpecError(f"format spec '{spec}' needs a type letter here (such as 'f' or 'd')")
        if t == NONE and spec and conversion is None:
            raise SpecError("None cannot be formatted with a spec (Python raises TypeError)")
        # Strings (and anything after !r/!s) align left by default, numbers right.
        left = g["align"] == "<" or ((conversion is not None or t == STR)
                                     and g["align"] != ">")
        # format(True, "5") formats the int 1; str(True) is "True".
        as_int = t == BOOL and bool(spec) and conversion is None
        return FieldFormat("str", width=width, left=left, as_int=as_int)
    kind = g["type"]
    if t == STR:
        raise SpecError(f"format code '{kind}' cannot format a str (Python raises ValueError)")
    if kind == "d":
        if t == FLOAT:
            raise SpecError("format code 'd' cannot format a float (Python raises ValueError)")
        return FieldFormat("printf", _printf(g, "lld"))
    if kind == "%":
        return FieldFormat("percent", _printf(g, "f", width_adjust=-1), as_float=True)
    return FieldFormat("printf", _printf(g, kind), as_float=True)


def _printf(g: dict[str, str | None], conv: str, width_adjust: int = 0) -> str:
    flags = ("-" if g["align"] == "<" else "") + (g["sign"] if g["sign"] in ("+", " ") else "") \
        + (g["zero"] or "")
    width = str(max(0, int(g["width"]) + width_adjust)) if g["width"] else ""
    prec = f".{g['prec']}" if g["prec"] else ""
    return f"%{flags}{width}{prec}{conv}"
