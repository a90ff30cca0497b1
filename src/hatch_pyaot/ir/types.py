"""The types the compiler knows, and how they map to C++.

A type is a small frozen value: scalars are singletons, tuples carry their item types.
Numeric unification (bool < int < float) is the one implicit widening the compiler does:
a name or a result that holds an int on one path and a float on another becomes a float,
as in Numba. Everything else must agree exactly.
"""

from __future__ import annotations

from dataclasses import dataclass, field
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
class DequeType(ListType):
    """``collections.deque``: a list (the same ``pyaot::list<T>``; every list operation that
    a deque has works on it) with the ends' operations of typing/deques.py and a ``maxlen``
    known where it is made (None: unbounded)."""

    maxlen: int | None = None

    def __str__(self) -> str:
        return f"deque[{self.item if self.item is not None else '?'}]"


@dataclass(frozen=True, slots=True)
class VarTupleType(ListType):
    """``tuple[T, ...]``: a tuple whose length is known only at run time, held as an
    immutable list (``pyaot::tuple_of<T>``, pyaot/builtins/tuple_of.hpp, a ``pyaot::list<T>``
    that no compiled code changes). What reads a list reads it (typing/lists.py); what would
    change one, and what Python words differently for a tuple, typing/var_tuples.py
    decides."""

    def cpp(self) -> str:
        return f"pyaot::tuple_of<{self.item.cpp() if self.item is not None else 'pyaot::None'}>"

    def __str__(self) -> str:
        return f"tuple[{self.item if self.item is not None else '?'}, ...]"


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


@dataclass(frozen=True, slots=True)
class GeneratorType(Type):
    """A generator of T items (``Iterator[T]``, ``Generator[T, S, None]``): a handle to a
    shared, resumable coroutine (``pyaot::generator<T, S>``, pyaot/builtins/generator.hpp).
    ``item`` is None while the yields' types are not known yet; ``sent`` is what ``send()``
    takes and a ``yield`` gives back (None: the send type None); ``manager``: made by a
    ``@contextlib.contextmanager`` function, so ``with`` takes it (typing/generator_methods.py)."""

    item: Type | None
    sent: Type | None = None
    manager: bool = False

    def cpp(self) -> str:
        item = self.item.cpp() if self.item is not None else 'pyaot::None'
        if self.sent is None or self.sent.cpp() == "pyaot::None":
            return f"pyaot::generator<{item}>"
        return f"pyaot::generator<{item}, {self.sent.cpp()}>"

    def __str__(self) -> str:
        item = self.item if self.item is not None else '?'
        if self.manager:
            return f"contextmanager[{item}]"
        if self.sent is not None and str(self.sent) != "None":
            return f"Generator[{item}, {self.sent}, None]"
        return f"Iterator[{item}]"


@dataclass(frozen=True, slots=True)
class UnionType(Type):
    """``A | B`` (2 to 4 distinct member types, none of them None: ``A | B | None`` is an
    Optional of the union): a tagged value that holds one member (``pyaot::union_<A, B>``,
    pyaot/builtins/union.hpp). Members are kept in a canonical order (by name), so that
    ``int | str`` and ``str | int`` are one type; CPython keeps an int an int inside
    ``int | float``, and so does the union (no numeric widening between members).
    Operations valid on every member work on the union; any other needs the value narrowed
    first (typing/unions.py)."""

    members: tuple[Type, ...]

    def cpp(self) -> str:
        return "pyaot::union_<" + ", ".join(m.cpp() for m in self.members) + ">"

    def __str__(self) -> str:
        return " | ".join(str(m) for m in self.members)

    def tag_of(self, t: Type) -> int | None:
        """The member a value of type t is stored as (its exact type), or None."""
        return self.members.index(t) if t in self.members else None


MAX_UNION_MEMBERS: Final = 4


