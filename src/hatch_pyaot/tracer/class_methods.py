"""``@classmethod``s (DESIGN §5.7): a class method is traced once per class it is called on
(``Sub.make(...)`` of a method ``Base`` defines is ``FuncRef("Sub.make")``), with its first
parameter, ``cls``, naming that class: ``cls(...)`` constructs it, ``cls.K`` reads its
constant, ``cls.other(...)`` calls its class or static method. A compiled function has no
class values, so ``cls`` is bound while the method is traced rather than passed."""

from __future__ import annotations

from typing import TYPE_CHECKING

import libcst as cst

from hatch_pyaot.errors import Diagnostics
from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.tracer.project import ModuleSource
from hatch_pyaot.tracer.resolve import Resolver, UserClass

if TYPE_CHECKING:
    from hatch_pyaot.tracer.classes import ClassInfo


def is_class_method(owner: ClassInfo, node: cst.FunctionDef) -> bool:
    return owner.find_classmethod(node.name.value) is node


def trace(resolver: Resolver, module: ModuleSource, owner: ClassInfo, name: str,
          diags: Diagnostics) -> ir.Function:
    """The class method ``name`` of ``owner`` (or of a base of it), traced for ``owner``."""
    from hatch_pyaot.tracer.build import trace_function

    node = owner.find_classmethod(name)
    assert node is not None, name
    params = [*node.params.posonly_params, *node.params.params]
    if not params:
        diags.error(module.loc(node), f"class method '{name}' needs a first parameter for "
                    "its class (cls)")
        return trace_function(resolver, module, node, diags, owner=owner, name=name)
    key = (module.name, params[0].name.value)
    resolver.aliases[key] = UserClass(owner)
    try:
        return trace_function(resolver, module, node, diags, owner=owner, name=name)
    finally:
        del resolver.aliases[key]
