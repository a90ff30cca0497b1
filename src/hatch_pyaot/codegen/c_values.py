"""Python values at the C ABI (docs/c-abi.md, "Values"): which types travel as a
``pyaot_value`` (str, bytes, complex, list, dict, set, frozenset, T | None, enum members,
objects of the program's classes, and tuples of these inside them),
which of them a call may change (written back into the caller's node), and the C
declarations of the struct (pyaot/c_value.hpp defines the same for C++)."""

from __future__ import annotations

from hatch_pyaot.ir.types import (
    BOOL,
    BYTES,
    COMPLEX,
    FLOAT,
    INT,
    NONE,
    STR,
    ClassType,
    DictType,
    EnumType,
    ListType,
    OptionalType,
    SetType,
    TupleType,
    Type,
    UnionType,
    VarTupleType,
)
from hatch_pyaot.tracer.classes import ClassInfo
from hatch_pyaot.tracer.enums import EnumInfo

KINDS = ("NONE", "INT", "FLOAT", "BOOL", "STR", "LIST", "TUPLE", "DICT", "SET", "FROZENSET",
         "BYTES", "COMPLEX", "OBJECT")
"""pyaot_kind, in order (PYAOT_VALUE_NONE = 0)."""


def is_value(t: Type) -> bool:
    """Whether a parameter or result of type t is one ``pyaot_value`` (a tuple is not: the C
    ABI flattens it into its items)."""
    return isinstance(t, ListType | DictType | SetType | OptionalType | UnionType | ClassType |
                      EnumType) or t in (STR, BYTES, COMPLEX)


def unrepresentable(t: Type, seen: frozenset[str] = frozenset()) -> Type | None:
    """The part of a value type with no pyaot_value form (an array in a list, a list of
    unknown items, an enum of float values), or None."""
    if t in (INT, FLOAT, BOOL, NONE, STR, BYTES, COMPLEX):
        return None
    if isinstance(t, EnumType):
        return None if enum_node(t) is not None else t
    if isinstance(t, ClassType):
        if t.qualname in seen:  # a recursive class: checked where it was first reached
            return None
        seen = seen | {t.qualname}
    parts = inner(t)
    if parts is None:
        return t
    for part in parts:
        found = t if part is None else unrepresentable(part, seen)
        if found is not None:
            return found
    return None


def is_mutable(t: Type) -> bool:
    """Whether a call may change a value of type t in place (it is or holds a list, dict or
    set): such an argument is written back after the call."""
    if isinstance(t, VarTupleType):  # never changed itself: only what it holds
        return t.item is not None and is_mutable(t.item)
    if isinstance(t, ListType | DictType) or (isinstance(t, SetType) and t.kind == "set"):
        return True
    if isinstance(t, OptionalType):
        return is_mutable(t.item)
    if isinstance(t, TupleType):
        return any(is_mutable(i) for i in t.items)
    if isinstance(t, UnionType):
        return any(is_mutable(m) for m in t.members)
    return False


def inner(t: Type) -> tuple[Type | None, ...] | None:
    """The types a value of type t holds (a list's items, a dict's keys and values, a tuple's
    items, a union's members, the fields of a class and its subclasses), or None for a type
    that is no container."""
    if isinstance(t, ClassType):
        return tuple(ft for c in object_classes(t) for ft in c.fields.values())
    if isinstance(t, ListType | SetType | OptionalType):
        return (t.item,)
    if isinstance(t, DictType):
        return (t.key, t.value)
    if isinstance(t, TupleType):
        return t.items
    if isinstance(t, UnionType):  # the node of the member it holds
        return t.members
    return None


def holds_object(t: Type) -> bool:
    """Whether a value of type t is or holds an object of the program's classes: an argument
    whose attributes the call may change, written back when its tree differs after the call."""
    if isinstance(t, ClassType):
        return True
    return any(part is not None and holds_object(part) for part in inner(t) or ())


