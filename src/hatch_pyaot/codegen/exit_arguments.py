"""Emit what ``with`` gives ``__exit__`` (typing/exit_arguments.py): the exception's class is
the exception value itself, read for its kind and payload's class."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import ExceptionClassType, ExceptionType, OptionalType

if TYPE_CHECKING:
    from hatch_pyaot.codegen.function import FunctionEmitter

OPS: Final = ("class_of", "issubclass", "class_name", "optional_isinstance", "class_text",
              "optional_str", "optional_repr")


def expr(em: FunctionEmitter, e: ir.Expr, op: str) -> str:
    from hatch_pyaot.codegen.exceptions import kind_test

    if op == "class_of":
        assert isinstance(e, ir.Call)
        return em.held(e.args[0])
    if op == "class_name":
        assert isinstance(e, ir.Attribute)
        return f"{em.held(e.value)}.type_name()"
    if op == "class_text":
        assert isinstance(e, ir.Call)
        return f"{em.held(e.args[0])}.class_text()"
    if op == "issubclass":
        assert isinstance(e, ir.Call) and isinstance(e.args[0], ir.TypeCheck)
        check = e.args[0]
        t = em.spec.type_of(check.value)
        assert isinstance(t, ExceptionClassType)
        return kind_test(em.held(check.value), t.name, check.classes)
    if op in ("optional_str", "optional_repr"):
        assert isinstance(e, ir.Call)
        em.headers.add("pyaot/builtins/str.hpp")
        held = em.held(e.args[0])
        none = 'pyaot::str::from_utf8("None")'
        return (f"({held}.has_value() ? {held}->text({str(op == 'optional_repr').lower()}) "
                f": {none})")
    assert op == "optional_isinstance" and isinstance(e, ir.TypeCheck)
    held = em.held(e.value)
    t = em.spec.type_of(e.value)
    assert isinstance(t, OptionalType) and isinstance(t.item, ExceptionType)
    return f"({held}.has_value() && {kind_test(f'(*{held})', t.item.name, e.classes)})"
