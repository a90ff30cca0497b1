"""Classes of the traced program, read from their source (DESIGN §5.7).

A class gets a fixed layout: its base's fields, then its own, from the class body's
annotations and the ``self.name = ...`` assignments of its ``__init__``, in that order.
Methods are traced like helpers (``FuncRef(module, "Class.method")``) and specialized at
their ``self`` type. ``@dataclass`` classes get their ``__init__``, ``__eq__``, ``__repr__``
and, with ``order=True``, the ordering methods generated here as IR (tracer/dataclass.py).
What the compiler cannot give Python's semantics for (multiple inheritance, metaclasses,
class decorators other than ``dataclass``, attributes added outside ``__init__``) is a
diagnostic at its place, and every function that uses the class stays Python.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import libcst as cst

from hatch_pyaot.errors import Diagnostic, Loc
from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import ClassType, Type
from hatch_pyaot.tracer import exception_classes
from hatch_pyaot.tracer.project import ModuleSource

if TYPE_CHECKING:
    from hatch_pyaot.typing.typed import Specialization
from hatch_pyaot.tracer.resolve import (
    Constant,
    OpName,
    Resolution,
    Resolver,
    Unfoldable,
    Unresolved,
    UserClass,
    UserFunction,
)


@dataclass
class DataclassOptions:
    """What ``@dataclass(...)`` asked for."""

    eq: bool = True
    order: bool = False
    frozen: bool = False


@dataclass
class FieldDefault:
    """A dataclass field's default: a constant, or ``field(default_factory=list)``."""

    value: ir.Const | None = None
    factory: str | None = None
    """``list``, ``dict`` or ``set``: a new empty container per instance."""


