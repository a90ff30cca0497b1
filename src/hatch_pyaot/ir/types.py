"""The types the compiler knows, and how they map to C++.

A type is a small frozen value: scalars are singletons, tuples carry their item types.
Numeric unification (bool < int < float) is the one implicit widening the compiler does:
a name or a result that holds an int on one path and a float on another becomes a float,
as in Numba. Everything else must agree exactly.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final


@dataclass(frozen=True, slots=True)
class Type:
    """Base of all types; subclasses are final value objects."""

    def cpp(self) -> str:
        raise NotImplementedError

    def __str__(self) -> str:
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class Scalar(Type):
    name: str
    cpp_name: str

    def cpp(self) -> str:
        return self.cpp_name

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True, slots=True)
class TupleType(Type):
    items: tuple[Type, ...]

    def cpp(self) -> str:
        return "std::tuple<" + ", ".join(t.cpp() for t in self.items) + ">"

    def __str__(self) -> str:
        return "tuple[" + ", ".join(str(t) for t in self.items) + "]"


INT: Final = Scalar("int", "std::int64_t")
FLOAT: Final = Scalar("float", "double")
BOOL: Final = Scalar("bool", "bool")
NONE: Final = Scalar("None", "pyaot::None")
STR: Final = Scalar("str", "std::string_view")
"""Only string literals (exception messages) have this type for now."""

_NUMERIC_RANK: Final = {BOOL: 0, INT: 1, FLOAT: 2}


def unify(a: Type, b: Type) -> Type | None:
    """The common type of two values that flow into one name or result, or None."""
    if a == b:
        return a
    if a in _NUMERIC_RANK and b in _NUMERIC_RANK:
        return a if _NUMERIC_RANK[a] > _NUMERIC_RANK[b] else b
    if isinstance(a, TupleType) and isinstance(b, TupleType) and len(a.items) == len(b.items):
        items = [unify(x, y) for x, y in zip(a.items, b.items, strict=True)]
        if all(i is not None for i in items):
            return TupleType(tuple(i for i in items if i is not None))
    return None


def coercible(src: Type, dst: Type) -> bool:
    """Whether a value of type src may be passed where dst is expected (PEP 484 rules)."""
    return src == dst or (src in _NUMERIC_RANK and dst in _NUMERIC_RANK
                          and _NUMERIC_RANK[src] <= _NUMERIC_RANK[dst])
