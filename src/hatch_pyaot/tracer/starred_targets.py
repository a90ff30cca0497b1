"""Starred assignment targets: ``x, *rest = it``, ``*init, last = it``, ``a, *mid, b = it``.

CPython takes every item of ``it``, raises ``ValueError: not enough values to unpack
(expected at least 2, got 1)`` when there are fewer items than plain names, then binds the
names from left to right, the starred one to a new list of the items between. Here the same
in statements: the items as a list (``list(it)``, so any iterable list() takes: a list, a
tuple of either kind, a str, a dict, a set), the length check, then each name from that
list (``items[i]``, ``items[-j]``, ``items[k:-m]``).

Free functions over the Builder of tracer/build.py, which calls them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import libcst as cst

from hatch_pyaot.ir import nodes as ir

if TYPE_CHECKING:
    from hatch_pyaot.tracer.build import Builder


def has_star(target: cst.BaseExpression) -> bool:
    return isinstance(target, cst.Tuple | cst.List) and any(
        isinstance(el, cst.StarredElement) for el in target.elements)


def assign(builder: Builder, node: cst.Assign, target: cst.Tuple | cst.List,
           value: ir.Expr) -> list[ir.Stmt]:
    """The statements of ``target = value`` where one item of target is starred."""
    loc = builder.loc(node)
    stars = [i for i, el in enumerate(target.elements) if isinstance(el, cst.StarredElement)]
    if len(stars) > 1:
        builder.error(target, "multiple starred expressions in assignment (a SyntaxError "
                      "in Python)")
        return []
    star, count = stars[0], len(target.elements)
    before, after = star, count - star - 1
    items = builder.fresh_local("unpacked")
    held = ir.Name(loc, items)
    out: list[ir.Stmt] = [ir.Assign(loc, ir.NameTarget(items, loc),
                                    ir.Call(loc, "builtins.list", [value]))]
    if before + after:
        size = ir.Call(loc, "builtins.len", [held])
        message = ir.BinOp(loc, ir.BinOpKind.ADD, ir.Const(
            loc, f"not enough values to unpack (expected at least {before + after}, got "),
            ir.BinOp(loc, ir.BinOpKind.ADD, ir.Call(loc, "builtins.str", [size]),
                     ir.Const(loc, ")")))
        short = ir.Compare(loc, ir.Call(loc, "builtins.len", [held]), [ir.CmpOpKind.LT],
                           [ir.Const(loc, before + after)])
        out.append(ir.If(loc, short, [ir.Raise(loc, "ValueError", message)], []))
    for i, el in enumerate(target.elements):
        if i == star:
            stop = ir.Const(loc, -after) if after else None
            rest = ir.Index(loc, ir.Name(loc, items),
                            ir.SliceExpr(loc, ir.Const(loc, before), stop, None))
            out.append(ir.Assign(loc, builder.target(el.value), rest))
            continue
        index = i if i < star else i - count
        out.append(ir.Assign(loc, builder.target(el.value),
                             ir.TupleGet(loc, ir.Name(loc, items), index)))
    return out
