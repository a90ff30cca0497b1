"""Emit ``collections.defaultdict`` and ``collections.Counter`` (typed by
typing/default_dicts.py): ``pyaot::dict`` tables, whose ``d[k]`` of a missing key makes the
factory's value (``pyaot::dict_setdefault_lazy``) or, for a Counter, reads 0; counting in
``pyaot/collections/counter.hpp``.

Free functions over the FunctionEmitter of codegen/function.py, which calls them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatch_pyaot.codegen import lists
from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import NONE, STR, DictType, ListType, TupleType, Type

if TYPE_CHECKING:
    from hatch_pyaot.codegen.function import FunctionEmitter

HEADER = "pyaot/collections/counter.hpp"
_MADE = {"int": "std::int64_t{0}", "float": "0.0", "str": "pyaot::str()", "bool": "false"}


def call(em: FunctionEmitter, e: ir.Call) -> str:
    """``defaultdict(factory)``, ``Counter()``, ``Counter(xs)``."""
    em.headers.add(HEADER)
    t = em.spec.type_of(e)
    if not e.args:
        return f"{t.cpp()}::make()"
    out = em.temp(t, f"{t.cpp()}::make()")
    _count(em, out, t, e.args[0])
    return out


def _count(em: FunctionEmitter, counter: str, t: Type, items: ir.Expr) -> None:
    assert isinstance(t, DictType)
    it = em.spec.type_of(items)
    code = em.expr(items) if it == STR or t.key is None else \
        em.cast(em.expr(items), it, ListType(t.key))
    if t.key is not None:
        em.line(f"pyaot::counter_count({counter}, {code});")


def getitem(em: FunctionEmitter, dt: DictType, d: str, key: str) -> str:
    """``d[k]``: a defaultdict stores its factory's value under a missing key first."""
    em.headers.add(HEADER)
    value = dt.value or NONE
    if dt.factory == "Counter":
        return f"pyaot::dict_get_or({d}, {key}, 0)"
    made = _MADE.get(dt.factory or "", f"{value.cpp()}::make()")
    return f"pyaot::dict_setdefault_lazy({d}, {key}, [] {{ return {value.cpp()}({made}); }})"


def method_call(em: FunctionEmitter, e: ir.MethodCall, d: str) -> str:
    """``most_common([n])``, ``total()``, ``update(xs)`` of a Counter."""
    em.headers.add(HEADER)
    em.headers.add(lists.HEADER)
    if e.name == "total":
        return f"pyaot::counter_total({d})"
    if e.name == "update":
        _count(em, d, em.spec.type_of(e.obj), e.args[0])
        return "pyaot::none"
    t = em.spec.type_of(e)
    if isinstance(t, ListType) and t.item is None:  # a Counter never given a key
        return f"{t.cpp()}::make()"
    n = e.args[0] if e.args else None
    if n is None or em.spec.type_of(n) == NONE:
        if n is not None:
            em.expr(n)
        return f"pyaot::counter_most_common({d}, true, 0)"
    return f"pyaot::counter_most_common({d}, false, {em.expr(n)})"


def in_type(t: Type | None) -> bool:
    """Whether a result of type t holds a Counter or defaultdict (made the real class)."""
    if isinstance(t, TupleType):
        return any(in_type(i) for i in t.items)
    return isinstance(t, DictType) and t.factory is not None


def to_python(t: DictType, made: str) -> str:
    """The Python object of the dict ``made`` (a new reference), as its own class."""
    if t.factory == "Counter":
        return f'pyaot::python::as_collection({made}, "Counter", nullptr)'
    return f'pyaot::python::as_collection({made}, "defaultdict", "{t.factory}")'
