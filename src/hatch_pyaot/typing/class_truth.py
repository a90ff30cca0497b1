"""The truth of an object (DESIGN §5.7): ``if obj:``, ``while obj:``, ``not obj``,
``x if obj else y`` and ``bool(obj)`` call its class's ``__bool__``, else its ``__len__``
(true when not 0), else it is true, as in Python. The call is recorded in ``spec.truths``
for the tested expression (codegen/class_statements.py emits it)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import BOOL, INT, OptionalType, Type
from hatch_pyaot.typing.classes import NOT_MINE, info_of, method_dispatch, peek
from hatch_pyaot.typing.typed import ObjectOp

if TYPE_CHECKING:
    from hatch_pyaot.typing.infer import FunctionTyper


def typed(typer: FunctionTyper, e: ir.Expr) -> object:
    """``bool(obj)``: as ``if obj``."""
    if not (isinstance(e, ir.Call) and e.func == "builtins.bool" and len(e.args) == 1
            and not e.kwargs and info_of(peek(typer, e.args[0]))):
        return NOT_MINE
    truth(typer, e.args[0], typer.expr(e.args[0], raw=True))
    typer.spec.methods[e] = ObjectOp("truth")
    return BOOL


def _item(t: Type | None) -> Type | None:
    return t.item if isinstance(t, OptionalType) else t


def truth(typer: FunctionTyper, e: ir.Expr, t: Type | None) -> None:
    """An object tested for truth is true, unless its class has ``__bool__`` or ``__len__``:
    then that is called (an Optional one is refused, not guessed)."""
    info = info_of(_item(t))
    method = next((m for m in ("__bool__", "__len__")
                   if info is not None and info.find_method(m) is not None), None)
    if info is None or method is None:
        return
    if isinstance(t, OptionalType):
        typer.diags.error(e.loc, f"the truth of an Optional {info.name} (None, or its "
                          f"{method}) is not compiled yet", hint="test `x is not None` and "
                          "the object apart")
        return
    found = method_dispatch(typer, e, info, method, e, [])
    if found is None:
        return
    if found[1] not in (BOOL, INT):
        expected = "bool" if method == "__bool__" else "int"
        typer.diags.error(e.loc, f"{method} should return {expected}, not {found[1]}")
        return
    typer.spec.truths[e] = found[0]


def value_truth(typer: FunctionTyper, e: ir.BoolOp, types: list[Type | None]) -> None:
    """``a or b`` as a value tests ``a``'s truth where the value is made: an object whose
    class has ``__bool__`` or ``__len__`` there is refused, not guessed true."""
    for v, t in zip(e.values[:-1], types, strict=False):
        info = info_of(_item(t))
        method = next((m for m in ("__bool__", "__len__")
                       if info is not None and info.find_method(m) is not None), None)
        if info is not None and method is not None:
            typer.diags.error(v.loc, f"'{e.op.value}' of a {info.name} as a value (its truth "
                              f"is its {method}) is not compiled yet", hint="use it in a "
                              "condition: `x if x else y`")
