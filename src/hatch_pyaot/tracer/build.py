"""Trace one Python function's syntax tree into IR.

Every construct outside the supported subset becomes a diagnostic at its location; the
builder keeps going so that one run reports every problem in the function. Names are
resolved here: locals stay names, module constants become literals, calls point at traced
functions (``FuncRef``) or registry operations (qualified names).
"""

from __future__ import annotations

import builtins
import math
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import libcst as cst

from hatch_pyaot.errors import Diagnostics, Loc
from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import STR, DictType, Type
from hatch_pyaot.tracer import (
    class_forms,
    class_methods,
    closures,
    context_managers,
    exception_classes,
    fed_generators,
    formatting,
    forms,
    functional,
    generators,
    heapq_calls,
    models,
    starred,
    starred_targets,
    type_is,
)
from hatch_pyaot.tracer.annotations import AnnotationError, annotation_type
from hatch_pyaot.tracer.enum_forms import enum_call, enum_value
from hatch_pyaot.tracer.match import match_statement
from hatch_pyaot.tracer.models import ModelHandle
from hatch_pyaot.tracer.project import ModuleSource
from hatch_pyaot.tracer.resolve import (
    Constant,
    EnumMember,
    ModuleRef,
    OpName,
    Resolver,
    Unresolved,
    UserClass,
    UserEnum,
    UserFunction,
)
from hatch_pyaot.typing.dtypes import numpy_attr_dtype

if TYPE_CHECKING:
    from hatch_pyaot.tracer.classes import ClassInfo

_BINOPS: dict[type[cst.CSTNode], ir.BinOpKind] = {
    cst.Add: ir.BinOpKind.ADD,
    cst.Subtract: ir.BinOpKind.SUB,
    cst.Multiply: ir.BinOpKind.MUL,
    cst.Divide: ir.BinOpKind.TRUEDIV,
    cst.FloorDivide: ir.BinOpKind.FLOORDIV,
    cst.Modulo: ir.BinOpKind.MOD,
    cst.Power: ir.BinOpKind.POW,
    cst.LeftShift: ir.BinOpKind.LSHIFT,
    cst.RightShift: ir.BinOpKind.RSHIFT,
    cst.BitAnd: ir.BinOpKind.BITAND,
    cst.BitOr: ir.BinOpKind.BITOR,
    cst.BitXor: ir.BinOpKind.BITXOR,
    cst.AddAssign: ir.BinOpKind.ADD,
    cst.SubtractAssign: ir.BinOpKind.SUB,
    cst.MultiplyAssign: ir.BinOpKind.MUL,
    cst.DivideAssign: ir.BinOpKind.TRUEDIV,
    cst.FloorDivideAssign: ir.BinOpKind.FLOORDIV,
    cst.ModuloAssign: ir.BinOpKind.MOD,
    cst.PowerAssign: ir.BinOpKind.POW,
    cst.LeftShiftAssign: ir.BinOpKind.LSHIFT,
    cst.RightShiftAssign: ir.BinOpKind.RSHIFT,
    cst.BitAndAssign: ir.BinOpKind.BITAND,
    cst.BitOrAssign: ir.BinOpKind.BITOR,
    cst.BitXorAssign: ir.BinOpKind.BITXOR,
}
_UNARY: dict[type[cst.CSTNode], ir.UnaryOpKind] = {
    cst.Minus: ir.UnaryOpKind.NEG,
    cst.Plus: ir.UnaryOpKind.POS,
    cst.BitInvert: ir.UnaryOpKind.INVERT,
    cst.Not: ir.UnaryOpKind.NOT,
}
_CMP: dict[type[cst.CSTNode], ir.CmpOpKind] = {
    cst.Equal: ir.CmpOpKind.EQ,
    cst.NotEqual: ir.CmpOpKind.NE,
    cst.LessThan: ir.CmpOpKind.LT,
    cst.LessThanEqual: ir.CmpOpKind.LE,
    cst.GreaterThan: ir.CmpOpKind.GT,
    cst.GreaterThanEqual: ir.CmpOpKind.GE,
    cst.Is: ir.CmpOpKind.IS,
    cst.IsNot: ir.CmpOpKind.IS_NOT,
    cst.In: ir.CmpOpKind.IN,
    cst.NotIn: ir.CmpOpKind.NOT_IN,
}


def trace_function(
    resolver: Resolver, module: ModuleSource, node: cst.FunctionDef, diags: Diagnostics,
    owner: ClassInfo | None = None, name: str | None = None, bound_first: bool = False,
) -> ir.Function:
    """``owner``: the class of which ``node`` is a method, ``name`` its name there (a
    property's setter is ``x.setter``); ``bound_first``: the first parameter names a class
    (an enum's class method: tracer/enum_methods.py)."""
    qualname = node.name.value if owner is None else f"{owner.name}.{name or node.name.value}"
    names = local_names(node)
    bound_first = bound_first or (
        owner is not None and class_methods.is_class_method(owner, node))
    if bound_first:
        names = names[1:]  # `cls` names the class (tracer/class_methods.py)
    builder = Builder(resolver, module, diags, locals=names, owner=owner,
                      method=name, scope=closures.root_scope(node, qualname),
                      bound_first=bound_first)
    return builder.function(node)


def local_names(node: cst.FunctionDef) -> list[str]:
    """Parameters first, then every name the body binds, in source order."""
    names: list[str] = [p.name.value for p in _all_params(node.params)]
    seen = set(names)  # a list lookup per binding would be quadratic in a long function

    def add(name: str) -> None:
        if name not in seen:
            seen.add(name)
            names.append(name)

    def targets(t: cst.BaseExpression) -> None:
        if isinstance(t, cst.Name):
            add(t.value)
        elif isinstance(t, cst.Tuple | cst.List):
            for el in t.elements:
                targets(el.value)

    class Visitor(cst.CSTVisitor):
        def visit_AssignTarget(self, n: cst.AssignTarget) -> None:
            targets(n.target)

        def visit_AnnAssign(self, n: cst.AnnAssign) -> None:
            targets(n.target)

        def visit_AugAssign(self, n: cst.AugAssign) -> None:
            targets(n.target)

        def visit_For(self, n: cst.For) -> None:
            targets(n.target)

        def visit_NamedExpr(self, n: cst.NamedExpr) -> None:
            targets(n.target)

        def visit_WithItem(self, n: cst.WithItem) -> None:
            if n.asname is not None:
                targets(n.asname.name)

        def visit_ExceptHandler(self, n: cst.ExceptHandler) -> None:
            if n.name is not None:
                targets(n.name.name)

        def visit_FunctionDef(self, n: cst.FunctionDef) -> bool:
            if n is not node:
                add(n.name.value)  # a nested def binds its name
            return n is node

        def visit_Lambda(self, n: cst.Lambda) -> bool:
            return False

    node.visit(Visitor())
    return names


