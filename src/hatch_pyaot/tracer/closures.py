"""Nested functions and lambdas as values (DESIGN §5.8): lifted out of their function.

A ``def`` inside a function, or a ``lambda`` anywhere but a ``key=`` (which is inlined
there, tracer/forms.py), is traced as a function of its own, ``outer.<locals>.inner``,
whose first parameter is its environment (``ir.ENV``): the variables it captures from the
enclosing functions, then its defaults, evaluated where the ``def`` runs as in Python.
Where it is defined, the enclosing function builds that environment (``ir.MakeClosure``);
a call through the value is a direct call of the lifted function, specialized per call
site like any helper. A variable is captured as a copy or through a shared cell
(tracer/scopes.py decides which). A nested function that names itself reads its own
environment, so environments never refer to themselves: they stay acyclic, and reference
counting frees them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import libcst as cst

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.tracer.scopes import ScopeFacts, ScopeNode, declared_nonlocal, facts

if TYPE_CHECKING:
    from hatch_pyaot.tracer.build import Builder


@dataclass
class Scope:
    """The closure facts of the function a Builder traces."""

    node: ScopeNode
    qualname: str
    enclosing: Builder | None = None
    own_name: str | None = None
    """The name a ``def`` binds in the enclosing function (None for a lambda)."""
    captures: list[ir.Capture] = field(default_factory=list)
    cells: set[str] = field(default_factory=set)
    nested: list[ir.Function] = field(default_factory=list)
    """Shared by every scope of one traced function: all its nested functions."""
    names: set[str] = field(default_factory=set)
    """The nested functions' qualified names so far (shared), to keep lambdas apart."""
    defs: dict[str, list[ir.Capture]] = field(default_factory=dict)
    """The functions this one defines with ``def``, by name: what each captures."""
    _facts: ScopeFacts | None = None

    def facts_of(self, builder: Builder) -> ScopeFacts:
        if self._facts is None:
            self._facts = facts(builder.module, self.node)
        return self._facts


def root_scope(node: cst.FunctionDef, qualname: str) -> Scope:
    return Scope(node, qualname)


def free_name(builder: Builder, name: str) -> str | None:
    """The local of ``builder``'s function that holds ``name`` of an enclosing function,
    capturing it on first use; None when no enclosing function has it."""
    scope = builder.scope
    assert scope is not None
    for c in scope.captures:
        if c.name == name:
            return c.name
    parent = scope.enclosing
    if parent is None:
        return None
    if name == scope.own_name:
        if _bound_once(parent, name):
            return ir.ENV  # a function naming itself: its own environment
        builder.error(scope.node, f"'{name}' calls itself but its name is bound more than once "
                      "(or in a loop): its environment would hold itself, which the compiler "
                      "does not make", hint="define it once, outside loops")
        return None
    outer = _lookup(parent, name)
    if outer is None:
        return None
    scope.captures.append(ir.Capture(name, outer, _is_cell(parent, outer)))
    return name


def _lookup(builder: Builder, name: str) -> str | None:
    if name in builder.renames:
        return builder.renames[name]
    if name in builder.locals:
        return name
    return free_name(builder, name)


def _bound_once(builder: Builder, name: str) -> bool:
    assert builder.scope is not None
    f = builder.scope.facts_of(builder)
    return len(f.bindings.get(name, [])) == 1 and name not in f.looped and (
        name not in f.written_inside)


def _is_cell(builder: Builder, local: str) -> bool:
    """Whether ``local`` of ``builder``'s function lives in a cell (noting it if so)."""
    scope = builder.scope
    assert scope is not None
    if local == ir.ENV:
        return False
    for c in scope.captures:
        if c.name == local:
            return c.by_cell
    renamed = local in builder.renames.values()  # a comprehension's variable: looped
    if renamed or not scope.facts_of(builder).by_value(local):
        scope.cells.add(local)
        return True
    return False


