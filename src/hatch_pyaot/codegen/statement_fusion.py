"""Fusion across statements: a named array intermediate read in one later statement only is
computed inside that statement's loop, not into an array of its own.

``t = a * b`` followed by ``u = t + c`` becomes one ``map`` of ``a * b + c``; a chain of such
statements becomes one loop, and ``d = x[:, None] - x[None]; (d * d).sum(axis=2)`` reaches the
fused reduction (codegen/fused_reduction.py) without the broadcast array. The statement
``t = ...`` is then not emitted, and the elementwise emitter reads ``t``'s expression where
it meets the name (``Substitutions.expand``).

What keeps Python's semantics, all checked here on the typed IR:
- ``t`` is a local array assigned exactly once (not a parameter, not shared with a nested
  function, not a loop or tuple target), in a function that is not a generator;
- its value is an elementwise expression of pure parts (names, numbers, views, ufuncs,
  operators, reductions): evaluating it later gives the same values;
- every read of ``t`` is in one statement after it in the same block, each an operand of
  an elementwise operation (so ``t`` is never returned, stored, aliased or passed on);
- the statements in between are fused away themselves (a statement left in between could
  raise before the moved expression would have) and rebind none of the names the
  expression reads; the statement using ``t`` is itself pure but for its target.
Where ``t`` is read more than once, its expression's leaves must be names, numbers or views
(each occurrence re-reads them; the C++ compiler merges the repeated arithmetic).
A broadcasting error the expression raises is reported at the line of the statement that
uses ``t``; as within one statement, that statement's leaves (arrays, numbers, reductions)
are computed before the loop's broadcasting check.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Iterator
from typing import TYPE_CHECKING

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import BOOL, FLOAT, INT, ArrayType, DTypeScalar, Type

if TYPE_CHECKING:
    from hatch_pyaot.codegen.function import FunctionEmitter
    from hatch_pyaot.typing.typed import Specialization


IR = (ir.Expr, ir.Stmt, ir.NameTarget, ir.TupleTarget, ir.Handler, ir.Capture, ir.FormatField)


def children(node: object) -> Iterator[object]:
    """The IR objects directly inside ``node``: expressions, statements, targets, handlers."""
    if not isinstance(node, IR):
        return
    for f in dataclasses.fields(node):
        value = getattr(node, f.name)
        items = value if isinstance(value, list | tuple) else [value]
        for item in items:
            if isinstance(item, tuple):
                yield from (x for x in item if isinstance(x, IR))
            elif isinstance(item, IR):
                yield item


def walk(node: object) -> Iterator[object]:
    if isinstance(node, list):
        for item in node:
            yield from walk(item)
        return
    yield node
    for child in children(node):
        yield from walk(child)


def reads(node: object) -> Counter[str]:
    found: Counter[str] = Counter()
    for n in walk(node):
        if isinstance(n, ir.Name):
            found[n.id] += 1
        elif isinstance(n, ir.Capture):
            found[n.outer] += 2  # read elsewhere: never fused
    return found


def binds(node: object) -> Counter[str]:
    found: Counter[str] = Counter()
    for n in walk(node):
        if isinstance(n, ir.NameTarget):
            found[n.id] += 1
        elif isinstance(n, ir.Handler) and n.name is not None:
            found[n.name] += 1
    return found


NUMBERS = (INT, FLOAT, BOOL)
VIEWS = ("expand_dims", "squeeze", "flip")
"""Calls that make a view of their first argument (codegen/array_functions.axis_view)."""


class Planner:
    def __init__(self, em: FunctionEmitter) -> None:
        self.em = em
        self.spec: Specialization = em.spec
        function = self.spec.function
        self.reads = reads(function.body)
        self.binds = binds(function.body)
        self.excluded = {p.name for p in function.params} | set(function.cells)
        self.values: dict[str, ir.Expr] = {}
        self.skipped: set[ir.Stmt] = set()
        self.between: dict[str, tuple[ir.Stmt, list[ir.Stmt]]] = {}
        """Each substitution's assignment and the statements between it and its use."""

    def settle(self) -> None:
        """Keep only the substitutions whose statements in between are all fused away too:
        one left in place could raise before the moved expression would have."""
        changed = True
        while changed:
            changed = False
            for name, (s, between) in list(self.between.items()):
                if any(b not in self.skipped for b in between):
                    del self.values[name], self.between[name]
                    self.skipped.discard(s)
                    changed = True

    def number_or_array(self, t: Type | None) -> bool:
        return isinstance(t, ArrayType | DTypeScalar) or t in NUMBERS

    def pure(self, e: object) -> bool:
        """Evaluating ``e`` changes nothing and gives the same value later."""
        from hatch_pyaot.codegen.elementwise import is_elementwise

        spec = self.spec
        if isinstance(e, ir.Name | ir.Const | ir.DTypeLit):
            return True
        if isinstance(e, ir.SliceExpr | ir.TupleExpr):
            return all(self.pure(c) for c in children(e))
        if isinstance(e, ir.Index):
            return isinstance(spec.type_of(e.value), ArrayType) and self.pure(
                e.value) and self.pure(e.index)
        if isinstance(e, ir.BinOp | ir.UnaryOp | ir.Compare):
            operands = [c for c in children(e) if isinstance(c, ir.Expr)]
            return all(self.number_or_array(spec.type_of(c)) and self.pure(c) for c in operands)
        if isinstance(e, ir.Call | ir.MethodCall):
            known = is_elementwise(self.em, e) or e in spec.axis_ops
            return known and all(self.pure(c) for c in children(e) if isinstance(c, ir.Expr))
        return False

    def cheap(self, e: ir.Expr) -> bool:
        """Leaves that cost nothing to read twice: names, numbers, views of names."""
        from hatch_pyaot.codegen.elementwise import is_elementwise

        if isinstance(e, ir.Name | ir.Const):
            return e.id not in self.values if isinstance(e, ir.Name) else True
        if isinstance(e, ir.Index):
            return isinstance(e.value, ir.Name) and all(
                isinstance(c, ir.Name | ir.Const | ir.SliceExpr | ir.TupleExpr)
                for c in walk(e.index) if isinstance(c, ir.Expr))
        if isinstance(e, ir.Call) and self.spec.axis_ops.get(e, ("",))[0] in VIEWS:
            return self.cheap(e.args[0])
        return is_elementwise(self.em, e) and all(
            self.cheap(c) for c in children(e) if isinstance(c, ir.Expr))

    def names(self, e: ir.Expr) -> set[str]:
        """The names ``e`` reads, through the values already substituted."""
        out: set[str] = set()
        for n in walk(e):
            if isinstance(n, ir.Name):
                out.add(n.id)
                if n.id in self.values:
                    out |= self.names(self.values[n.id])
        return out

    def operand_reads(self, s: ir.Stmt, name: str, value: ir.Expr) -> int:
        """The reads of ``name`` in ``s`` that are operands of elementwise operations."""
        from hatch_pyaot.codegen.elementwise import is_elementwise
        from hatch_pyaot.codegen.fused_reduction import fusable

        count = 0
        for n in walk(s):
            if isinstance(n, ir.Expr) and is_elementwise(self.em, n):
                count += sum(1 for c in children(n) if isinstance(c, ir.Name) and c.id == name)
            elif isinstance(n, ir.Call | ir.MethodCall) and n in self.spec.axis_ops:
                operand = n.obj if isinstance(n, ir.MethodCall) else next(iter(n.args), None)
                if isinstance(operand, ir.Name) and operand.id == name and fusable(
                                        self.em, value, *self.spec.axis_ops[n]):
                    count += 1
        return count

    def use_is_pure(self, s: ir.Stmt) -> bool:
        if isinstance(s, ir.Assign | ir.AugAssign):
            return self.pure(s.value)
        if isinstance(s, ir.Return):
            return s.value is not None and self.pure(s.value)
        if isinstance(s, ir.SetItem):
            return not s.augmented and self.pure(s.value) and self.pure(s.index) and isinstance(
                self.spec.type_of(s.target), ArrayType)
        return False

    def candidate(self, s: ir.Stmt) -> str | None:
        if not (isinstance(s, ir.Assign) and isinstance(s.target, ir.NameTarget)):
            return None
        from hatch_pyaot.codegen.elementwise import is_elementwise

        name = s.target.id
        if (name in self.excluded or self.binds[name] != 1 or self.reads[name] == 0
                or not isinstance(self.spec.var_types.get(name), ArrayType)
                or self.spec.var_types[name] != self.spec.type_of(s.value)
                or not is_elementwise(self.em, s.value) or not self.pure(s.value)):
            return None
        return name

    def block(self, stmts: list[ir.Stmt]) -> None:
        for i, s in enumerate(stmts):
            name = self.candidate(s)
            if name is not None:
                self.try_fuse(stmts, i, name)
            for body in _bodies(s):
                self.block(body)

    def try_fuse(self, stmts: list[ir.Stmt], i: int, name: str) -> None:
        s = stmts[i]
        assert isinstance(s, ir.Assign)
        inputs = self.names(s.value)
        for j in range(i + 1, len(stmts)):
            later = stmts[j]
            count = reads(later)[name]
            if count:
                if (count == self.reads[name] and self.operand_reads(later, name, s.value) == count
                        and self.use_is_pure(later)
                        and (count == 1 or self.cheap(s.value))):
                    self.values[name] = s.value
                    self.skipped.add(s)
                    self.between[name] = (s, stmts[i + 1:j])
                return
            if later in self.skipped:
                continue
            if not (isinstance(later, ir.Assign) and isinstance(later.target, ir.NameTarget)
                    and later.target.id not in inputs and self.pure(later.value)):
                return


def _bodies(s: ir.Stmt) -> Iterator[list[ir.Stmt]]:
    for f in ("body", "orelse", "finalbody"):
        body = getattr(s, f, None)
        if isinstance(body, list):
            yield body
    if isinstance(s, ir.Try):
        for h in s.handlers:
            yield h.body


def plan(em: FunctionEmitter) -> tuple[dict[str, ir.Expr], set[ir.Stmt]]:
    """The names whose expression is substituted into their use, and the statements that
    are then not emitted."""
    function = em.spec.function
    if function.generator or any(isinstance(n, ir.Yield) for n in walk(function.body)):
        return {}, set()
    planner = Planner(em)
    planner.block(function.body)
    planner.settle()
    return planner.values, planner.skipped


def expand(em: FunctionEmitter, e: ir.Expr) -> ir.Expr:
    """``e``, or the expression substituted for it when it is a fused name."""
    while isinstance(e, ir.Name) and e.id in em.substituted:
        e = em.substituted[e.id]
    return e
