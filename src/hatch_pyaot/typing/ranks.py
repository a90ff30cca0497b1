"""The rank of an ``NDArray[dtype]`` parameter of an entry point, from how the body uses it.

An annotation names the dtype only. The compiler needs the rank, so it reads it off the
body: ``x[i, j]`` (read or written) means two dimensions, ``x.shape[2]`` at least three.
The largest use wins. Where nothing fixes a rank (``return a * b + 1``), the entry point is
compiled once per rank from 1 to OPEN_RANKS (every combination, up to MAX_VARIANTS), and
the CPython wrapper picks the variant by the ranks of the arrays it is given.
"""

from __future__ import annotations

import itertools

from hatch_pyaot.errors import Diagnostic
from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import ArrayType, Type
from hatch_pyaot.ir.walk import rewrite_exprs

OPEN_RANKS = (1, 2, 3)
MAX_VARIANTS = 9


def fix_ranks(fn: ir.Function, types: list[Type]) -> list[Diagnostic]:
    """Replace open-rank array types in ``types`` (one per parameter) in place."""
    open_params = {p.name: i for i, (p, t) in enumerate(zip(fn.params, types, strict=True))
                   if isinstance(t, ArrayType) and t.ndim < 0}
    if not open_params:
        return []
    seen: dict[str, int] = {}

    def note(value: ir.Expr, rank: int) -> None:
        if isinstance(value, ir.Name) and value.id in open_params:
            seen[value.id] = max(seen.get(value.id, 0), rank)

    def visit(e: ir.Expr) -> ir.Expr:
        if isinstance(e, ir.Index):
            note(e.value, len(e.index.items) if isinstance(e.index, ir.TupleExpr) else 1)
        elif isinstance(e, ir.TupleGet):
            if isinstance(e.value, ir.Attribute) and e.value.name == "shape":
                note(e.value.value, e.index + 1)
            else:
                note(e.value, 1)
        return e

    rewrite_exprs(fn, visit)
    for s in _statements(fn.body):
        if isinstance(s, ir.SetItem):
            note(s.target, len(s.index.items) if isinstance(s.index, ir.TupleExpr) else 1)
    for name, i in open_params.items():
        t = types[i]
        assert isinstance(t, ArrayType)
        if name in seen:
            types[i] = ArrayType(t.dtype, seen[name])
    return []


def rank_variants(fn: ir.Function, types: list[Type]) -> list[tuple[Type, ...]] | Diagnostic:
    """Every parameter-type tuple to compile: one, or one per combination of open ranks."""
    open_positions = [i for i, t in enumerate(types) if isinstance(t, ArrayType) and t.ndim < 0]
    if not open_positions:
        return [tuple(types)]
    combos = list(itertools.product(OPEN_RANKS, repeat=len(open_positions)))
    if len(combos) > MAX_VARIANTS:
        names = ", ".join(f"'{fn.params[i].name}'" for i in open_positions)
        return Diagnostic(fn.loc, f"the ranks of {names} cannot be told from the function "
                          f"body, and {len(combos)} rank combinations are too many to compile",
                          hint="index some of them with one index per dimension (x[i, j] "
                               "for two) or read x.shape[k]")
    variants = []
    for combo in combos:
        chosen = list(types)
        for position, rank in zip(open_positions, combo, strict=True):
            t = chosen[position]
            assert isinstance(t, ArrayType)
            chosen[position] = ArrayType(t.dtype, rank)
        variants.append(tuple(chosen))
    return variants


def _statements(stmts: list[ir.Stmt]) -> list[ir.Stmt]:
    out: list[ir.Stmt] = []
    for s in stmts:
        out.append(s)
        for attr in ("body", "orelse", "finalbody"):
            out += _statements(getattr(s, attr, None) or [])
        for h in getattr(s, "handlers", None) or []:
            out += _statements(h.body)
    return out
