"""PEP 484 annotations to compiler types."""

from __future__ import annotations

import libcst as cst

from hatch_pyaot.ir.types import (
    BOOL,
    BYTES,
    COMPLEX,
    FLOAT,
    INT,
    MAX_UNION_MEMBERS,
    NONE,
    STR,
    ArrayType,
    CallableType,
    ClassType,
    DequeType,
    DictType,
    DTypeScalar,
    GeneratorType,
    ListType,
    OptionalType,
    SetType,
    TupleType,
    Type,
    UnionType,
    VarTupleType,
    optional,
    unhashable,
    union_of,
)
from hatch_pyaot.tracer.array_annotations import NDARRAY, ShapeError, ndarray_type
from hatch_pyaot.tracer.project import ModuleSource
from hatch_pyaot.tracer.resolve import (
    Constant,
    OpName,
    Resolver,
    Unfoldable,
    UserClass,
    UserEnum,
)
from hatch_pyaot.tracer.type_aliases import alias_type
from hatch_pyaot.typing import numpy_random
from hatch_pyaot.typing.default_dicts import factory_of
from hatch_pyaot.typing.dtypes import numpy_attr_dtype

_SCALARS = {"builtins.int": INT, "builtins.float": FLOAT, "builtins.bool": BOOL,
            "builtins.complex": COMPLEX,
            "builtins.str": STR, "builtins.bytes": BYTES}
_TUPLES = {"builtins.tuple", "typing.Tuple"}
_LISTS = {"builtins.list", "typing.List"}
_DICTS = {"builtins.dict", "typing.Dict", "collections.defaultdict", "typing.DefaultDict"}
_COUNTERS = {"collections.Counter", "typing.Counter"}
_SETS = {"builtins.set", "typing.Set"}
_FROZENSETS = {"builtins.frozenset", "typing.FrozenSet"}
_ARRAYS = {"numpy.typing.NDArray"}
_CALLABLES = {"typing.Callable", "collections.abc.Callable"}
_GENERATORS = {f"{m}.{n}" for m in ("typing", "collections.abc")
               for n in ("Iterator", "Iterable", "Generator")}
"""What a generator function's result may be annotated as (Generator[T, None, None])."""
_PYTHON_DTYPES = {FLOAT: "float64", INT: "int64", BOOL: "bool_"}
UNKNOWN_RANK = -1
"""The rank of an ``NDArray[...]`` parameter until its uses fix it (pipeline._entry_types)."""


class AnnotationError(Exception):
    def __init__(self, message: str, node: cst.CSTNode) -> None:
        super().__init__(message)
        self.node = node


