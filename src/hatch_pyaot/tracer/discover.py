"""Find the ``@compile`` functions of a module from its source, without importing it.

Any spelling works because decorators are resolved like any other name:
``@compile``, ``@compile(tag="blur")``, ``@hatch_pyaot.compile``, ``import hatch_pyaot as
h; @h.compile``, ``from hatch_pyaot import compile as aot; @aot``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import libcst as cst

from hatch_pyaot.errors import Diagnostics, Loc
from hatch_pyaot.tracer.project import ModuleSource
from hatch_pyaot.tracer.resolve import OpName, Resolver

COMPILE_DECORATOR = "hatch_pyaot.compile"
_OPTION_TYPES: dict[str, type | tuple[type, ...]] = {
    "tag": str,
    "description": str,
    "sandbox": bool,
    "metadata": dict,
    "targets": (list, tuple),
}


@dataclass(frozen=True)
class Discovered:
    node: cst.FunctionDef
    loc: Loc
    options: dict[str, object] = field(default_factory=dict)


def discover(resolver: Resolver, module: ModuleSource, diags: Diagnostics) -> list[Discovered]:
    found = []
    for stmt in module.tree.body:
        if not isinstance(stmt, cst.FunctionDef):
            continue
        for deco in stmt.decorators:
            expr = deco.decorator
            call = expr if isinstance(expr, cst.Call) else None
            target = call.func if call is not None else expr
            if not isinstance(target, cst.Name | cst.Attribute):
                continue
            res = resolver.expr(module, target)
            if isinstance(res, OpName) and res.qualname == COMPILE_DECORATOR:
                options = _options(module, call, diags) if call is not None else {}
                found.append(Discovered(stmt, module.loc(stmt.name), options))
                break
    return found


def _options(module: ModuleSource, call: cst.Call, diags: Diagnostics) -> dict[str, object]:
    import ast

    options: dict[str, object] = {}
    for arg in call.args:
        if arg.keyword is None:
            diags.error(module.loc(arg), "@compile(...) takes keyword options only")
            continue
        key = arg.keyword.value
        try:
            value = ast.literal_eval(module.tree.code_for_node(arg.value))
        except (ValueError, SyntaxError):
            diags.error(module.loc(arg.value), f"@compile option '{key}' must be a literal")
            continue
        expected = _OPTION_TYPES.get(key)
        if expected is None:
            diags.error(
                module.loc(arg),
                f"unknown @compile option '{key}'",
                hint="options: " + ", ".join(_OPTION_TYPES),
            )
        elif not isinstance(value, expected):
            diags.error(module.loc(arg.value), f"@compile option '{key}' has the wrong type")
        else:
            options[key] = value
    return options
