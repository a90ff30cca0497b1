"""Parameters passed by const reference: an object, an Optional object or a list that the
function never rebinds is a ``const T&`` of the caller's handle, so a call costs no reference
count change per argument (a method's ``self`` above all: ``node.check()`` recursing down a
tree, ``p.toward(q)``).

Sound because the caller passes only handles that nothing can change while the call runs
(``stable``): a temporary, a literal or a plain local of its own (never one that lives in a
cell, which a closure might rebind); a field (``self.left``), a list item or a cell's value
is copied into a temporary first, as by-value passing did. A generator keeps its parameters
by value: its coroutine outlives the call that made it.
"""

from __future__ import annotations

import dataclasses
import re
from typing import TYPE_CHECKING

from hatch_pyaot.codegen.literals import is_literal, is_temp
from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import ClassType, ListType, OptionalType, Type

if TYPE_CHECKING:
    from hatch_pyaot.typing.typed import Specialization

_cache: dict[int, tuple[ir.Function, frozenset[str]]] = {}


def borrowable(t: Type) -> bool:
    """A handle whose copy is a reference count change: an object, an Optional object, a list."""
    if isinstance(t, OptionalType):
        t = t.item
    return isinstance(t, ClassType | ListType)


def is_object(t: Type) -> bool:
    """An object or an Optional object: a temporary of one moves where it goes."""
    return isinstance(t.item if isinstance(t, OptionalType) else t, ClassType)


def param_cpp(spec: Specialization, name: str, t: Type) -> str:
    """The C++ type of parameter ``name`` of ``spec``: ``const T&`` when it is borrowed."""
    return f"const {t.cpp()}&" if name in borrowed(spec) else t.cpp()


def borrowed(spec: Specialization) -> frozenset[str]:
    """The parameters of ``spec`` passed by const reference."""
    fn = spec.function
    if fn.generator:
        return frozenset()
    candidates = {p.name for p, t in zip(fn.params, spec.param_types, strict=True)
                  if borrowable(t) and p.name not in fn.cells}
    if not candidates:
        return frozenset()
    return frozenset(candidates - _bound_names(fn))


def stable(code: str, caller: Specialization) -> bool:
    """Whether ``code``, an argument, names a handle that the call cannot change."""
    if is_temp(code) or is_literal(code):
        return True
    m = re.fullmatch(r"v_(\w+)", code)
    return m is not None and m.group(1) not in caller.function.cells


def _bound_names(fn: ir.Function) -> frozenset[str]:
    """Every name that ``fn`` binds anywhere (assignments, loops, handlers, comprehensions,
    nested functions alike): a conservative walk of all of its IR."""
    cached = _cache.get(id(fn))
    if cached is not None and cached[0] is fn:
        return cached[1]
    names: set[str] = set()
    seen: set[int] = set()
    stack: list[object] = list(fn.body)
    while stack:
        node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        if isinstance(node, ir.NameTarget):
            names.add(node.id)
        elif isinstance(node, ir.Handler) and node.name is not None:
            names.add(node.name)
        if isinstance(node, list | tuple):
            stack.extend(node)
        elif type(node).__module__ == ir.__name__ and dataclasses.is_dataclass(node):
            stack.extend(getattr(node, f.name) for f in dataclasses.fields(node))
    result = frozenset(names)
    _cache[id(fn)] = (fn, result)
    return result
