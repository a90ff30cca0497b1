"""C++ text: spellings of Python constants, and small predicates on generated expressions."""

from __future__ import annotations

import math
import re

from hatch_pyaot.ir.types import (
    BOOL,
    BYTES,
    COMPLEX,
    FLOAT,
    INT,
    NONE,
    STR,
    ClassType,
    DictType,
    DTypeScalar,
    ListType,
    OptionalType,
    SetType,
    TupleType,
    Type,
)


def literal(value: object, t: Type) -> str:
    if isinstance(t, OptionalType):
        return f"{t.cpp()}{{}}" if value is None else f"{t.cpp()}({literal(value, t.item)})"
    if t == NONE or value is None:
        return "pyaot::none"
    if t == BOOL:
        return "true" if value else "false"
    if t == INT:
        assert isinstance(value, int)
        v = int(value)
        if v == -(2**63):
            return "(-INT64_C(9223372036854775807) - 1)"
        return f"INT64_C({v})"
    if t == FLOAT:
        assert isinstance(value, int | float)
        return _double(float(value))
    if t == COMPLEX:
        assert isinstance(value, int | float | complex)
        z = complex(value)
        return f"pyaot::complex{{{_double(z.real)}, {_double(z.imag)}}}"
    if t == STR:
        assert isinstance(value, str)
        return str_literal(value)
    if t == BYTES:
        assert isinstance(value, bytes)
        return f"pyaot::bytes::lit({bytes_literal(value)}, {len(value)})" if value else \
            "pyaot::bytes()"
    if isinstance(t, TupleType):
        assert isinstance(value, tuple)
        items = ", ".join(literal(v, it) for v, it in zip(value, t.items, strict=True))
        return f"{t.cpp()}{{{items}}}"
    raise AssertionError(f"no literal for {t}")


def _double(f: float) -> str:
    if math.isnan(f):
        return "std::numeric_limits<double>::quiet_NaN()"
    if math.isinf(f):
        return ("-" if f < 0 else "") + "std::numeric_limits<double>::infinity()"
    text = repr(f)
    return text if any(c in text for c in ".en") else text + ".0"


def bytes_literal(data: bytes) -> str:
    """A C++ string literal of these bytes, escaped byte by byte."""
    out = []
    for b in data:
        c = chr(b)
        if c == "\\":
            out.append("\\\\")
        elif c == '"':
            out.append('\\"')
        elif c == "?":
            out.append("\\?")  # no trigraphs
        elif 32 <= b < 127:
            out.append(c)
        else:
            out.append(f"\\{b:03o}")
    return '"' + "".join(out) + '"'


def string_literal(text: str) -> str:
    """A C++ string literal with the UTF-8 bytes of text, escaped byte by byte."""
    return bytes_literal(text.encode("utf-8"))


def str_literal(text: str) -> str:
    """A str literal as an expression: its code points in a static, never freed box (one per
    place in the source), so that evaluating it in a loop allocates nothing."""
    if not text:
        return "pyaot::str()"
    n = len(text)
    return (f"([]() noexcept {{ static pyaot::LitBox<{n + 1}> box{{{{pyaot::IMMORTAL_REFS, {n}, -1}}, "
            f"{utf32_literal(text)}}}; return pyaot::str::lit(box); }}())")


def utf32_literal(text: str) -> str:
    """A C++ U"..." literal of the code points of text (any code point, lone surrogates
    too, as hex escapes that end the literal piece, so that no digit after one extends it)."""
    out = ['U"']
    for ch in text:
        c = ord(ch)
        if 32 <= c < 127 and ch not in '\\"?':
            out.append(ch)
        else:
            out.append(f'\\x{c:x}" U"')
    out.append('"')
    return "".join(out)


def truth_of(code: str, t: Type) -> str:
    if t == BOOL:
        return code
    if t in (INT, FLOAT) or isinstance(t, DTypeScalar):
        return f"({code} != 0)"
    if t == NONE:
        return "false"
    if t == COMPLEX:
        return f"pyaot::op::truth({code})"
    if isinstance(t, TupleType):
        return "true" if t.items else "false"
    if t == STR:
        return f"!{paren(code)}.empty()"
    if isinstance(t, ListType | DictType | SetType):
        return f"({paren(code)}.size() != 0)"
    if isinstance(t, OptionalType):
        return f"({paren(code)}.has_value() && {truth_of(f'(*{paren(code)})', t.item)})"
    if isinstance(t, ClassType):  # an object is true (__bool__ and __len__: typing/classes.py)
        return "true"
    raise AssertionError(f"no truth value for {t}")


def paren(code: str) -> str:
    return code if code.isidentifier() else f"({code})"


def is_temp(code: str) -> bool:
    return re.fullmatch(r"t\d+", code) is not None


def is_literal(code: str) -> bool:
    return code.startswith(("INT64_C(", "true", "false", "pyaot::none")) or \
        code.replace(".", "", 1).replace("-", "", 1).isdigit()