def _all_params(params: cst.Parameters) -> list[cst.Param]:
    """In Python's order: positional, ``*args``, keyword-only, ``**kwargs``."""
    star = [params.star_arg] if isinstance(params.star_arg, cst.Param) else []
    kwargs = [params.star_kwarg] if params.star_kwarg is not None else []
    return [*params.posonly_params, *params.params, *star, *params.kwonly_params, *kwargs]


@dataclass
class Builder:
    resolver: Resolver
    module: ModuleSource
    diags: Diagnostics
    locals: list[str] = field(default_factory=list)
    loop_depth: int = 0
    in_handler: bool = False
    """In an ``except`` block (not in a ``finally`` within it): a bare ``raise`` re-raises."""
    renames: dict[str, str] = field(default_factory=dict)
    handler_names: set[str] = field(default_factory=set)
    """The names ``except ... as`` bound so far: another handler's is renamed, so that each
    holds its own class (Python deletes the name after each handler)."""
    """Generator-expression variables, renamed to function locals of their own."""
    owner: ClassInfo | None = None
    """The class of a method (``super()`` calls its base's methods)."""
    method: str | None = None
    """The method's name in its class."""
    scope: closures.Scope | None = None
    """Its nested functions and what they capture (tracer/closures.py)."""
    generator: bool = False
    """The function yields (tracer/generators.py)."""
    bound_first: bool = False
    """The first parameter names a class (``cls`` of a class method), not a value."""

    def loc(self, node: cst.CSTNode) -> Loc:
        return self.module.loc(node)

    def error(self, node: cst.CSTNode, message: str, hint: str | None = None) -> None:
        self.diags.error(self.loc(node), message, hint)

    # ----- function ----------------------------------------------------------------------

    def function(self, node: cst.FunctionDef) -> ir.Function:
        if node.asynchronous is not None:
            self.error(node, "async functions cannot be compiled")
        if self.owner is not None and node.name.value == "__exit__":
            params = context_managers.exit_params(self, node.params)
        else:
            params = self.params(node.params)
        if self.bound_first:
            params = params[1:]
        elif self.owner is not None and node.name.value not in self.owner.static and params and (
                params[0].annotation is None):
            params[0].annotation = self.owner.type  # self: one specialization serves subclasses
        self.generator = generators.yields(node)
        returns, body, docstring = self.result_and_body(node)
        name = node.name.value if self.owner is None else (
            f"{self.owner.name}.{self.method or node.name.value}")
        return ir.Function(
            ref=ir.FuncRef(self.module.name, name),
            params=params,
            returns=returns,
            body=body,
            loc=self.loc(node.name),
            docstring=docstring,
            locals=list(self.locals),
            cells=set(self.scope.cells) if self.scope else set(),
            nested=list(self.scope.nested) if self.scope else [],
            generator=self.generator,
            context_manager=self.generator and generators.context_manager(self, node),
        )

    def key_function(self, value: cst.BaseExpression) -> ir.Expr:
        """The ``key=`` of sorted, min, max and list.sort: a lambda that is inlined per item
        (a module-level or builtin function, or a local function value, called in one)."""
        if isinstance(value, cst.Name | cst.Attribute) and not (
                isinstance(value, cst.Name) and self.is_local(value.value)):
            return forms.named_function(self, value)
        if isinstance(value, cst.Lambda):
            return forms.lambda_(self, value)
        if isinstance(value, cst.Name):  # a local function value: called per item
            return closures.key_of(self, value)
        return self.expr(value)

    def result_and_body(self, node: cst.FunctionDef,
                        ) -> tuple[Type | None, list[ir.Stmt], str | None]:
        """The return annotation, the body (less its docstring) and the docstring."""
        returns = None
        if node.returns is not None:
            returns = self.annotation(node.returns.annotation)
        body_nodes = _block(node.body)
        docstring = node.get_docstring(clean=True)
        if docstring is not None and body_nodes:
            body_nodes = body_nodes[1:]
        return returns, self.block(body_nodes), docstring

    def params(self, params: cst.Parameters) -> list[ir.Param]:
        out = []
        for p in _all_params(params):
            ann = self.annotation(p.annotation.annotation) if p.annotation else None
            default = None
            if p.default is not None:
                try:
                    value = self.resolver.fold(self.module, p.default)
                except Exception as exc:  # Unfoldable
                    self.error(
                        p.default, f"default value of '{p.name.value}' must be a constant: {exc}"
                    )
                else:
                    if isinstance(value, tuple):
                        self.error(p.default, "tuple default values are not supported yet")
                    else:
                        default = ir.Const(self.loc(p.default), value)
            keyword_only = any(p is k for k in params.kwonly_params)
            star = "*" if p is params.star_arg else "**" if p is params.star_kwarg else None
            if star == "*":
                ann = None  # a tuple: its length and items' types are the call's
            elif star == "**" and ann is not None:
                ann = DictType(STR, ann)  # each value's type
            out.append(ir.Param(p.name.value, ann, default, self.loc(p.name), keyword_only,
                                star))
        return out

    def annotation(self, node: cst.BaseExpression) -> Type | None:
        try:
            return annotation_type(self.resolver, self.module, node)
        except AnnotationError as exc:
            self.error(exc.node, str(exc))
            return None

    def local_annotation(self, node: cst.BaseExpression) -> Type | None:
        """The type a local's annotation declares; one the compiler does not know is left
        to the value's type, as before."""
        try:
            return annotation_type(self.resolver, self.module, node)
        except AnnotationError:
            return None

    # ----- statements --------------------------------------------------------------------

    def block(self, stmts: list[cst.BaseStatement]) -> list[ir.Stmt]:
        out: list[ir.Stmt] = []
        for stmt in stmts:
            if isinstance(stmt, cst.SimpleStatementLine):
                for small in stmt.body:
                    s = self.small(small)
                    if isinstance(s, list):
                        out.extend(s)
                    elif s is not None:
                        out.append(s)
            elif isinstance(stmt, cst.Match):
                out.extend(match_statement(self, stmt))
            elif isinstance(stmt, cst.With):
                out.extend(context_managers.with_statement(self, stmt))
            else:
                s = self.compound(stmt)
                if s is not None:
                    out.append(s)
        return out

    def small(self, node: cst.BaseSmallStatement) -> ir.Stmt | list[ir.Stmt] | None:
        loc = self.loc(node)
        if isinstance(node, cst.Assign):
            first = node.targets[0].target
            if isinstance(node.value, cst.Yield) and (sent := generators.assigned(self, node)):
                return sent
            value = self.expr(node.value)
            if len(node.targets) == 1 and isinstance(first, cst.Subscript):
                return ir.SetItem(loc, *self.subscript_target(first), value)
            if len(node.targets) == 1 and isinstance(first, cst.Attribute):
                return self.set_attribute(first, value)
            if len(node.targets) == 1 and isinstance(first, cst.Tuple | cst.List) and (
                    starred_targets.has_star(first)):
                return starred_targets.assign(self, node, first, value)
            if len(node.targets) == 1 and isinstance(first, cst.Tuple | cst.List) and any(
                    isinstance(el.value, cst.Subscript) for el in first.elements):
                return self.unpack_to_items(first, value)
            if len(node.targets) == 1:
                return ir.Assign(loc, self.target(first), value)
            # a = b = value: the value once, then each target from left to right.
            held = self.fresh_local("chained")
            chain: list[ir.Stmt] = [ir.Assign(loc, ir.NameTarget(held, loc), value)]
            chain += [ir.Assign(loc, self.target(t.target), ir.Name(loc, held))
                      for t in node.targets]
            return chain
        if isinstance(node, cst.AnnAssign):
            if node.value is None:
                return None
            if isinstance(node.target, cst.Subscript):
                return ir.SetItem(loc, *self.subscript_target(node.target),
                                  self.expr(node.value))
            if isinstance(node.target, cst.Attribute):
                return self.set_attribute(node.target, self.expr(node.value))
            value = self.expr(node.value)
            return ir.Assign(loc, self.target(node.target), value,
                             self.local_annotation(node.annotation.annotation))
        if isinstance(node, cst.AugAssign) and isinstance(node.target, cst.Subscript):
            # a[f(i)] += v is t = f(i); a[t] = a[t] + v: the index is evaluated once.
            array, index = self.subscript_target(node.target)
            stmts: list[ir.Stmt] = []
            parts = list(index.items) if isinstance(index, ir.TupleExpr) else [index]
            kept: list[ir.Expr] = []
            def once(part: ir.Expr) -> ir.Expr:
                if isinstance(part, ir.Name | ir.Const):
                    return part
                name = self.fresh_local("index")
                stmts.append(ir.Assign(loc, ir.NameTarget(name, loc), part))
                return ir.Name(part.loc, name)

            for part in parts:
                if isinstance(part, ir.SliceExpr):  # a[1:] += v: the bounds once
                    kept.append(ir.SliceExpr(part.loc, *(None if b is None else once(b)
                                                         for b in (part.start, part.stop,
                                                                   part.step))))
                else:
                    kept.append(once(part))
            again = ir.TupleExpr(index.loc, kept) if isinstance(index, ir.TupleExpr) else kept[0]
            current = (ir.Index(loc, array, again) if not isinstance(again, ir.Const)
                       or not isinstance(again.value, int) else
                       ir.TupleGet(loc, array, again.value))
            value = ir.BinOp(loc, _BINOPS[type(node.operator)], current, self.expr(node.value))
            return [*stmts, ir.SetItem(loc, array, again, value, augmented=True)]
        if isinstance(node, cst.AugAssign) and isinstance(node.target, cst.Attribute):
            return class_forms.augmented_attribute(self, node, _BINOPS[type(node.operator)])
        if isinstance(node, cst.AugAssign):
            target = self.target(node.target)
            if not isinstance(target, ir.NameTarget):
                self.error(node.target, "augmented assignment needs a plain name")
                return None
            return ir.AugAssign(loc, target, _BINOPS[type(node.operator)], self.expr(node.value))
        if isinstance(node, cst.Expr):
            if isinstance(node.value, cst.SimpleString | cst.ConcatenatedString | cst.Ellipsis):
                return None
            if isinstance(node.value, cst.Yield):
                return generators.statement(self, node.value)
            if (fed := fed_generators.statement(self, node.value)) is not None:
                return fed
            return ir.ExprStmt(loc, self.expr(node.value))
        if isinstance(node, cst.Return):
            if self.generator and node.value is not None:
                generators.return_refused(self, node)
            return ir.Return(loc, self.expr(node.value) if node.value is not None else None)
        if isinstance(node, cst.Pass):
            return ir.Pass(loc)
        if isinstance(node, cst.Break | cst.Continue):
            if self.loop_depth == 0:
                self.error(node, f"'{type(node).__name__.lower()}' outside a loop")
            return ir.Break(loc) if isinstance(node, cst.Break) else ir.Continue(loc)
        if isinstance(node, cst.Raise):
            return self.raise_(node)
        if isinstance(node, cst.Assert):
            msg = self.expr(node.msg) if node.msg is not None else None
            return ir.Assert(loc, self.expr(node.test), msg)
        if isinstance(node, cst.Del) and isinstance(node.target, cst.Subscript):
            return ir.DelItem(loc, *self.subscript_target(node.target))
        if isinstance(node, cst.Nonlocal) and self.scope and self.scope.enclosing:
            return None  # its names are captured through cells (tracer/closures.py)
        what = {
            cst.Global: "'global' statements",
            cst.Nonlocal: "'nonlocal' statements",
            cst.Del: "'del' of anything but one item (del a[i])",
            cst.Import: "imports inside functions",
            cst.ImportFrom: "imports inside functions",
        }.get(type(node), type(node).__name__)
        self.error(node, f"{what} cannot be compiled")
        return None

    def set_attribute(self, target: cst.Attribute, value: ir.Expr) -> ir.Stmt | None:
        """``obj.name = value`` on a local object (not a module's attribute)."""
        if not self.of_local(target):
            self.error(target, "assigning to a module's attribute cannot be compiled")
            return None
        return ir.SetAttr(self.loc(target), self.expr(target.value), target.attr.value, value)

    def unpack_to_items(self, node: cst.Tuple | cst.List, value: ir.Expr) -> list[ir.Stmt]:
        """``a[i], a[j] = a[j], a[i]``: the whole value first, then each target from left to
        right, as Python assigns them."""
        loc = self.loc(node)
        stmts: list[ir.Stmt] = []
        if isinstance(value, ir.TupleExpr) and len(value.items) == len(node.elements):
            parts: list[ir.Expr] = []
            for item in value.items:
                held = self.fresh_local("item")
                stmts.append(ir.Assign(item.loc, ir.NameTarget(held, item.loc), item))
                parts.append(ir.Name(item.loc, held))
        else:
            whole = self.fresh_local("unpacked")
            stmts.append(ir.Assign(loc, ir.NameTarget(whole, loc), value))
            parts = [ir.TupleGet(loc, ir.Name(loc, whole), k) for k in range(len(node.elements))]
        for el, part in zip(node.elements, parts, strict=False):
            if isinstance(el, cst.StarredElement):
                self.error(el, "starred assignment targets are not supported")
            elif isinstance(el.value, cst.Subscript):
                stmts.append(ir.SetItem(self.loc(el.value), *self.subscript_target(el.value),
                                        part))
            else:
                stmts.append(ir.Assign(self.loc(el.value), self.target(el.value), part))
        if len(parts) != len(node.elements):
            self.error(node, f"cannot unpack {len(parts)} values into {len(node.elements)} "
                       "targets")
        return stmts

    def raise_(self, node: cst.Raise) -> ir.Stmt | list[ir.Stmt] | None:
        return exception_classes.with_cause(self, node, self.raised(node))

    def raised(self, node: cst.Raise) -> ir.Stmt | list[ir.Stmt] | None:
        """What ``raise`` raises (its ``from`` aside)."""
        loc = self.loc(node)
        exc = node.exc
        if exc is None:
            if self.in_handler:
                return ir.Reraise(loc, "", None)
            self.error(node, "a bare 'raise' compiles only inside an 'except' block")
            return None
        if isinstance(exc, cst.Name) and exc.value in self.locals and isinstance(
                value := self.expr(exc), ir.Name):
            return exception_classes.raise_value(loc, value)  # an exception value, raised
        func = exc.func if isinstance(exc, cst.Call) else exc
        res = self.resolver.expr(self.module, func)
        if isinstance(res, UserClass) and exception_classes.is_exception(res.info):
            if not isinstance(exc, cst.Call):
                self.error(exc, f"raise {res.info.name}(...) with its arguments")
                return None
            held = self.fresh_local("exc")
            return [ir.Assign(loc, ir.NameTarget(held, loc), self.expr(exc)),
                    exception_classes.raise_value(loc, ir.Name(loc, held))]
        message: ir.Expr | None = None
        if isinstance(exc, cst.Call):
            if len(exc.args) > 1 or any(a.keyword or a.star for a in exc.args):
                self.error(exc, "an exception takes at most one positional message here")
            elif exc.args:
                message = self.expr(exc.args[0].value)
        if not (
            isinstance(res, OpName)
            and res.qualname.startswith("builtins.")
            and res.qualname.removeprefix("builtins.") in ir.RAISABLE
        ):
            self.error(
                func,
                "only built-in exception types can be raised in compiled code",
                hint="supported: " + ", ".join(ir.RAISABLE),
            )
            return None
        return ir.Raise(loc, res.qualname.removeprefix("builtins."), message)

    def compound(self, node: cst.BaseStatement) -> ir.Stmt | None:
        loc = self.loc(node)
        if isinstance(node, cst.If):
            orelse: list[ir.Stmt] = []
            if isinstance(node.orelse, cst.If):
                elif_ = self.compound(node.orelse)
                orelse = [elif_] if elif_ is not None else []
            elif isinstance(node.orelse, cst.Else):
                orelse = self.block(_block(node.orelse.body))
            return ir.If(loc, self.expr(node.test), self.block(_block(node.body)), orelse)
        if isinstance(node, cst.While):
            test = self.expr(node.test)
            body = self.loop_body(node.body)
            orelse = self.block(_block(node.orelse.body)) if node.orelse else []
            return ir.While(loc, test, body, orelse)
        if isinstance(node, cst.For):
            return self.for_(node)
        if isinstance(node, cst.Try):
            return self.try_(node)
        if isinstance(node, cst.FunctionDef):
            return closures.define(self, node)
        what = {
            cst.TryStar: "try/except*",
            cst.FunctionDef: "nested functions",
            cst.ClassDef: "classes",
        }.get(type(node), type(node).__name__)
        self.error(node, f"{what} cannot be compiled yet")
        return None

    def try_(self, node: cst.Try) -> ir.Stmt | None:
        body = self.block(_block(node.body))
        handlers = []
        for h in node.handlers:
            name = None
            if h.name is not None and isinstance(h.name.name, cst.Name):
                name = h.name.name.value
            elif h.name is not None:
                self.error(h.name, "'except ... as' binds a name only")
            types = None if h.type is None else self.exception_types(h.type)
            outer = dict(self.renames)
            if name in self.handler_names:
                self.renames[name] = name = self.fresh_local(name)
            elif name is not None:
                self.handler_names.add(name)
            try:
                handlers.append(ir.Handler(types, self.handling(h.body, True), self.loc(h),
                                           name))
            finally:
                self.renames = outer
        orelse = self.block(_block(node.orelse.body)) if node.orelse else []
        finalbody = self.handling(node.finalbody.body, False) if node.finalbody else []
        jumps = [j for j in _escapes(finalbody) if not isinstance(j, ir.Return)]
        inner = [r for part in (body, orelse, *(h.body for h in handlers))
                 for r in _loop_returns(part)]
        if jumps and inner:
            # the finally is emitted again at the return, inside the inner loop, where a
            # C++ break would end that loop (codegen/finally_blocks.py)
            self.diags.error(jumps[0].loc, f"'{type(jumps[0]).__name__.lower()}' inside a "
                             "'finally' block whose 'try' returns from a loop of its own "
                             "cannot be compiled yet", hint=f"the return at line "
                             f"{inner[0].loc.line}: break out of that loop first")
        return ir.Try(self.loc(node), body, handlers, orelse, finalbody)

    def handling(self, body: cst.BaseSuite, in_handler: bool) -> list[ir.Stmt]:
        """An ``except`` block (``in_handler``) or a ``finally`` block."""
        outer, self.in_handler = self.in_handler, in_handler
        try:
            return self.block(_block(body))
        finally:
            self.in_handler = outer

    def exception_types(self, node: cst.BaseExpression) -> list[str]:
        """The built-in exception classes an ``except`` clause names."""
        items = [el.value for el in node.elements] if isinstance(node, cst.Tuple) else [node]
        names = []
        for item in items:
            res = self.resolver.expr(self.module, item) if isinstance(
                item, cst.Name | cst.Attribute) else None
            cls = None
            if isinstance(res, OpName) and res.qualname.startswith("builtins."):
                name = res.qualname.removeprefix("builtins.")
                cls = getattr(builtins, name, None)
            if isinstance(cls, type) and issubclass(cls, BaseException):
                names.append(name)
            elif isinstance(res, UserClass) and exception_classes.is_exception(res.info):
                names.append(res.info.qualname)  # dotted: a class of the program
            else:
                self.error(item, "only built-in exception classes can be caught in compiled "
                           "code")
        return names

    def loop_body(self, body: cst.BaseSuite) -> list[ir.Stmt]:
        self.loop_depth += 1
        try:
            return self.block(_block(body))
        finally:
            self.loop_depth -= 1

    def for_(self, node: cst.For) -> ir.Stmt | None:
        if node.asynchronous is not None:
            self.error(node, "async for cannot be compiled")
        if (over_map := functional.loop(self, node)) is not None:
            return over_map
        header = self.iteration(node.iter)
        target, unpacking = starred_targets.loop_target(self, node.target)
        body = unpacking + self.loop_body(node.body)
        orelse = self.block(_block(node.orelse.body)) if node.orelse else []
        return self.make_loop(node, header, target, body, orelse)

    def iteration(self, it: cst.BaseExpression) -> Iteration | None:
        """What a for loop iterates: range bounds, or any other iterable expression (typing
        accepts tuples whose items share one type). Evaluated in the enclosing scope."""
        res = self.resolver.expr(self.module, it.func) if isinstance(it, cst.Call) else None
        if isinstance(it, cst.Call) and res == OpName("builtins.reversed") and len(
                it.args) == 1 and isinstance(it.args[0].value, cst.Call):
            inner = it.args[0].value
            if self.resolver.expr(self.module, inner.func) == OpName("builtins.range"):
                return self.reversed_range(inner)
        if isinstance(it, cst.Call) and (name := forms.iterator_name(self, it)) is not None:
            return forms.iterator_call(self, it, name)
        if not (isinstance(it, cst.Call) and isinstance(res, OpName)
                and res.qualname == "builtins.range"):
            return self.expr(it)
        if any(a.keyword or a.star for a in it.args) or not 1 <= len(it.args) <= 3:
            self.error(it, "range() takes 1 to 3 positional arguments")
            return None
        loc = self.loc(it)
        args = [self.expr(a.value) for a in it.args]
        if len(args) == 1:
            return ir.Const(loc, 0), args[0], ir.Const(loc, 1)
        return args[0], args[1], args[2] if len(args) == 3 else ir.Const(loc, 1)

    def reversed_range(self, node: cst.Call) -> Iteration | None:
        """``reversed(range(a, b))`` is ``range(b - 1, a - 1, -1)`` (step 1 only so far)."""
        forward = self.iteration(node)
        if forward is None or isinstance(forward, ir.Expr):
            return forward
        start, stop, step = forward
        if not (isinstance(step, ir.Const) and step.value == 1):
            self.error(node, "reversed() of a range with a step is not supported yet")
            return None
        loc = self.loc(node)
        one = ir.Const(loc, 1)
        return (ir.BinOp(loc, ir.BinOpKind.SUB, stop, one),
                ir.BinOp(loc, ir.BinOpKind.SUB, start, one), ir.Const(loc, -1))

    def make_loop(self, node: cst.CSTNode, header: Iteration | None, target: ir.Target,
                  body: list[ir.Stmt], orelse: list[ir.Stmt]) -> ir.Stmt | None:
        loc = self.loc(node)
        if header is None:
            return None
        if isinstance(header, ir.Expr):
            return ir.ForEach(loc, target, header, body, orelse)
        if not isinstance(target, ir.NameTarget):
            self.error(node, "the loop variable of a range loop must be a name")
            return None
        start, stop, step = header
        return ir.ForRange(loc, target, start, stop, step, body, orelse)

    def target(self, node: cst.BaseExpression) -> ir.Target:
        loc = self.loc(node)
        if isinstance(node, cst.Name):
            return ir.NameTarget(self.renames.get(node.value, node.value), loc)
        if isinstance(node, cst.Tuple | cst.List):
            items = []
            for el in node.elements:
                if isinstance(el, cst.StarredElement):
                    self.error(el, "starred assignment targets are not supported")
                    continue
                items.append(self.target(el.value))
            return ir.TupleTarget(items, loc)
        self.error(node, "only names and tuples of names can be assigned to so far")
        return ir.NameTarget("_invalid", loc)

    # ----- expressions -------------------------------------------------------------------

    def expr(self, node: cst.BaseExpression) -> ir.Expr:
        loc = self.loc(node)
        if isinstance(node, cst.Integer | cst.Float):
            try:
                number = node.evaluated_value
            except (SyntaxError, ValueError):  # more digits than CPython converts
                number = 2**63
            if isinstance(number, int) and not -(2**63) <= number < 2**63:
                self.error(node, "integer literal does not fit in 64 bits")
                number = 0
            return ir.Const(loc, number)
        if isinstance(node, cst.Imaginary):
            return ir.Const(loc, node.evaluated_value)
        if isinstance(node, cst.FormattedString) or (
                isinstance(node, cst.ConcatenatedString) and forms.has_fstring(node)):
            return forms.fstring(self, node)
        if isinstance(node, cst.SimpleString | cst.ConcatenatedString):
            value = node.evaluated_value
            if not isinstance(value, str | bytes):  # a str and a bytes concatenated
                self.error(node, "cannot mix bytes and nonbytes literals")
                return ir.Const(loc, "")
            return ir.Const(loc, value)
        if isinstance(node, cst.Name):
            if node.value in self.renames:
                return ir.Name(loc, self.renames[node.value])
            if node.value in self.locals:
                return ir.Name(loc, node.value)
            if (captured := self.captured(node.value)) is not None:
                return ir.Name(loc, captured)
            return self.global_(node)
        if isinstance(node, cst.Attribute):
            if not self.of_local(node):
                return self.global_(node)
            return ir.Attribute(loc, self.expr(node.value), node.attr.value)
        if isinstance(node, cst.BinaryOperation):
            if isinstance(node.operator, cst.MatrixMultiply):
                return ir.Call(loc, "numpy.matmul", [self.expr(node.left), self.expr(node.right)])
            if formatting.is_percent(node):
                return formatting.percent(self, node)
            return ir.BinOp(
                loc, _BINOPS[type(node.operator)], self.expr(node.left), self.expr(node.right)
            )
        if isinstance(node, cst.UnaryOperation):
            return ir.UnaryOp(loc, _UNARY[type(node.operator)], self.expr(node.expression))
        if isinstance(node, cst.BooleanOperation):
            kind = ir.BoolOpKind.AND if isinstance(node.operator, cst.And) else ir.BoolOpKind.OR
            left, right = self.expr(node.left), self.expr(node.right)
            values = [left]
            if isinstance(right, ir.BoolOp) and right.op == kind and not node.right.lpar:
                values.extend(right.values)
            else:
                values.append(right)
            return ir.BoolOp(loc, kind, values)
        if isinstance(node, cst.Comparison) and (test := type_is.type_test(self, node)):
            return test
        if isinstance(node, cst.Comparison):
            ops, comparators = [], []
            for target in node.comparisons:
                ops.append(_CMP[type(target.operator)])
                comparators.append(self.expr(target.comparator))
            return ir.Compare(loc, self.expr(node.left), ops, comparators)
        if isinstance(node, cst.IfExp):
            return ir.IfExp(loc, self.expr(node.test), self.expr(node.body), self.expr(node.orelse))
        if isinstance(node, cst.Tuple):
            items = []
            for el in node.elements:
                if isinstance(el, cst.StarredElement):
                    self.error(el, "starred items in tuples are not supported")
                    continue
                items.append(self.expr(el.value))
            return ir.TupleExpr(loc, items)
        if isinstance(node, cst.Call):
            return self.call(node)
        if isinstance(node, cst.Subscript):
            return self.subscript(node)
        if isinstance(node, cst.List):
            if starred.has_star(node.elements):
                return starred.display(self, node)
            items = [self.expr(el.value) for el in node.elements]
            return ir.ListExpr(loc, items)
        if isinstance(node, cst.ListComp | cst.SetComp | cst.DictComp):
            return forms.list_comprehension(self, node)
        if isinstance(node, cst.Lambda):
            return closures.lambda_value(self, node)
        if isinstance(node, cst.Set):
            if starred.has_star(node.elements):
                return starred.display(self, node)
            items = [self.expr(el.value) for el in node.elements]
            return ir.SetExpr(loc, items)
        if isinstance(node, cst.Dict):
            keys, values = [], []
            for pair in node.elements:
                if not isinstance(pair, cst.DictElement):
                    self.error(pair, "'**' unpacking in dict literals is not supported yet")
                    continue
                keys.append(self.expr(pair.key))
                values.append(self.expr(pair.value))
            return ir.DictExpr(loc, keys, values)
        if isinstance(node, cst.Yield):
            generators.value_refused(self, node)
            return ir.Const(loc, 0)
        what = {
            cst.GeneratorExp: "generator expressions",
            cst.NamedExpr: "assignment expressions (:=)",
            cst.Await: "await",
        }.get(type(node), type(node).__name__)
        self.error(node, f"{what} cannot be compiled yet")
        return ir.Const(loc, 0)

    def global_(self, node: cst.Name | cst.Attribute) -> ir.Expr:
        loc = self.loc(node)
        res = self.resolver.expr(self.module, node)
        if isinstance(res, OpName) and res.qualname in NUMPY_CONSTANTS:
            return ir.Const(loc, NUMPY_CONSTANTS[res.qualname])
        if isinstance(res, Constant):
            if isinstance(res.value, tuple):
                return _const_tuple(loc, res.value)
            return ir.Const(loc, res.value)
        if isinstance(res, Unresolved) and isinstance(node, cst.Attribute) and isinstance(
                member := self.resolver.expr(self.module, node.value), EnumMember):
            return ir.Attribute(loc, enum_value(loc, member), node.attr.value)  # Color.RED.name
        if isinstance(res, Unresolved):
            self.error(node, res.reason)
        elif isinstance(res, OpName) and (dtype := _dtype_name(res.qualname)) is not None:
            return ir.DTypeLit(loc, dtype)
        elif isinstance(res, UserEnum | EnumMember):
            return enum_value(loc, res)
        elif isinstance(res, UserClass):
            self.error(node, f"the class '{res.info.name}' can only be called (or named in "
                       "isinstance()) here, not used as a value")
        elif isinstance(res, UserFunction):
            return ir.MakeClosure(loc, res.ref, [])
        elif isinstance(res, OpName | ModuleRef):
            what = res.ref if isinstance(res, UserFunction) else res.qualname
            self.error(node, f"'{what}' can only be called here, not used as a value")
        return ir.Const(loc, 0)

    def call(self, node: cst.Call) -> ir.Expr:
        loc = self.loc(node)
        if (on_functions := functional.call(self, node)) is not None:
            return on_functions
        if node.args and isinstance(node.args[0].value, cst.GeneratorExp):
            return forms.reduction(self, node, node.args[0].value)
        if (ranged := generators.range_whole(self, node)) is not None:
            return ranged
        if starred.has_star(node.args) and isinstance(
                node.func, cst.Name | cst.Attribute) and self.resolver.expr(
                self.module, node.func) == OpName("builtins.print") and not (
                isinstance(node.func, cst.Name) and self.is_local(node.func.value)):
            return starred.print_call(self, node)
        if isinstance(node.func, cst.Attribute | cst.Name) and not self.is_local(
                _head(node.func)) and (selected := heapq_calls.call(
                self, node, self.resolver.expr(self.module, node.func))) is not None:
            return selected
        if formatting.is_str_format(node):
            return formatting.str_format(self, node)
        if (iterator := forms.iterator_name(self, node)) is not None:
            return forms.iterator_value(self, node, iterator)
        if (made := forms.default_dict(self, node)) is not None:
            return made
        if isinstance(node.func, cst.Name) and node.func.value not in self.locals and (
                self.resolver.expr(self.module, node.func) == OpName("builtins.isinstance")):
            return forms.isinstance_call(self, node)
        if isinstance(node.func, cst.Name) and node.func.value not in self.locals and (
                self.resolver.expr(self.module, node.func) == OpName("builtins.issubclass")):
            return ir.Call(loc, context_managers.ISSUBCLASS, [forms.isinstance_call(self, node)])
        args: list[ir.Expr] = []
        kwargs: list[tuple[str, ir.Expr]] = []
        makes_array = self.makes_array(node.func)
        for arg in node.args:
            if arg.star:
                self.error(arg, "*args and **kwargs in calls are not supported")
            elif arg.keyword is not None and arg.keyword.value == "key":
                kwargs.append(("key", self.key_function(arg.value)))
            elif arg.keyword is not None and arg.keyword.value == "file" and (
                    stream := self.stream(arg.value)):
                kwargs.append((f"file={stream}", ir.Const(self.loc(arg.value), None)))
            elif arg.keyword is not None:
                kwargs.append((arg.keyword.value, self.expr(arg.value)))
            elif makes_array and not args:
                args.append(self.nested_items(arg.value))
            else:
                args.append(self.expr(arg.value))
        func = node.func
        if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Call) and isinstance(
                func.value.func, cst.Name) and func.value.func.value == "super":
            return class_forms.super_call(self, node, func, args, kwargs)
        if isinstance(func, cst.Attribute) and self.of_local(func):
            return ir.MethodCall(loc, self.expr(func.value), func.attr.value, args, kwargs)
        if (isinstance(func, cst.Name) and self.is_local(func.value)) or not isinstance(
                func, cst.Name | cst.Attribute):
            return ir.CallValue(loc, self.expr(func), args, kwargs)  # a function value
        res = self.resolver.expr(self.module, func)
        if isinstance(res, UserFunction):
            return ir.Call(loc, res.ref, args, kwargs)
        if isinstance(res, UserClass):
            return ir.Construct(loc, res.info.qualname, args, kwargs)
        if isinstance(res, ModelHandle):
            return models.call(self, node, res, args, kwargs)
        if isinstance(res, UserEnum):
            return enum_call(self, node, res, args, kwargs)
        if isinstance(res, OpName):
            if res.qualname == "builtins.range":
                self.error(node, "range() is only supported as the iterable of a for loop")
            return ir.Call(loc, res.qualname, args, kwargs)
        if isinstance(res, Unresolved):
            self.error(func, res.reason)
        else:
            self.error(func, f"'{self.module.tree.code_for_node(func)}' is not callable")
        return ir.Const(loc, 0)

    def stream(self, node: cst.BaseExpression) -> str | None:
        """``sys.stdout``/``sys.stderr`` as print()'s file=: a keyword ``file=sys.stderr``
        (no name a user can write) whose value is None."""
        if not isinstance(node, cst.Name | cst.Attribute) or (
                isinstance(node, cst.Name) and node.value in self.locals) or (
                isinstance(node, cst.Attribute) and self.of_local(node)):
            return None
        res = self.resolver.expr(self.module, node)
        if isinstance(res, OpName) and res.qualname in ("sys.stdout", "sys.stderr"):
            return res.qualname
        return None

    def fresh_local(self, name: str) -> str:
        """A function local of the compiler's own, such as a generator's variable (no
        ``__``: reserved in C++)."""
        index = 1
        while (fresh := re.sub("_+", "_", f"gen{index}_{name}")) in self.locals:
            index += 1
        self.locals.append(fresh)
        return fresh

    def makes_array(self, func: cst.BaseExpression) -> bool:
        """``np.array``/``np.asarray``: their first argument may be nested list literals."""
        if isinstance(func, cst.Name) and func.value in self.locals:
            return False
        if not isinstance(func, cst.Name | cst.Attribute) or (
                isinstance(func, cst.Attribute) and self.of_local(func)):
            return False
        res = self.resolver.expr(self.module, func)
        return isinstance(res, OpName) and res.qualname in ("numpy.array", "numpy.asarray")

    def nested_items(self, node: cst.BaseExpression) -> ir.Expr:
        """``[[1, 2], [3, 4]]`` as nested tuples (the values of an array literal)."""
        if not isinstance(node, cst.List | cst.Tuple):
            return self.expr(node)
        items = []
        for el in node.elements:
            if isinstance(el, cst.StarredElement):
                self.error(el, "starred items are not supported here")
                continue
            items.append(self.nested_items(el.value))
        return ir.TupleExpr(self.loc(node), items)

    def captured(self, name: str) -> str | None:
        """The local that holds ``name`` of an enclosing function (tracer/closures.py)."""
        return closures.free_name(self, name) if self.scope is not None else None

    def is_local(self, name: str) -> bool:
        return name in self.locals or name in self.renames or self.captured(name) is not None

    def of_local(self, node: cst.Attribute) -> bool:
        """``x.shape``, ``x.T.sum``, ``a[0].max``: an attribute of a value computed here, not
        of a module (``np.fft.rfft``, ``math.pi``)."""
        root: cst.BaseExpression = node.value
        while isinstance(root, cst.Attribute):
            root = root.value
        return not (isinstance(root, cst.Name) and not self.is_local(root.value))

    def index_part(self, part: cst.BaseSlice) -> ir.Expr:
        """One component of ``a[...]``: an expression, or a ``start:stop:step`` slice."""
        if isinstance(part, cst.Index):
            if isinstance(part.value, cst.Ellipsis):
                return ir.Const(self.loc(part), Ellipsis)
            return self.expr(part.value)
        assert isinstance(part, cst.Slice)
        bounds = [None if b is None else self.expr(b) for b in (part.lower, part.upper, part.step)]
        return ir.SliceExpr(self.loc(part), *bounds)

    def subscript_target(self, node: cst.Subscript) -> tuple[ir.Expr, ir.Expr]:
        """The array and the index of an element assignment ``a[i, j] = ...``."""
        read = self.subscript(node)
        if isinstance(read, ir.Index):
            return read.value, read.index
        if isinstance(read, ir.TupleGet):
            return read.value, ir.Const(read.loc, read.index)
        return read, read

    def subscript(self, node: cst.Subscript) -> ir.Expr:
        loc = self.loc(node)
        if len(node.slice) > 1 or isinstance(node.slice[0].slice, cst.Slice) or (
                isinstance(node.slice[0].slice, cst.Index)
                and isinstance(node.slice[0].slice.value, cst.Ellipsis)):
            parts = [self.index_part(el.slice) for el in node.slice]
            combined = parts[0] if len(parts) == 1 else ir.TupleExpr(loc, parts)
            return ir.Index(loc, self.expr(node.value), combined)
        if len(node.slice) == 1 and isinstance(node.slice[0].slice, cst.Index):
            index = node.slice[0].slice.value
            try:
                value = (
                    self.resolver.fold(self.module, index)
                    if not (isinstance(index, cst.Name) and index.value in self.locals)
                    else None
                )
            except Exception:
                value = None
            if isinstance(value, int) and not isinstance(value, bool):
                return ir.TupleGet(loc, self.expr(node.value), value)
            return ir.Index(loc, self.expr(node.value), self.expr(index))
        self.error(node, "slices are not supported yet")
        return ir.Const(loc, 0)


