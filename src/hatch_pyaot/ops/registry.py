"""The operator registry: every Python operation the compiler can emit, declared once.

A declaration names the Python operation by its qualified name (``math.sin``,
``builtins.abs``, ``operator.add``), its parameters and result type, and the C++ function
that implements it. Overloads are several declarations with the same name. The header that
holds the C++ function follows from the name: ``math.sin`` lives in ``pyaot/math/sin.hpp``
(``tests/test_ops_headers.py`` checks that every declared op has its header and that each
header compiles on its own).

C++ calling convention (docs/internals.md):
- an op that cannot fail returns its result: ``double pyaot::math::fabs(double x)``;
- an op that can raise (``fallible=True``) returns ``bool`` and writes its result through a
  first reference parameter: ``bool pyaot::math::sqrt(double& out, double x)``; on failure it
  has set the thread's error state (``pyaot::raise``) and returns false.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from hatch_pyaot.ir.types import BOOL, COMPLEX, FLOAT, INT, Type, coercible

_NO_DEFAULT = object()


@dataclass(frozen=True, slots=True)
class Param:
    name: str
    type: Type
    default: object = _NO_DEFAULT
    """A Python constant, folded into the call when the argument is omitted."""

    @property
    def has_default(self) -> bool:
        return self.default is not _NO_DEFAULT


@dataclass(frozen=True, slots=True)
class Op:
    name: str
    params: tuple[Param, ...]
    result: Type
    cpp: str
    fallible: bool = False
    variadic: bool = False
    """The last parameter repeats (``*args``); the C++ function is a variadic template."""
    min_args: int = 0
    """With ``variadic``: the fewest arguments the call may have."""
    doc: str = ""
    include: str = ""
    """The header, when it does not follow from the name (NumPy scalar operations)."""

    @property
    def module(self) -> str:
        return self.name.rpartition(".")[0]

    @property
    def header(self) -> str:
        if self.include:
            return self.include
        module, _, func = self.name.rpartition(".")
        return f"pyaot/{module.replace('.', '/')}/{func.rstrip('_')}.hpp"

    def signature(self) -> str:
        params = ", ".join(
            f"{'*' if self.variadic and i == len(self.params) - 1 else ''}{p.name}: {p.type}"
            + (f" = {p.default!r}" if p.has_default else "")
            for i, p in enumerate(self.params)
        )
        return f"{self.name}({params}) -> {self.result}"


@dataclass(frozen=True, slots=True)
class Const:
    """A module constant such as ``math.pi``: folded into the code as a literal."""

    name: str
    type: Type
    value: object


def op(
    name: str,
    params: Sequence[tuple[str, Type] | tuple[str, Type, object]],
    result: Type,
    cpp: str | None = None,
    *,
    fallible: bool = False,
    variadic: bool = False,
    min_args: int = 0,
    doc: str = "",
    include: str = "",
) -> Op:
    """Declare one overload. ``cpp`` defaults to ``pyaot::<module>::<function>``; ``include``
    names its header where the name does not (``header``)."""
    module, _, func = name.rpartition(".")
    cpp_name = cpp or f"pyaot::{_CPP_NAMESPACE.get(module, module)}::{func}"
    return Op(
        name=name,
        params=tuple(Param(*p) for p in params),
        result=result,
        cpp=cpp_name,
        fallible=fallible,
        variadic=variadic,
        min_args=min_args,
        doc=doc,
        include=include,
    )


_CPP_NAMESPACE = {"operator": "op"}


@dataclass(frozen=True, slots=True)
class Resolved:
    """An overload chosen for a call, with its arguments in parameter order."""

    op: Op
    args: tuple[int | object, ...]
    """Per parameter: the index of the call argument, or a default constant (``Default``)."""


@dataclass(frozen=True, slots=True)
class Default:
    value: object


@dataclass
class Registry:
    ops: dict[str, list[Op]] = field(default_factory=dict)
    consts: dict[str, Const] = field(default_factory=dict)

    def add(self, items: Iterable[Op | Const]) -> None:
        for item in items:
            if isinstance(item, Const):
                self.consts[item.name] = item
            else:
                self.ops.setdefault(item.name, []).append(item)

    def has(self, name: str) -> bool:
        return name in self.ops or name in self.consts

    def resolve(
        self, name: str, arg_types: Sequence[Type], kwargs: Sequence[tuple[str, Type]] = ()
    ) -> Resolved | None:
        """Pick the overload that takes these arguments with the fewest widenings."""
        best: tuple[int, Resolved] | None = None
        for candidate in self.ops.get(name, ()):
            bound = _bind(candidate, arg_types, kwargs)
            if bound is None:
                continue
            cost, resolved = bound
            if best is None or cost < best[0]:
                best = (cost, resolved)
        return best[1] if best else None


_RANK: dict[Type, int] = {BOOL: 0, INT: 1, FLOAT: 2, COMPLEX: 3}


def _cost(src: Type, dst: Type) -> int | None:
    if src == dst:
        return 0
    if coercible(src, dst):
        # A NumPy scalar passed to a Python-number operation converts like float()/index().
        return _RANK[dst] - _RANK[src] if src in _RANK else 3
    return None


def _bind(
    candidate: Op, arg_types: Sequence[Type], kwargs: Sequence[tuple[str, Type]]
) -> tuple[int, Resolved] | None:
    params = candidate.params
    if candidate.variadic:
        if kwargs or len(arg_types) < max(candidate.min_args, len(params) - 1):
            return None
        fixed = len(params) - 1
        slots: list[int | object] = list(range(len(arg_types)))
        wanted = [p.type for p in params[:fixed]] + [params[-1].type] * (len(arg_types) - fixed)
        total = 0
        for src, dst in zip(arg_types, wanted, strict=True):
            c = _cost(src, dst)
            if c is None:
                return None
            total += c
        return total, Resolved(candidate, tuple(slots))
    if len(arg_types) > len(params):
        return None
    chosen: list[int | object | None] = [None] * len(params)
    types: list[Type | None] = [None] * len(params)
    for i, t in enumerate(arg_types):
        chosen[i], types[i] = i, t
    names = [p.name for p in params]
    for k, (kname, ktype) in enumerate(kwargs):
        if kname not in names:
            return None
        j = names.index(kname)
        if chosen[j] is not None:
            return None
        chosen[j], types[j] = len(arg_types) + k, ktype
    total = 0
    for j, p in enumerate(params):
        given = types[j]
        if given is None:
            if not p.has_default:
                return None
            chosen[j] = Default(p.default)
            continue
        c = _cost(given, p.type)
        if c is None:
            return None
        total += c
    return total, Resolved(candidate, tuple(c for c in chosen if c is not None))