def holds_union(t: Type | None) -> bool:
    """Whether t is a union, or an Optional one."""
    return isinstance(t, UnionType) or (isinstance(t, OptionalType)
                                        and isinstance(t.item, UnionType))


def union_of(types: list[Type]) -> Type | None:
    """The union of these types (flattened, deduplicated, None making it Optional), or None
    when it has more than MAX_UNION_MEMBERS members or one with an unknown item type."""
    members: list[Type] = []
    has_none = False
    for t in types:
        if isinstance(t, OptionalType):
            has_none, t = True, t.item
        if t == NONE:
            has_none = True
            continue
        for m in t.members if isinstance(t, UnionType) else (t,):
            if m not in members:
                members.append(m)
    if len(members) > MAX_UNION_MEMBERS:
        return None
    if not members:
        return NONE
    one = members[0] if len(members) == 1 else UnionType(tuple(sorted(members, key=str)))
    return optional(one) if has_none else one


def optional(t: Type) -> Type:
    """T | None (None | None is None; an Optional stays one)."""
    return t if t == NONE or isinstance(t, OptionalType) else OptionalType(t)


@dataclass(frozen=True, slots=True)
class DictType(Type):
    """``dict[K, V]``: a handle to a shared, reference-counted, insertion-ordered hash table
    (``pyaot::dict<K, V>``). ``key`` and ``value`` are None for ``{}`` until later uses tell
    them (``d = {}``, then ``d[k] = v``)."""

    key: Type | None
    value: Type | None
    factory: str | None = None
    """``collections.defaultdict(factory)`` (``int``, ``list``...), or ``Counter``: the same
    table, another Python class (typing/default_dicts.py)."""

    def cpp(self) -> str:
        return f"pyaot::dict<{_cpp_or_none(self.key)}, {_cpp_or_none(self.value)}>"

    def __str__(self) -> str:
        if self.factory == "Counter":
            return f"Counter[{_str_or_unknown(self.key)}]"
        kind = "dict" if self.factory is None else "defaultdict"
        return f"{kind}[{_str_or_unknown(self.key)}, {_str_or_unknown(self.value)}]"


@dataclass(frozen=True, slots=True)
class SetType(Type):
    """``set[T]``: a handle to a shared, reference-counted hash set (``pyaot::set<T>``) whose
    iteration order is CPython's (its table and probing are ported). ``item`` is None for
    ``set()`` until later uses tell it. ``frozen``: ``frozenset[T]`` (``pyaot::frozenset<T>``,
    the same table never changed after it is made, and hashable)."""

    item: Type | None
    frozen: bool = False

    def cpp(self) -> str:
        return f"pyaot::{self.kind}<{_cpp_or_none(self.item)}>"

    def __str__(self) -> str:
        return f"{self.kind}[{_str_or_unknown(self.item)}]"

    @property
    def kind(self) -> str:
        """The Python type's name: ``set`` or ``frozenset``."""
        return "frozenset" if self.frozen else "set"


@dataclass(frozen=True, slots=True)
class DictView(Type):
    """``d.keys()``, ``d.values()`` or ``d.items()`` (``kind``): only iterated (``for``,
    ``list``, ``sorted``, ``sum``...), never stored; codegen walks the dict itself."""

    dict: DictType
    kind: str

    def cpp(self) -> str:
        return self.dict.cpp()

    def __str__(self) -> str:
        return f"dict_{self.kind}"

    def item(self) -> Type | None:
        """The type of what iterating the view gives (None while the dict's is unknown)."""
        if self.kind == "keys":
            return self.dict.key
        if self.kind == "values":
            return self.dict.value
        if self.dict.key is None or self.dict.value is None:
            return None
        return TupleType((self.dict.key, self.dict.value))


