"""What a module-level name means: an import, a function, or a module constant.

Built from the module's top-level statements only; the module is never run. Imports are
recorded as qualified names (``from .util import f`` in ``pkg.k`` -> ``pkg.util.f``), so
that ``math.sin``, ``from math import sin`` and ``import math as m; m.sin`` all resolve to
the same ``math.sin``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import libcst as cst

from hatch_pyaot.tracer.project import ModuleSource


@dataclass(frozen=True, slots=True)
class ModuleAlias:
    """``import a.b as m`` or ``from a import b`` where b may be a module: names ``a.b``."""

    qualname: str


@dataclass(frozen=True, slots=True)
class ImportedName:
    qualname: str


@dataclass(frozen=True, slots=True)
class LocalFunction:
    node: cst.FunctionDef


@dataclass(frozen=True, slots=True)
class LocalClass:
    """A class defined at module level (tracer/classes.py reads its body)."""

    node: cst.ClassDef


@dataclass(frozen=True, slots=True)
class GlobalValue:
    """A module-level assignment: the value expression, folded on demand (consts.py)."""

    node: cst.BaseExpression
    reassigned: bool


Symbol = ModuleAlias | ImportedName | LocalFunction | LocalClass | GlobalValue


@dataclass
class SymbolTable:
    module: ModuleSource
    symbols: dict[str, Symbol] = field(default_factory=dict)

    def get(self, name: str) -> Symbol | None:
        return self.symbols.get(name)


def dotted(node: cst.BaseExpression) -> str | None:
    """``a.b.c`` as a string, or None for anything that is not a dotted name."""
    if isinstance(node, cst.Name):
        return node.value
    if isinstance(node, cst.Attribute):
        base = dotted(node.value)
        return f"{base}.{node.attr.value}" if base else None
    return None


def resolve_relative(module: ModuleSource, relative: int, name: str | None) -> str:
    package = module.package
    for _ in range(relative - 1):
        package = package.rpartition(".")[0]
    if not name:
        return package
    return f"{package}.{name}" if package else name


def build_symbols(module: ModuleSource) -> SymbolTable:
    table = SymbolTable(module)
    seen_assign: set[str] = set()

    def bind_value(name: str, value: cst.BaseExpression) -> None:
        table.symbols[name] = GlobalValue(value, reassigned=name in seen_assign)
        seen_assign.add(name)

    for stmt in module.tree.body:
        if isinstance(stmt, cst.FunctionDef):
            table.symbols[stmt.name.value] = LocalFunction(stmt)
            seen_assign.add(stmt.name.value)
        elif isinstance(stmt, cst.SimpleStatementLine):
            for small in stmt.body:
                _bind_small(module, table, small, bind_value)
        elif isinstance(stmt, cst.ClassDef):
            seen_assign.add(stmt.name.value)
            table.symbols[stmt.name.value] = LocalClass(stmt)
        elif imports := _optional_imports(stmt):
            for small in imports:
                _bind_small(module, table, small, bind_value)
        else:
            # Names bound inside module-level if/for/try/with are not constants.
            for name in _assigned_names(stmt):
                seen_assign.add(name)
                current = table.symbols.get(name)
                if isinstance(current, GlobalValue):
                    table.symbols[name] = GlobalValue(current.node, reassigned=True)
    return table


def _bind_small(
    module: ModuleSource, table: SymbolTable, small: cst.BaseSmallStatement, bind_value: object
) -> None:
    assert callable(bind_value)
    if isinstance(small, cst.Import):
        for alias in small.names:
            full = dotted(alias.name) or ""
            if alias.asname is not None and isinstance(alias.asname.name, cst.Name):
                table.symbols[alias.asname.name.value] = ModuleAlias(full)
            else:
                head = full.split(".")[0]
                table.symbols[head] = ModuleAlias(head)
    elif isinstance(small, cst.ImportFrom):
        base = dotted(small.module) if small.module is not None else None
        source = resolve_relative(module, len(small.relative), base) if small.relative else base
        if source is None or isinstance(small.names, cst.ImportStar):
            return
        for alias in small.names:
            name = dotted(alias.name) or ""
            local = name
            if alias.asname is not None and isinstance(alias.asname.name, cst.Name):
                local = alias.asname.name.value
            table.symbols[local] = ImportedName(f"{source}.{name}" if source else name)
    elif isinstance(small, cst.Assign):
        for target in small.targets:
            if isinstance(target.target, cst.Name):
                bind_value(target.target.value, small.value)
    elif isinstance(small, cst.AnnAssign) and small.value is not None:
        if isinstance(small.target, cst.Name):
            bind_value(small.target.value, small.value)
    elif isinstance(small, cst.AugAssign) and isinstance(small.target, cst.Name):
        bind_value(small.target.value, small.value)


def _optional_imports(stmt: cst.BaseStatement) -> list[cst.BaseSmallStatement]:
    """The imports of an optional dependency, ``try: import cv2`` / ``except ImportError:
    cv2 = None``: compiled code takes the module as imported (it calls the module's functions
    as operations of its own and needs the module only to compile), while the Python module
    still runs where it is missing. Empty for any other statement."""
    if not isinstance(stmt, cst.Try) or stmt.orelse is not None or stmt.finalbody is not None:
        return []
    if not stmt.handlers or any(h.type is None or dotted(h.type) not in _IMPORT_ERRORS
                                for h in stmt.handlers):
        return []
    imports: list[cst.BaseSmallStatement] = []
    for line in stmt.body.body:
        if not isinstance(line, cst.SimpleStatementLine):
            return []
        for small in line.body:
            if not isinstance(small, (cst.Import, cst.ImportFrom)):
                return []
            imports.append(small)
    return imports


_IMPORT_ERRORS = ("ImportError", "ModuleNotFoundError")


def _assigned_names(node: cst.CSTNode) -> set[str]:
    names: set[str] = set()

    class Visitor(cst.CSTVisitor):
        def visit_AssignTarget(self, node: cst.AssignTarget) -> None:
            if isinstance(node.target, cst.Name):
                names.add(node.target.value)

        def visit_AugAssign(self, node: cst.AugAssign) -> None:
            if isinstance(node.target, cst.Name):
                names.add(node.target.value)

        def visit_For(self, node: cst.For) -> None:
            if isinstance(node.target, cst.Name):
                names.add(node.target.value)

        def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
            names.add(node.name.value)
            return False

    node.visit(Visitor())
    return names
