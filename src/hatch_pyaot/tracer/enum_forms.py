"""Enums in function bodies (tracer/enums.py): ``Color.RED`` is ``pyaot.enum_member``,
``Color`` as a value (``for c in Color``, ``len(Color)``) is ``pyaot.enum_members`` (the list
of the members), ``Color(v)`` is ``pyaot.enum_lookup`` (the member of value ``v``, else
CPython's ValueError). Typed by typing/enums.py."""

from __future__ import annotations

from typing import TYPE_CHECKING

import libcst as cst

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.tracer.resolve import EnumMember, UserEnum

if TYPE_CHECKING:
    from hatch_pyaot.errors import Loc
    from hatch_pyaot.tracer.build import Builder


def enum_value(loc: Loc, res: UserEnum | EnumMember) -> ir.Expr:
    name = ir.Const(loc, res.info.qualname)
    if isinstance(res, EnumMember):
        return ir.Call(loc, "pyaot.enum_member", [name, ir.Const(loc, res.index)])
    return ir.Call(loc, "pyaot.enum_members", [name])


def enum_call(builder: Builder, node: cst.Call, res: UserEnum, args: list[ir.Expr],
              kwargs: list[tuple[str, ir.Expr]]) -> ir.Expr:
    loc = builder.loc(node)
    if len(args) != 1 or kwargs:
        builder.error(node, f"{res.info.name}() takes one value (the member's) when compiled")
        return ir.Const(loc, 0)
    return ir.Call(loc, "pyaot.enum_lookup", [ir.Const(loc, res.info.qualname), args[0]])