@dataclass(frozen=True, slots=True)
class ClassType(Type):
    """An instance of a class defined in the traced program: a handle to a reference-counted
    native object (``pyaot::ref<pyaot_gen::C_<name>>``, pyaot/builtins/object.hpp). ``ancestors``
    are the qualified names of its base classes, nearest first (single inheritance);
    ``info`` is the class itself (tracer/classes.py), left out of equality."""

    qualname: str
    ancestors: tuple[str, ...] = ()
    info: object = field(default=None, compare=False, hash=False, repr=False)

    def cpp(self) -> str:
        return f"pyaot::ref<pyaot_gen::{class_struct(self.qualname)}>"

    def __str__(self) -> str:
        return self.qualname.rpartition(".")[2]


@dataclass(frozen=True, slots=True)
class ClosureType(Type):
    """A function value of the program (a nested ``def``, a ``lambda``, a module-level
    function named as a value): which function it is, and the environment it carries, one
    item per captured variable (its value, or a ``CellType`` where it is shared) and per
    default evaluated where the function was made. A ``std::tuple`` of the items: the call
    is a direct call of the function's specialization (tracer/closures.py)."""

    ref: object
    """The ``ir.FuncRef`` of the function (untyped here: ir.nodes imports this module)."""
    items: tuple[Type, ...] = ()

    def cpp(self) -> str:
        return f"std::tuple<{', '.join(t.cpp() for t in self.items)}>"

    def __str__(self) -> str:
        name = str(getattr(self.ref, "name", self.ref))
        return f"function {name.replace('.<locals>.', '.')}"


@dataclass(frozen=True, slots=True)
class FunctionUnion(Type):
    """A value that is one of several functions (``[f, g]``, ``{"a": f, "b": g}``, ``f if c
    else g``): a ``std::variant`` of their environments, and a call dispatches on which it
    holds to that function's specialization at the call's argument types (the set of
    functions is known, so nothing is erased: typing/closures.py)."""

    options: tuple[ClosureType, ...]

    def cpp(self) -> str:
        return f"std::variant<{', '.join(t.cpp() for t in self.options)}>"

    def __str__(self) -> str:
        return "function (" + " or ".join(str(o).removeprefix("function ")
                                          for o in self.options) + ")"


def function_union(a: ClosureType | FunctionUnion, b: ClosureType | FunctionUnion,
                   ) -> Type | None:
    """The value that is either function: one option per function, in a stable order."""
    by_ref: dict[str, ClosureType] = {}
    for t in (*(a.options if isinstance(a, FunctionUnion) else (a,)),
              *(b.options if isinstance(b, FunctionUnion) else (b,))):
        key = repr(t.ref)  # a partial has no name of its own
        if key in by_ref:
            merged = _same_function(by_ref[key], t)
            if merged is None:
                return None
            t = merged
        by_ref[key] = t
    options = tuple(by_ref[k] for k in sorted(by_ref))
    return options[0] if len(options) == 1 else FunctionUnion(options)


def _same_function(a: ClosureType, b: ClosureType) -> ClosureType | None:
    """One function's values whose environments' types widen as inference goes on."""
    if len(a.items) != len(b.items):
        return None
    env = [unify(x, y) for x, y in zip(a.items, b.items, strict=True)]
    if any(i is None for i in env):
        return None
    return ClosureType(a.ref, tuple(i for i in env if i is not None))


@dataclass(frozen=True, slots=True)
class CellType(Type):
    """A variable that a closure shares with the function that defines it (rebound after
    the closure is made, or written through ``nonlocal``): a reference-counted box
    (pyaot/builtins/cell.hpp), so that both see every assignment (Python's late binding)."""

    item: Type

    def cpp(self) -> str:
        return f"pyaot::cell<{self.item.cpp()}>"

    def __str__(self) -> str:
        return f"cell[{self.item}]"


@dataclass(frozen=True, slots=True)
class CallableType(Type):
    """A ``Callable[[A, B], R]`` annotation: any function value fits it (each call site
    specializes the helper for the function given)."""

    params: tuple[Type, ...] | None
    result: Type | None

    def cpp(self) -> str:
        return "void"

    def __str__(self) -> str:
        params = "..." if self.params is None else "[" + ", ".join(map(str, self.params)) + "]"
        return f"Callable[{params}, {_str_or_unknown(self.result)}]"