def object_classes(t: ClassType) -> list[ClassInfo]:
    """The class of t and its subclasses (an object of any of them may be held)."""
    assert isinstance(t.info, ClassInfo)
    return t.info.descendants()


def enum_node(t: EnumType) -> str | None:
    """The node kind an enum's members travel as (their values): INT, STR, or None (no form)."""
    assert isinstance(t.info, EnumInfo)
    if t.info.by_value:
        return "INT"
    return "STR" if all(isinstance(v, str) for v in t.info.values) else None


def c_type(t: Type, *, out: bool) -> str:
    mutable = is_mutable(t) or holds_object(t)
    return "pyaot_value*" if out or mutable else "const pyaot_value*"


def declarations() -> list[str]:
    """The C declarations of pyaot_kind and pyaot_value, for a module's header."""
    kinds = ", ".join(f"PYAOT_VALUE_{k} = {i}" for i, k in enumerate(KINDS))
    return ["/* A Python value (docs/c-abi.md, Values): str, bytes, complex, list, tuple, dict,",
            "   set, None, an enum member (its value), an object (its fields by name). */",
            f"typedef enum pyaot_kind {{ {kinds} }} pyaot_kind;", "",
            "typedef struct pyaot_value {",
            "  int32_t kind;   /* a pyaot_kind */",
            "  int32_t owned;  /* 1: the runtime made it, release with pyaot_value_release */",
            "  int64_t len;    /* str, bytes: bytes; list, tuple, set: items; dict: pairs;",
            "                     complex: 2 (real, imag); object: fields (name, value) */",
            "  union {",
            "    int64_t i;                  /* int; bool (0 or 1) */",
            "    double f;                   /* float */",
            "    const char* s;              /* str: UTF-8, len bytes; bytes: len bytes */",
            "    struct pyaot_value* items;  /* containers; a dict's are key, value, ... */",
            "  } as;",
            "} pyaot_value;", "",
            "void pyaot_value_release(pyaot_value* value);"]


def describe(t: Type) -> object:
    """A value type for the manifest (the JS loader reads it): ``"int"``, ``"float"``,
    ``"bool"``, ``"str"``, ``"bytes"``, ``"complex"``, ``"None"``, ``{"list": T}``,
    ``{"set": T}``, ``{"frozenset": T}``, ``{"dict": [K, V]}``, ``{"optional": T}``,
    ``{"tuple": [A, B, ...]}``, ``{"union": [A, B]}``, ``{"enum": [NAME, [VALUE, ...]]}``
    and ``{"object": [NAME, [[FIELD, T], ...]]}`` (a class met again inside itself:
    ``{"object": NAME}``)."""
    return _describe(t, frozenset())


def _describe(t: Type, seen: frozenset[str]) -> object:
    if isinstance(t, ListType | SetType | OptionalType):
        assert t.item is not None
        kind = "list" if isinstance(t, ListType) else (
            "optional" if isinstance(t, OptionalType) else t.kind)
        return {kind: _describe(t.item, seen)}
    if isinstance(t, DictType):
        assert t.key is not None and t.value is not None
        return {"dict": [_describe(t.key, seen), _describe(t.value, seen)]}
    if isinstance(t, TupleType | UnionType):
        key = "tuple" if isinstance(t, TupleType) else "union"
        return {key: [_describe(i, seen) for i in (
            t.items if isinstance(t, TupleType) else t.members)]}
    if isinstance(t, EnumType):
        assert isinstance(t.info, EnumInfo)
        return {"enum": [t.info.name, list(t.info.values)]}
    if isinstance(t, ClassType):
        if t.qualname in seen:
            return {"object": t.qualname}
        c = object_classes(t)[0]
        return {"object": [t.qualname, [[f, _describe(ft, seen | {t.qualname})]
                                        for f, ft in c.fields.items() if ft is not None]]}
    return str(t)
