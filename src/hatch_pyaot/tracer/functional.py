"""``map``, ``filter``, ``functools.reduce`` and ``functools.partial`` on function values.

``map`` and ``filter`` are lazy in Python: their function runs as the consumer asks for the
next item. They compile where that order can be kept without an iterator object: as the
iterable of a ``for`` loop (the loop binds its target from the function's result, one item
at a time, so the calls interleave with the body as in Python), and as the argument of a
consumer that takes every item at once (``list``, ``sum``, ``sorted``, ``min``, ``max``,
``any``, ``all``, ``set``), where they are a list comprehension. Anywhere else (an
iterator stored in a variable) they are refused. ``functools.reduce`` calls the
helpers of tracer/prelude_functools.py; ``functools.partial`` is a lambda that adds the
bound arguments to those of each call.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import libcst as cst

from hatch_pyaot.errors import Loc
from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.tracer import starred_targets
from hatch_pyaot.tracer.project import PRELUDE
from hatch_pyaot.tracer.resolve import OpName

if TYPE_CHECKING:
    from hatch_pyaot.tracer.build import Builder

LAZY = ("builtins.map", "builtins.filter")
CONSUMERS = ("builtins.list", "builtins.sum", "builtins.sorted", "builtins.min",
             "builtins.max", "builtins.any", "builtins.all", "builtins.set")


def name_of(builder: Builder, node: cst.BaseExpression) -> str | None:
    """The qualified name of the builtin or standard function ``node`` calls, if any."""
    if not isinstance(node, cst.Call) or not isinstance(node.func, cst.Name | cst.Attribute):
        return None
    if isinstance(node.func, cst.Name) and builder.is_local(node.func.value):
        return None
    if isinstance(node.func, cst.Attribute) and builder.of_local(node.func):
        return None
    res = builder.resolver.expr(builder.module, node.func)
    return res.qualname if isinstance(res, OpName) else None


def call(builder: Builder, node: cst.Call) -> ir.Expr | None:
    """The IR of a call of map/filter/reduce/partial (or of a consumer of map/filter), or
    None when ``node`` is another call."""
    name = name_of(builder, node)
    if name in LAZY:
        builder.error(node, f"{name.removeprefix('builtins.')}() is compiled as the iterable "
                      "of a for loop or the argument of list(), sum(), sorted(), min(), "
                      "max(), any(), all() or set(); not as an iterator kept for later")
        return ir.Const(builder.loc(node), 0)
    if name in CONSUMERS and node.args and not node.args[0].keyword and (
            inner := name_of(builder, node.args[0].value)) in LAZY:
        assert isinstance(node.args[0].value, cst.Call) and inner is not None
        items = _as_list(builder, node.args[0].value, inner)
        if name == "builtins.list" and len(node.args) == 1:
            return items
        args = [items, *(builder.expr(a.value) for a in node.args[1:] if not a.keyword)]
        kwargs = [(a.keyword.value, builder.expr(a.value)) for a in node.args[1:] if a.keyword]
        assert name is not None
        return ir.Call(builder.loc(node), name, args, kwargs)
    if name == "functools.reduce":
        return _reduce(builder, node)
    if name == "functools.partial":
        return _partial(builder, node)
    return None


def _positional(builder: Builder, node: cst.Call, least: int, most: int) -> bool:
    if any(a.keyword or a.star for a in node.args) or not least <= len(node.args) <= most:
        what = node.func.value if isinstance(node.func, cst.Name) else "the function"
        count = str(least) if least == most else f"{least} to {most}"
        builder.error(node, f"{what}() takes {count} positional arguments here")
        return False
    return True


def _function(builder: Builder, node: cst.BaseExpression) -> ir.Expr | None:
    """The function a map/filter calls per item: evaluated on each item, so only a name
    or a lambda, whose evaluation has no effect (Python evaluates it once)."""
    if isinstance(node, cst.Name | cst.Lambda):
        return builder.expr(node)
    builder.error(node, "the function of map() or filter() must be a name or a lambda here",
                  hint="assign it to a name first")
    return None


def _iteration(builder: Builder, node: cst.Call, name: str,
               ) -> tuple[ir.Expr, ir.Target, list[ir.Name], ir.Expr | None] | None:
    """The iterable, the loop target of fresh locals, their names and the function."""
    loc = builder.loc(node)
    if not _positional(builder, node, 2, 2 if name == "builtins.filter" else 8):
        return None
    func_node = node.args[0].value
    func = None if isinstance(func_node, cst.Name) and func_node.value == "None" and (
        name == "builtins.filter") else _function(builder, func_node)
    if func is None and name == "builtins.map":
        return None
    iterables = [builder.expr(a.value) for a in node.args[1:]]
    names = [ir.Name(loc, builder.fresh_local("item")) for _ in iterables]
    if len(iterables) == 1:
        return iterables[0], ir.NameTarget(names[0].id, loc), names, func
    target = ir.TupleTarget([ir.NameTarget(n.id, loc) for n in names], loc)
    return ir.Call(loc, "builtins.zip", iterables), target, names, func


def _per_item(loc: Loc, name: str, names: list[ir.Name], func: ir.Expr | None,
              then: list[ir.Stmt], bind: ir.Target | None) -> list[ir.Stmt]:
    """The body of the loop over the items: ``then`` with ``bind`` (or a ReduceStep) given
    the function's result (map), or run when it is true (filter)."""
    if name == "builtins.map":
        assert func is not None
        value: ir.Expr = ir.CallValue(loc, func, list(names))
        first = ir.ReduceStep(loc, value) if bind is None else ir.Assign(loc, bind, value)
        return [first, *then]
    test: ir.Expr = names[0] if func is None else ir.CallValue(loc, func, [names[0]])
    first = ir.ReduceStep(loc, names[0]) if bind is None else ir.Assign(loc, bind, names[0])
    return [ir.If(loc, test, [first, *then], [])]


