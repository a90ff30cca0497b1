"""Classes of the program that derive from a built-in exception (``class ParseError(ValueError)``).

The root of such a hierarchy has ``builtin_base`` set and one field of its own first,
``args`` (a ``tuple[str]``), that ``super().__init__(message)`` sets, as
``BaseException.__init__`` does; without an ``__init__`` of its own, the root gets one that
takes the message. Raised, an instance is the pending error's payload (pyaot/error.hpp), its
kind the built-in base's, so that an ``except ValueError`` catches it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import libcst as cst

from hatch_pyaot.errors import Loc
from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import STR, TupleType
from hatch_pyaot.tracer.resolve import OpName

if TYPE_CHECKING:
    from hatch_pyaot.tracer.build import Builder
    from hatch_pyaot.tracer.classes import ClassInfo
    from hatch_pyaot.tracer.project import ModuleSource
    from hatch_pyaot.tracer.resolve import Resolver

ARGS = TupleType((STR,))
BASES = ("BaseException", *ir.RAISABLE)
INIT = "pyaot.exception_init"
"""``super().__init__(message)`` in the root class: ``self.args = (message,)``."""
REPR = "pyaot.exception_repr"
"""repr() of an object of an exception class: ``ParseError('message')``."""


def builtin_base(resolver: Resolver, module: ModuleSource, base: cst.BaseExpression) -> str | None:
    """The built-in exception class ``base`` names, or None."""
    res = resolver.expr(module, base) if isinstance(base, cst.Name | cst.Attribute) else None
    if isinstance(res, OpName) and res.qualname.removeprefix("builtins.") in BASES:
        return res.qualname.removeprefix("builtins.")
    return None


def start(info: ClassInfo) -> None:
    """The root's ``args`` field, before the fields of its body and ``__init__``."""
    info.fields["args"] = ARGS
    info.field_locs["args"] = info.module.loc(info.node.name)


def finish(info: ClassInfo) -> None:
    """The root's ``__str__`` (the message) and ``__repr__`` (``ParseError('message')``),
    unless it has its own, so that a subclass's override is called as Python calls it; and,
    without an ``__init__`` of its own, one that takes the message."""
    if info.builtin_base is None:
        return
    loc = info.module.loc(info.node.name)
    self_ = ir.Name(loc, "self")
    texts = {"__str__": ir.TupleGet(loc, ir.Attribute(loc, self_, "args"), 0),
             "__repr__": ir.Call(loc, REPR, [self_])}
    for name, text in texts.items():
        if not info.owns(name):
            info.synthetic[name] = ir.Function(
                ref=info.method_ref(name), params=[ir.Param("self", info.type, None, loc)],
                returns=None, body=[ir.Return(loc, text)], loc=loc, locals=["self"])
    if info.owns("__init__"):
        return
    params = [ir.Param("self", info.type, None, loc),
              ir.Param("message", STR, ir.Const(loc, ""), loc)]
    body: list[ir.Stmt] = [ir.ExprStmt(loc, ir.Call(loc, INIT, [self_, ir.Name(loc, "message")]))]
    info.synthetic["__init__"] = ir.Function(ref=info.method_ref("__init__"), params=params,
                                             returns=None, body=body, loc=loc,
                                             locals=["self", "message"])


def super_init(builder: Builder, node: cst.Call, args: list[ir.Expr]) -> ir.Expr:
    """``super().__init__(message)`` in the root class."""
    loc = builder.loc(node)
    if len(args) != 1 or node.args[0].keyword is not None:
        builder.error(node, "super().__init__() of an exception class takes one message here")
        return ir.Const(loc, None)
    first = builder.locals[0] if builder.locals else "self"
    return ir.Call(loc, INIT, [ir.Name(loc, first), args[0]])


def kind(info: ClassInfo) -> str:
    """The built-in exception an instance is raised as (its root's base)."""
    root = info.mro()[-1]
    assert root.builtin_base is not None
    return "Exception" if root.builtin_base == "BaseException" else root.builtin_base


def is_exception(info: object) -> bool:
    mro = getattr(info, "mro", None)
    return mro is not None and mro()[-1].builtin_base is not None


def raise_value(loc: Loc, value: ir.Name) -> ir.RaiseValue:
    """``raise e``: the value held in a local, and its str() (what an ``except`` of its
    built-in base reads as the message)."""
    return ir.RaiseValue(loc, "", value,
                         text=ir.Call(loc, "builtins.str", [ir.Name(loc, value.id)]))


def with_cause(builder: Builder, node: cst.Raise, raised: ir.Stmt | list[ir.Stmt] | None,
               ) -> ir.Stmt | list[ir.Stmt] | None:
    """``raise ... from cause``: an exception value held in a local, or None."""
    if node.cause is None or raised is None:
        return raised
    item = node.cause.item
    stmt = raised[-1] if isinstance(raised, list) else raised
    assert isinstance(stmt, ir.Raise)
    if isinstance(stmt, ir.Reraise):
        return raised
    if isinstance(item, cst.Name) and item.value == "None":
        stmt.cause = ir.Const(builder.loc(item), None)
    elif isinstance(item, cst.Name) and item.value in builder.locals:
        stmt.cause = builder.expr(item)
    else:
        builder.error(item, "'raise ... from' takes a caught exception (a name) or None here")
    return raised
