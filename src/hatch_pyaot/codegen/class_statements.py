"""Emit the statements and truth tests that call an object's dunder methods
(typing/class_statements.py): ``obj[i] = v``, ``del obj[i]``, ``a += b`` and ``if obj:``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatch_pyaot.codegen.classes import HEADER, dispatch
from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import BOOL, INT
from hatch_pyaot.typing.typed import Dispatch

if TYPE_CHECKING:
    from hatch_pyaot.codegen.function import FunctionEmitter


def stmt(em: FunctionEmitter, s: ir.AugAssign | ir.SetItem | ir.DelItem) -> None:
    em.headers.add(HEADER)
    d = em.spec.methods[s].dispatch
    assert d is not None
    if not isinstance(s, ir.AugAssign):
        dispatch(em, s, d)
        return
    var_t = em.spec.var_types[s.target.id]
    em.store(s.target.id, dispatch(em, s, d, var_t))


def truth(em: FunctionEmitter, e: ir.Expr, d: Dispatch) -> str:
    """``bool(obj)``: its ``__bool__``, or its ``__len__`` is not 0."""
    em.headers.add(HEADER)
    by_len = str(d.calls[0][1].func).endswith(".__len__")
    result = dispatch(em, e, d, INT if by_len else BOOL)
    return f"({result} != 0)" if by_len else result
