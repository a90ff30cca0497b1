"""Python values at the C ABI (docs/c-abi.md, "Values"): which types travel as a
``pyaot_value`` (str, list, dict, set, frozenset, T | None, and tuples of these inside them),
which of them a call may change (written back into the caller's node), and the C
declarations of the struct (pyaot/c_value.hpp defines the same for C++)."""

from __future__ import annotations

from hatch_pyaot.ir.types import (
    BOOL,
    FLOAT,
    INT,
    NONE,
    STR,
    DictType,
    ListType,
    OptionalType,
    SetType,
    TupleType,
    Type,
    UnionType,
)

KINDS = ("NONE", "INT", "FLOAT", "BOOL", "STR", "LIST", "TUPLE", "DICT", "SET", "FROZENSET")
"""pyaot_kind, in order (PYAOT_VALUE_NONE = 0)."""


def is_value(t: Type) -> bool:
    """Whether a parameter or result of type t is one ``pyaot_value`` (a tuple is not: the C
    ABI flattens it into its items)."""
    return isinstance(t, ListType | DictType | SetType | OptionalType | UnionType) or t == STR


def unrepresentable(t: Type) -> Type | None:
    """The part of a value type with no pyaot_value form (an array in a list, a list of
    unknown items), or None."""
    if t in (INT, FLOAT, BOOL, NONE, STR):
        return None
    parts: tuple[Type | None, ...]
    if isinstance(t, ListType | SetType | OptionalType):
        parts = (t.item,)
    elif isinstance(t, DictType):
        parts = (t.key, t.value)
    elif isinstance(t, TupleType):
        parts = t.items
    elif isinstance(t, UnionType):  # the node of the member it holds
        parts = t.members
    else:
        return t
    for part in parts:
        found = t if part is None else unrepresentable(part)
        if found is not None:
            return found
    return None


def is_mutable(t: Type) -> bool:
    """Whether a call may change a value of type t in place (it is or holds a list, dict or
    set): such an argument is written back after the call."""
    if isinstance(t, ListType | DictType) or (isinstance(t, SetType) and t.kind == "set"):
        return True
    if isinstance(t, OptionalType):
        return is_mutable(t.item)
    if isinstance(t, TupleType):
        return any(is_mutable(i) for i in t.items)
    if isinstance(t, UnionType):
        return any(is_mutable(m) for m in t.members)
    return False


def c_type(t: Type, *, out: bool) -> str:
    return "pyaot_value*" if out or is_mutable(t) else "const pyaot_value*"


def declarations() -> list[str]:
    """The C declarations of pyaot_kind and pyaot_value, for a module's header."""
    kinds = ", ".join(f"PYAOT_VALUE_{k} = {i}" for i, k in enumerate(KINDS))
    return ["/* A Python value (docs/c-abi.md, Values): str, list, tuple, dict, set, None. */",
            f"typedef enum pyaot_kind {{ {kinds} }} pyaot_kind;", "",
            "typedef struct pyaot_value {",
            "  int32_t kind;   /* a pyaot_kind */",
            "  int32_t owned;  /* 1: the runtime made it, release with pyaot_value_release */",
            "  int64_t len;    /* str: bytes; list, tuple, set: items; dict: pairs */",
            "  union {",
            "    int64_t i;                  /* int; bool (0 or 1) */",
            "    double f;                   /* float */",
            "    const char* s;              /* str: UTF-8, len bytes */",
            "    struct pyaot_value* items;  /* containers; a dict's are key, value, ... */",
            "  } as;",
            "} pyaot_value;", "",
            "void pyaot_value_release(pyaot_value* value);"]


def describe(t: Type) -> object:
    """A value type for the manifest (the JS loader reads it): ``"int"``, ``"float"``,
    ``"bool"``, ``"str"``, ``"None"``, ``{"list": T}``, ``{"set": T}``, ``{"frozenset": T}``,
    ``{"dict": [K, V]}``, ``{"optional": T}``, ``{"tuple": [A, B, ...]}``, ``{"union": [A, B]}``."""
    if isinstance(t, ListType | SetType | OptionalType):
        assert t.item is not None
        kind = "list" if isinstance(t, ListType) else (
            "optional" if isinstance(t, OptionalType) else t.kind)
        return {kind: describe(t.item)}
    if isinstance(t, DictType):
        assert t.key is not None and t.value is not None
        return {"dict": [describe(t.key), describe(t.value)]}
    if isinstance(t, TupleType):
        return {"tuple": [describe(i) for i in t.items]}
    if isinstance(t, UnionType):
        return {"union": [describe(m) for m in t.members]}
    return str(t)
