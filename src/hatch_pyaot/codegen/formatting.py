"""Emit one f-string field whose spec the printf fast path cannot write (kind ``spec`` of
ops/format_spec.py): a ``pyaot::format::Spec`` literal and a call into
``pyaot/builtins/format_spec.hpp``. Fields of str.format and %-formatting arrive here too:
the tracer makes them f-string fields (tracer/formatting.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatch_pyaot.ir.types import FLOAT, INT, STR, Scalar, Type
from hatch_pyaot.ops.format_spec import FieldFormat

if TYPE_CHECKING:
    from hatch_pyaot.codegen.function import FunctionEmitter

HEADER = "pyaot/builtins/format_spec.hpp"
_CONVERT_HEADER = "pyaot/builtins/str_convert.hpp"
_PIECE = Scalar("str", "std::string")


def append_field(em: FunctionEmitter, text: str, plan: FieldFormat, code: str, t: Type,
                 line: int) -> None:
    """Append the field's text to the UTF-8 buffer ``text``."""
    spec = plan.spec
    assert spec is not None
    em.headers.add(HEADER)
    literal = (f"pyaot::format::Spec{{U'\\U{ord(spec.fill):08x}', {_char(spec.align)}, "
               f"'{spec.sign}', {'true' if spec.alternate else 'false'}, {spec.width}, "
               f"{spec.precision}, {_char(spec.type)}, {_char(spec.grouping)}, "
               f"{'true' if spec.zero else 'false'}}}")
    if spec.value in ("text", "repr"):
        piece = em.temp(_PIECE)
        if spec.value == "repr" and t == STR:
            em.headers.add(_CONVERT_HEADER)
            code = f"pyaot::str_repr({code})"
        em.line(f"pyaot::format::append_str({piece}, {code});")
        em.line(f"pyaot::format::append_spec({text}, {piece}, {literal});")
    elif spec.value == "truncate":
        em.line(f"if (!pyaot::format::append_spec_truncated({text}, {code}, {literal})) "
                f"[[unlikely]] {em.fail(line)}")
    else:
        target = INT if spec.value == "int" else FLOAT
        em.line(f"pyaot::format::append_spec({text}, {em.cast(code, t, target)}, {literal});")


def _char(c: str) -> str:
    """An ASCII letter or sign of the spec as a C++ char (0: none)."""
    return f"'{c}'" if c else "0"
