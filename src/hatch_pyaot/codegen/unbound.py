"""Definite assignment: the reads of a local that may find it unbound.

Python raises ``UnboundLocalError`` when a local is read before any assignment on the path
taken (``if x > 0: y = 1`` then ``return y`` with ``x == 0``, or a name assigned only in a
loop that ran zero times). Compiled locals are C++ variables that always hold a value, so
such a read needs a run-time "has it been assigned" flag. A forward analysis over the
structured IR finds the names that are definitely assigned at each read; only the other
reads are checked, and only their names get a flag, so the usual function, whose every
read follows an assignment on all paths, costs nothing.

The analysis is conservative where the exact answer would need more bookkeeping: an
``except`` or ``finally`` block starts from what was assigned before the ``try``, and a
loop's body may have run zero times. A needless check only costs a test of a flag.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.walk import each_expr, target_names

State = frozenset[str] | None
"""The names definitely assigned at a point; None where the point cannot be reached."""


@dataclass
class MaybeUnbound:
    """What the code generator checks: reads, augmented assignments (which read their
    target first), and the names that need a flag."""

    reads: set[ir.Name] = field(default_factory=set)
    augmented: set[ir.AugAssign] = field(default_factory=set)

    @property
    def flagged(self) -> set[str]:
        return {n.id for n in self.reads} | {s.target.id for s in self.augmented}


def maybe_unbound(fn: ir.Function) -> MaybeUnbound:
    analysis = _Analysis()
    analysis.block(fn.body, frozenset([*(p.name for p in fn.params),
                                       *(c.name for c in fn.captures)]))
    return analysis.found


def message(name: str) -> str:
    """CPython's message, word for word."""
    return f"cannot access local variable '{name}' where it is not associated with a value"


def _meet(*states: State) -> State:
    reached = [s for s in states if s is not None]
    if not reached:
        return None
    out = reached[0]
    for s in reached[1:]:
        out &= s
    return out


def _unbind(state: State, name: str | None) -> State:
    """After ``except ... as name``: Python deletes the name."""
    return state - {name} if state is not None and name else state


@dataclass
class _Analysis:
    found: MaybeUnbound = field(default_factory=MaybeUnbound)
    breaks: list[list[State]] = field(default_factory=list)
    """Per enclosing loop, innermost last: the states at its ``break`` statements."""

    def read(self, e: ir.Expr | None, state: frozenset[str]) -> None:
        if e is None:
            return
        # A generator expression's variables are assigned by its own loop before its body
        # reads them.
        inner: set[str] = set()
        names: list[ir.Name] = []

        def visit(x: ir.Expr) -> None:
            if isinstance(x, ir.Name):
                names.append(x)
            elif isinstance(x, ir.Comprehension) and isinstance(
                    x.loop, ir.ForRange | ir.ForEach):
                inner.update(target_names(x.loop.target))

        each_expr(e, visit)
        self.found.reads.update(n for n in names if n.id not in state and n.id not in inner)

    def block(self, stmts: Sequence[ir.Stmt], state: State) -> State:
        for s in stmts:
            if state is None:
                return None  # never runs: its reads need no check
            state = self.stmt(s, state)
        return state

    def loop(self, body: Sequence[ir.Stmt], entry: frozenset[str], orelse: Sequence[ir.Stmt],
             exits: State) -> State:
        """The state after a loop whose body starts at ``entry`` and whose normal exit (the
        condition false, the iterable exhausted) sees ``exits``."""
        self.breaks.append([])
        self.block(body, entry)
        broken = self.breaks.pop()
        return _meet(self.block(orelse, exits), *broken)

    def stmt(self, s: ir.Stmt, state: frozenset[str]) -> State:
        if isinstance(s, ir.Assign):
            self.read(s.value, state)
            return state | set(target_names(s.target))
        if isinstance(s, ir.AugAssign):
            if s.target.id not in state:
                self.found.augmented.add(s)
            self.read(s.value, state)
            return state | {s.target.id}
        if isinstance(s, ir.SetItem | ir.SetAttr):
            for e in (s.target, getattr(s, "index", s.value), s.value):
                self.read(e, state)
            return state
        if isinstance(s, ir.DelItem):
            self.read(s.target, state)
            self.read(s.index, state)
            return state
        if isinstance(s, ir.ExprStmt | ir.ReduceStep):
            self.read(s.value, state)
            return state
        if isinstance(s, ir.If):
            self.read(s.test, state)
            return _meet(self.block(s.body, state), self.block(s.orelse, state))
        if isinstance(s, ir.While):
            self.read(s.test, state)
            forever = isinstance(s.test, ir.Const) and bool(s.test.value)
            return self.loop(s.body, state, s.orelse, None if forever else state)
        if isinstance(s, ir.ForRange):
            for e in (s.start, s.stop, s.step):
                self.read(e, state)
            return self.loop(s.body, state | {s.target.id}, s.orelse, state)
        if isinstance(s, ir.ForEach):
            self.read(s.iterable, state)
            return self.loop(s.body, state | set(target_names(s.target)), s.orelse, state)
        if isinstance(s, ir.Try):
            body = self.block(s.body, state)
            handled = [_unbind(self.block(h.body, state | {h.name} if h.name else state),
                               h.name) for h in s.handlers]
            normal = _meet(self.block(s.orelse, body) if body is not None else None, *handled)
            if not s.finalbody:
                return normal
            self.block(s.finalbody, state)  # also runs with an exception pending
            return self.block(s.finalbody, normal) if normal is not None else None
        if isinstance(s, ir.Break):
            self.breaks[-1].append(state)
            return None
        if isinstance(s, ir.Continue):
            return None
        if isinstance(s, ir.Return):
            self.read(s.value, state)
            return None
        if isinstance(s, ir.Yield):
            self.read(s.value, state)
            return state | set(target_names(s.target)) if s.target is not None else state
        if isinstance(s, ir.Raise):
            self.read(s.message, state)
            self.read(s.cause, state)
            return None
        if isinstance(s, ir.Assert):
            self.read(s.test, state)
            self.read(s.message, state)
            return state
        return state
