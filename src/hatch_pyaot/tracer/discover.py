"""Find the ``@compile`` functions of a module from its source, without importing it.

Any spelling works because decorators are resolved like any other name:
``@compile``, ``@compile(tag="blur")``, ``@hatch_pyaot.compile``, ``import hatch_pyaot as
h; @h.compile``, ``from hatch_pyaot import compile as aot; @aot``.

A module-level name defined twice means what Python makes of it: the last definition. An
earlier ``@compile def f`` that a later ``def f`` (or ``class f``) replaces is no entry point
(the native module has one ``f``); it gets a warning saying so.
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
    last = _last_definitions(module)
    for stmt in module.tree.body:
        if not isinstance(stmt, cst.FunctionDef):
            continue
        deco = _compile_decorator(resolver, module, stmt)
        if deco is None:
            continue
        later = last[stmt.name.value]
        if later is not stmt:
            diags.warning(module.loc(stmt.name),
                          f"this @compile function '{stmt.name.value}' is replaced by the "
                          f"definition at line {module.loc(later.name).line}, as in Python: "
                          "only the last definition counts",
                          hint="rename one of them, or remove the unused one")
            continue
        call = deco.decorator if isinstance(deco.decorator, cst.Call) else None
        options = _options(module, call, diags) if call is not None else {}
        found.append(Discovered(stmt, module.loc(stmt.name), options))
    return found


def _compile_decorator(resolver: Resolver, module: ModuleSource,
                       stmt: cst.FunctionDef) -> cst.Decorator | None:
    """The ``@compile`` (or ``@compile(...)``) decorator of a function, if it has one."""
    for deco in stmt.decorators:
        expr = deco.decorator
        target = expr.func if isinstance(expr, cst.Call) else expr
        if isinstance(target, cst.Name | cst.Attribute):
            res = resolver.expr(module, target)
            if isinstance(res, OpName) and res.qualname == COMPILE_DECORATOR:
                return deco
    return None


def _last_definitions(module: ModuleSource) -> dict[str, cst.FunctionDef | cst.ClassDef]:
    """The last top-level ``def``/``class`` of each name: the one Python keeps."""
    last: dict[str, cst.FunctionDef | cst.ClassDef] = {}
    for stmt in module.tree.body:
        if isinstance(stmt, cst.FunctionDef | cst.ClassDef):
            last[stmt.name.value] = stmt
    return last


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