def define(builder: Builder, node: cst.FunctionDef) -> ir.Stmt | None:
    """``def inner(...)`` inside a function: ``inner = <closure>``."""
    loc = builder.loc(node)
    if node.decorators:
        builder.error(node.decorators[0], "decorators on nested functions cannot be compiled")
        return None
    if node.asynchronous is not None:
        builder.error(node, "async functions cannot be compiled")
        return None
    value = _lift(builder, node, node.name.value)
    if value is None:
        return None
    target = builder.target(node.name)
    return ir.Assign(loc, target, value)


def lambda_value(builder: Builder, node: cst.Lambda) -> ir.Expr:
    value = _lift(builder, node, None)
    return value if value is not None else ir.Const(builder.loc(node), 0)


def _lift(outer: Builder, node: ScopeNode, name: str | None) -> ir.MakeClosure | None:
    from hatch_pyaot.tracer.build import Builder, _all_params, local_names

    loc = outer.loc(node)
    root = outer.scope
    assert root is not None
    base = f"{root.qualname}.<locals>.{name or '<lambda>'}"
    qualname, n = base, 1
    while qualname in root.names:
        n += 1
        qualname = f"{base}#{n}"
    root.names.add(qualname)
    params = node.params
    defaults = [p for p in _all_params(params) if p.default is not None]
    default_values = [outer.expr(p.default) for p in defaults if p.default is not None]
    stripped = params.with_changes(
        params=[_no_default(p) for p in params.params],
        posonly_params=[_no_default(p) for p in params.posonly_params],
        kwonly_params=[_no_default(p) for p in params.kwonly_params])
    nonlocals = declared_nonlocal(node)
    if isinstance(node, cst.FunctionDef):
        names = [n for n in local_names(node) if n not in nonlocals]
    else:
        names = [p.name.value for p in _all_params(params)]
    scope = Scope(node, qualname, enclosing=outer, own_name=name, nested=root.nested,
                  names=root.names)
    inner = Builder(outer.resolver, outer.module, outer.diags, locals=names, scope=scope)
    for nl in sorted(nonlocals):
        if free_name(inner, nl) is None:
            outer.error(node, f"no binding for nonlocal '{nl}' found")
    ir_params = inner.params(stripped)
    if isinstance(node, cst.FunctionDef):
        returns, body, docstring = inner.result_and_body(node)
    else:
        returns, body, docstring = None, [ir.Return(loc, inner.expr(node.body))], None
    first_default = len(scope.captures)
    env_defaults = {p.name.value: first_default + i for i, p in enumerate(defaults)}
    ref = ir.FuncRef(outer.module.name, qualname)
    env = ir.Param(ir.ENV, None, None, loc)
    fn = ir.Function(ref, [env, *ir_params], returns, body, outer.loc(
        node.name if isinstance(node, cst.FunctionDef) else node), docstring,
        locals=list(inner.locals), captures=list(scope.captures), env_defaults=env_defaults,
        cells=set(scope.cells))
    root.nested.append(fn)
    if name is not None:
        for c in scope.captures:
            if any(back.outer == name for back in root.defs.get(c.outer, [])):
                outer.error(node, f"'{name}' and '{c.outer}' capture each other: their "
                            "environments would form a cycle, which the compiler does not "
                            "make", hint="define them at module level")
        root.defs[name] = list(scope.captures)
    return ir.MakeClosure(loc, ref, list(scope.captures), default_values)


def _no_default(p: cst.Param) -> cst.Param:
    return p.with_changes(default=None, equal=cst.MaybeSentinel.DEFAULT)


def key_of(builder: Builder, node: cst.Name) -> ir.Expr:
    """``key=f`` with ``f`` a local function value: ``lambda item: f(item)``, inlined
    where the key is taken as any key= lambda (tracer/forms.py)."""
    loc = builder.loc(node)
    param = builder.fresh_local("key")
    return ir.Lambda(loc, [param], ir.CallValue(loc, builder.expr(node), [ir.Name(loc, param)]))
