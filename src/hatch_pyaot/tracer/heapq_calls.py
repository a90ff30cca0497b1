"""``heapq.nsmallest(n, xs)`` and ``heapq.nlargest(n, xs, key=f)``: calls of the versions
appended to heapq.py's source (tracer/stdlib_heapq.py), ``_nsmallest_plain(n, xs)`` or
``_nsmallest_keyed(n, xs, f)``, so that each is typed for the key it is given (a helper's
``if key is None`` is not decided by type). ``key`` is a function value: a lambda or a
function of the program; a builtin (``key=len``) is refused with the lambda to write.

A free function over the Builder of tracer/build.py, which calls it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import libcst as cst

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.tracer.resolve import OpName, UserFunction

if TYPE_CHECKING:
    from hatch_pyaot.tracer.build import Builder

_SELECTIONS = ("nsmallest", "nlargest")


def call(builder: Builder, node: cst.Call, res: object) -> ir.Expr | None:
    """The call of the plain or keyed version; None for any other call."""
    if not isinstance(res, UserFunction) or res.ref.module != "heapq" or (
            res.ref.name not in _SELECTIONS):
        return None
    loc = builder.loc(node)
    name = res.ref.name
    positional = [a.value for a in node.args if a.keyword is None and not a.star]
    keys = [a.value for a in node.args if a.keyword is not None and a.keyword.value == "key"]
    if any(a.star for a in node.args) or len(positional) + len(keys) != len(node.args) or not (
            len(positional) == 2 or (len(positional) == 3 and not keys)):
        builder.error(node, f"{name}() takes n, a list and an optional key= here")
        return ir.Const(loc, 0)
    key = keys[0] if keys else (positional[2] if len(positional) == 3 else None)
    if key is None or (isinstance(key, cst.Name) and key.value == "None"):
        return ir.Call(loc, ir.FuncRef("heapq", f"_{name}_plain"),
                       [builder.expr(v) for v in positional[:2]])
    if isinstance(key, cst.Name | cst.Attribute) and not (
            isinstance(key, cst.Name) and builder.is_local(key.value)) and isinstance(
            builder.resolver.expr(builder.module, key), OpName):
        code = builder.module.tree.code_for_node(key)
        builder.error(key, f"a builtin as {name}()'s key= is not supported yet",
                      hint=f"write key=lambda x: {code}(x)")
        return ir.Const(loc, 0)
    return ir.Call(loc, ir.FuncRef("heapq", f"_{name}_keyed"),
                   [*(builder.expr(v) for v in positional[:2]), builder.expr(key)])
