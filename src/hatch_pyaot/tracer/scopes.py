"""What a function's syntax tree says about its variables that nested functions capture.

A captured variable is copied into the closure when that copy can never be told apart from
sharing it: it is bound exactly once, outside any loop, before the first nested function
that names it, and no nested function writes it (``nonlocal``). Any other captured variable
lives in a cell that the function and its closures share, which gives Python's late
binding (``[lambda: i for i in range(3)]`` all see the last ``i``). The facts are read from
the syntax alone, before tracing; a name counted as used where it is not (an attribute
spelled like it) only makes a cell where a copy would have done.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import libcst as cst

from hatch_pyaot.tracer.project import ModuleSource

Position = tuple[int, int]
ScopeNode = cst.FunctionDef | cst.Lambda


@dataclass
class ScopeFacts:
    bindings: dict[str, list[Position]] = field(default_factory=dict)
    """Where the function binds each name (its parameters at (0, 0))."""
    looped: set[str] = field(default_factory=set)
    """Names bound in a loop (or as its target): bound again on each iteration."""
    written_inside: set[str] = field(default_factory=set)
    """Names that a nested function declares ``nonlocal``."""
    first_capture: dict[str, Position] = field(default_factory=dict)
    """Where the first nested function that names each name starts."""

    def by_value(self, name: str) -> bool:
        sites = self.bindings.get(name, [])
        return (len(sites) == 1 and name not in self.looped and name not in self.written_inside
                and sites[0] < self.first_capture.get(name, (1 << 30, 0)))


def facts(module: ModuleSource, node: ScopeNode) -> ScopeFacts:
    out = ScopeFacts()
    for p in _params(node.params):
        out.bindings.setdefault(p.name.value, []).append((0, 0))
    _Binder(module, out).walk_body(node)
    return out


def _params(params: cst.Parameters) -> list[cst.Param]:
    star = [params.star_arg] if isinstance(params.star_arg, cst.Param) else []
    kw = [params.star_kwarg] if params.star_kwarg is not None else []
    return [*params.posonly_params, *params.params, *star, *params.kwonly_params, *kw]


def declared_nonlocal(node: ScopeNode) -> set[str]:
    """The names a function's own ``nonlocal`` statements declare (not its nested ones')."""
    names: set[str] = set()

    class Visitor(cst.CSTVisitor):
        def visit_Nonlocal(self, n: cst.Nonlocal) -> None:
            names.update(item.name.value for item in n.names)

        def visit_FunctionDef(self, n: cst.FunctionDef) -> bool:
            return n is node

        def visit_Lambda(self, n: cst.Lambda) -> bool:
            return n is node

    node.visit(Visitor())
    return names


def used_names(node: ScopeNode) -> set[str]:
    """Every name read, written or declared inside ``node``, nested functions included (an
    over-approximation of the names it may capture)."""
    names: set[str] = set()

    class Visitor(cst.CSTVisitor):
        def visit_Name(self, n: cst.Name) -> None:
            names.add(n.value)

        def visit_Attribute(self, n: cst.Attribute) -> bool:
            n.value.visit(self)
            return False

        def visit_Arg(self, n: cst.Arg) -> bool:
            n.value.visit(self)
            return False

    if isinstance(node, cst.FunctionDef):
        node.body.visit(Visitor())
        for p in _params(node.params):
            if p.default is not None:
                p.default.visit(Visitor())
    else:
        node.body.visit(Visitor())
    return names


@dataclass
class _Binder:
    module: ModuleSource
    out: ScopeFacts
    loops: int = 0

    def pos(self, node: cst.CSTNode) -> Position:
        loc = self.module.loc(node)
        return (loc.line, loc.col)

    def bind(self, target: cst.BaseExpression | cst.BaseAssignTargetExpression,
             at: cst.CSTNode, looped: bool = False) -> None:
        if isinstance(target, cst.Name):
            self.out.bindings.setdefault(target.value, []).append(self.pos(at))
            if looped or self.loops:
                self.out.looped.add(target.value)
        elif isinstance(target, cst.Tuple | cst.List):
            for el in target.elements:
                self.bind(el.value, at, looped)
        elif isinstance(target, cst.StarredElement):
            self.bind(target.value, at, looped)

    def walk_body(self, node: ScopeNode) -> None:
        binder = self

        class Visitor(cst.CSTVisitor):
            def visit_AssignTarget(self, n: cst.AssignTarget) -> None:
                binder.bind(n.target, n)

            def visit_AnnAssign(self, n: cst.AnnAssign) -> None:
                if n.value is not None:
                    binder.bind(n.target, n)

            def visit_AugAssign(self, n: cst.AugAssign) -> None:
                binder.bind(n.target, n)
                binder.bind(n.target, n)  # a rebinding: never a copy

            def visit_NamedExpr(self, n: cst.NamedExpr) -> None:
                binder.bind(n.target, n)

            def visit_For(self, n: cst.For) -> None:
                binder.bind(n.target, n, looped=True)
                binder.loops += 1

            def leave_For(self, original_node: cst.For) -> None:
                binder.loops -= 1

            def visit_While(self, n: cst.While) -> None:
                binder.loops += 1

            def leave_While(self, original_node: cst.While) -> None:
                binder.loops -= 1

            def visit_CompFor(self, n: cst.CompFor) -> None:
                binder.bind(n.target, n, looped=True)

            def visit_FunctionDef(self, n: cst.FunctionDef) -> bool:
                if n is node:
                    return True
                binder.bind(n.name, n)
                binder.nested(n)
                return False

            def visit_Lambda(self, n: cst.Lambda) -> bool:
                if n is node:
                    return True
                binder.nested(n)
                return False

        node.visit(Visitor())

    def nested(self, n: ScopeNode) -> None:
        at = self.pos(n)
        for name in used_names(n):
            if name not in self.out.first_capture or at < self.out.first_capture[name]:
                self.out.first_capture[name] = at

        class Writes(cst.CSTVisitor):
            def __init__(self, out: ScopeFacts) -> None:
                super().__init__()
                self.facts = out

            def visit_Nonlocal(self, s: cst.Nonlocal) -> None:
                self.facts.written_inside.update(item.name.value for item in s.names)

        n.visit(Writes(self.out))
