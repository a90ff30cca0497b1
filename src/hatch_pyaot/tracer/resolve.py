"""Resolve names to what they mean in the traced program, folding module constants.

A name in a compiled function is a local, or it resolves here to: a traced Python function
(same module, a sibling module, any module whose source is in the project), a registry
operation (``math.sin``, ``builtins.abs``), a module, or a constant folded from the module's
source (``N = 64``, ``SCALE = 2 * math.pi``). Folding never runs user code: it evaluates
literals, operators and the pure math/builtin functions the registry knows.
"""

from __future__ import annotations

import builtins
import math
import operator
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import libcst as cst

from hatch_pyaot.ir.nodes import FuncRef
from hatch_pyaot.ops.registry import Registry
from hatch_pyaot.tracer.models import ModelHandle
from hatch_pyaot.tracer.models import handle as model_handle
from hatch_pyaot.tracer.project import ModuleSource, Project
from hatch_pyaot.tracer.symbols import (
    GlobalValue,
    ImportedName,
    LocalClass,
    LocalFunction,
    ModuleAlias,
    SymbolTable,
    build_symbols,
    dotted,
)
from hatch_pyaot.typing.cv2_constants import CONSTANTS as CV2_CONSTANTS

if TYPE_CHECKING:
    from hatch_pyaot.tracer.classes import ClassInfo
    from hatch_pyaot.tracer.enums import EnumInfo

ConstValue = int | float | complex | bool | str | bytes | None | tuple[object, ...]


@dataclass(frozen=True, slots=True)
class UserFunction:
    ref: FuncRef
    module: ModuleSource
    node: cst.FunctionDef


@dataclass(frozen=True, slots=True)
class UserClass:
    """A class of the traced program (tracer/classes.py)."""

    info: ClassInfo


@dataclass(frozen=True, slots=True)
class UserEnum:
    """An ``Enum``/``IntEnum`` class of the traced program (tracer/enums.py)."""

    info: EnumInfo


@dataclass(frozen=True, slots=True)
class EnumMember:
    """``Color.RED``: the member at ``index`` of its enum."""

    info: EnumInfo
    index: int


@dataclass(frozen=True, slots=True)
class OpName:
    qualname: str


@dataclass(frozen=True, slots=True)
class ModuleRef:
    qualname: str


@dataclass(frozen=True, slots=True)
class Constant:
    value: ConstValue


@dataclass(frozen=True, slots=True)
class Unresolved:
    reason: str


Resolution = (UserFunction | UserClass | UserEnum | EnumMember | OpName | ModuleRef | Constant
              | Unresolved | ModelHandle)

INT64_MIN, INT64_MAX = -(2**63), 2**63 - 1

_FOLD_BINOPS: dict[type[cst.BaseBinaryOp], Callable[[object, object], object]] = {
    cst.Add: operator.add,
    cst.Subtract: operator.sub,
    cst.Multiply: operator.mul,
    cst.Divide: operator.truediv,
    cst.FloorDivide: operator.floordiv,
    cst.Modulo: operator.mod,
    cst.Power: operator.pow,
    cst.LeftShift: operator.lshift,
    cst.RightShift: operator.rshift,
    cst.BitAnd: operator.and_,
    cst.BitOr: operator.or_,
    cst.BitXor: operator.xor,
}
_FOLD_UNARY: dict[type[cst.BaseUnaryOp], Callable[[Any], object]] = {
    cst.Minus: operator.neg,
    cst.Plus: operator.pos,
    cst.BitInvert: operator.invert,
    cst.Not: operator.not_,
}
_FOLDABLE_CALLS = (
    "math.",
    "builtins.abs",
    "builtins.min",
    "builtins.max",
    "builtins.round",
    "builtins.int",
    "builtins.float",
    "builtins.complex",
    "builtins.bool",
    "builtins.pow",
    "builtins.divmod",
)


