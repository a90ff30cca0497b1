"""Python's format-spec mini-language for f-string fields, mapped to the C++ runtime.

The part that maps exactly onto printf (alignment ``<``/``>``, sign, zero padding, width,
precision and the types ``d f F e E g G %``) is written by printf; the rest of the language
(fill characters, ``^`` and ``=``, ``#``, ``x X o b``, ``,``/``_`` grouping, a str's
precision) is checked here
with CPython's words and laid out by ``pyaot/builtins/format_spec.hpp`` (kind ``spec``).
The conversion ``%`` marks a field of %-formatting (tracer/formatting.py): ``%d`` of a
float truncates it, and an int's precision is its least number of digits.
What is left (the types ``c`` and ``n``) is a compile error naming the spec.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from hatch_pyaot.ir.types import BOOL, COMPLEX, FLOAT, INT, NONE, STR, Type

_SPEC = re.compile(r"(?P<align>[<>])?(?P<sign>[-+ ])?(?P<zero>0)?(?P<width>\d+)?"
                   r"(?:\.(?P<prec>\d+))?(?P<type>[dfFeEgG%])?")


@dataclass(frozen=True)
class FieldFormat:
    """How the runtime formats one field: ``str()`` (optionally padded) or printf."""

    kind: str
    """``str``, ``repr`` (a str after ``!r``), ``printf``, ``percent`` or ``spec``."""
    printf: str = ""
    as_float: bool = False
    as_int: bool = False
    width: int = 0
    left: bool = False
    spec: FullSpec | None = None
    """For kind ``spec``: the parsed spec, and how the value is turned into text first."""


class SpecError(ValueError):
    pass


def field_format(t: Type, conversion: str | None, spec: str) -> FieldFormat:
    """The runtime plan for ``{value!conversion:spec}`` with a value of type t."""
    if t == COMPLEX and (spec or conversion == "a"):
        raise SpecError("a format spec (or !a) for a complex is not supported yet: write "
                        "its .real and .imag")
    if t not in (INT, FLOAT, COMPLEX, BOOL, NONE, STR):
        raise SpecError(f"a {t} cannot be formatted in an f-string yet")
    if t == STR and conversion == "a":
        raise SpecError("ascii() of a str (!a) is not supported yet")
    if conversion == "%" or _needs_full(t, conversion, spec):
        return FieldFormat("spec", spec=full_spec(t, conversion, spec))
    try:
        return _printf_plan(t, conversion, spec)
    except SpecError:
        return FieldFormat("spec", spec=full_spec(t, conversion, spec))


def _printf_plan(t: Type, conversion: str | None, spec: str) -> FieldFormat:
    """The plan of a spec that printf (or str() padded with spaces) writes as Python does."""
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


_FULL = re.compile(r"(?:(?P<fill>.)?(?P<align>[<>=^]))?(?P<sign>[-+ ])?(?P<alt>#)?(?P<zero>0)?"
                   r"(?P<width>\d+)?(?P<group>[,_])?(?:\.(?P<prec>\d+))?"
                   r"(?P<type>[bcdeEfFgGnosxX%])?", re.DOTALL)
_INT_TYPES = "dxXob"
_FLOAT_TYPES = "eEfFgG%"


@dataclass(frozen=True)
class FullSpec:
    """A parsed spec as the runtime's ``pyaot::format::Spec`` holds it."""

    fill: str
    align: str
    sign: str
    alternate: bool
    width: int
    precision: int
    type: str
    value: str
    """What the runtime formats: ``int``, ``float``, ``truncate`` (a float as ``%d``
    writes it), ``text`` (str() of the value), or ``repr`` (repr() of the value)."""
    grouping: str = ""
    """``,`` or ``_``: thousands separators."""
    zero: bool = False
    """The ``0`` flag: zeros pad the digits (separators included)."""


def _needs_full(t: Type, conversion: str | None, spec: str) -> bool:
    """Specs the printf path takes but lays out differently from Python: a str's precision."""
    return t == STR and conversion is None and "." in spec


def full_spec(t: Type, conversion: str | None, spec: str) -> FullSpec:
    match = _FULL.fullmatch(spec)
    if match is None:
        raise SpecError(f"Invalid format specifier '{spec}' (Python raises ValueError)")
    g = match.groupdict()
    percent = conversion == "%"
    group = g["group"] or ""
    kind = g["type"] or ""
    if group == "," and kind in "xXob" and kind:
        raise SpecError(f"Cannot specify ',' with '{kind}'. (Python raises ValueError)")
    if kind in "cn" and kind:
        raise SpecError(f"format code '{kind}' is not supported yet")
    fill = g["fill"] or ""
    align = g["align"] or ""
    if g["zero"] and not align:
        fill, align = "0", "="
    elif g["zero"] and not fill:
        fill = "0"
    if conversion in ("s", "r", "a") or (t == STR and not percent):
        if conversion is None and kind not in ("", "s"):
            raise SpecError(f"Unknown format code '{kind}' for object of type 'str' "
                            "(Python raises ValueError)")
        if g["zero"] and not g["align"]:
            align = ""  # format("ab", "05") pads with zeros on the right, as "<"
        if group:
            raise SpecError(f"Cannot specify '{group}' with 's'. (Python raises ValueError)")
        if g["sign"] or g["alt"] or align == "=":
            what = "Sign" if g["sign"] else "Alternate form (#)" if g["alt"] else \
                "'=' alignment"
            raise SpecError(f"{what} not allowed in string format specifier "
                            "(Python raises ValueError)")
        return FullSpec(fill or " ", align, "-", False, _int(g["width"]), _int(g["prec"], -1),
                        "s", "repr" if conversion in ("r", "a") and t == STR else "text")
    if t == NONE:
        raise SpecError("None cannot be formatted with a spec (Python raises TypeError)")
    if t == STR:
        raise SpecError(f"%{kind} format: a real number is required, not str "
                        "(Python raises TypeError)")
    precision = _int(g["prec"], -1)
    if t in (INT, BOOL) and (kind in _INT_TYPES or not kind):
        if precision >= 0 and not percent:
            raise SpecError("Precision not allowed in integer format specifier "
                            "(Python raises ValueError)")
        value = "int"
    elif kind in _INT_TYPES and kind and not (percent and kind == "d"):
        raise SpecError(f"Unknown format code '{kind}' for object of type 'float' "
                        "(Python raises ValueError)" if not percent else
                        f"%{kind} format: an integer is required, not float "
                        "(Python raises TypeError)")
    elif kind == "d":
        value = "truncate"
    else:
        if not kind and precision >= 0:
            raise SpecError(f"format spec '{spec}': a float's precision without a type is "
                            "not supported yet (write 'g' or 'f')")
        value = "float"
    return FullSpec(fill or " ", align, g["sign"] or "-", bool(g["alt"]), _int(g["width"]),
                    precision, kind, value, group, bool(g["zero"]) and not g["align"])


def _int(text: str | None, default: int = 0) -> int:
    return int(text) if text else default