def annotation_type(resolver: Resolver, module: ModuleSource, node: cst.BaseExpression) -> Type:
    """The compiler type an annotation names, or AnnotationError."""
    if isinstance(node, cst.Name) and node.value == "None":
        return NONE
    if isinstance(node, cst.SimpleString):  # a forward reference: "Node"
        text = node.evaluated_value
        try:
            inner = cst.parse_expression(text) if isinstance(text, str) else None
        except cst.ParserSyntaxError:
            inner = None
        if inner is None:
            raise AnnotationError(f"annotation {node.value} is not a type", node)
        return annotation_type(resolver, module, inner)
    if (aliased := alias_type(resolver, module, node, annotation_type)) is not None:
        return aliased
    if isinstance(node, cst.Name | cst.Attribute):
        res = resolver.expr(module, node)
        if isinstance(res, UserClass | UserEnum):
            return res.info.type
        if isinstance(res, OpName) and res.qualname in _SCALARS:
            return _SCALARS[res.qualname]
        if isinstance(res, Constant) and res.value is None:
            return NONE
        if isinstance(res, OpName) and res.qualname in _CALLABLES:
            return CallableType(None, None)
        if isinstance(res, OpName) and res.qualname == numpy_random.QUALNAME:
            return numpy_random.GENERATOR
        if isinstance(res, OpName) and res.qualname.startswith("numpy."):
            dtype = numpy_attr_dtype(res.qualname.removeprefix("numpy."))
            if dtype is not None:
                return DTypeScalar(dtype)
    if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.BitOr):
        left = annotation_type(resolver, module, node.left)
        right = annotation_type(resolver, module, node.right)
        return _union(left, right, node)
    if isinstance(node, cst.Subscript):
        res = resolver.expr(module, node.value)
        if isinstance(res, OpName) and res.qualname == "typing.Optional":
            item = node.slice[0].slice if len(node.slice) == 1 else None
            if not isinstance(item, cst.Index):
                raise AnnotationError("Optional[...] takes one type", node)
            return optional(annotation_type(resolver, module, item.value))
        if isinstance(res, OpName) and res.qualname == "typing.Literal":
            return _literal(resolver, module, node)
        if isinstance(res, OpName) and res.qualname == "typing.Union":
            members = [annotation_type(resolver, module, el.slice.value) for el in node.slice
                       if isinstance(el.slice, cst.Index)]
            result = members[0]
            for member in members[1:]:
                result = _union(result, member, node)
            return result
        if isinstance(res, OpName) and res.qualname in _ARRAYS:
            return _array(resolver, module, node)
        if isinstance(res, OpName) and res.qualname == NDARRAY:
            try:
                return ndarray_type(resolver, module, node, annotation_type)
            except ShapeError as e:
                raise AnnotationError(str(e), e.node) from None
        if isinstance(res, OpName) and res.qualname in _CALLABLES:
            return _callable(resolver, module, node)
        if isinstance(res, OpName) and res.qualname in _GENERATORS:
            return _generator(resolver, module, node, res.qualname.rpartition(".")[2])
        if isinstance(res, OpName) and res.qualname in _LISTS:
            item = node.slice[0].slice if len(node.slice) == 1 else None
            if not isinstance(item, cst.Index):
                raise AnnotationError("list[...] takes one item type, e.g. list[int]", node)
            return ListType(annotation_type(resolver, module, item.value))
        if isinstance(res, OpName) and res.qualname in _DICTS:
            parts = [el.slice for el in node.slice]
            if len(parts) != 2 or not all(isinstance(p, cst.Index) for p in parts):
                raise AnnotationError("dict[...] takes a key and a value type, e.g. "
                                      "dict[int, float]", node)
            key_node = parts[0]
            assert isinstance(key_node, cst.Index) and isinstance(parts[1], cst.Index)
            key = annotation_type(resolver, module, key_node.value)
            _hashable(key, key_node.value)
            value = annotation_type(resolver, module, parts[1].value)
            if res.qualname in _DICTS - {"builtins.dict", "typing.Dict"}:
                # a defaultdict[K, V] is taken to make V's own class for a missing key
                factory = factory_of(value)
                if factory is None:
                    raise AnnotationError(f"a defaultdict of {value} values is not supported "
                                          "(its factory would be unknown)", node)
                return DictType(key, value, factory)
            return DictType(key, value)
        if isinstance(res, OpName) and res.qualname in _COUNTERS:
            item = node.slice[0].slice if len(node.slice) == 1 else None
            if not isinstance(item, cst.Index):
                raise AnnotationError("Counter[...] takes one key type, e.g. Counter[str]",
                                      node)
            key = annotation_type(resolver, module, item.value)
            _hashable(key, item.value)
            return DictType(key, INT, "Counter")
        if isinstance(res, OpName) and res.qualname in _SETS | _FROZENSETS:
            frozen = res.qualname in _FROZENSETS
            kind = "frozenset" if frozen else "set"
            item = node.slice[0].slice if len(node.slice) == 1 else None
            if not isinstance(item, cst.Index):
                raise AnnotationError(f"{kind}[...] takes one item type, e.g. {kind}[int]",
                                      node)
            t = annotation_type(resolver, module, item.value)
            _hashable(t, item.value)
            return SetType(t, frozen)
        if isinstance(res, OpName) and res.qualname in _TUPLES:
            items: list[Type] = []
            if len(node.slice) == 2 and isinstance(node.slice[1].slice, cst.Index) and \
                    isinstance(node.slice[1].slice.value, cst.Ellipsis) and isinstance(
                        node.slice[0].slice, cst.Index):
                return VarTupleType(annotation_type(resolver, module,
                                                    node.slice[0].slice.value))
            for el in node.slice:
                if not isinstance(el.slice, cst.Index):
                    raise AnnotationError("slices are not allowed in tuple[...]", el)
                if isinstance(el.slice.value, cst.Ellipsis):
                    raise AnnotationError(
                        "'...' in tuple[...] comes second, after the one item type: "
                        "tuple[T, ...]",
                        el,
                    )
                items.append(annotation_type(resolver, module, el.slice.value))
            return TupleType(tuple(items))
    text = module.tree.code_for_node(node)
    raise AnnotationError(
        f"annotation '{text}' is not supported; the compiler knows int, "
        "float, bool, str, None, tuple[...], list[...], dict[...], set[...] and frozenset[...] of "
        "them, numpy scalar types and "
        "NDArray[numpy.<dtype>] (or numpy.ndarray[tuple[int, ...], numpy.dtype[numpy.<dtype>]])",
        node,
    )


