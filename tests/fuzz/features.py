"""The feature areas the generator learnt after its first version, each behind its name (so a
run can be limited to some, ``--features``, and the figures count each): a module of its own
gives the area's module-level definitions, expression productions and statements.

An area's statements read the scope's names and write a result into a local of one of the
base kinds (kinds.py): the rest of the function then computes with it as with any other."""

from __future__ import annotations

import random
from collections.abc import Callable
from types import ModuleType
from typing import TYPE_CHECKING

from fuzz import kinds as k

if TYPE_CHECKING:
    from fuzz.exprs import Exprs, Production
    from fuzz.stmts import Stmts

INDENT = "    "


def _areas() -> dict[str, ModuleType]:
    from fuzz import (
        f_closures,
        f_collections,
        f_complex,
        f_generators,
        f_match,
        f_objects,
        f_rows,
        f_splits,
        f_text,
        f_unions,
        f_vartuples,
        f_with,
    )

    return {"closures": f_closures, "generators": f_generators, "match": f_match,
            "objects": f_objects, "bytes": f_text, "collections": f_collections,
            "with": f_with, "unions": f_unions, "complex": f_complex,
            "rows": f_rows, "vartuples": f_vartuples, "splits": f_splits}


AREAS = ("closures", "kwonly", "generators", "match", "enums", "namedtuples", "dataclasses",
         "classes", "bytes", "collections", "heapq/bisect", "finally-jumps", "reraise",
         "with", "unions", "complex", "finally-break", "rows", "vartuples", "splits")
"""Every area name; ``finally-jumps`` (return/break/continue out of a ``try`` with a
``finally``), ``finally-break`` (``break``/``continue`` inside a ``finally``) and ``reraise``
(a bare ``raise`` in a handler) live in stmts.py."""


def header(features: frozenset[str]) -> str:
    """Imports the areas' definitions need (after program.py's own)."""
    if not features:
        return ""
    return ("import bisect\nimport functools\nimport heapq\n"
            "from collections import Counter, defaultdict, deque\n"
            "from collections.abc import Callable, Iterator\nfrom dataclasses import dataclass\n"
            "from enum import Enum, IntEnum\nfrom typing import NamedTuple\n")


def definitions(rng: random.Random, features: frozenset[str]) -> list[str]:
    """The module-level definitions (classes, generator and closure helpers) of the areas."""
    out: list[str] = []
    for module in _areas().values():
        out += module.definitions(rng, features)
    return out


def productions(x: Exprs) -> dict[str, list[Production]]:
    """The enabled areas' expressions, each noting its area in the scope when it is used."""
    out: dict[str, list[Production]] = {}
    for module in _areas().values():
        for area, kind, production in module.expressions(x):
            if area in x.scope.features:
                out.setdefault(kind, []).append(_noted(x, area, production))
    return out


def _noted(x: Exprs, area: str, production: Production) -> Production:
    def made(d: int) -> str | None:
        text = production(d)
        if text is not None:
            x.scope.used.add(area)
        return text

    return made


def statement(st: Stmts, nest: int) -> list[str]:
    """One statement (lines) of a random enabled area, [] when the scope has none to give."""
    options = [(area, make) for module in _areas().values()
               for area, make in module.statements(st)
               if area in st.scope.features]
    if not options:
        return []
    area, make = st.rng.choice(options)
    lines = make(nest)
    if lines:
        st.scope.used.add(area)
    return lines


# ---- shared by the areas ---------------------------------------------------------------


def store(st: Stmts, kind: str, value: str) -> str:
    """``name = value``: an existing writable local of ``kind`` or a new one."""
    names = [n for n in st.scope.writable(kind) if not n.startswith("p")]
    if names and st.rng.random() < 0.6:
        return f"{st.rng.choice(names)} = {value}"
    name = st.scope.fresh("r")
    st.scope.names[name] = kind
    return f"{name} = {value}"


def with_names(st: Stmts, names: dict[str, str], n: int, nest: int) -> list[str]:
    """A nested block (indented) with read-only ``names`` in scope."""
    outer = st.x.scope
    st.x.scope = outer.child()
    st.x.scope.names.update(names)
    st.x.scope.readonly.update(names)
    try:
        return [INDENT + line for line in st.block(n, max(nest - 1, 0))]
    finally:
        st.x.scope = outer


def bound(x: Exprs, names: dict[str, str], make: Callable[[], str]) -> str:
    """``make()`` with ``names`` in scope (a lambda's or a pattern's variables)."""
    outer = x.scope
    x.scope = outer.child()
    x.scope.names.update(names)
    x.scope.readonly.update(names)
    try:
        return make()
    finally:
        x.scope = outer


SCALAR_RESULTS = (k.INT, k.INT, k.STR, k.FLOAT, k.BOOL)
