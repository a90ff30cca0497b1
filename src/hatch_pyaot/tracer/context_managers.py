"""``with`` on objects of the program's classes and on ``@contextlib.contextmanager``
generators (PEP 343; ``contextlib.suppress`` and ``nullcontext``: tracer/stdlib_contexts.py),
lowered here to the statements it means, so that the try/finally machinery
(codegen/finally_blocks.py) runs ``__exit__`` on every way out::

    mgr = EXPR                      # each item in turn; a later one nests inside
    value = mgr.__enter__()
    ok = True
    try:
        try:
            VAR = value             # a name or a tuple of names
            BLOCK
        except BaseException as e:
            ok = False
            if not mgr.__exit__(pyaot.exception_class(e), e, None):
                raise               # a true result suppresses it
    finally:
        if ok:                      # normal end, return, break, continue
            mgr.__exit__(None, None, None)

An exception raised inside ``__exit__`` replaces the block's, as in CPython. ``__exit__``'s
parameters are typed here whatever their annotation (``exit_params``): the class of the
exception or None, the exception or None (typing/exceptions.py), and the traceback, which
compiled code does not keep: always None.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

import libcst as cst

from hatch_pyaot.errors import Diagnostics
from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import NONE, ExceptionClassType, ExceptionType, OptionalType
from hatch_pyaot.tracer import stdlib_contexts

if TYPE_CHECKING:
    from hatch_pyaot.tracer.build import Builder

EXCEPTION_CLASS: Final = "pyaot.exception_class"
"""``type(e)`` of a caught exception, as ``__exit__``'s first argument."""
ISSUBCLASS: Final = "pyaot.issubclass"
"""``issubclass(exc_type, C)``: its one argument the TypeCheck ``isinstance(exc_type, C)``
would be."""


def exit_params(b: Builder, node: cst.Parameters) -> list[ir.Param]:
    """``def __exit__(self, exc_type, exc, tb)``: the types ``with`` passes, whatever the
    annotations say (``type[BaseException] | None``, ``Optional[...]``, ``object``, none);
    ``*args`` takes them as they come."""
    outer, b.diags = b.diags, Diagnostics()
    try:
        params = b.params(node)
    finally:
        b.diags = outer
    named = [p for p in params[1:] if p.star is None]
    star = [p for p in params[1:] if p.star == "*"]
    if len(named) == 3 and not star:
        named[0].annotation = OptionalType(ExceptionClassType("BaseException"))
        named[1].annotation = OptionalType(ExceptionType("BaseException"))
        named[2].annotation = NONE
    elif not (star and not named):
        return b.params(node)  # not a signature ``with`` calls: its own diagnostics
    return params


def with_statement(b: Builder, node: cst.With) -> list[ir.Stmt]:
    if node.asynchronous is not None:
        b.error(node, "'async with' cannot be compiled")
        return []
    from hatch_pyaot.tracer.build import _block

    body = b.block(_block(node.body))
    for item in reversed(node.items):
        body = _item(b, item, body)
    return body


def _item(b: Builder, item: cst.WithItem, body: list[ir.Stmt]) -> list[ir.Stmt]:
    if (what := stdlib_contexts.kind(b, item)) is not None:  # suppress(), nullcontext()
        return stdlib_contexts.lowered(b, item, what, body)
    loc = b.loc(item)
    mgr, ok, caught = (b.fresh_local(n) for n in ("with_manager", "with_ok", "with_error"))

    def name(n: str) -> ir.Name:
        return ir.Name(loc, n)

    def exit_call(*args: ir.Expr) -> ir.MethodCall:
        return ir.MethodCall(loc, name(mgr), "__exit__", list(args))

    enter = ir.MethodCall(loc, name(mgr), "__enter__", [])
    head: list[ir.Stmt] = [ir.Assign(loc, ir.NameTarget(mgr, loc), b.expr(item.item))]
    if item.asname is None:
        head.append(ir.ExprStmt(loc, enter))
    else:
        value = b.fresh_local("with_value")
        head.append(ir.Assign(loc, ir.NameTarget(value, loc), enter))
        body = [ir.Assign(loc, b.target(item.asname.name), name(value)), *body]
    none = ir.Const(loc, None)
    suppressed = exit_call(ir.Call(loc, EXCEPTION_CLASS, [name(caught)]), name(caught), none)
    handler = ir.Handler(["BaseException"], [
        ir.Assign(loc, ir.NameTarget(ok, loc), ir.Const(loc, False)),
        ir.If(loc, ir.UnaryOp(loc, ir.UnaryOpKind.NOT, suppressed), [ir.Reraise(loc, "", None)],
              []),
    ], loc, caught)
    inner = ir.Try(loc, body, [handler], [])
    finalbody: list[ir.Stmt] = [
        ir.If(loc, name(ok), [ir.ExprStmt(loc, exit_call(none, none, none))], [])]
    return [*head, ir.Assign(loc, ir.NameTarget(ok, loc), ir.Const(loc, True)),
            ir.Try(loc, [inner], [], [], finalbody)]
