"""Bounds-check elimination: the element accesses ``a[i]``, ``a[i - 1, j + 1]`` whose indices
the compiler proves in range, so that they compile to plain strided pointer arithmetic
(``pyaot::numpy::at``) instead of a checked access.

The proof covers the common loop form: ``for i in range(start, stop)`` with a constant
``start``, a positive constant step and ``stop`` written as ``a.shape[k] + c`` or
``len(a) + c`` (c a constant, or a name assigned that once). In its body ``i + d`` indexes
axis k of ``a`` in range when ``start + d >= 0`` and ``c + d <= 0``, provided neither ``i``
nor ``a`` is assigned in the loop. An array made by ``np.zeros_like(a)``, ``np.empty_like(a)``,
``np.ones_like(a)``, ``np.full_like(a, v)`` or ``a.copy()`` and never assigned again has a's
shape, and so has one made by ``np.zeros(a.shape)`` (``empty``, ``ones``, ``full``) or, for
axis 0, by ``np.zeros(len(a))``; a name assigned only such arrays, or names of the same kind
(``v, nxt = nxt, v``), too. ``h, w = a.shape[0], a.shape[1]`` binds each bound. An array
every assignment of which makes a new one is writeable: a proven store into it needs no
check at all. Everything else keeps its check (and ``boundscheck = false`` drops them all).
"""

from __future__ import annotations

from dataclasses import dataclass

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.walk import all_statements, each_expr, nested_blocks, target_names

_SAME_SHAPE = ("numpy.zeros_like", "numpy.empty_like", "numpy.ones_like", "numpy.full_like")
_CREATION = ("numpy.zeros", "numpy.empty", "numpy.ones", "numpy.full")


@dataclass(frozen=True)
class Proof:
    in_range: set[ir.Expr | ir.Stmt]
    """The Index, TupleGet and SetItem nodes whose every index is in range."""
    writeable: set[ir.Stmt]
    """Those SetItems of them that store into an array made in the function (no read-only
    check)."""


@dataclass(frozen=True)
class _Range:
    """``low <= i <= array.shape[axis] + offset - 1``."""

    low: int
    array: str
    axis: int
    offset: int


def prove(fn: ir.Function, indices: dict[ir.Expr | ir.Stmt, list[ir.Expr]]) -> Proof:
    """The element accesses of ``fn`` that need no check."""
    prover = _Prover(fn, indices)
    return Proof(prover.run(), prover.writeable)