@dataclass(eq=False)
class ClassInfo:
    qualname: str
    module: ModuleSource
    node: cst.ClassDef
    base: ClassInfo | None
    type: ClassType = field(init=False)
    fields: dict[str, Type | None] = field(default_factory=dict)
    """Every attribute of an instance, the base's first; None: typed by ``__init__``."""
    field_locs: dict[str, Loc] = field(default_factory=dict)
    defaults: dict[str, FieldDefault] = field(default_factory=dict)
    """Values fields start with (the class body's ``x: int = 0``)."""
    methods: dict[str, cst.FunctionDef] = field(default_factory=dict)
    properties: dict[str, cst.FunctionDef] = field(default_factory=dict)
    static: dict[str, cst.FunctionDef] = field(default_factory=dict)
    classmethods: dict[str, cst.FunctionDef] = field(default_factory=dict)
    """``@classmethod``s: traced once per class they are called on (tracer/class_methods.py)."""
    abstract: set[str] = field(default_factory=set)
    """The ``@abstractmethod``s this class declares."""
    abc: bool = False
    """Derived from ``abc.ABC``: a class with abstract methods left cannot be instantiated."""
    constants: dict[str, object] = field(default_factory=dict)
    dataclass: DataclassOptions | None = None
    synthetic: dict[str, ir.Function] = field(default_factory=dict)
    """Methods the compiler writes (a dataclass's ``__init__``, ``__eq__``, ``__repr__``)."""
    errors: list[Diagnostic] = field(default_factory=list)
    builtin_base: str | None = None
    """The built-in exception class the root of an exception hierarchy derives from
    (tracer/exception_classes.py)."""
    subclasses: list[ClassInfo] = field(default_factory=list)
    class_id: int = 0
    used: bool = False
    named_tuple: bool = False
    """A ``typing.NamedTuple``: a frozen dataclass that is also indexed, has ``_replace``
    and comes back to Python as an instance made by its constructor (typing/named_tuples.py)."""
    special: dict[str, Specialization] = field(default_factory=dict)
    """``__repr__`` and ``__lt__`` specialized for objects of this very class (typing makes
    them when the class is first used): what printing and sorting call."""

    def __post_init__(self) -> None:
        ancestors = []
        base = self.base
        while base is not None:
            ancestors.append(base.qualname)
            base = base.base
        self.type = ClassType(self.qualname, tuple(ancestors), self)

    @property
    def name(self) -> str:
        return self.qualname.rpartition(".")[2]

    def mro(self) -> list[ClassInfo]:
        out: list[ClassInfo] = []
        c: ClassInfo | None = self
        while c is not None:
            out.append(c)
            c = c.base
        return out

    def all_errors(self) -> list[Diagnostic]:
        return [d for c in self.mro() for d in c.errors]

    def owns(self, name: str) -> bool:
        """Whether this class itself defines the method (not only a base)."""
        return name in self.methods or name in self.synthetic

    def find_method(self, name: str) -> ClassInfo | None:
        """The class of the MRO whose ``name`` method an instance calls."""
        return next((c for c in self.mro() if c.owns(name)), None)

    def find_property(self, name: str) -> ClassInfo | None:
        return next((c for c in self.mro() if name in c.properties), None)

    def method_ref(self, name: str) -> ir.FuncRef:
        return ir.FuncRef(self.module.name, f"{self.name}.{name}")

    def field_owner(self, name: str) -> ClassInfo:
        """The topmost class of the MRO with the field ``name``."""
        return [c for c in self.mro() if name in c.fields][-1]

    def constant(self, name: str) -> object:
        for c in self.mro():
            if name in c.constants:
                return c.constants[name]
        return _MISSING

    def descendants(self) -> list[ClassInfo]:
        """This class and every subclass of it, depth first (their class ids in a row)."""
        out = [self]
        for sub in self.subclasses:
            out += sub.descendants()
        return out

    def find_classmethod(self, name: str) -> cst.FunctionDef | None:
        return next((c.classmethods[name] for c in self.mro() if name in c.classmethods), None)

    def abstract_left(self) -> list[str]:
        """The abstract methods no class of the MRO implements (Python's order: by name)."""
        if not self.abc:
            return []
        names = {n for c in self.mro() for n in c.abstract}
        return sorted(n for n in names if (owner := self.find_method(n)) is not None
                      and n in owner.abstract)

    def hashable(self) -> bool:
        """Whether objects can be dict keys and set items: the nearest class of the MRO that
        defines ``__hash__`` or ``__eq__`` decides (``__eq__`` alone sets ``__hash__`` to
        None, as in Python); none does: hashed by identity."""
        for c in self.mro():
            if "__hash__" in c.methods or "__hash__" in c.synthetic:
                return True
            if c.constants.get("__hash__", 0) is None or c.owns("__eq__"):
                return False
        return True

    def member(self, name: str) -> Resolution:
        """``Class.name``: a static method, a class method or a class constant."""
        if name == "_fields" and self.named_tuple:
            return Constant(tuple(self.fields))
        for c in self.mro():
            if name in c.static:
                return UserFunction(c.method_ref(name), c.module, c.static[name])
            if name in c.classmethods:  # traced for this very class: its `cls`
                return UserFunction(self.method_ref(name), c.module, c.classmethods[name])
            if name in c.constants:
                value = c.constants[name]
                assert value is None or isinstance(value, int | float | str | tuple)
                return Constant(value)
        return Unresolved(f"type object '{self.name}' has no attribute '{name}' the compiler "
                          "supports (static methods, class methods and constants of the "
                          "class are)")


ErrorFn = Callable[[cst.CSTNode, str], None]
"""Records a diagnostic of the class at a node."""
TypedFn = Callable[[cst.BaseExpression], Type | None]
"""The type an annotation names (None, with a diagnostic, when it names none)."""

_MISSING = object()
MISSING = _MISSING
"""ClassInfo.constant of a name that is no class constant."""


