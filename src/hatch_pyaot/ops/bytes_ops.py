"""The operations of ``bytes``: its operators, its methods (``bytes.<method>`` with the bytes
first), ``str.encode`` and the builtins that take or make bytes (``len bytes list``).

C++ side: ``pyaot/builtins/bytes.hpp`` (the type, operators, ``bytes(...)``) and
``bytes_codec.hpp`` (``encode``, ``decode``, ``hex``); bytes are passed as
``const pyaot::bytes&``.
"""

from __future__ import annotations

from collections.abc import Sequence

from hatch_pyaot.ir.types import BOOL, BYTES, INT, STR, ListType, Type
from hatch_pyaot.ops.registry import Op, Param

_BYTES_H = "pyaot/builtins/bytes.hpp"
_CODEC_H = "pyaot/builtins/bytes_codec.hpp"
_CODEC_PARAMS: tuple[tuple[str, Type, object], ...] = (("encoding", STR, "utf-8"),
                                                       ("errors", STR, "strict"))


def _op(name: str, params: Sequence[tuple[str, Type] | tuple[str, Type, object]], result: Type,
        cpp: str, header: str = _BYTES_H, *, fallible: bool = False, doc: str = "") -> Op:
    return Op(name, tuple(Param(*p) for p in params), result, cpp, fallible=fallible, doc=doc,
              include=header)


OPS: tuple[Op, ...] = (
    # operators
    _op("operator.add", (("a", BYTES), ("b", BYTES)), BYTES, "pyaot::bytes_concat"),
    _op("operator.mul", (("a", BYTES), ("n", INT)), BYTES, "pyaot::bytes_repeat", fallible=True),
    _op("operator.mul", (("n", INT), ("a", BYTES)), BYTES, "pyaot::bytes_repeat_left",
        fallible=True),
    *(_op(f"operator.{cmp}", (("a", BYTES), ("b", BYTES)), BOOL, f"pyaot::bytes_{cmp}")
      for cmp in ("eq", "ne", "lt", "le", "gt", "ge")),
    _op("operator.contains", (("sub", BYTES), ("b", BYTES)), BOOL, "pyaot::bytes_in",
        doc="sub in b"),
    _op("operator.not_contains", (("sub", BYTES), ("b", BYTES)), BOOL, "pyaot::bytes_not_in",
        doc="sub not in b"),
    _op("operator.contains", (("x", INT), ("b", BYTES)), BOOL, "pyaot::bytes_has",
        fallible=True, doc="x in b: a byte value (ValueError outside 0..255)"),
    _op("operator.not_contains", (("x", INT), ("b", BYTES)), BOOL, "pyaot::bytes_has_not",
        fallible=True, doc="x not in b"),
    # builtins
    _op("builtins.len", (("b", BYTES),), INT, "pyaot::bytes_len"),
    _op("builtins.bool", (("x", BYTES),), BOOL, "pyaot::bytes_bool"),
    _op("builtins.bytes", (), BYTES, "pyaot::bytes_empty"),
    _op("builtins.bytes", (("n", INT),), BYTES, "pyaot::bytes_zeros", fallible=True,
        doc="n zero bytes"),
    _op("builtins.bytes", (("ints", ListType(INT)),), BYTES, "pyaot::bytes_of_list",
        fallible=True, doc="ValueError for an int outside 0..255"),
    _op("builtins.list", (("b", BYTES),), ListType(INT), "pyaot::bytes_ints"),
    # methods, and str.encode
    _op("bytes.decode", (("self", BYTES), *_CODEC_PARAMS), STR, "pyaot::bytes_decode", _CODEC_H,
        fallible=True, doc="utf-8, ascii, latin-1; errors strict, ignore, replace"),
    _op("bytes.hex", (("self", BYTES),), STR, "pyaot::bytes_hex", _CODEC_H),
    _op("str.encode", (("self", STR), *_CODEC_PARAMS), BYTES, "pyaot::str_encode", _CODEC_H,
        fallible=True, doc="utf-8, ascii, latin-1; errors strict, ignore, replace"),
)
