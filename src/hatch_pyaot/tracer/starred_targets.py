"""Starred assignment targets: ``x, *rest = it``, ``*init, last = it``, ``a, *mid, b = it``.

CPython takes every item of ``it``, raises ``ValueError: not enough values to unpack
(expected at least 2, got 1)`` when there are fewer items than plain names, then binds the
names from left to right, the starred one to a new list of the items between. Here the same
in statements: the items (``pyaot.unpack_items``, typing/match.py: a fixed-length tuple as
itself, so its items may differ in type, any other iterable as ``list(it)`` makes it: a
list, a tuple[T, ...], a str, a dict, a set), the length check, then each name from them
(``items[i]``, ``items[-j]``, and for the starred one a sequence pattern's ``*rest``). A
``for`` target with a starred tuple binds a fresh name, unpacked first in the body.

Free functions over the Builder of tracer/build.py, which calls them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import libcst as cst

from hatch_pyaot.errors import Loc
from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.typing.match import UNPACK_ITEMS

if TYPE_CHECKING:
    from hatch_pyaot.tracer.build import Builder


def has_star(target: cst.BaseExpression) -> bool:
    return isinstance(target, cst.Tuple | cst.List) and any(
        isinstance(el, cst.StarredElement) for el in target.elements)


def has_star_within(target: cst.BaseExpression) -> bool:
    """A starred item in target or in a tuple nested in it (``(a, *b), c``)."""
    return isinstance(target, cst.Tuple | cst.List) and (has_star(target) or any(
        has_star_within(el.value) for el in target.elements))


def assign(builder: Builder, node: cst.Assign, target: cst.Tuple | cst.List,
           value: ir.Expr) -> list[ir.Stmt]:
    """The statements of ``target = value`` where one item of target is starred."""
    return unpack(builder, target, value, builder.loc(node))


def loop_target(builder: Builder, node: cst.BaseExpression) -> tuple[ir.Target, list[ir.Stmt]]:
    """A ``for`` target (of a loop or a comprehension's clause) with its starred tuples bound:
    each such tuple is a fresh local, and the statements that unpack it go first in the
    body, as CPython unpacks each item before the body runs (``for a, *rest in rows``)."""
    if not has_star_within(node):
        return builder.target(node), []
    assert isinstance(node, cst.Tuple | cst.List)
    loc = builder.loc(node)
    if has_star(node):
        item = builder.fresh_local("item")
        return ir.NameTarget(item, loc), unpack(builder, node, ir.Name(loc, item), loc)
    items: list[ir.Target] = []
    first: list[ir.Stmt] = []
    for el in node.elements:
        sub, stmts = loop_target(builder, el.value)
        items.append(sub)
        first += stmts
    return ir.TupleTarget(items, loc), first


def unpack(builder: Builder, target: cst.Tuple | cst.List, value: ir.Expr,
           loc: Loc) -> list[ir.Stmt]:
    """``target = value`` where one item of target is starred: the items, the
    length check, then each name from left to right (a nested starred tuple unpacked in
    its turn)."""
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
                                    ir.Call(loc, UNPACK_ITEMS, [value]))]
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
        part: ir.Expr
        if i == star:
            part = ir.Call(loc, "pyaot.match_rest", [ir.Name(loc, items), ir.Const(loc, before),
                                                     ir.Const(loc, after)])
        else:
            part = ir.TupleGet(loc, ir.Name(loc, items), i if i < star else i - count)
        bound, then = loop_target(builder, el.value)
        out += [ir.Assign(loc, bound, part), *then]
    return out