def class_info(resolver: Resolver, module: ModuleSource, node: cst.ClassDef) -> ClassInfo:
    """The class ``node`` of ``module``, read once per build."""
    qualname = f"{module.name}.{node.name.value}"
    if qualname in resolver.classes:
        return resolver.classes[qualname]
    errors: list[Diagnostic] = []

    def error(at: cst.CSTNode, message: str) -> None:
        errors.append(Diagnostic(module.loc(at), message))

    base = _base(resolver, module, node, error)
    info = ClassInfo(qualname, module, node, base)
    info.errors = errors
    resolver.classes[qualname] = info
    info.class_id = len(resolver.classes)
    if base is not None:
        base.subclasses.append(info)
        info.fields = dict(base.fields)
        info.field_locs = dict(base.field_locs)
        info.defaults = dict(base.defaults)
    info.abc = (base is not None and base.abc) or any(
        _is_abc(resolver, module, b.value) for b in node.bases)
    info.dataclass = _decorators(resolver, module, node, error)
    if base is not None and base.dataclass is not None and info.dataclass is None:
        info.dataclass = None
    if _is_named_tuple(resolver, module, node):
        info.named_tuple = True  # a tuple: equal and ordered item by item, immutable
        info.dataclass = DataclassOptions(eq=True, order=True, frozen=True)
    if base is None and node.bases:
        info.builtin_base = exception_classes.builtin_base(resolver, module,
                                                           node.bases[0].value)
    if info.builtin_base is not None:
        exception_classes.start(info)
    _body(resolver, info, error)
    exception_classes.finish(info)
    if info.dataclass is not None:
        from hatch_pyaot.tracer.dataclass import synthesize

        synthesize(info)
    return info


def _is_named_tuple(resolver: Resolver, module: ModuleSource, node: cst.ClassDef) -> bool:
    return len(node.bases) == 1 and isinstance(node.bases[0].value, cst.Name | cst.Attribute) \
        and resolver.expr(module, node.bases[0].value) == OpName("typing.NamedTuple")


def _base(resolver: Resolver, module: ModuleSource, node: cst.ClassDef,
          error: ErrorFn) -> ClassInfo | None:
    if _is_named_tuple(resolver, module, node):
        return None
    for kw in node.keywords:
        error(kw, "class keywords (metaclass=...) cannot be compiled")
    bases = [a for a in node.bases if not (isinstance(a.value, cst.Name)
                                           and a.value.value == "object")]
    if bases and _is_abc(resolver, module, bases[0].value):
        bases = bases[1:]
    if len(bases) > 1:
        error(node.bases[1], "multiple inheritance cannot be compiled (single inheritance "
              "only)")
    if not bases:
        return None
    res = resolver.expr(module, bases[0].value) if isinstance(
        bases[0].value, cst.Name | cst.Attribute) else None
    if isinstance(res, UserClass):
        return res.info
    if exception_classes.builtin_base(resolver, module, bases[0].value) is not None:
        return None
    error(bases[0], "a compiled class can only derive from another class of the program")
    return None


def _is_abc(resolver: Resolver, module: ModuleSource, base: cst.BaseExpression) -> bool:
    return isinstance(base, cst.Name | cst.Attribute) and (
        resolver.expr(module, base) == OpName("abc.ABC"))


def _decorators(resolver: Resolver, module: ModuleSource, node: cst.ClassDef,
                error: ErrorFn) -> DataclassOptions | None:
    options = None
    for deco in node.decorators:
        expr = deco.decorator
        func = expr.func if isinstance(expr, cst.Call) else expr
        res = resolver.expr(module, func) if isinstance(func, cst.Name | cst.Attribute) else None
        if res != OpName("dataclasses.dataclass"):
            error(deco, "class decorators other than @dataclass cannot be compiled")
            continue
        options = DataclassOptions()
        for arg in expr.args if isinstance(expr, cst.Call) else ():
            value = arg.value
            if arg.keyword is None or arg.keyword.value not in ("eq", "order", "frozen") or not (
                    isinstance(value, cst.Name) and value.value in ("True", "False")):
                error(arg, "only eq=, order= and frozen= (True or False) are supported in "
                      "@dataclass(...)")
                continue
            setattr(options, arg.keyword.value, value.value == "True")
    return options