class _Prover:
    def __init__(self, fn: ir.Function,
                 indices: dict[ir.Expr | ir.Stmt, list[ir.Expr]]) -> None:
        self.fn = fn
        self.indices = indices
        self.assignments: dict[str, list[ir.Expr | None]] = {}
        for s in all_statements(fn.body):
            for name, value in _assigned_values(s):
                self.assignments.setdefault(name, []).append(value)
        self.proven: set[ir.Expr | ir.Stmt] = set()
        self.writeable: set[ir.Stmt] = set()

    def run(self) -> set[ir.Expr | ir.Stmt]:
        self._block(self.fn.body, {})
        return self.proven

    # ---- walking with the facts of the enclosing loops -------------------------------------

    def _block(self, stmts: list[ir.Stmt], facts: dict[str, _Range]) -> None:
        for s in stmts:
            self._statement(s, facts)

    def _statement(self, s: ir.Stmt, facts: dict[str, _Range]) -> None:
        if isinstance(s, ir.While):  # its test runs again after the body
            facts = {k: v for k, v in facts.items() if not _assigns(s.body, {k, v.array})}
        for e in _own_exprs(s):
            each_expr(e, lambda x: self._check(x, facts))
        if isinstance(s, ir.SetItem):
            self._check_access(s, s.target, facts)
        if isinstance(s, ir.ForRange):
            inner = {k: v for k, v in facts.items() if not _assigns(s.body, {k, v.array})}
            fact = self._loop_range(s)
            if fact is not None and not _assigns(s.body, {s.target.id, fact.array}):
                inner[s.target.id] = fact
            self._block(s.body, inner)
            self._block(s.orelse, facts)
            return
        for block in nested_blocks(s):
            kept = {k: v for k, v in facts.items() if not _assigns(block, {k, v.array})}
            self._block(block, kept)

    def _check(self, e: ir.Expr, facts: dict[str, _Range]) -> None:
        if isinstance(e, ir.Index | ir.TupleGet):
            self._check_access(e, e.value, facts)

    def _check_access(self, key: ir.Expr | ir.Stmt, array: ir.Expr,
                      facts: dict[str, _Range]) -> None:
        parts = self.indices.get(key)
        if not parts or not isinstance(array, ir.Name):
            return
        base = self._shape_of(array.id)
        if all(self._in_range(part, base, axis, facts) for axis, part in enumerate(parts)):
            self.proven.add(key)
            if isinstance(key, ir.SetItem) and self._fresh(array.id, frozenset()):
                self.writeable.add(key)

    def _in_range(self, part: ir.Expr, base: str, axis: int,
                  facts: dict[str, _Range]) -> bool:
        found = _linear(part)
        if found is None:
            return False
        name, shift = found
        fact = facts.get(name)
        return (fact is not None and self._shape_of(fact.array) == base and fact.axis == axis
                and fact.low + shift >= 0 and fact.offset + shift <= 0)

    # ---- what a loop's range says ----------------------------------------------------------

    def _loop_range(self, s: ir.ForRange) -> _Range | None:
        if not (isinstance(s.start, ir.Const) and type(s.start.value) is int and s.start.value
                >= 0 and isinstance(s.step, ir.Const) and type(s.step.value) is int
                and s.step.value > 0):
            return None
        bound = self._shape_bound(s.stop)
        if bound is None:
            return None
        array, axis, offset = bound
        return _Range(s.start.value, array, axis, offset)

    def _shape_bound(self, e: ir.Expr) -> tuple[str, int, int] | None:
        """``a.shape[k] + c`` / ``len(a) + c`` (or a name assigned that once) as (a, k, c)."""
        if isinstance(e, ir.Name):
            values = self.assignments.get(e.id, [])
            return self._shape_bound(values[0]) if len(values) == 1 and values[0] is not None \
                else None
        if isinstance(e, ir.BinOp) and e.op in (ir.BinOpKind.ADD, ir.BinOpKind.SUB) and \
                isinstance(e.right, ir.Const) and type(e.right.value) is int:
            inner = self._shape_bound(e.left)
            if inner is None:
                return None
            sign = 1 if e.op == ir.BinOpKind.ADD else -1
            return inner[0], inner[1], inner[2] + sign * e.right.value
        axis = e.index if isinstance(e, ir.TupleGet) else e.index.value if isinstance(
            e, ir.Index) and isinstance(e.index, ir.Const) and type(e.index.value) is int \
            else None  # a.shape[k] of an array of open rank stays an Index in the IR
        if isinstance(axis, int) and isinstance(e, ir.TupleGet | ir.Index) and \
                isinstance(e.value, ir.Attribute) and e.value.name == "shape" and \
                isinstance(e.value.value, ir.Name) and axis >= 0:
            return self._fixed(e.value.value.id, axis)
        if isinstance(e, ir.Call) and e.func == "builtins.len" and len(e.args) == 1 and \
                isinstance(e.args[0], ir.Name):
            return self._fixed(e.args[0].id, 0)
        return None

    def _fixed(self, array: str, axis: int) -> tuple[str, int, int] | None:
        """An array whose shape cannot change between the loop's start and its body: a
        parameter never assigned or a name assigned once."""
        return (array, axis, 0) if len(self.assignments.get(array, [])) <= 1 else None

    def _shape_of(self, name: str) -> str:
        """The array whose shape ``name`` has for sure: itself, or the parameter (never
        assigned) every value assigned to it was made like."""
        found = self._made_like(name, frozenset())
        return found if found else name

    def _made_like(self, name: str, seen: frozenset[str]) -> str | None:
        """The parameter never assigned whose shape each value of ``name`` has; "" when
        only names already being followed (a cycle: ``v, w = w, v``) were found; None when
        unknown."""
        if name in seen:
            return ""
        values = self.assignments.get(name, [])
        if not values or None in values:
            return None
        sources = {self._value_like(v, seen | {name}) for v in values if v is not None}
        if None in sources or len(sources - {""}) > 1:
            return None
        return max(sources, key=len)  # type: ignore[arg-type]

    def _value_like(self, value: ir.Expr, seen: frozenset[str]) -> str | None:
        if isinstance(value, ir.Name):
            return self._made_like(value.id, seen)
        source = None
        if isinstance(value, ir.Call) and value.func in _SAME_SHAPE and value.args:
            source = value.args[0]
        elif isinstance(value, ir.MethodCall) and value.name == "copy" and not value.args:
            source = value.obj
        elif isinstance(value, ir.Call) and value.func in _CREATION and value.args:
            return self._created_like(value.args[0])
        if isinstance(source, ir.Name) and not self.assignments.get(source.id):
            return source.id
        return None

    def _created_like(self, shape: ir.Expr) -> str | None:
        """``np.zeros(a.shape)``: a's shape; ``np.zeros(len(a))``: a's first axis (all that
        a 1-d array has)."""
        if isinstance(shape, ir.Attribute) and shape.name == "shape" and \
                isinstance(shape.value, ir.Name) and not self.assignments.get(shape.value.id):
            return shape.value.id
        bound = self._shape_bound(shape)
        if bound is not None and bound[1:] == (0, 0) and not self.assignments.get(bound[0]):
            return bound[0]
        return None

    def _fresh(self, name: str, seen: frozenset[str]) -> bool:
        """Every value of ``name`` is an array made here (or another such name): writeable."""
        if name in seen:
            return True
        values = self.assignments.get(name, [])
        return bool(values) and all(
            (isinstance(v, ir.Name) and self._fresh(v.id, seen | {name}))
            or (isinstance(v, ir.Call) and v.func in _SAME_SHAPE + _CREATION)
            or (isinstance(v, ir.MethodCall) and v.name == "copy" and not v.args)
            for v in values)


