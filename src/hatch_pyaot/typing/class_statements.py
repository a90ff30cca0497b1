"""Statements on objects of the program's classes that call their dunder methods
(DESIGN §5.7): ``obj[i] = v`` is ``obj.__setitem__(i, v)``, ``del obj[i]`` is
``obj.__delitem__(i)``, and ``a += b`` is ``a = a.__iadd__(b)``, or ``a = a + b`` through
``__add__`` when the class has no in-place method, as in Python. The dispatch is recorded on
the statement, which codegen/class_statements.py emits."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import ClassType
from hatch_pyaot.typing.classes import dunder, info_of, method_dispatch
from hatch_pyaot.typing.typed import ObjectOp

if TYPE_CHECKING:
    from hatch_pyaot.typing.infer import FunctionTyper

_INPLACE = {ir.BinOpKind.ADD: "add", ir.BinOpKind.SUB: "sub", ir.BinOpKind.MUL: "mul",
            ir.BinOpKind.TRUEDIV: "truediv", ir.BinOpKind.FLOORDIV: "floordiv",
            ir.BinOpKind.MOD: "mod", ir.BinOpKind.POW: "pow"}


def item(typer: FunctionTyper, s: ir.SetItem | ir.DelItem) -> None:
    """``obj[i] = v`` and ``del obj[i]``."""
    if isinstance(s, ir.SetItem):
        dunder(typer, s, "__setitem__", "item assignment", s.target, [s.index, s.value])
    else:
        dunder(typer, s, "__delitem__", "item deletion", s.target, [s.index])


def augassign(typer: FunctionTyper, s: ir.AugAssign, current: ClassType) -> None:
    """``a op= b``: ``__iop__`` if the class has it, else ``__op__``; ``a`` is bound to the
    result."""
    info = info_of(current)
    assert info is not None
    if s.op not in _INPLACE:
        typer.diags.error(s.loc, f"'{ir.BINOP_SYMBOL[s.op]}=' of an object is not supported yet")
        return
    name = _INPLACE[s.op]
    method = f"__i{name}__" if info.find_method(f"__i{name}__") else f"__{name}__"
    if info.find_method(method) is None:
        typer.diags.error(s.loc, f"unsupported operand for {ir.BINOP_SYMBOL[s.op]}=: "
                          f"'{info.name}' ('{info.name}' has no __i{name}__ or __{name}__ "
                          "method)")
        return
    receiver = typer.spec.lowered.get(s)
    if not isinstance(receiver, ir.Name):
        receiver = ir.Name(s.target.loc, s.target.id)
        typer.spec.lowered[s] = receiver
    typer.expr(receiver)
    found = method_dispatch(typer, s, info, method, receiver, [s.value])
    if found is None or found[1] is None:
        return
    typer.spec.methods[s] = ObjectOp("call", found[0])
    typer.bind(s.target.id, found[1], s.loc)
