"""Methods and ``@property`` getters of an enum class: each is traced as a function of the
member (``FuncRef("Color.label")``), its ``self`` the enum, so ``self.value``,
``self.name``, ``self is Color.RED`` and calls of the other methods compile as on any
member (typing/enums.py lowers ``c.describe()`` and ``c.label`` to calls of them)."""

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
    if len(decorators) != len(node.decorators) or any(
            d != OpName("builtins.property") for d in decorators) or len(decorators) > 1:
        error(node, "an enum's methods compile plain or as @property; other decorators "
              "(@classmethod, @staticmethod) not yet")
        return
    if name.startswith("__") and name.endswith("__"):
        error(node, f"an enum's dunder methods ({name}) cannot be compiled yet")
        return
    if not [*node.params.posonly_params, *node.params.params]:
        error(node, f"the method '{name}' of an enum needs a first parameter (self)")
        return
    info.methods[name] = node
    if decorators:
        info.properties.add(name)


def method_ref(info: EnumInfo, name: str) -> ir.FuncRef:
    module, _, enum = info.qualname.rpartition(".")
    return ir.FuncRef(module, f"{enum}.{name}")


def trace(resolver: Resolver, module: ModuleSource, info: EnumInfo, name: str,
          diags: Diagnostics) -> ir.Function:
    from hatch_pyaot.tracer.build import trace_function

    function = trace_function(resolver, module, info.methods[name], diags)
    function.ref = method_ref(info, name)
    if function.params[0].annotation is None:
        function.params[0].annotation = info.type  # self: a member of the enum
    return function
