"""Methods and ``@property`` getters of an enum class: each is traced as a function of the
member (``FuncRef("Color.label")``), its ``self`` the enum, so ``self.value``,
``self.name``, ``self is Color.RED`` and calls of the other methods compile as on any
member (typing/enums.py lowers ``c.describe()`` and ``c.label`` to calls of them).
``@classmethod``s and ``@staticmethod``s are called on the enum (``Color.parse("r")``,
tracer/resolve.py): a class method is traced with ``cls`` naming the enum."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import libcst as cst

from hatch_pyaot.errors import Diagnostics
from hatch_pyaot.ir import nodes as ir

if TYPE_CHECKING:
    from hatch_pyaot.tracer.enums import EnumInfo
    from hatch_pyaot.tracer.project import ModuleSource
    from hatch_pyaot.tracer.resolve import Resolver


def add_method(resolver: Resolver, module: ModuleSource, info: EnumInfo,
               node: cst.FunctionDef, error: Callable[[cst.CSTNode, str], None]) -> None:
    from hatch_pyaot.tracer.resolve import OpName

    name = node.name.value
    decorators = [resolver.expr(module, d.decorator) for d in node.decorators
                  if isinstance(d.decorator, cst.Name | cst.Attribute)]
    kinds = [_KINDS.get(d.qualname) if isinstance(d, OpName) else None for d in decorators]
    if len(decorators) != len(node.decorators) or None in kinds or len(kinds) > 1:
        error(node, "an enum's methods compile plain or as @property, @classmethod or "
              "@staticmethod")
        return
    if name.startswith("__") and name.endswith("__"):
        error(node, f"an enum's dunder methods ({name}) cannot be compiled yet")
        return
    kind = (kinds[0] or "method") if kinds else "method"
    if kind != "static" and not [*node.params.posonly_params, *node.params.params]:
        error(node, f"the method '{name}' of an enum needs a first parameter (self or cls)")
        return
    info.methods[name] = node
    if kind == "property":
        info.properties.add(name)
    elif kind != "method":
        info.class_level[name] = (kind, module)


_KINDS = {"builtins.property": "property", "builtins.classmethod": "class",
          "builtins.staticmethod": "static"}


def method_ref(info: EnumInfo, name: str) -> ir.FuncRef:
    module, _, enum = info.qualname.rpartition(".")
    return ir.FuncRef(module, f"{enum}.{name}")


def trace(resolver: Resolver, module: ModuleSource, info: EnumInfo, name: str,
          diags: Diagnostics) -> ir.Function:
    from hatch_pyaot.tracer.build import trace_function
    from hatch_pyaot.tracer.resolve import UserEnum

    node = info.methods[name]
    kind = info.class_level.get(name, ("method", module))[0]
    if kind != "class":
        function = trace_function(resolver, module, node, diags)
    else:  # cls names the enum while the method is traced (as tracer/class_methods.py)
        key = (module.name, [*node.params.posonly_params, *node.params.params][0].name.value)
        resolver.aliases[key] = UserEnum(info)
        try:
            function = trace_function(resolver, module, node, diags, bound_first=True)
        finally:
            del resolver.aliases[key]
    function.ref = method_ref(info, name)
    if kind in ("method", "property") and function.params[0].annotation is None:
        function.params[0].annotation = info.type  # self: a member of the enum
    return function
