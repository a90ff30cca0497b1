"""Type rules of Python's complex beyond its operators (ops/complex_ops.py): the attributes
``z.real`` and ``z.imag`` and the method ``z.conjugate()``, each lowered to a call of the
registry's ``complex.<name>`` (``Specialization.lowered``), so that codegen emits it as any
op call.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import COMPLEX
from hatch_pyaot.typing.classes import NOT_MINE

if TYPE_CHECKING:
    from hatch_pyaot.typing.infer import FunctionTyper

_MEMBERS = {"real": "attribute", "imag": "attribute", "conjugate": "method"}


def typed(typer: FunctionTyper, e: ir.Expr) -> object:
    if not isinstance(e, ir.Attribute | ir.MethodCall):
        return NOT_MINE
    obj = e.value if isinstance(e, ir.Attribute) else e.obj
    if (typer.spec.expr_types.get(obj) or typer.expr(obj)) != COMPLEX:
        return NOT_MINE
    kind = "attribute" if isinstance(e, ir.Attribute) else "method"
    if _MEMBERS.get(e.name) != kind:
        members = ", ".join(sorted(n for n, k in _MEMBERS.items() if k == kind))
        typer.diags.error(e.loc, f"the {kind} complex.{e.name} is not supported by the "
                          f"compiler (supported: {members})")
        return None
    if isinstance(e, ir.MethodCall) and (e.args or e.kwargs):
        typer.diags.error(e.loc, f"complex.{e.name}() takes no arguments")
        return None
    lowered = typer.spec.lowered.get(e)
    if lowered is None:
        lowered = typer.spec.lowered[e] = ir.Call(e.loc, f"complex.{e.name}", [obj])
    return typer.expr(lowered)