NUMPY_CONSTANTS: dict[str, float | None] = {
    "numpy.inf": math.inf, "numpy.nan": math.nan, "numpy.pi": math.pi, "numpy.e": math.e,
    "numpy.euler_gamma": 0.5772156649015329, "numpy.newaxis": None,
}
"""NumPy's constants: Python floats (and numpy.newaxis is None)."""

Iteration = ir.Expr | tuple[ir.Expr, ir.Expr, ir.Expr]
"""A for loop's iterable, or the (start, stop, step) of a range."""



def _escapes(stmts: list[ir.Stmt], in_loop: bool = False) -> list[ir.Stmt]:
    """The return, break and continue statements that leave this block (a break or continue
    inside a loop of the block stays in it)."""
    found: list[ir.Stmt] = []
    for s in stmts:
        if isinstance(s, ir.Return) or (isinstance(s, ir.Break | ir.Continue) and not in_loop):
            found.append(s)
        elif isinstance(s, ir.If):
            found += _escapes(s.body, in_loop) + _escapes(s.orelse, in_loop)
        elif isinstance(s, ir.While | ir.ForRange | ir.ForEach):
            found += _escapes(s.body, True) + _escapes(s.orelse, in_loop)
        elif isinstance(s, ir.Try):
            for b in (s.body, s.orelse, s.finalbody, *(h.body for h in s.handlers)):
                found += _escapes(b, in_loop)
    return found


