"""A generator expression given to ``xs.extend(...)`` or ``s.update(...)``, written as a
statement: the loop that feeds the container one item at a time.

CPython adds each item as the generator makes it, so when an item raises, the items before
it are in the container; the loop keeps that (a comprehension built first would not).
``extend`` appends each item (a list, a deque); ``update`` is given each item alone,
``s.update([item])``, which is right for a set, a Counter and a dict of pairs alike.

A free function over the Builder of tracer/build.py, which calls it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import libcst as cst

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.tracer import forms

if TYPE_CHECKING:
    from hatch_pyaot.tracer.build import Builder

_FED = {"extend": "append", "update": "update"}
"""The method given a generator -> the method given each item."""


def statement(builder: Builder, node: cst.BaseExpression) -> ir.Stmt | None:
    """``xs.extend(f(x) for x in it if c)`` on a local: the loop; None for anything else."""
    if not (isinstance(node, cst.Call) and len(node.args) == 1 and isinstance(
            node.args[0].value, cst.GeneratorExp) and not node.args[0].keyword
            and not node.args[0].star and isinstance(node.func, cst.Attribute)
            and isinstance(node.func.value, cst.Name) and node.func.attr.value in _FED
            and builder.of_local(node.func)):
        return None
    gen = node.args[0].value
    assert isinstance(gen, cst.GeneratorExp)
    method = node.func.attr.value
    receiver = builder.expr(node.func.value)  # a local's name: the same object each time

    def step() -> list[ir.Stmt]:
        item = builder.expr(gen.elt)
        arg = item if method == "extend" else ir.ListExpr(item.loc, [item])
        loc = builder.loc(node)
        return [ir.ExprStmt(loc, ir.MethodCall(loc, receiver, _FED[method], [arg]))]

    loop = forms.comprehension_loops(builder, gen.for_in, step)
    return loop if loop is not None else ir.Pass(builder.loc(node))  # after its error