def _as_list(builder: Builder, node: cst.Call, name: str) -> ir.Expr:
    loc = builder.loc(node)
    parts = _iteration(builder, node, name)
    if parts is None:
        return ir.Const(loc, 0)
    iterable, target, names, func = parts
    body = _per_item(loc, name, names, func, [], None)
    return ir.Comprehension(loc, "list", ir.ForEach(loc, target, iterable, body, []))


def loop(builder: Builder, node: cst.For) -> ir.Stmt | None:
    """``for y in map(f, xs)``: ``for item in xs: y = f(item); ...``; None when the loop
    is over something else."""
    name = name_of(builder, node.iter)
    if name not in LAZY or node.asynchronous is not None:
        return None
    assert isinstance(node.iter, cst.Call) and name is not None
    loc = builder.loc(node)
    parts = _iteration(builder, node.iter, name)
    if parts is None:
        return None
    iterable, target, names, func = parts
    bind, unpacking = starred_targets.loop_target(builder, node.target)
    body = unpacking + builder.loop_body(node.body)
    orelse = builder.block(_block_of(node.orelse)) if node.orelse else []
    return ir.ForEach(loc, target, iterable, _per_item(loc, name, names, func, body, bind),
                      orelse)


def _block_of(orelse: cst.Else | None) -> list[cst.BaseStatement]:
    from hatch_pyaot.tracer.build import _block

    return _block(orelse.body) if orelse is not None else []


def _reduce(builder: Builder, node: cst.Call) -> ir.Expr:
    loc = builder.loc(node)
    if not _positional(builder, node, 2, 3):
        return ir.Const(loc, 0)
    args = [builder.expr(a.value) for a in node.args]
    helper = "reduce" if len(args) == 3 else "reduce_first"
    return ir.Call(loc, ir.FuncRef(PRELUDE, helper), args)


def _partial(builder: Builder, node: cst.Call) -> ir.Expr:
    """``partial(f, a, k=v)``: a function value whose environment holds ``f``, ``a`` and
    ``v`` (evaluated now), called as ``f(a, *args, k=v, **kwargs)`` (typing/closures.py)."""
    loc = builder.loc(node)
    if not node.args or node.args[0].keyword or any(a.star for a in node.args):
        builder.error(node, "partial() takes a function, then the arguments to bind")
        return ir.Const(loc, 0)
    positional = [a for a in node.args[1:] if a.keyword is None]
    keywords = [a for a in node.args[1:] if a.keyword is not None]
    if any(a.keyword is None for a in node.args[1 + len(positional):]):
        builder.error(node, "positional argument follows keyword argument")
        return ir.Const(loc, 0)
    ref = ir.PartialRef(len(positional), tuple(a.keyword.value for a in keywords
                                               if a.keyword is not None))
    env = [builder.expr(a.value) for a in node.args]
    return ir.MakeClosure(loc, ref, [], env)
