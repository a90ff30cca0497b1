"""``enum.Enum`` and ``enum.IntEnum`` classes of the traced program (DESIGN §5.7).

A member is a small value (``pyaot::enum_member<Tag>``, pyaot/enum.hpp): its value when every
member's value is an int (an IntEnum always), else its position. Members are read from the
class body (``RED = 1``, ``GREEN = auto()``) when the class is first named; their names and
values become tables of the generated code (codegen/enums.py), so ``.name``, ``.value``,
``Color(3)`` and ``for c in Color`` need no Python. An alias (a name bound to an earlier
member's value) is that member. Methods and properties are functions of the member
(tracer/enum_methods.py); what else the body holds (non-constant values) is a diagnostic
at its place.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import libcst as cst

from hatch_pyaot.errors import Diagnostic
from hatch_pyaot.ir.types import EnumType

if TYPE_CHECKING:
    from hatch_pyaot.tracer.project import ModuleSource
    from hatch_pyaot.tracer.resolve import Resolver

ENUM_BASES = {"enum.Enum": "Enum", "enum.IntEnum": "IntEnum"}


@dataclass(eq=False)
class EnumInfo:
    qualname: str
    kind: str
    """``Enum`` or ``IntEnum``."""
    names: list[str] = field(default_factory=list)
    values: list[int | str | float] = field(default_factory=list)
    aliases: dict[str, int] = field(default_factory=dict)
    """Names bound to the value of an earlier member (``CRIMSON = 1`` after ``RED = 1``):
    that member's position. They are not members of their own (not iterated)."""
    errors: list[Diagnostic] = field(default_factory=list)
    methods: dict[str, cst.FunctionDef] = field(default_factory=dict)
    """Methods and ``@property`` getters of the enum (tracer/enum_methods.py)."""
    properties: set[str] = field(default_factory=set)
    class_level: dict[str, tuple[str, ModuleSource]] = field(default_factory=dict)
    """``@classmethod`` (``class``) and ``@staticmethod`` (``static``) functions, with the
    module that defines them."""
    type: EnumType = field(init=False)

    def __post_init__(self) -> None:
        self.type = EnumType(self.qualname, self)

    @property
    def name(self) -> str:
        return self.qualname.rpartition(".")[2]

    @property
    def by_value(self) -> bool:
        """Whether a member is held as its (int) value, else as its position."""
        return all(isinstance(v, int) and not isinstance(v, bool) for v in self.values)


def enum_kind(resolver: Resolver, module: ModuleSource, node: cst.ClassDef) -> str | None:
    """``Enum`` or ``IntEnum`` when the class derives from one of them."""
    from hatch_pyaot.tracer.resolve import OpName

    for base in node.bases:
        if isinstance(base.value, cst.Name | cst.Attribute):
            res = resolver.expr(module, base.value)
            if isinstance(res, OpName) and res.qualname in ENUM_BASES:
                return ENUM_BASES[res.qualname]
    return None


def enum_info(resolver: Resolver, module: ModuleSource, node: cst.ClassDef,
              kind: str) -> EnumInfo:
    from hatch_pyaot.tracer.resolve import OpName, Unfoldable

    qualname = f"{module.name}.{node.name.value}"
    if qualname in resolver.enums:
        return resolver.enums[qualname]
    info = EnumInfo(qualname, kind)
    resolver.enums[qualname] = info

    def error(at: cst.CSTNode, message: str) -> None:
        info.errors.append(Diagnostic(module.loc(at), message))

    if len(node.bases) > 1 or node.keywords or node.decorators:
        error(node, "an enum with several bases, keywords or decorators cannot be compiled")
    body = node.body.body if isinstance(node.body, cst.IndentedBlock) else []
    for stmt in body:
        if isinstance(stmt, cst.FunctionDef):
            from hatch_pyaot.tracer.enum_methods import add_method

            add_method(resolver, module, info, stmt, error)
            continue
        if not isinstance(stmt, cst.SimpleStatementLine):
            error(stmt, "an enum can only hold members (NAME = value) and methods when "
                  "compiled")
            continue
        for small in stmt.body:
            if isinstance(small, cst.Expr) and isinstance(small.value, cst.SimpleString):
                continue  # a docstring
            if isinstance(small, cst.Pass):
                continue
            if not (isinstance(small, cst.Assign) and len(small.targets) == 1
                    and isinstance(small.targets[0].target, cst.Name)):
                error(small, "an enum can only hold members (NAME = value) when compiled")
                continue
            name = small.targets[0].target.value
            value: object
            call = small.value
            if isinstance(call, cst.Call) and not call.args and isinstance(
                    resolver.expr(module, call.func), OpName) and resolver.expr(
                    module, call.func) == OpName("enum.auto"):
                ints = [v for v in info.values if isinstance(v, int)]
                value = max(ints) + 1 if ints else 1
            else:
                try:
                    value = resolver.fold(module, small.value)
                except Unfoldable as exc:
                    error(small.value, f"an enum member's value must be a constant: {exc}")
                    continue
            if not isinstance(value, int | str | float) or isinstance(value, bool):
                error(small.value, "an enum member's value must be an int, a float or a str")
                continue
            if kind == "IntEnum" and not isinstance(value, int):
                error(small.value, "an IntEnum member's value must be an int")
                continue
            if value in info.values:  # Color.CRIMSON is Color.RED
                info.aliases[name] = info.values.index(value)
                continue
            info.names.append(name)
            info.values.append(value)
    if info.values and len({type(v) for v in info.values}) > 1:
        error(node, "the members of a compiled enum have values of one type")
    if not info.names:
        error(node, "an enum without members cannot be compiled")
    return info
