"""Emit ``print(...)`` and ``str()``/``repr()`` of lists and tuples (typing/printing.py): the
values' text built with ``pyaot::append_text`` (CPython's str and repr), written by
``pyaot::print_text``.

Free functions over the FunctionEmitter of codegen/function.py, which calls them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatch_pyaot.codegen.literals import string_literal
from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import NONE, STR, Scalar
from hatch_pyaot.typing.printing import STREAMS

if TYPE_CHECKING:
    from hatch_pyaot.codegen.function import FunctionEmitter

REPR_HEADER = "pyaot/builtins/repr.hpp"
PRINT_HEADER = "pyaot/builtins/print.hpp"
"""A module that includes it installs the print hook (codegen/module.py)."""
TEXT = Scalar("text", "std::string")


def call(em: FunctionEmitter, e: ir.Call, name: str) -> str:
    em.headers.add(REPR_HEADER)
    if name in ("str", "repr"):
        value = em.expr(e.args[0])
        return f"pyaot::text_of({value}, {'true' if name == 'repr' else 'false'})"
    em.headers.add(PRINT_HEADER)
    kwargs = dict(e.kwargs)
    sep = _separator(em, kwargs.get("sep"), " ")
    end = _separator(em, kwargs.get("end"), "\n")
    text = em.temp(TEXT)
    for i, a in enumerate(e.args):
        if i:
            em.line(f"{text} += {sep};")
        em.line(f"pyaot::append_text({text}, {em.expr(a)}, false);")
    em.line(f"{text} += {end};")
    stream = next((STREAMS[k] for k in kwargs if k in STREAMS), 1)
    em.line(f"if (!pyaot::print_text({text}, {stream})) [[unlikely]] {em.fail(e.loc.line)}")
    return "pyaot::none"


def _separator(em: FunctionEmitter, value: ir.Expr | None, default: str) -> str:
    """sep= / end= as UTF-8 text (None or absent: the default)."""
    if value is None or em.spec.type_of(value) == NONE:
        if value is not None:
            em.expr(value)
        return f"std::string_view({string_literal(default)})"
    assert em.spec.type_of(value) == STR
    held = em.temp(TEXT)
    em.line(f"pyaot::format::append_str({held}, {em.expr(value)});")
    return held
