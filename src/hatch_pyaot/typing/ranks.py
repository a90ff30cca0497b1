"""The rank of an ``NDArray[dtype]`` parameter of an entry point, from how the body uses it.

An annotation names the dtype only. The compiler needs the rank, so it reads it off the
body: ``x[i, j]`` (read or written) means two dimensions, ``x.shape[2]`` at least three.
The largest use wins; with no use that fixes it, the parameter gets a diagnostic asking
for one. (A rank-generic compilation is for later.)
"""

from __future__ import annotations

from hatch_pyaot.errors import Diagnostic
from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import ArrayType, Type
from hatch_pyaot.ir.walk import rewrite_exprs


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
    diagnostics = []
    for name, i in open_params.items():
        t = types[i]
        assert isinstance(t, ArrayType)
        if name in seen:
            types[i] = ArrayType(t.dtype, seen[name])
        else:
            param = fn.params[i]
            diagnostics.append(Diagnostic(
                param.loc, f"the rank of '{name}' cannot be told from the function body",
                hint=f"index it with one index per dimension ({name}[i, j] for two) or read "
                     f"{name}.shape[k]; rank-generic code is not supported yet"))
    return diagnostics


def _statements(stmts: list[ir.Stmt]) -> list[ir.Stmt]:
    out: list[ir.Stmt] = []
    for s in stmts:
        out.append(s)
        for attr in ("body", "orelse", "finalbody"):
            out += _statements(getattr(s, attr, None) or [])
        for h in getattr(s, "handlers", None) or []:
            out += _statements(h.body)
    return out