@dataclass(frozen=True, slots=True)
class EnumType(Type):
    """A member of an ``Enum``/``IntEnum`` of the traced program (tracer/enums.py):
    ``pyaot::enum_member<pyaot_gen::E_<name>>`` (pyaot/enum.hpp), its value or position.
    ``info`` is the enum itself, left out of equality."""

    qualname: str
    info: object = field(default=None, compare=False, hash=False, repr=False)

    def cpp(self) -> str:
        return f"pyaot::enum_member<pyaot_gen::{enum_struct(self.qualname)}>"

    def __str__(self) -> str:
        return self.qualname.rpartition(".")[2]


@dataclass(frozen=True, slots=True)
class ExceptionType(Type):
    """A caught built-in exception (``except ValueError as e``): its kind and message,
    ``pyaot::exception_value`` (pyaot/exception_value.hpp). ``name`` is the class the
    handler names (the nearest common one of a tuple's): what ``e`` is known to be."""

    name: str

    def cpp(self) -> str:
        return "pyaot::exception_value"

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True, slots=True)
class ExceptionClassType(Type):
    """The class of a caught exception (``__exit__``'s first argument in a ``with``): held as
    the exception itself (``pyaot::exception_value``), whose kind and payload name it.
    ``name`` is the class it is known to derive from."""

    name: str

    def cpp(self) -> str:
        return "pyaot::exception_value"

    def __str__(self) -> str:
        return f"type[{self.name}]"


def enum_struct(qualname: str) -> str:
    """The C++ tag struct of an enum: ``E_<module>_<name>``."""
    return "E_" + qualname.replace(".", "_")


def class_struct(qualname: str) -> str:
    """The C++ struct of a class: ``C_<module>_<name>``."""
    return "C_" + qualname.replace(".", "_")


def common_class(a: ClassType, b: ClassType) -> ClassType | None:
    """The nearest class both are instances of (a value that is an A on one path and a B on
    another), or None."""
    for candidate in (a, b):
        other = b if candidate is a else a
        if candidate.qualname == other.qualname or candidate.qualname in other.ancestors:
            return candidate
    base = getattr(a.info, "base", None)  # siblings: their nearest common base
    while base is not None:
        if base.qualname in b.ancestors:
            t = base.type
            return t if isinstance(t, ClassType) else None
        base = base.base
    return None


def _cpp_or_none(t: Type | None) -> str:
    return t.cpp() if t is not None else "pyaot::None"


def _str_or_unknown(t: Type | None) -> str:
    return str(t) if t is not None else "?"


def fill(a: Type | None, b: Type | None) -> tuple[bool, Type | None]:
    """Unify two item types of which either may still be unknown (None): (ok, merged)."""
    if a is None or b is None:
        return True, a if b is None else b
    if a == b:
        return True, a
    if isinstance(a, ListType | DictType | SetType):
        merged = unify(a, b)
        return merged is not None, merged
    return False, None


INT: Final = Scalar("int", "std::int64_t")
FLOAT: Final = Scalar("float", "double")
BOOL: Final = Scalar("bool", "bool")
NONE: Final = Scalar("None", "pyaot::None")
STR: Final = Scalar("str", "pyaot::str")
"""Python's str: an immutable, reference-counted string of code points (pyaot/builtins/str.hpp)."""
BYTES: Final = Scalar("bytes", "pyaot::bytes")
"""Python's bytes: an immutable, reference-counted string of bytes (pyaot/builtins/bytes.hpp)."""
COMPLEX: Final = Scalar("complex", "pyaot::complex")
"""Python's complex: two doubles (pyaot/builtins/complex.hpp); an int or a float widens to it."""
FUNCTION: Final = Scalar("function", "void")
"""A lambda (ir.Lambda): only the key= of a sort, inlined there."""
DTYPE: Final = Scalar("dtype", "void")
SLICE: Final = Scalar("slice", "pyaot::numpy::Slice")
"""``start:stop:step`` inside ``a[...]``."""
"""A dtype named in the source (ir.DTypeLit): only an argument of array creation."""