def _body(resolver: Resolver, info: ClassInfo, error: ErrorFn) -> None:
    module = info.module
    from hatch_pyaot.tracer.annotations import AnnotationError, annotation_type

    def typed(ann: cst.BaseExpression) -> Type | None:
        try:
            return annotation_type(resolver, module, ann)
        except AnnotationError as exc:
            error(exc.node, str(exc))
            return None

    from hatch_pyaot.tracer.build import _block

    stmts = _block(info.node.body)
    init: cst.FunctionDef | None = None
    class_values: dict[str, cst.AnnAssign] = {}
    for stmt in stmts:
        if isinstance(stmt, cst.FunctionDef):
            kind = _method_kind(resolver, module, stmt, error, info)
            name = stmt.name.value
            if kind == "setter":
                info.methods[f"{name}.setter"] = stmt  # called by `obj.name = value`
            elif kind == "property":
                info.properties[name] = stmt
            elif kind == "static":
                info.static[name] = stmt
            elif kind == "classmethod":
                info.classmethods[name] = stmt
            elif kind in ("method", "abstract"):
                info.methods[name] = stmt
                if kind == "abstract":
                    info.abstract.add(name)
                if name == "__init__":
                    init = stmt
            continue
        if not isinstance(stmt, cst.SimpleStatementLine):
            error(stmt, f"{type(stmt).__name__} statements in a class body cannot be compiled")
            continue
        for small in stmt.body:
            if isinstance(small, cst.Expr) and isinstance(
                    small.value, cst.SimpleString | cst.ConcatenatedString | cst.Ellipsis):
                continue
            if isinstance(small, cst.Pass):
                continue
            if isinstance(small, cst.AnnAssign) and isinstance(small.target, cst.Name):
                name = small.target.value
                if _is_classvar(resolver, module, small.annotation.annotation):
                    if small.value is not None:
                        _constant(resolver, info, name, small.value, error)
                    continue
                if small.value is not None and info.dataclass is None:
                    # a plain class's `x: int = 0` is a class attribute, unless __init__
                    # assigns it (then its value is the field's before that)
                    class_values[name] = small
                    continue
                info.fields[name] = typed(small.annotation.annotation)
                info.field_locs[name] = module.loc(small.target)
                if small.value is not None:
                    default = _default(resolver, info, small.value, error)
                    if default is not None:
                        info.defaults[name] = default
                continue
            if isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(
                    small.targets[0].target, cst.Name):
                name = small.targets[0].target.value
                if name == "__slots__":
                    error(small, "__slots__ cannot be compiled (the layout is fixed anyway)")
                    continue
                _constant(resolver, info, name, small.value, error)
                continue
            error(small, "only annotated fields, constants and methods can be compiled in a "
                  "class body")
    assigned = _init_fields(info, init, typed) if init is not None else set()
    for name, small in class_values.items():
        assert small.value is not None
        if name not in assigned:
            _constant(resolver, info, name, small.value, error)
            continue
        info.fields[name] = typed(small.annotation.annotation)
        info.field_locs[name] = module.loc(small.target)
        default = _default(resolver, info, small.value, error)
        if default is not None:
            info.defaults[name] = default


def _method_kind(resolver: Resolver, module: ModuleSource, node: cst.FunctionDef,
                 error: ErrorFn, info: ClassInfo) -> str | None:
    kind = "method"
    for deco in node.decorators:
        d = deco.decorator
        if isinstance(d, cst.Attribute) and d.attr.value == "setter" and isinstance(
                d.value, cst.Name) and d.value.value == node.name.value and (
                node.name.value in info.properties):
            kind = "setter"
            continue
        res = resolver.expr(module, d) if isinstance(d, cst.Name | cst.Attribute) else None
        if res == OpName("builtins.property"):
            kind = "property"
        elif res == OpName("builtins.staticmethod"):
            kind = "static"
        elif res == OpName("builtins.classmethod"):
            kind = "classmethod"
        elif res == OpName("abc.abstractmethod") and kind == "method":
            kind = "abstract"
        else:
            error(deco, "method decorators other than @property, @staticmethod, @classmethod "
                  "and @abstractmethod cannot be compiled yet")
            return None
    return kind


