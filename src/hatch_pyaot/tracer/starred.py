"""Starred items: ``[*a, x, *b]`` and ``{*a, *b}`` displays, and ``print(*xs)``.

A display with starred items is the comprehension that feeds each item in order: a loop over
each starred iterable, a single step for each plain item (so a list keeps one item type, as
any list). ``print(a, *xs, sep=s)`` writes ``str()`` of each value joined by the separator,
which is what print does; the values are the starred list display of their texts.

Free functions over the Builder of tracer/build.py, which calls them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import libcst as cst

from hatch_pyaot.ir import nodes as ir

if TYPE_CHECKING:
    from hatch_pyaot.tracer.build import Builder


def has_star(elements: Sequence[cst.BaseElement] | Sequence[cst.Arg]) -> bool:
    return any(isinstance(el, cst.StarredElement) or (
        isinstance(el, cst.Arg) and el.star == "*") for el in elements)


def display(builder: Builder, node: cst.List | cst.Set) -> ir.Expr:
    """``[*a, x, *b]`` (kind list) or ``{*a, x}`` (kind set)."""
    loc = builder.loc(node)
    kind = "list" if isinstance(node, cst.List) else "set"
    steps = _steps(builder, [(el.value, isinstance(el, cst.StarredElement))
                             for el in node.elements], lambda e: e)
    return ir.Comprehension(loc, kind, ir.If(loc, ir.Const(loc, True), steps, []))


def print_call(builder: Builder, node: cst.Call) -> ir.Expr:
    """``print(a, *xs, sep=s, end=e, file=f)``: ``print(s.join([str(a), *map(str, xs)]),
    end=e, file=f)``; a separator of None is a space, as print's."""
    loc = builder.loc(node)
    values = [(a.value, a.star == "*") for a in node.args if a.keyword is None]
    if any(a.star == "**" for a in node.args):
        builder.error(node, "**kwargs in calls are not supported")
        return ir.Const(loc, None)
    texts = _steps(builder, values, lambda e: ir.Call(e.loc, "builtins.str", [e]))
    joined: ir.Expr = ir.Comprehension(loc, "list", ir.If(loc, ir.Const(loc, True), texts, []))
    sep: ir.Expr = ir.Const(loc, " ")
    kwargs: list[tuple[str, ir.Expr]] = []
    for a in node.args:
        if a.keyword is None:
            continue
        if a.keyword.value == "sep":
            given = builder.expr(a.value)
            sep = sep if isinstance(given, ir.Const) and given.value is None else given
        elif a.keyword.value == "file" and (stream := builder.stream(a.value)):
            kwargs.append((f"file={stream}", ir.Const(builder.loc(a.value), None)))
        else:
            kwargs.append((a.keyword.value, builder.expr(a.value)))
    line = ir.MethodCall(loc, sep, "join", [joined])
    return ir.Call(loc, "builtins.print", [line], kwargs)


def _steps(builder: Builder, items: list[tuple[cst.BaseExpression, bool]],
           each: Callable[[ir.Expr], ir.Expr]) -> list[ir.Stmt]:
    """A ReduceStep of ``each(item)`` per plain item, a loop of them per starred iterable."""
    steps: list[ir.Stmt] = []
    for value, starred in items:
        loc = builder.loc(value)
        if not starred:
            steps.append(ir.ReduceStep(loc, each(builder.expr(value))))
            continue
        name = builder.fresh_local("item")
        step: list[ir.Stmt] = [ir.ReduceStep(loc, each(ir.Name(loc, name)))]
        loop = builder.make_loop(value, builder.iteration(value), ir.NameTarget(name, loc),
                                 step, [])
        if loop is not None:
            steps.append(loop)
    return steps