_NUMERIC_RANK: Final = {BOOL: 0, INT: 1, FLOAT: 2, COMPLEX: 3}
_KIND: Final[dict[Type, PyKind]] = {BOOL: "bool", INT: "int", FLOAT: "float",
                                     COMPLEX: "complex"}


def unify(a: Type, b: Type) -> Type | None:
    """The common type of two values that flow into one name or result, or None.

    A Python number and a NumPy scalar give the NumPy scalar type the two would compute with
    (NEP 50: ``s = 0.0; s += x[i]`` makes ``s`` a ``numpy.float64``).
    """
    if a == b:
        return a
    if isinstance(a, UnionType) or isinstance(b, UnionType) or (
            isinstance(a, OptionalType) and isinstance(a.item, UnionType)) or (
            isinstance(b, OptionalType) and isinstance(b.item, UnionType)):
        return _unify_unions(a, b)
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
    if isinstance(a, DTypeScalar) and b in _KIND:
        from hatch_pyaot.typing.dtypes import promote_weak

        return DTypeScalar(promote_weak(a.dtype, _KIND[b]))
    if isinstance(a, DTypeScalar) and isinstance(b, DTypeScalar):
        from hatch_pyaot.typing.dtypes import promote

        return DTypeScalar(promote(a.dtype, b.dtype))
    if isinstance(a, VarTupleType) or isinstance(b, VarTupleType):
        return _unify_var_tuples(a, b)
    if isinstance(a, DequeType) or isinstance(b, DequeType):
        return _unify_deques(a, b)
    if isinstance(a, ListType) and isinstance(b, ListType):
        # Lists are invariant (an alias sees every item): only an empty literal's unknown
        # item type is filled in.
        if a.item is None or b.item is None:
            return a if b.item is None else b
        if isinstance(a.item, ListType) and isinstance(b.item, ListType):
            inner = unify(a.item, b.item)
            return ListType(inner) if inner is not None else None
        return None
    if isinstance(a, DictType) and isinstance(b, DictType):
        (k_ok, key), (v_ok, value) = fill(a.key, b.key), fill(a.value, b.value)
        if a.factory and b.factory and a.factory != b.factory:
            return None
        return DictType(key, value, a.factory or b.factory) if k_ok and v_ok else None
    if isinstance(a, SetType) and isinstance(b, SetType) and a.frozen == b.frozen:
        ok, item = fill(a.item, b.item)
        return SetType(item, a.frozen) if ok else None
    if isinstance(a, ClassType) and isinstance(b, ClassType):
        return common_class(a, b)
    if isinstance(a, TupleType) and isinstance(b, TupleType) and len(a.items) == len(b.items):
        items = [unify(x, y) for x, y in zip(a.items, b.items, strict=True)]
        if all(i is not None for i in items):
            return TupleType(tuple(i for i in items if i is not None))
    if isinstance(a, TupleType) and isinstance(b, TupleType) and len(a.items) != len(b.items):
        # t = (), then t = t + (x,): a tuple of any length, of the items' one type
        first = _unify_var_tuples(VarTupleType(None), a)
        return _unify_var_tuples(first, b) if first is not None else None
    if isinstance(a, ClosureType | FunctionUnion) and isinstance(b, ClosureType | FunctionUnion):
        return function_union(a, b)
    if isinstance(a, CellType) and isinstance(b, CellType):
        inner = unify(a.item, b.item)
        return CellType(inner) if inner is not None else None
    return None