def _loop_returns(stmts: list[ir.Stmt]) -> list[ir.Stmt]:
    """The return statements inside loops of this block."""
    return [r for s in stmts if isinstance(s, ir.While | ir.ForRange | ir.ForEach)
            for r in _escapes(s.body, True) + _escapes(s.orelse, True)
            if isinstance(r, ir.Return)] + [
        r for s in stmts if isinstance(s, ir.If | ir.Try)
        for b in ((s.body, s.orelse) if isinstance(s, ir.If) else (
            s.body, s.orelse, s.finalbody, *(h.body for h in s.handlers)))
        for r in _loop_returns(b)]


def _dtype_name(qualname: str) -> str | None:
    """The NumPy dtype a name stands for as a value (``dtype=numpy.int8``, ``dtype=float``)."""
    builtin = {"builtins.float": "float64", "builtins.int": "int64", "builtins.bool": "bool"}
    if qualname in builtin:
        return builtin[qualname]
    if qualname.startswith("numpy."):
        dtype = numpy_attr_dtype(qualname.removeprefix("numpy."))
        return dtype.name if dtype is not None else None
    return None


def _head(node: cst.Name | cst.Attribute) -> str:
    """The first name of ``a.b.c``."""
    while isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name | cst.Attribute):
        node = node.value
    return node.value if isinstance(node, cst.Name) else ""


def _block(suite: cst.BaseSuite) -> list[cst.BaseStatement]:
    if isinstance(suite, cst.IndentedBlock):
        return list(suite.body)
    assert isinstance(suite, cst.SimpleStatementSuite)
    return [cst.SimpleStatementLine(body=suite.body)]


def _const_tuple(loc: Loc, value: tuple[object, ...]) -> ir.Expr:
    items: list[ir.Expr] = []
    for v in value:
        if isinstance(v, tuple):
            items.append(_const_tuple(loc, v))
        else:
            assert v is None or isinstance(v, int | float | str)
            items.append(ir.Const(loc, v))
    return ir.TupleExpr(loc, items)
