"""The types the compiler knows, and how they map to C++.

A type is a small frozen value: scalars are singletons, tuples carry their item types.
Numeric unification (bool < int < float) is the one implicit widening the compiler does:
a name or a result that holds an int on one path and a float on another becomes a float,
as in Numba. Everything else must agree exactly.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from hatch_pyaot.typing.dtypes import DType, PyKind


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


@dataclass(frozen=True, slots=True)
class DTypeScalar(Type):
    """A NumPy scalar (``numpy.float32``, ``numpy.int64``...): what reading one element of an
    array gives. Arithmetic follows NumPy (integers wrap around), not Python."""

    dtype: DType

    def cpp(self) -> str:
        return self.dtype.cpp

    def __str__(self) -> str:
        return f"numpy.{self.dtype.name}"


@dataclass(frozen=True, slots=True)
class ArrayType(Type):
    """``NDArray[numpy.<dtype>]`` of a rank known to the compiler: a view onto shared data
    (``pyaot::numpy::ndarray<T, N>``)."""

    dtype: DType
    ndim: int

    def cpp(self) -> str:
        return f"pyaot::numpy::ndarray<{self.dtype.cpp}, {self.ndim}>"

    def __str__(self) -> str:
        return f"NDArray[{self.dtype.name}, {self.ndim}d]"


@dataclass(frozen=True, slots=True)
class ListType(Type):
    """``list[T]``: a handle to a shared, reference-counted list (``pyaot::list<T>``).
    ``item`` is None for an empty literal whose items' type later uses tell
    (``out = []``, then ``out.append(x)``)."""

    item: Type | None

    def cpp(self) -> str:
        return f"pyaot::list<{self.item.cpp() if self.item is not None else 'pyaot::None'}>"

    def __str__(self) -> str:
        return f"list[{self.item if self.item is not None else '?'}]"


@dataclass(frozen=True, slots=True)
class OptionalType(Type):
    """``Optional[T]`` / ``T | None``: a T or None (``std::optional<T>``). Using it where a T is
    needed (``x + 1``, ``x[i]``, ``x.append``) checks for None first and raises CPython's
    TypeError, so no flow analysis is needed for Python's semantics."""

    item: Type

    def cpp(self) -> str:
        return f"std::optional<{self.item.cpp()}>"

    def __str__(self) -> str:
        return f"{self.item} | None"


def optional(t: Type) -> Type:
    """T | None (None | None is None; an Optional stays one)."""
    return t if t == NONE or isinstance(t, OptionalType) else OptionalType(t)


INT: Final = Scalar("int", "std::int64_t")
FLOAT: Final = Scalar("float", "double")
BOOL: Final = Scalar("bool", "bool")
NONE: Final = Scalar("None", "pyaot::None")
STR: Final = Scalar("str", "pyaot::str")
"""Python's str: an immutable, reference-counted string of code points (pyaot/builtins/str.hpp)."""
FUNCTION: Final = Scalar("function", "void")
"""A lambda (ir.Lambda): only the key= of a sort, inlined there."""
DTYPE: Final = Scalar("dtype", "void")
SLICE: Final = Scalar("slice", "pyaot::numpy::Slice")
"""``start:stop:step`` inside ``a[...]``."""
"""A dtype named in the source (ir.DTypeLit): only an argument of array creation."""

_NUMERIC_RANK: Final = {BOOL: 0, INT: 1, FLOAT: 2}
_KIND: Final[dict[Type, PyKind]] = {BOOL: "bool", INT: "int", FLOAT: "float"}


def unify(a: Type, b: Type) -> Type | None:
    """The common type of two values that flow into one name or result, or None.

    A Python number and a NumPy scalar give the NumPy scalar type the two would compute with
    (NEP 50: ``s = 0.0; s += x[i]`` makes ``s`` a ``numpy.float64``).
    """
    if a == b:
        return a
    if isinstance(b, OptionalType) or (b == NONE and a != NONE):
        a, b = b, a
    if isinstance(a, OptionalType) or a == NONE:
        inner_a = a.item if isinstance(a, OptionalType) else None
        inner_b = b.item if isinstance(b, OptionalType) else (None if b == NONE else b)
        if inner_a is None or inner_b is None:
            inner = inner_a or inner_b
            return optional(inner) if inner is not None else NONE
        merged = unify(inner_a, inner_b)
        return optional(merged) if merged is not None else None
    if a in _NUMERIC_RANK and b in _NUMERIC_RANK:
        return a if _NUMERIC_RANK[a] > _NUMERIC_RANK[b] else b
    if isinstance(b, DTypeScalar) and a in _NUMERIC_RANK:
        a, b = b, a
    if isinstance(a, DTypeScalar) and b in _NUMERIC_RANK:
        from hatch_pyaot.typing.dtypes import promote_weak

        return DTypeScalar(promote_weak(a.dtype, _KIND[b]))
    if isinstance(a, DTypeScalar) and isinstance(b, DTypeScalar):
        from hatch_pyaot.typing.dtypes import promote

        return DTypeScalar(promote(a.dtype, b.dtype))
    if isinstance(a, ListType) and isinstance(b, ListType):
        # Lists are invariant (an alias sees every item): only an empty literal's unknown
        # item type is filled in.
        if a.item is None or b.item is None:
            return a if b.item is None else b
        if isinstance(a.item, ListType) and isinstance(b.item, ListType):
            inner = unify(a.item, b.item)
            return ListType(inner) if inner is not None else None
        return None
    if isinstance(a, TupleType) and isinstance(b, TupleType) and len(a.items) == len(b.items):
        items = [unify(x, y) for x, y in zip(a.items, b.items, strict=True)]
        if all(i is not None for i in items):
            return TupleType(tuple(i for i in items if i is not None))
    return None


def coercible(src: Type, dst: Type) -> bool:
    """Whether a value of type src may be passed where dst is expected (PEP 484 rules; a
    NumPy scalar converts as ``float()`` and, when integral, ``operator.index()`` take it)."""
    if isinstance(src, DTypeScalar):
        return src == dst or dst == FLOAT or (dst == INT and src.dtype.kind in "biu")
    if isinstance(src, ArrayType) and isinstance(dst, ArrayType):
        return src.dtype == dst.dtype and dst.ndim in (src.ndim, -1)
    if isinstance(src, TupleType) and isinstance(dst, TupleType):
        # items that are kept as they are (typing/arrays.refine_result): no conversion code
        return len(src.items) == len(dst.items) and all(
            s == d or (isinstance(s, ArrayType | DTypeScalar | TupleType) and coercible(s, d))
            for s, d in zip(src.items, dst.items, strict=True))
    if isinstance(dst, OptionalType):
        return src == NONE or coercible(src.item if isinstance(src, OptionalType) else src,
                                        dst.item)
    if isinstance(src, ListType) and isinstance(dst, ListType):
        return src.item is None or src == dst or (
            isinstance(src.item, ListType) and isinstance(dst.item, ListType)
            and src.item.item is None)
    return src == dst or (src in _NUMERIC_RANK and dst in _NUMERIC_RANK
                          and _NUMERIC_RANK[src] <= _NUMERIC_RANK[dst])