def coercible(src: Type, dst: Type) -> bool:
    """Whether a value of type src may be passed where dst is expected (PEP 484 rules; a
    NumPy scalar converts as ``float()`` and, when integral, ``operator.index()`` take it)."""
    if isinstance(src, DTypeScalar):
        if src.dtype.kind == "c":  # numpy.complex128 is a Python complex
            return src == dst or dst == COMPLEX
        return src == dst or dst in (FLOAT, COMPLEX) or (dst == INT and src.dtype.kind in "biu")
    if isinstance(src, ArrayType) and isinstance(dst, ArrayType):
        return src.dtype == dst.dtype and dst.ndim in (src.ndim, -1)
    if isinstance(src, TupleType) and isinstance(dst, TupleType):
        # items that are kept as they are (typing/arrays.refine_result): no conversion code
        return len(src.items) == len(dst.items) and all(
            s == d or (isinstance(s, ArrayType | DTypeScalar | TupleType | ClassType)
                       and coercible(s, d))
            or (isinstance(s, DictType) and s.factory is not None and coercible(s, d))
            for s, d in zip(src.items, dst.items, strict=True))
    if isinstance(dst, UnionType) or isinstance(src, UnionType):
        return _fits_union(src, dst)
    if isinstance(dst, OptionalType):
        return src == NONE or coercible(src.item if isinstance(src, OptionalType) else src,
                                        dst.item)
    if isinstance(dst, VarTupleType) and isinstance(src, TupleType):
        return fixed_fits(src, dst)
    if isinstance(src, VarTupleType) or isinstance(dst, VarTupleType):
        return isinstance(src, VarTupleType) and isinstance(dst, VarTupleType) and (
            src.item is None or src == dst)
    if isinstance(src, ListType) and isinstance(dst, ListType):
        return src.item is None or src == dst or (
            isinstance(src.item, ListType) and isinstance(dst.item, ListType)
            and src.item.item is None) or (  # list[NDArray[dtype]]: items of any one rank
            isinstance(src.item, ArrayType) and isinstance(dst.item, ArrayType)
            and dst.item.ndim < 0 and coercible(src.item, dst.item))
    if isinstance(src, DictType) and isinstance(dst, DictType) and src.factory and \
            dst.factory is None:  # a defaultdict or Counter is a dict
        src = DictType(src.key, src.value)
    if isinstance(src, DictType | SetType) and isinstance(dst, DictType | SetType):
        return type(src) is type(dst) and unify(src, dst) == dst
    if isinstance(src, ClassType) and isinstance(dst, ClassType):
        return src == dst or dst.qualname in src.ancestors
    if isinstance(src, ClosureType | FunctionUnion) and isinstance(dst, FunctionUnion):
        return function_union(src, dst) == dst
    if isinstance(src, ClosureType | FunctionUnion) and isinstance(dst, CallableType):
        return True  # a function returned as `-> Callable[...]`: refine_result keeps it
    return src == dst or (src in _NUMERIC_RANK and dst in _NUMERIC_RANK
                          and _NUMERIC_RANK[src] <= _NUMERIC_RANK[dst])


def _unify_unions(a: Type, b: Type) -> Type | None:
    """A union and a value that is one of its members (or None), or two unions, one within
    the other: the wider. Anything else needs an annotation (a new member is not added by
    inference: a name that holds an int and a str must be annotated ``int | str``)."""
    if _fits_union(a, b):
        return b
    if _fits_union(b, a):
        return a
    if NONE in (a, b) or isinstance(a, OptionalType) or isinstance(b, OptionalType):
        merged = union_of([a, b])
        return merged if isinstance(merged, OptionalType) and merged.item in (
            _strip(a), _strip(b)) else None
    return None


def _strip(t: Type) -> Type:
    return t.item if isinstance(t, OptionalType) else t


