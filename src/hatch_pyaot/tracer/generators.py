"""Generator functions in the front end: ``yield v`` and ``yield from it`` as statements,
``x = yield v`` (x gets what ``send()`` gives), ``@contextlib.contextmanager``.

A function whose body yields is a generator function (``ir.Function.generator``); calling it
makes a generator (typing/generators.py, codegen/generators.py). ``yield from it`` is the
loop ``for x in it: yield x`` (so a send() or throw() reaches the outer generator, not the
one it delegates to); a yield used as a value elsewhere than alone on the right of ``=``,
and the value of ``yield from``, are refused where they are written.

Free functions over the Builder of tracer/build.py, which calls them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import libcst as cst

from hatch_pyaot.ir import nodes as ir

if TYPE_CHECKING:
    from hatch_pyaot.tracer.build import Builder


def yields(node: cst.FunctionDef) -> bool:
    """Whether the function's own body (not a nested function's or lambda's) yields."""
    found = False

    class Visitor(cst.CSTVisitor):
        def visit_Yield(self, n: cst.Yield) -> None:
            nonlocal found
            found = True

        def visit_FunctionDef(self, n: cst.FunctionDef) -> bool:
            return n is node

        def visit_Lambda(self, n: cst.Lambda) -> bool:
            return False

    node.visit(Visitor())
    return found


def context_manager(builder: Builder, node: cst.FunctionDef) -> bool:
    """Whether the generator function is decorated ``@contextlib.contextmanager`` (any
    spelling of it)."""
    from hatch_pyaot.tracer.resolve import OpName

    for deco in node.decorators:
        if isinstance(deco.decorator, cst.Name | cst.Attribute):
            res = builder.resolver.expr(builder.module, deco.decorator)
            if isinstance(res, OpName) and res.qualname == "contextlib.contextmanager":
                return True
    return False


def assigned(builder: Builder, node: cst.Assign) -> ir.Stmt | None:
    """``x = yield v`` (``a, b = yield``): the value send() gives; None where it is written
    some other way (then refused as a value)."""
    value = node.value
    if len(node.targets) != 1 or not isinstance(value, cst.Yield) or isinstance(
            value.value, cst.From) or not isinstance(node.targets[0].target,
                                                      cst.Name | cst.Tuple):
        return None
    loc = builder.loc(value)
    yielded = builder.expr(value.value) if value.value is not None else None
    return ir.Yield(loc, yielded, builder.target(node.targets[0].target))


def statement(builder: Builder, node: cst.Yield) -> ir.Stmt | None:
    """``yield v``, ``yield``, ``yield from it`` written as a statement."""
    loc = builder.loc(node)
    if not isinstance(node.value, cst.From):
        return ir.Yield(loc, builder.expr(node.value) if node.value is not None else None)
    source = node.value.item
    header = builder.iteration(source)
    item = builder.fresh_local("item")
    body: list[ir.Stmt] = [ir.Yield(loc, ir.Name(loc, item))]
    return builder.make_loop(node, header, ir.NameTarget(item, loc), body, [])


_WHOLE = {"builtins.list": "list", "builtins.set": "set", "builtins.sorted": "list",
          "collections.Counter": "list", "builtins.dict": "list", "builtins.min": "list",
          "builtins.max": "list", "builtins.tuple": "list"}
"""Builtins that consume a generator expression whole: given its comprehension instead."""
_CALLED = ("builtins.sorted", "collections.Counter", "builtins.dict", "builtins.min",
           "builtins.max", "builtins.tuple")
"""Those called on the comprehension's list (its other arguments keywords: key=, default=,
reverse=); dict() of a list of pairs, Counter() counting its items, tuple() of its items."""


def consumed_whole(builder: Builder, node: cst.Call, gen: cst.GeneratorExp,
                   kind: str) -> ir.Expr | None:
    """``list(e for x in it)``, ``set(...)``, ``sorted(..., key=..., reverse=...)`` and
    ``sep.join(...)`` of a generator expression: they take every item before they return,
    so they are the same over the comprehension (a list, a set); None for other calls."""
    from hatch_pyaot.tracer import forms

    loc = builder.loc(node)
    func = node.func
    joined = isinstance(func, cst.Attribute) and func.attr.value == "join" and (
        isinstance(func.value, cst.SimpleString) or builder.of_local(func))
    if (kind not in _WHOLE and not joined) or any(a.star for a in node.args):
        return None
    if len(node.args) > 1 and (kind not in _CALLED or any(
            a.keyword is None for a in node.args[1:])):
        return None
    comp = forms.list_comprehension(builder, gen)  # type: ignore[arg-type]  # same fields
    if not isinstance(comp, ir.Comprehension):
        return comp
    if isinstance(func, cst.Attribute) and joined:
        return ir.MethodCall(loc, builder.expr(func.value), "join", [comp])
    comp.kind = _WHOLE[kind]
    if kind not in _CALLED:
        return comp
    kwargs = []
    for a in node.args[1:]:
        assert a.keyword is not None
        value = builder.key_function(a.value) if a.keyword.value == "key" else \
            builder.expr(a.value)
        kwargs.append((a.keyword.value, value))
    return ir.Call(loc, kind, [comp], kwargs)


_RANGE_WHOLE = {"builtins.list": "list", "builtins.tuple": "list", "builtins.set": "set",
                "builtins.sorted": "list"}


def range_whole(builder: Builder, node: cst.Call) -> ir.Expr | None:
    """``list(range(n))``, ``tuple(range(a, b, c))``, ``set(range(n))``, ``sorted(range(n))``:
    the comprehension of the range's loop (``[i for i in range(n)]``); None for other calls."""
    from hatch_pyaot.tracer import functional
    from hatch_pyaot.tracer.resolve import OpName

    kind = functional.name_of(builder, node)
    if kind not in _RANGE_WHOLE or len(node.args) != 1 or node.args[0].keyword or \
            node.args[0].star or not isinstance(source := node.args[0].value, cst.Call) or (
                not isinstance(source.func, cst.Name | cst.Attribute)) or (
                builder.resolver.expr(builder.module, source.func) != OpName("builtins.range")):
        return None
    loc = builder.loc(node)
    item = builder.fresh_local("item")
    header = builder.iteration(source)
    loop = builder.make_loop(source, header, ir.NameTarget(item, loc),
                             [ir.ReduceStep(loc, ir.Name(loc, item))], [])
    if loop is None:
        return ir.Const(loc, 0)
    comp = ir.Comprehension(loc, _RANGE_WHOLE[kind], loop)
    return ir.Call(loc, kind, [comp], []) if kind in ("builtins.tuple", "builtins.sorted") \
        else comp


def value_refused(builder: Builder, node: cst.Yield) -> None:
    """A yield used as a value: what send() would give, which compiled code has not."""
    if isinstance(node.value, cst.From):
        builder.error(node, "the value of 'yield from' cannot be compiled (a generator's "
                      "return value is not supported); write it as a statement of its own")
        return
    builder.error(node, "a yield expression compiles as a statement or alone on the right of "
                  "'=' (x = yield v)")


def return_refused(builder: Builder, node: cst.Return) -> None:
    builder.error(node, "'return' with a value in a generator cannot be compiled (the value "
                  "would go to StopIteration.value); write a bare 'return'")
