"""Forms of the front end that only methods and objects have: ``super().method(...)`` and
``obj.attr op= value``.

Free functions over the Builder of tracer/build.py, which calls them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import libcst as cst

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.tracer import exception_classes

if TYPE_CHECKING:
    from hatch_pyaot.tracer.build import Builder


def super_call(builder: Builder, node: cst.Call, func: cst.Attribute, args: list[ir.Expr],
               kwargs: list[tuple[str, ir.Expr]]) -> ir.Expr:
    """``super().name(args)`` in a method: the base's ``name`` called on ``self`` (no dispatch:
    that is what super() means with single inheritance)."""
    loc = builder.loc(node)
    owner = builder.owner
    sup = func.value
    assert isinstance(sup, cst.Call)
    if owner is None or sup.args:
        builder.error(node, "super() is only supported without arguments, inside a method")
        return ir.Const(loc, 0)
    name = func.attr.value
    if name == "__init__" and owner.base is None and owner.builtin_base is not None:
        return exception_classes.super_init(builder, node, args)
    found = owner.base.find_method(name) if owner.base is not None else None
    if found is None:
        builder.error(func.attr, f"'super' object has no attribute '{name}'")
        return ir.Const(loc, 0)
    first = builder.locals[0] if builder.locals else "self"
    return ir.Call(loc, found.method_ref(name), [ir.Name(loc, first), *args], kwargs)


def augmented_attribute(builder: Builder, node: cst.AugAssign,
                        op: ir.BinOpKind) -> list[ir.Stmt]:
    """``obj.x += v``: ``obj`` once, then ``obj.x = obj.x + v``."""
    target = node.target
    assert isinstance(target, cst.Attribute)
    loc = builder.loc(node)
    obj = builder.expr(target.value)
    stmts: list[ir.Stmt] = []
    if not isinstance(obj, ir.Name):
        held = builder.fresh_local("obj")
        stmts.append(ir.Assign(loc, ir.NameTarget(held, loc), obj))
        obj = ir.Name(loc, held)
    name = target.attr.value
    value = ir.BinOp(loc, op, ir.Attribute(loc, obj, name), builder.expr(node.value))
    return [*stmts, ir.SetAttr(loc, obj, name, value)]