def member_for(src: Type, dst: UnionType) -> Type | None:
    """The member of ``dst`` that a value of type ``src`` (not a union) is stored as: its
    own type, or the one container type it fills (``[]`` as ``list[int]``)."""
    if src in dst.members:
        return src
    fits = [m for m in dst.members if isinstance(src, ListType | DictType | SetType | TupleType)
            and coercible(src, m)]
    return fits[0] if len(fits) == 1 else None


def _fits_union(src: Type, dst: Type) -> bool:
    """Whether a src value may be stored where dst is expected, one of them a union."""
    if isinstance(dst, OptionalType):
        if src == NONE:
            return True
        return _fits_union(_strip(src), dst.item) if isinstance(dst.item, UnionType) else (
            not isinstance(src, OptionalType) and not isinstance(src, UnionType)
            and coercible(src, dst.item))
    if not isinstance(dst, UnionType):
        return False  # a union (or an Optional one) where one member type is expected
    if isinstance(src, UnionType):
        return all(m in dst.members for m in src.members)
    return not isinstance(src, OptionalType) and src != NONE and member_for(src, dst) is not None


def _unify_var_tuples(a: Type, b: Type) -> Type | None:
    """A ``tuple[T, ...]`` and another, or a fixed-length tuple of T items (``t = ()``, then
    ``t = t + (x,)``): the variable-length one, the fixed tuple's items widening to its item
    type as numbers do (codegen/var_tuples.py converts them)."""
    if isinstance(b, VarTupleType):
        a, b = b, a
    assert isinstance(a, VarTupleType)
    if isinstance(b, VarTupleType):
        ok, merged = fill(a.item, b.item)
        return VarTupleType(merged) if ok else None
    if isinstance(b, TupleType):
        item = a.item
        for t in b.items:
            if isinstance(t, ArrayType | DTypeScalar):
                return None  # an array's tuple items stay fixed (typing/arrays.py)
            if a.item is not None and not coercible(t, a.item):
                return None  # a.item holds: the tuple's items convert to it
            item = t if item is None else (item if a.item is not None else unify(item, t))
            if item is None:
                return None
        return VarTupleType(item)
    return None


def fixed_fits(src: TupleType, dst: VarTupleType) -> bool:
    """Whether a fixed-length tuple converts to ``tuple[T, ...]`` (codegen/var_tuples.py):
    each item a T, or a number that widens to it."""
    return dst.item is not None and all(coercible(s, dst.item) and not isinstance(
        s, ArrayType | DTypeScalar) for s in src.items)


def _unify_deques(a: Type, b: Type) -> Type | None:
    """A deque whose item type a later use tells (``q = deque()``, then ``q.append(x)``)."""
    deques = [t for t in (a, b) if isinstance(t, DequeType)]
    if len({d.maxlen for d in deques}) > 1 or not isinstance(a, ListType) or not isinstance(
            b, ListType):
        return None
    ok, item = fill(a.item, b.item)
    return DequeType(item, deques[0].maxlen) if ok else None


def unhashable(t: Type) -> str | None:
    """The Python name of the unhashable type in `t` (``list``, ``dict``, ``set``), or None
    when values of `t` can be dict keys and set items here (numbers and tuples of them)."""
    if isinstance(t, TupleType):
        return next((u for i in t.items if (u := unhashable(i)) is not None), None)
    if isinstance(t, VarTupleType):
        return unhashable(t.item) if t.item is not None else None
    if isinstance(t, ListType):
        return "list"
    if isinstance(t, DictType):
        return "dict"
    if isinstance(t, SetType):
        return None if t.frozen and t.item is not None else t.kind
    if t in _NUMERIC_RANK or t in (STR, BYTES) or isinstance(t, EnumType):
        return None
    if isinstance(t, ClassType) and getattr(t.info, "hashable", lambda: False)():
        return None  # its __hash__, or its identity (tracer/classes.py)
    if isinstance(t, UnionType):
        return next((u for m in t.members if (u := unhashable(m)) is not None), None)
    return str(t)


