"""The branches of ``p if p is not None else w`` with ``p`` a plain Optional (``int | None``):
the branch the test proves not None is typed as the item (checked for None where it is read,
which never fails there), so the conditional is an ``int`` as Python's type checkers see it
(``[p if p is not None else 0 for ...]`` is a ``list[int]``). Optionals of unions narrow in
typing/unions.py."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import OptionalType, Type

if TYPE_CHECKING:
    from hatch_pyaot.typing.infer import FunctionTyper


def branch(typer: FunctionTyper, test: ir.Expr, e: ir.Expr, truth: bool) -> Type | None:
    """The type of the branch ``e``, run where ``test`` is ``truth``."""
    t = typer.expr(e, raw=True)
    if isinstance(t, OptionalType) and isinstance(e, ir.Name) and _not_none(test, e.id, truth):
        return typer.unwrap(e, t)
    return t


def _not_none(test: ir.Expr, name: str, truth: bool) -> bool:
    """Whether ``test`` being ``truth`` proves ``name`` is not None."""
    if isinstance(test, ir.UnaryOp) and test.op == ir.UnaryOpKind.NOT:
        return _not_none(test.operand, name, not truth)
    if isinstance(test, ir.BoolOp):
        return (test.op == ir.BoolOpKind.AND) == truth and any(
            _not_none(v, name, truth) for v in test.values)
    return isinstance(test, ir.Compare) and len(test.ops) == 1 and test.ops[0] in (
        ir.CmpOpKind.IS, ir.CmpOpKind.IS_NOT) and isinstance(test.left, ir.Name) and \
        test.left.id == name and isinstance(none := test.comparators[0], ir.Const) and \
        none.value is None and (test.ops[0] == ir.CmpOpKind.IS_NOT) == truth
