"""``type(x) is int``, ``type(x) == str``, ``type(x) is not C`` (either side): an exact type
test, ``ir.TypeCheck(exact=True)``, decided like ``isinstance()`` once x's type is known
and narrowing a union as it does (typing/unions.py), except that it matches the class
itself only: ``type(True) is int`` is False, as in CPython.

Free functions over the Builder of tracer/build.py, which calls them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import libcst as cst

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.tracer.forms import VALUE_CLASSES, class_name
from hatch_pyaot.tracer.resolve import OpName

if TYPE_CHECKING:
    from hatch_pyaot.tracer.build import Builder

_POSITIVE = {cst.Is: True, cst.Equal: True, cst.IsNot: False, cst.NotEqual: False}


def type_test(builder: Builder, node: cst.Comparison) -> ir.Expr | None:
    """The exact type test a comparison is, or None when it is none."""
    if len(node.comparisons) != 1:
        return None
    target = node.comparisons[0]
    positive = _POSITIVE.get(type(target.operator))
    if positive is None:
        return None
    for value, cls in ((node.left, target.comparator), (target.comparator, node.left)):
        subject = _type_of(builder, value)
        if subject is None:
            continue
        name = class_name(builder, cls)
        if not name or (name not in VALUE_CLASSES and "." not in name):
            builder.error(cls, "type(x) is ... needs a built-in value class (int, str, list...) "
                          "or a class of the program here", hint="use isinstance()")
            return ir.Const(builder.loc(node), False)
        loc = builder.loc(node)
        check = ir.TypeCheck(loc, builder.expr(subject), [name], exact=True)
        return check if positive else ir.UnaryOp(loc, ir.UnaryOpKind.NOT, check)
    return None


def _type_of(builder: Builder, node: cst.BaseExpression) -> cst.BaseExpression | None:
    """x, where node is ``type(x)`` of the built-in type."""
    if not isinstance(node, cst.Call) or not isinstance(node.func, cst.Name) or len(
            node.args) != 1 or node.args[0].keyword or node.args[0].star:
        return None
    if node.func.value in builder.locals or builder.resolver.expr(
            builder.module, node.func) != OpName("builtins.type"):
        return None
    return node.args[0].value
