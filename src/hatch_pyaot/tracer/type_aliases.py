"""Module-level type aliases used as annotations: ``F2 = np.ndarray[tuple[int, int],
np.dtype[np.float64]]`` or ``Vec = NDArray[np.float64]`` (also ``Vec: TypeAlias = ...``,
and one imported from another module of the project), then ``def f(x: F2) -> Vec:``.

The alias is read from source like any module constant (tracer/symbols.py), never run: the
annotation is the alias's value expression, in the module that defines it.
"""

from __future__ import annotations

from collections.abc import Callable

import libcst as cst

from hatch_pyaot.ir.types import Type
from hatch_pyaot.tracer.project import ModuleSource
from hatch_pyaot.tracer.resolve import Resolver
from hatch_pyaot.tracer.symbols import GlobalValue, ImportedName

_TYPE_FORMS = (cst.Subscript, cst.Name, cst.Attribute, cst.BinaryOperation)
"""The value expressions an alias may have (``X[...]``, another name, ``A | B``)."""


def aliased(resolver: Resolver, module: ModuleSource,
            node: cst.BaseExpression) -> tuple[ModuleSource, cst.BaseExpression] | None:
    """The value expression a bare-name annotation aliases and the module it is written in,
    or None when the name is no module-level alias."""
    if not isinstance(node, cst.Name):
        return None
    sym = resolver.symbols(module).get(node.value)
    if isinstance(sym, ImportedName):
        parent, _, name = sym.qualname.rpartition(".")
        source = resolver.project.module(parent) if parent else None
        if source is None or source is module:
            return None
        return aliased(resolver, source, cst.Name(name))
    if isinstance(sym, GlobalValue) and not sym.reassigned and isinstance(sym.node, _TYPE_FORMS):
        return module, sym.node
    return None


AnnotationOf = Callable[[Resolver, ModuleSource, cst.BaseExpression], Type]


def alias_type(resolver: Resolver, module: ModuleSource, node: cst.BaseExpression,
               annotation_type: AnnotationOf, depth: int = 0) -> Type | None:
    """The type the alias ``node`` names (``annotation_type`` of its value), or None when
    ``node`` is no alias; an error in the alias is told at ``node``."""
    from hatch_pyaot.tracer.annotations import AnnotationError

    found = aliased(resolver, module, node)
    if found is None:
        return None
    source, value = found
    name = module.tree.code_for_node(node)
    try:
        if depth > 16 or (isinstance(value, cst.Name) and value.value == name
                          and source is module):
            raise AnnotationError(f"type alias '{name}' is defined in terms of itself", node)
        return alias_type(resolver, source, value, annotation_type, depth + 1) or \
            annotation_type(resolver, source, value)
    except AnnotationError as e:
        if e.node is node:
            raise
        raise AnnotationError(f"{e} (the type alias '{name}' = "
                              f"{source.tree.code_for_node(value)})", node) from None
