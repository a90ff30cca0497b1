"""Python's complex: its operators, ``abs``, ``complex()``, ``bool``, ``str``/``repr``.

Declared on (complex, complex) only: the registry widens bool -> int -> float -> complex as
Python 3.11 does (``2 * z`` is ``complex(2) * z``). Comparisons other than ``==``/``!=`` are
not declared, so ``z < w`` is the compile error Python's TypeError would be. C++ side: one
header, ``pyaot/builtins/complex.hpp`` (the type and its arithmetic, ported step by step from
CPython's complexobject.c), and ``complex_text.hpp`` for its text and hash.
"""

from __future__ import annotations

from collections.abc import Sequence

from hatch_pyaot.ir.types import BOOL, COMPLEX, FLOAT, STR, Type
from hatch_pyaot.ops.registry import Const, Op, op

COMPLEX_H = "pyaot/builtins/complex.hpp"
TEXT_HEADER = "pyaot/builtins/complex_text.hpp"
_CC = (("a", COMPLEX), ("b", COMPLEX))
_C = (("a", COMPLEX),)


def _op(name: str, params: Sequence[tuple[str, Type]], result: Type, cpp: str | None = None,
        *, fallible: bool = False, doc: str = "", include: str = COMPLEX_H) -> Op:
    return op(name, params, result, cpp, fallible=fallible, doc=doc, include=include)


OPS: tuple[Op | Const, ...] = (
    *(_op(f"operator.{name}", _CC, COMPLEX) for name in ("add", "sub", "mul")),
    _op("operator.truediv", _CC, COMPLEX, fallible=True,
        doc="ZeroDivisionError 'complex division by zero'"),
    _op("operator.pow", _CC, COMPLEX, fallible=True,
        doc="integral exponents up to 100 by repeated squaring, as CPython"),
    _op("operator.neg", _C, COMPLEX),
    _op("operator.pos", _C, COMPLEX),
    _op("operator.eq", _CC, BOOL),
    _op("operator.ne", _CC, BOOL),
    _op("operator.truth", _C, BOOL),
    _op("operator.not_", _C, BOOL),
    _op("builtins.abs", (("x", COMPLEX),), FLOAT, fallible=True,
        doc="OverflowError 'absolute value too large'"),
    _op("builtins.complex", (), COMPLEX, "pyaot::builtins::to_complex"),
    _op("builtins.complex", (("real", COMPLEX),), COMPLEX, "pyaot::builtins::to_complex"),
    _op("builtins.complex", (("real", FLOAT), ("imag", FLOAT)), COMPLEX,
        "pyaot::builtins::to_complex"),
    _op("builtins.complex", (("real", FLOAT), ("imag", COMPLEX)), COMPLEX,
        "pyaot::builtins::to_complex"),
    _op("builtins.complex", (("real", COMPLEX), ("imag", COMPLEX)), COMPLEX,
        "pyaot::builtins::to_complex"),
    _op("builtins.bool", (("x", COMPLEX),), BOOL, "pyaot::builtins::to_bool"),
    _op("builtins.str", (("x", COMPLEX),), STR, "pyaot::str_of", include=TEXT_HEADER),
    _op("builtins.repr", (("x", COMPLEX),), STR, "pyaot::str_of", include=TEXT_HEADER),
    # z.conjugate(), z.real and z.imag (typing/complex_numbers.py lowers them to these)
    _op("complex.conjugate", (("self", COMPLEX),), COMPLEX, "pyaot::complex_methods::conjugate"),
    _op("complex.real", (("self", COMPLEX),), FLOAT, "pyaot::complex_methods::real"),
    _op("complex.imag", (("self", COMPLEX),), FLOAT, "pyaot::complex_methods::imag"),
)