def _is_classvar(resolver: Resolver, module: ModuleSource, ann: cst.BaseExpression) -> bool:
    head = ann.value if isinstance(ann, cst.Subscript) else ann
    res = resolver.expr(module, head) if isinstance(head, cst.Name | cst.Attribute) else None
    return res == OpName("typing.ClassVar")


def _constant(resolver: Resolver, info: ClassInfo, name: str, value: cst.BaseExpression,
              error: ErrorFn) -> None:
    try:
        info.constants[name] = resolver.fold(info.module, value)
    except Unfoldable as exc:
        error(value, f"class attribute '{name}' must be a constant: {exc.reason}")


def _default(resolver: Resolver, info: ClassInfo, value: cst.BaseExpression,
             error: ErrorFn) -> FieldDefault | None:
    module = info.module
    if isinstance(value, cst.Call) and isinstance(value.func, cst.Name | cst.Attribute) and (
            resolver.expr(module, value.func) == OpName("dataclasses.field")):
        for arg in value.args:
            if arg.keyword is not None and arg.keyword.value == "default_factory":
                res = resolver.expr(module, arg.value) if isinstance(
                    arg.value, cst.Name | cst.Attribute) else None
                names: dict[object, str] = {OpName(f"builtins.{k}"): k
                                            for k in ("list", "dict", "set")}
                if res in names:
                    return FieldDefault(factory=names[res])
                error(arg.value, "default_factory= must be list, dict or set here")
                return None
            if arg.keyword is not None and arg.keyword.value == "default":
                return _default(resolver, info, arg.value, error)
        error(value, "field(...) takes default= or default_factory= here")
        return None
    try:
        folded = resolver.fold(module, value)
    except Unfoldable as exc:
        error(value, f"a field default must be a constant: {exc.reason}")
        return None
    if isinstance(folded, tuple):
        error(value, "tuple field defaults are not supported yet")
        return None
    return FieldDefault(value=ir.Const(module.loc(value), folded))


def _init_fields(info: ClassInfo, init: cst.FunctionDef, typed: TypedFn) -> set[str]:
    """The fields ``__init__`` assigns (``self.x = ...``, ``self.x: T = ...``), added to the
    class's; their names."""
    params = [*init.params.posonly_params, *init.params.params]
    assigned: set[str] = set()
    if not params:
        return assigned
    self_name = params[0].name.value
    module = info.module

    class Visitor(cst.CSTVisitor):
        def visit_FunctionDef(self, n: cst.FunctionDef) -> bool:
            return n is init

        def add(self, target: cst.BaseExpression, ann: cst.BaseExpression | None) -> None:
            if isinstance(target, cst.Attribute) and isinstance(target.value, cst.Name) and (
                    target.value.value == self_name):
                name = target.attr.value
                if name in info.properties:
                    return  # `self.x = v` calls the property's setter
                assigned.add(name)
                if name not in info.fields:
                    info.fields[name] = typed(ann) if ann is not None else None
                    info.field_locs[name] = module.loc(target)
                elif ann is not None and info.fields[name] is None:
                    info.fields[name] = typed(ann)

        def visit_AssignTarget(self, n: cst.AssignTarget) -> None:
            targets = [el.value for el in n.target.elements] if isinstance(
                n.target, cst.Tuple) else [n.target]
            for t in targets:
                self.add(t, None)

        def visit_AnnAssign(self, n: cst.AnnAssign) -> None:
            self.add(n.target, n.annotation.annotation)

        def visit_AugAssign(self, n: cst.AugAssign) -> None:
            self.add(n.target, None)

    init.visit(Visitor())
    return assigned