def _linear(e: ir.Expr) -> tuple[str, int] | None:
    """``i``, ``i + d``, ``i - d``, ``d + i`` as (i, d)."""
    if isinstance(e, ir.Name):
        return e.id, 0
    if isinstance(e, ir.BinOp) and e.op in (ir.BinOpKind.ADD, ir.BinOpKind.SUB):
        if isinstance(e.left, ir.Name) and isinstance(e.right, ir.Const) and \
                type(e.right.value) is int:
            return e.left.id, e.right.value if e.op == ir.BinOpKind.ADD else -e.right.value
        if e.op == ir.BinOpKind.ADD and isinstance(e.right, ir.Name) and \
                isinstance(e.left, ir.Const) and type(e.left.value) is int:
            return e.right.id, e.left.value
    return None


def _own_exprs(s: ir.Stmt) -> list[ir.Expr]:
    """The expressions of ``s`` itself (not of the statements nested in it)."""
    if isinstance(s, ir.Assign | ir.AugAssign | ir.ExprStmt):
        return [s.value]
    if isinstance(s, ir.SetItem):
        return [s.target, s.index, s.value]
    if isinstance(s, ir.If | ir.While):
        return [s.test]
    if isinstance(s, ir.ForEach):
        return [s.iterable]
    if isinstance(s, ir.ForRange):
        return [s.start, s.stop, s.step]
    if isinstance(s, ir.ReduceStep | ir.Return | ir.Yield):
        return [s.value] if s.value is not None else []
    if isinstance(s, ir.Assert):
        return [s.test] + ([s.message] if s.message is not None else [])
    if isinstance(s, ir.Raise):
        return [e for e in (s.message, s.cause) if e is not None]
    return []


def _assigned_values(s: ir.Stmt) -> list[tuple[str, ir.Expr | None]]:
    """The names ``s`` assigns, each with its value where known (``h, w = a, b`` too)."""
    if isinstance(s, ir.Assign) and isinstance(s.target, ir.NameTarget):
        return [(s.target.id, s.value)]
    if isinstance(s, ir.Assign) and isinstance(s.target, ir.TupleTarget) and \
            isinstance(s.value, ir.TupleExpr) and len(s.value.items) == len(s.target.items) \
            and all(isinstance(t, ir.NameTarget) for t in s.target.items):
        return [(t.id, v) for t, v in zip(s.target.items, s.value.items, strict=True)
                if isinstance(t, ir.NameTarget)]
    return [(name, None) for name in _assigned_names(s)]


def _assigned_names(s: ir.Stmt) -> list[str]:
    if isinstance(s, ir.Assign):
        return target_names(s.target)
    if isinstance(s, ir.AugAssign | ir.ForRange | ir.ForEach):
        target = s.target
        return target_names(target) if isinstance(target, ir.NameTarget | ir.TupleTarget) \
            else []
    return []


def _assigns(stmts: list[ir.Stmt], names: set[str]) -> bool:
    return any(set(_assigned_names(s)) & names for s in all_statements(stmts))