class Unfoldable(Exception):
    def __init__(self, reason: str, node: cst.CSTNode | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.node = node


def check_constant(value: object) -> ConstValue:
    """A folded value the compiler can embed, or Unfoldable."""
    if isinstance(value, bool) or value is None or isinstance(value, float | complex | str | bytes):
        return value
    if isinstance(value, int):
        if not INT64_MIN <= value <= INT64_MAX:
            raise Unfoldable(f"the integer {value} does not fit in 64 bits")
        return value
    if isinstance(value, tuple):
        return tuple(check_constant(v) for v in value)
    raise Unfoldable(f"a value of type {type(value).__name__} cannot be a compiled constant")


@dataclass
class Resolver:
    project: Project
    registry: Registry
    tables: dict[str, SymbolTable] = field(default_factory=dict)
    folding: set[tuple[str, str]] = field(default_factory=set)
    classes: dict[str, ClassInfo] = field(default_factory=dict)
    """The classes read so far, by qualified name (tracer/classes.py)."""
    models: dict[ModelHandle, object] = field(default_factory=dict)
    """ONNX models loaded so far (tracer/models.py): a Model, or why it cannot be compiled."""
    enums: dict[str, EnumInfo] = field(default_factory=dict)
    """The enums read so far, by qualified name (tracer/enums.py)."""
    aliases: dict[tuple[str, str], Resolution] = field(default_factory=dict)
    """Names bound while one function is traced: a class method's ``cls``, the class it is
    traced for (tracer/class_methods.py)."""

    def symbols(self, module: ModuleSource) -> SymbolTable:
        if module.name not in self.tables:
            self.tables[module.name] = build_symbols(module)
        return self.tables[module.name]

    def name(self, module: ModuleSource, name: str) -> Resolution:
        if (module.name, name) in self.aliases:
            return self.aliases[(module.name, name)]
        sym = self.symbols(module).get(name)
        if isinstance(sym, LocalFunction):
            return UserFunction(FuncRef(module.name, name), module, sym.node)
        if isinstance(sym, GlobalValue):
            return self._global(module, name, sym)
        if isinstance(sym, LocalClass):
            from hatch_pyaot.tracer.classes import class_info
            from hatch_pyaot.tracer.enums import enum_info, enum_kind

            if (kind := enum_kind(self, module, sym.node)) is not None:
                return UserEnum(enum_info(self, module, sym.node, kind))

            return UserClass(class_info(self, module, sym.node))
        if isinstance(sym, ModuleAlias):
            return ModuleRef(sym.qualname)
        if isinstance(sym, ImportedName):
            return self.qualified(sym.qualname)
        if name in {"True", "False", "None"}:
            return Constant({"True": True, "False": False, "None": None}[name])
        if hasattr(builtins, name):
            return OpName(f"builtins.{name}")
        return Unresolved(f"name '{name}' is not defined")

    def qualified(self, qualname: str) -> Resolution:
        if qualname in CV2_CONSTANTS:
            return Constant(CV2_CONSTANTS[qualname])
        if qualname in self.registry.consts:
            return Constant(check_constant(self.registry.consts[qualname].value))
        if qualname in self.registry.ops:
            return OpName(qualname)
        if self.project.module(qualname) is not None:
            return ModuleRef(qualname)
        parent, _, attr = qualname.rpartition(".")
        parent_module = self.project.module(parent) if parent else None
        if parent_module is not None:
            return self.name(parent_module, attr)
        if parent and self._is_library(qualname):
            return ModuleRef(qualname)
        return OpName(qualname)

    def expr(self, module: ModuleSource, node: cst.BaseExpression) -> Resolution:
        """Resolve a Name or an Attribute chain (``np.linalg.norm``)."""
        if isinstance(node, cst.Name):
            return self.name(module, node.value)
        if isinstance(node, cst.Attribute):
            base = self.expr(module, node.value)
            if isinstance(base, ModuleRef):
                return self.qualified(f"{base.qualname}.{node.attr.value}")
            if isinstance(base, Unresolved):
                return base
            if isinstance(base, UserClass):
                return base.info.member(node.attr.value)
            if isinstance(base, UserEnum) and node.attr.value in base.info.names:
                return EnumMember(base.info, base.info.names.index(node.attr.value))
            if isinstance(base, UserEnum) and node.attr.value in base.info.aliases:
                return EnumMember(base.info, base.info.aliases[node.attr.value])
            if isinstance(base, UserEnum) and node.attr.value in base.info.class_level:
                from hatch_pyaot.tracer.enum_methods import method_ref

                owner = base.info.class_level[node.attr.value][1]
                return UserFunction(method_ref(base.info, node.attr.value), owner,
                                    base.info.methods[node.attr.value])
            if isinstance(base, UserEnum) and base.info.errors:
                first = base.info.errors[0]
                return Unresolved(f"enum '{base.info.name}' cannot be compiled: "
                                  f"{first.message} (at line {first.loc.line})")
            if isinstance(base, UserEnum):
                return Unresolved(f"type object '{base.info.name}' has no attribute "
                                  f"'{node.attr.value}'")
            return Unresolved(
                f"attribute '{node.attr.value}' of {dotted(node.value)} is not supported"
            )
        return Unresolved("not a name")

    @staticmethod
    def _is_library(qualname: str) -> bool:
        """Whether qualname is a module of the standard library or of an installed package
        (``numpy.linalg``). Looks at files only: ``find_spec`` of a dotted name would import
        the parent packages, and the compiler never runs library or user code."""
        import importlib.machinery
        import importlib.util

        top, *rest = qualname.split(".")
        try:
            spec = importlib.util.find_spec(top)
        except (ImportError, ValueError):
            return False
        locations = list(spec.submodule_search_locations or ()) if spec else []
        for part in rest:
            found = []
            for folder in map(Path, locations):
                if (folder / part / "__init__.py").is_file() or (folder / part).is_dir():
                    found.append(folder / part)
                elif any((folder / f"{part}{suffix}").is_file()
                         for suffix in importlib.machinery.all_suffixes()):
                    return part == rest[-1]
            if not found:
                return False
            locations = [str(f) for f in found]
        return spec is not None

    # ----- constants --------------------------------------------------------------------

    def _global(self, module: ModuleSource, name: str, sym: GlobalValue) -> Resolution:
        if sym.reassigned:
            return Unresolved(
                f"global '{name}' is assigned more than once, so it is not a constant"
            )
        if (model := model_handle(self, module, name, sym.node)) is not None:
            return model
        key = (module.name, name)
        if key in self.folding:
            return Unresolved(f"global '{name}' is defined in terms of itself")
        self.folding.add(key)
        try:
            return Constant(self.fold(module, sym.node))
        except Unfoldable as exc:
            return Unresolved(
                f"global '{name}' is not a constant the compiler can fold: {exc.reason}"
            )
        finally:
            self.folding.discard(key)

    def fold(self, module: ModuleSource, node: cst.BaseExpression) -> ConstValue:
        """Evaluate a constant expression from source, or raise Unfoldable."""
        if isinstance(node, cst.Integer | cst.Float | cst.Imaginary):
            return check_constant(node.evaluated_value)
        if isinstance(node, cst.SimpleString | cst.ConcatenatedString):
            value = node.evaluated_value
            if not isinstance(value, str | bytes):
                raise Unfoldable("cannot mix bytes and nonbytes literals", node)
            return value
        if isinstance(node, cst.Name | cst.Attribute):
            res = self.expr(module, node)
            if isinstance(res, Constant):
                return res.value
            if isinstance(res, Unresolved):
                raise Unfoldable(res.reason, node)
            raise Unfoldable(f"{dotted(node)} is not a constant", node)
        if isinstance(node, cst.Tuple):
            return tuple(
                self.fold(module, el.value) for el in node.elements if isinstance(el, cst.Element)
            )
        if isinstance(node, cst.UnaryOperation):
            return self._apply(
                _FOLD_UNARY[type(node.operator)], (self.fold(module, node.expression),), node
            )
        if isinstance(node, cst.BinaryOperation) and type(node.operator) in _FOLD_BINOPS:
            return self._apply(
                _FOLD_BINOPS[type(node.operator)],
                (self.fold(module, node.left), self.fold(module, node.right)),
                node,
            )
        if isinstance(node, cst.Call):
            res = self.expr(module, node.func)
            if isinstance(res, OpName) and res.qualname.startswith(_FOLDABLE_CALLS):
                if any(arg.keyword is not None or arg.star for arg in node.args):
                    raise Unfoldable("keyword arguments in constant calls", node)
                fn = _python_function(res.qualname)
                args = tuple(self.fold(module, arg.value) for arg in node.args)
                return self._apply(fn, args, node)
            raise Unfoldable(f"calls to {dotted(node.func)} are evaluated at import time", node)
        raise Unfoldable(f"{type(node).__name__} expressions are evaluated at import time", node)

    @staticmethod
    def _apply(
        fn: Callable[..., object], args: tuple[object, ...], node: cst.CSTNode
    ) -> ConstValue:
        try:
            return check_constant(fn(*args))
        except (ArithmeticError, ValueError, TypeError) as exc:
            raise Unfoldable(f"evaluating it raises {type(exc).__name__}: {exc}", node) from None


def _python_function(qualname: str) -> Callable[..., object]:
    module, _, name = qualname.rpartition(".")
    source = math if module == "math" else builtins
    fn = getattr(source, name, None)
    if not callable(fn):
        raise Unfoldable(f"{qualname} is not a function")
    return fn  # type: ignore[no-any-return]