def _generator(resolver: Resolver, module: ModuleSource, node: cst.Subscript,
               name: str) -> Type:
    """``Iterator[T]`` (``Iterable[T]``, ``Generator[T, S, None]``): a generator of T that
    ``send()`` gives S; a Generator's return type must be None (StopIteration.value is not
    compiled)."""
    parts = [el.slice for el in node.slice]
    if not all(isinstance(p, cst.Index) for p in parts) or len(parts) != (
            3 if name == "Generator" else 1):
        raise AnnotationError(f"{name}[...] takes one item type, e.g. {name}[int]" if
                              name != "Generator" else "Generator[...] takes three types, "
                              "e.g. Generator[int, None, None]", node)
    types = [annotation_type(resolver, module, p.value) for p in parts
             if isinstance(p, cst.Index)]
    if len(types) == 3 and types[2] != NONE:
        raise AnnotationError("a compiled generator's return type must be None (the value "
                              "of StopIteration and of 'yield from' are not compiled)", node)
    return GeneratorType(types[0], types[1] if len(types) == 3 and types[1] != NONE else None)


def _union(a: Type, b: Type, node: cst.CSTNode) -> Type:
    """``A | B``: ``T | None`` is an Optional, other members a union (ir/types.py UnionType)."""
    merged = union_of([a, b])
    if merged is None:
        raise AnnotationError(f"the union {a} | {b} has more than {MAX_UNION_MEMBERS} member "
                              "types; a compiled union holds 2 to 4", node)
    inner = merged.item if isinstance(merged, OptionalType) else merged
    members = inner.members if isinstance(inner, UnionType) else ()
    odd = next((m for m in members if not _union_member(m)), None)
    if odd is not None:
        raise AnnotationError(f"a {odd} cannot be a member of a union yet (int, float, bool, "
                              "str, bytes, list, dict, set, tuple and classes of the program "
                              "can)", node)
    return merged


def _union_member(t: Type) -> bool:
    return t in (INT, FLOAT, BOOL, STR, BYTES) or (isinstance(
        t, ListType | DictType | SetType | TupleType | ClassType) and not isinstance(
        t, DequeType) and not (isinstance(t, DictType) and t.factory is not None))


def _literal(resolver: Resolver, module: ModuleSource, node: cst.Subscript) -> Type:
    """``Literal["r", "w"]``: the type of its values, which must share one (CPython does
    not check a Literal at run time, and neither does compiled code)."""
    kinds: set[type] = set()
    for el in node.slice:
        try:
            value = resolver.fold(module, el.slice.value) if isinstance(
                el.slice, cst.Index) else None
        except Unfoldable:
            value = None
        if not isinstance(value, int | str):
            raise AnnotationError("Literal[...] takes int, bool or str constants", node)
        kinds.add(type(value))
    types = {int: INT, bool: BOOL, str: STR}
    if len(kinds) != 1:
        raise AnnotationError("the values of a Literal[...] must have one type here", node)
    return types[kinds.pop()]


def _array(resolver: Resolver, module: ModuleSource, node: cst.Subscript) -> ArrayType:
    item = node.slice[0].slice if len(node.slice) == 1 else None
    if isinstance(item, cst.Index):
        dtype_type = annotation_type(resolver, module, item.value)
        if isinstance(dtype_type, DTypeScalar):
            return ArrayType(dtype_type.dtype, UNKNOWN_RANK)
        if dtype_type in _PYTHON_DTYPES:
            raise AnnotationError(f"NDArray[{dtype_type}] does not name a NumPy dtype; write "
                                  f"NDArray[numpy.{_PYTHON_DTYPES[dtype_type]}]", node)
    raise AnnotationError("NDArray[...] takes one NumPy dtype, e.g. NDArray[numpy.float64]",
                          node)


def _callable(resolver: Resolver, module: ModuleSource, node: cst.Subscript) -> CallableType:
    """``Callable[[A, B], R]`` (or ``Callable[..., R]``): any function value fits; the
    types are checked where it is called."""
    parts = [el.slice for el in node.slice]
    if len(parts) != 2 or not all(isinstance(p, cst.Index) for p in parts):
        raise AnnotationError("Callable[...] takes the parameter types and the result type, "
                              "e.g. Callable[[int], int]", node)
    first, last = parts
    assert isinstance(first, cst.Index) and isinstance(last, cst.Index)
    params: tuple[Type, ...] | None = None
    if isinstance(first.value, cst.List):
        params = tuple(annotation_type(resolver, module, el.value)
                       for el in first.value.elements)
    elif not isinstance(first.value, cst.Ellipsis):
        raise AnnotationError("the parameters of Callable[...] are a list of types or ...",
                              first.value)
    return CallableType(params, annotation_type(resolver, module, last.value))


def _hashable(t: Type, node: cst.BaseExpression) -> None:
    what = unhashable(t)
    if what is not None:
        raise AnnotationError(f"unhashable type: '{what}' (dict keys and set items must be "
                              "int, float, bool or tuples of them)", node)
