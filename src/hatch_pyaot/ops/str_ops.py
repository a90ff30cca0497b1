"""The operations of ``str``: its operators, its methods (declared as ``str.<method>`` with
the string first) and the builtins that take or make strings (``len str repr int float
ord chr list tuple``).

C++ side: ``pyaot/builtins/str.hpp`` (the type, operators, conversions to text),
``str_methods.hpp`` and ``str_convert.hpp`` (``repr``, ``int(s)``, ``float(s)``); strings are
passed as ``const pyaot::str&``.
"""

from __future__ import annotations

from collections.abc import Sequence

from hatch_pyaot.ir.types import (
    BOOL,
    FLOAT,
    INT,
    NONE,
    STR,
    ListType,
    TupleType,
    Type,
    VarTupleType,
)
from hatch_pyaot.ops.registry import Op, Param

_STR_H = "pyaot/builtins/str.hpp"
_METHODS_H = "pyaot/builtins/str_methods.hpp"
_CONVERT_H = "pyaot/builtins/str_convert.hpp"
_END = 2**63 - 1
LIST_STR = ListType(STR)


def _op(name: str, params: Sequence[tuple[str, Type] | tuple[str, Type, object]], result: Type,
        cpp: str, header: str, *, fallible: bool = False, doc: str = "") -> Op:
    return Op(name, tuple(Param(*p) for p in params), result, cpp, fallible=fallible, doc=doc,
              include=header)


def _method(name: str, params: Sequence[tuple[str, Type] | tuple[str, Type, object]],
            result: Type, cpp: str | None = None, *, fallible: bool = False) -> Op:
    return _op(f"str.{name}", (("self", STR), *params), result,
               cpp or f"pyaot::str_{name}", _METHODS_H, fallible=fallible)


_RANGE: tuple[tuple[str, Type, object], ...] = (("start", INT, 0), ("end", INT, _END))
_PREFIXES = [STR, *(TupleType((STR,) * k) for k in range(1, 7))]

OPS: tuple[Op, ...] = (
    # operators
    _op("operator.add", (("a", STR), ("b", STR)), STR, "pyaot::str_concat", _STR_H),
    _op("operator.mul", (("a", STR), ("n", INT)), STR, "pyaot::str_repeat", _STR_H,
        fallible=True),
    _op("operator.mul", (("n", INT), ("a", STR)), STR, "pyaot::str_repeat_left", _STR_H,
        fallible=True),
    *(_op(f"operator.{cmp}", (("a", STR), ("b", STR)), BOOL, f"pyaot::str_{cmp}", _STR_H)
      for cmp in ("eq", "ne", "lt", "le", "gt", "ge")),
    _op("operator.contains", (("sub", STR), ("s", STR)), BOOL, "pyaot::str_in", _STR_H,
        doc="sub in s"),
    _op("operator.not_contains", (("sub", STR), ("s", STR)), BOOL, "pyaot::str_not_in",
        _STR_H, doc="sub not in s"),
    # builtins
    _op("builtins.len", (("s", STR),), INT, "pyaot::str_len", _STR_H),
    _op("builtins.str", (), STR, "pyaot::str_empty", _STR_H),
    *(_op("builtins.str", (("x", t),), STR, "pyaot::str_of", _STR_H)
      for t in (INT, FLOAT, BOOL, STR)),
    _op("builtins.bool", (("x", STR),), BOOL, "pyaot::str_bool", _STR_H),
    _op("builtins.repr", (("x", STR),), STR, "pyaot::str_repr", _CONVERT_H),
    *(_op("builtins.repr", (("x", t),), STR, "pyaot::str_of", _STR_H) for t in (INT, FLOAT, BOOL)),
    _op("builtins.int", (("x", STR),), INT, "pyaot::int_from_str", _CONVERT_H, fallible=True,
        doc="base 10; beyond 64 bits OverflowError"),
    _op("builtins.float", (("x", STR),), FLOAT, "pyaot::float_from_str", _CONVERT_H,
        fallible=True),
    _op("builtins.ord", (("c", STR),), INT, "pyaot::str_ord", _STR_H, fallible=True),
    _op("builtins.chr", (("i", INT),), STR, "pyaot::str_chr", _STR_H, fallible=True),
    _op("builtins.list", (("s", STR),), LIST_STR, "pyaot::str_chars", _METHODS_H),
    _op("builtins.sorted", (("s", STR),), LIST_STR, "pyaot::str_sorted", _METHODS_H),
    _op("builtins.tuple", (("s", STR),), VarTupleType(STR), "pyaot::str_chars_tuple",
        "pyaot/builtins/str_chars_tuple.hpp"),
    # methods
    _method("split", (("sep", NONE, None), ("maxsplit", INT, -1)), LIST_STR,
            "pyaot::str_split_whitespace"),
    _method("split", (("sep", STR), ("maxsplit", INT, -1)), LIST_STR, fallible=True),
    _method("rsplit", (("sep", NONE, None), ("maxsplit", INT, -1)), LIST_STR,
            "pyaot::str_rsplit_whitespace"),
    _method("rsplit", (("sep", STR), ("maxsplit", INT, -1)), LIST_STR, fallible=True),
    _method("splitlines", (("keepends", BOOL, False),), LIST_STR),
    _method("join", (("iterable", LIST_STR),), STR),
    _op("str.join", (("self", STR), ("iterable", VarTupleType(STR))), STR, "pyaot::str_join",
        "pyaot/builtins/str_join_tuple.hpp"),
    *(_method(name, (("chars", NONE, None),), STR) for name in ("strip", "lstrip", "rstrip")),
    *(_method(name, (("chars", STR),), STR) for name in ("strip", "lstrip", "rstrip")),
    _method("replace", (("old", STR), ("new", STR), ("count", INT, -1)), STR),
    *(_method(name, (("sub", STR), *_RANGE), INT) for name in ("find", "rfind", "count")),
    *(_method(name, (("sub", STR), *_RANGE), INT, fallible=True) for name in ("index", "rindex")),
    *(_method(name, (("prefix", t), *_RANGE), BOOL)
      for name in ("startswith", "endswith") for t in _PREFIXES),
    *(_method(name, (("sep", STR),), TupleType((STR, STR, STR)), fallible=True)
      for name in ("partition", "rpartition")),
    *(_method(name, (), STR) for name in ("upper", "lower", "casefold", "swapcase", "title",
                                           "capitalize")),
    *(_method(name, (("width", INT), ("fillchar", STR, " ")), STR, fallible=True)
      for name in ("center", "ljust", "rjust")),
    _method("zfill", (("width", INT),), STR, fallible=True),
    *(_method(name, (), BOOL) for name in ("isdigit", "isalpha", "isalnum", "isspace",
                                           "isupper", "islower", "isnumeric", "isdecimal",
                                           "istitle", "isascii", "isprintable")),
)
