"""A generated module: helpers (a plain one, a bounded recursive one, one that changes a
list it is given) and ``@compile`` entry functions, each with the inputs to call it on, all
from one seed; and its two renderings: the module that is compiled (markers dropped) and the
one CPython runs as the oracle (markers checking the documented 64-bit int rule)."""

from __future__ import annotations

import ast
import random
from dataclasses import dataclass, field
from typing import Any

from fuzz import features as ft
from fuzz import kinds as k
from fuzz.scope import Helper, Scope
from fuzz.stmts import INDENT, Stmts
from fuzz.values import arguments

HEADER = ("import math\n\nimport numpy as np\nfrom numpy.typing import NDArray\n\n"
          "from hatch_pyaot import compile\n")

PRELUDE = '''
_INT64 = (-(2**63), 2**63 - 1)


def _ov(v):
    """The compiled meaning of an int operation: OverflowError past int64."""
    if type(v) is int and not _INT64[0] <= v <= _INT64[1]:
        raise OverflowError("<int64>")
    return v


def _ovf_sum(xs):
    total = 0
    for x in xs:
        total = _ov(total + x)
    return total
'''
"""What the oracle's markers mean; OVERFLOW is the message that says "any OverflowError"."""
OVERFLOW = "<int64>"


@dataclass
class Function:
    name: str
    params: list[str]
    result: str
    lines: list[str]
    """The whole definition, decorator included, marked."""
    inputs: list[tuple[Any, ...]] = field(default_factory=list)
    used: set[str] = field(default_factory=set)
    """The feature areas (features.py) its body uses."""

    @property
    def source(self) -> str:
        return "\n".join(self.lines) + "\n"

    def areas(self) -> set[str]:
        """The feature areas the function exercises, for the figures."""
        text = self.source
        out = {k.area(kind) for kind in self.params} | {k.area(self.result)} | self.used
        for word, area in (("try:", "try/except"), ("while ", "loops"), ("for ", "loops"),
                           ("rec", "recursion"), ("h_", "helpers"), ("break", "loops"),
                           (".append(", "lists"), ("sorted(", "lists"), (" for c", "comprehensions"),
                           ("math.", "math"), ("np.", "numpy"), ("f'", "f-strings")):
            if word in text:
                out.add(area)
        return out


@dataclass
class Module:
    seed: int
    helpers: list[str]
    functions: list[Function]

    def marked(self, only: list[Function] | None = None) -> str:
        parts = [HEADER, *self.helpers, *(f.source for f in (only or self.functions))]
        return "\n\n".join(parts)


def native(marked: str) -> str:
    """The module compiled: each ``_ov(e)`` is ``e``, ``_ovf_name`` is ``name``."""
    return ast.unparse(_Unmark().visit(ast.parse(marked))) + "\n"


def oracle(marked: str) -> str:
    return PRELUDE + "\n" + marked


class _Unmark(ast.NodeTransformer):
    def visit_Call(self, node: ast.Call) -> ast.AST:
        self.generic_visit(node)
        if isinstance(node.func, ast.Name):
            if node.func.id == "_ov":
                return node.args[0]
            if node.func.id.startswith("_ovf_"):
                node.func = ast.Name(node.func.id[len("_ovf_"):], ast.Load())
        return node


# ---- generating ---------------------------------------------------------------------------


def generate(seed: int, functions: int = 10, inputs: int = 5,
             features: frozenset[str] = frozenset(ft.AREAS)) -> Module:
    """``features``: the areas of features.py it may use (all by default)."""
    rng = random.Random(seed)
    helpers, sources = _helpers(rng)
    if features:
        sources = [ft.header(features), *ft.definitions(rng, features), *sources]
    out = []
    for i in range(functions):
        fn = _function(rng, f"f{i}", helpers, features)
        fn.inputs = [arguments(rng, fn.params) for _ in range(inputs)]
        out.append(fn)
    return Module(seed, sources, out)


def _function(rng: random.Random, name: str, helpers: list[Helper],
              features: frozenset[str]) -> Function:
    params = [rng.choice(k.PARAMS) for _ in range(rng.randint(1, 4))]
    result = rng.choice(k.RESULTS)
    # a few areas per function: one construct refused leaves the others compared elsewhere
    chosen = frozenset(rng.sample(sorted(features), min(len(features), rng.randint(1, 3))))
    if "vartuples" in chosen:  # a variable-length tuple parameter or result, now and then
        if rng.random() < 0.5:
            params.append(k.VAR_INT)
        if rng.random() < 0.3:
            result = k.VAR_INT
    scope = Scope(helpers=helpers, features=chosen)
    for i, kind in enumerate(params):
        scope.names[f"p{i}"] = kind
    gen = Stmts(rng, scope, result)
    body = []
    for i in range(rng.randint(2, 5)):  # locals, each of one kind, assigned first
        kind = rng.choice(k.RESULTS)
        alias = gen.x.name_of(kind) if kind in (*k.CONTAINERS, *k.ARRAYS) else None
        init = alias if alias and rng.random() < 0.5 else gen.e(kind, 2)
        body.append(f"x{i} = {init}")
        scope.names[f"x{i}"] = kind
    body += gen.block(rng.randint(2, 7), 2)
    body.append(f"return {gen.e(result, 3)}")
    signature = ", ".join(f"p{i}: {kind}" for i, kind in enumerate(params))
    lines = ["@compile", f"def {name}({signature}) -> {result}:",
             *(INDENT + line for line in body)]
    return Function(name, params, result, lines, used=scope.used)


def _helpers(rng: random.Random) -> tuple[list[Helper], list[str]]:
    """A plain helper of two scalars, a recursive one whose first argument is how deep it may
    still go (callers pass ``e % 7``), and one that changes the list it is given."""
    plain_params = (rng.choice(k.SCALARS), rng.choice((k.INT, k.FLOAT)))
    plain = Helper("h_plain", plain_params, rng.choice((k.INT, k.FLOAT, k.STR)))
    rec = Helper("rec", (k.INT, k.INT), k.INT)
    changes = Helper("h_change", (k.LIST_INT, k.INT), "None")
    sources = [_define(rng, plain, []), _recursive(rng), _define(rng, changes, [])]
    return [plain, rec, changes], sources


def _define(rng: random.Random, h: Helper, helpers: list[Helper]) -> str:
    scope = Scope(helpers=helpers)
    for i, kind in enumerate(h.params):
        scope.names[f"a{i}"] = kind
    gen = Stmts(rng, scope, h.result)
    body = gen.block(rng.randint(1, 3), 1)
    if h.result != "None":
        body.append(f"return {gen.e(h.result, 2)}")
    signature = ", ".join(f"a{i}: {kind}" for i, kind in enumerate(h.params))
    return "\n".join([f"def {h.name}({signature}) -> {h.result}:",
                      *(INDENT + line for line in body)]) + "\n"


def _recursive(rng: random.Random) -> str:
    scope = Scope(names={"n": k.INT, "a": k.INT})
    gen = Stmts(rng, scope, k.INT)
    op = rng.choice("+-*")
    twice = rng.random() < 0.3
    call = "rec(n - 1, " + gen.e(k.INT, 1) + ")"
    if twice:
        call = f"_ov({call} + rec(n - 2, a))"
    return "\n".join([
        "def rec(n: int, a: int) -> int:",
        f"{INDENT}if n <= 0:",
        f"{INDENT * 2}return {gen.e(k.INT, 1)}",
        f"{INDENT}return _ov({call} {op} {gen.e(k.INT, 1)})",
    ]) + "\n"
