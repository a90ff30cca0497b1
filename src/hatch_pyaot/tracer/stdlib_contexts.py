"""``contextlib.suppress(E1, E2)`` and ``contextlib.nullcontext(x)`` as ``with`` items,
lowered here to the statements they mean (tracer/context_managers.py asks first)::

    with suppress(E1, E2):          try:
        BLOCK                           BLOCK
                                    except (E1, E2):
                                        pass

    with nullcontext(x) as v:       v = x
        BLOCK                       BLOCK

as CPython's: suppress's ``__exit__`` is true for a subclass of one of its classes (so
``return``, ``break`` and ``continue`` leave the block as they would), ``as`` binds None;
nullcontext's value is its argument (None without one), evaluated once, before the block.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import libcst as cst

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.tracer.resolve import OpName

if TYPE_CHECKING:
    from hatch_pyaot.tracer.build import Builder

_KINDS = {"contextlib.suppress": "suppress", "contextlib.nullcontext": "nullcontext"}


def kind(b: Builder, item: cst.WithItem) -> str | None:
    """"suppress" or "nullcontext" for such an item, else None."""
    call = item.item
    if not isinstance(call, cst.Call) or not isinstance(call.func, cst.Name | cst.Attribute):
        return None
    res = b.resolver.expr(b.module, call.func)
    return _KINDS.get(res.qualname) if isinstance(res, OpName) else None


def lowered(b: Builder, item: cst.WithItem, what: str, body: list[ir.Stmt]) -> list[ir.Stmt]:
    call = item.item
    assert isinstance(call, cst.Call)
    loc = b.loc(item)
    if any(a.keyword is not None or a.star for a in call.args) or (
            what == "nullcontext" and len(call.args) > 1):
        b.error(call, f"contextlib.{what}() takes positional arguments here")
        return body
    value: ir.Expr = ir.Const(loc, None)
    if what == "nullcontext" and call.args:
        value = b.expr(call.args[0].value)
    head: list[ir.Stmt] = []
    if item.asname is not None:
        head.append(ir.Assign(loc, b.target(item.asname.name), value))
    elif not isinstance(value, ir.Const):
        head.append(ir.ExprStmt(loc, value))
    if what == "nullcontext" or not call.args:
        return [*head, *body]
    types = [t for a in call.args for t in b.exception_types(a.value)]
    return [*head, ir.Try(loc, body, [ir.Handler(types, [ir.Pass(loc)], loc)], [])]
