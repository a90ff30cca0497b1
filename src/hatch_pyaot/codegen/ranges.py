"""Range analysis: the int ``+``, ``-`` and ``*`` that cannot leave int64, emitted unchecked.

The compiled int is int64 and an operation that would leave it raises OverflowError
(pyaot/int_overflow.hpp). Where the operands' value ranges prove the result fits, the check
can never fire and the operation is a plain C++ one. The ranges are intervals, computed
flow-insensitively: a local's interval is the union of the intervals of every value any
statement stores in it (``=``, ``op=``, a ``for ... in range(...)`` counter, whose values lie
between start and stop - 1), iterated to a fixed point (a local still growing after a few
rounds becomes unknown). That is sound without following the control flow: a local only
ever holds what one of its stores put there. Parameters, locals bound any other way (tuple
targets, ``for`` over other iterables, lambda parameters) and every expression not listed in
``_interval`` are unknown: any int64.

Proven, for example: ``i + 1`` and ``i - 1`` for ``i`` a ``range`` counter (``i < stop`` is
at most int64's maximum - 1), ``(h & 0xFFFF) * 31``, ``x % 1000 + 1``, ``n // 2 + 1``.
"""

from __future__ import annotations

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import BOOL, INT
from hatch_pyaot.ir.walk import all_statements, each_expr, target_names
from hatch_pyaot.typing.typed import Specialization

INT64_MIN = -(1 << 63)
INT64_MAX = (1 << 63) - 1
Interval = tuple[int, int]
FULL: Interval = (INT64_MIN, INT64_MAX)
_ROUNDS = 8
_CHECKED = {ir.BinOpKind.ADD, ir.BinOpKind.SUB, ir.BinOpKind.MUL}


def _clamp(lo: int, hi: int) -> Interval:
    """Only values inside int64 reach what follows an operation (it raised otherwise)."""
    return max(lo, INT64_MIN), min(hi, INT64_MAX)


def _arithmetic(kind: ir.BinOpKind, a: Interval, b: Interval) -> Interval | None:
    """The exact interval of ``a <kind> b`` over Python ints, or None where not modelled."""
    if kind == ir.BinOpKind.ADD:
        return a[0] + b[0], a[1] + b[1]
    if kind == ir.BinOpKind.SUB:
        return a[0] - b[1], a[1] - b[0]
    if kind == ir.BinOpKind.MUL:
        corners = [x * y for x in a for y in b]
        return min(corners), max(corners)
    if kind == ir.BinOpKind.BITAND and (a[0] >= 0 or b[0] >= 0):
        highs = [r[1] for r in (a, b) if r[0] >= 0]
        return 0, min(highs)
    if kind == ir.BinOpKind.MOD and b[0] > 0:
        return (0, min(a[1], b[1] - 1)) if a[0] >= 0 else (0, b[1] - 1)
    if kind == ir.BinOpKind.FLOORDIV and b[0] > 0:
        corners = [x // y for x in a for y in b]
        return min(corners), max(corners)
    if kind == ir.BinOpKind.RSHIFT and a[0] >= 0 and b[0] >= 0:
        return a[0] >> min(b[1], 63), a[1] >> b[0]
    return None


class _Ranges:
    def __init__(self, spec: Specialization) -> None:
        self.spec = spec
        self.env: dict[str, Interval | None] = {}
        """A tracked local's interval so far; None until a store of it is reached."""

    def interval(self, e: ir.Expr) -> Interval | None:
        """``e``'s interval (FULL when unknown); None while an operand is not reached yet."""
        t = self.spec.expr_types.get(e)
        if t == BOOL:
            return 0, 1
        if t != INT:
            return FULL
        if isinstance(e, ir.Const) and isinstance(e.value, int):
            return int(e.value), int(e.value)
        if isinstance(e, ir.Name):
            return self.env.get(e.id, FULL)
        if isinstance(e, ir.BinOp):
            a, b = self.interval(e.left), self.interval(e.right)
            if a is None or b is None:
                return None
            r = _arithmetic(e.op, a, b)
            return FULL if r is None else _clamp(*r)
        if isinstance(e, ir.UnaryOp) and e.op == ir.UnaryOpKind.NEG:
            a = self.interval(e.operand)
            return None if a is None else _clamp(-a[1], -a[0])
        if isinstance(e, ir.Call) and e.func == "builtins.len":
            return 0, INT64_MAX
        if isinstance(e, ir.IfExp):
            a, b = self.interval(e.body), self.interval(e.orelse)
            return _union(a, b)
        return FULL

    def stored(self, s: ir.Stmt) -> tuple[str, Interval | None] | None:
        """The local ``s`` stores in and the interval of what it stores."""
        if isinstance(s, ir.Assign) and isinstance(s.target, ir.NameTarget):
            return s.target.id, self.interval(s.value)
        if isinstance(s, ir.AugAssign):
            a, b = self.env.get(s.target.id, FULL), self.interval(s.value)
            if a is None or b is None:
                return s.target.id, None
            r = _arithmetic(s.op, a, b)
            return s.target.id, FULL if r is None else _clamp(*r)
        if isinstance(s, ir.ForRange):
            start, stop, step = (self.interval(x) for x in (s.start, s.stop, s.step))
            if start is None or stop is None or step is None:
                return s.target.id, None
            if step[0] > 0:
                return s.target.id, (start[0], stop[1] - 1)
            if step[1] < 0:
                return s.target.id, (stop[0] + 1, start[1])
            return s.target.id, (min(start[0], stop[0]), max(start[1], stop[1]))
        return None


def _union(a: Interval | None, b: Interval | None) -> Interval | None:
    if a is None or b is None:
        return a if b is None else b
    return min(a[0], b[0]), max(a[1], b[1])


def _statements(fn: ir.Function) -> list[ir.Stmt]:
    """Every statement of ``fn``, those of its comprehensions' loops included."""
    out = all_statements(fn.body)
    loops: list[ir.Stmt] = []

    def visit(e: ir.Expr) -> None:
        if isinstance(e, ir.Comprehension):
            loops.extend(all_statements([e.loop]))

    for s in out:
        for value in _exprs(s):
            each_expr(value, visit)
    return out + loops


def _exprs(s: ir.Stmt) -> list[ir.Expr]:
    return [v for v in (getattr(s, name, None) for name in ("value", "test", "iterable",
            "start", "stop", "step", "target", "index")) if isinstance(v, ir.Expr)]  # fmt: skip


def _untracked(fn: ir.Function, statements: list[ir.Stmt]) -> set[str]:
    """Locals bound by something the analysis does not model."""
    names = {p.name for p in fn.params}
    for s in statements:
        if (isinstance(s, ir.Assign) and isinstance(s.target, ir.TupleTarget)) or isinstance(
                s, ir.ForEach):
            names.update(target_names(s.target))

    def lambdas(e: ir.Expr) -> None:
        if isinstance(e, ir.Lambda):
            names.update(e.params)

    for s in statements:
        for value in _exprs(s):
            each_expr(value, lambdas)
    return names


def cannot_overflow(spec: Specialization) -> set[ir.BinOp]:
    """The int ``+``, ``-``, ``*`` of ``spec`` whose result the ranges prove inside int64."""
    statements = _statements(spec.function)
    ranges = _Ranges(spec)
    untracked = _untracked(spec.function, statements)
    stores: list[ir.Stmt] = [s for s in statements
                             if isinstance(s, ir.Assign | ir.AugAssign | ir.ForRange)]
    for s in stores:
        found = ranges.stored(s)
        if found is not None and found[0] not in untracked:
            ranges.env[found[0]] = None
    _fixed_point(ranges, stores)
    proven: set[ir.BinOp] = set()

    def check(e: ir.Expr) -> None:
        if not isinstance(e, ir.BinOp) or e.op not in _CHECKED:
            return
        types = (spec.expr_types.get(e), spec.expr_types.get(e.left), spec.expr_types.get(e.right))
        if types != (INT, INT, INT):
            return
        a, b = ranges.interval(e.left), ranges.interval(e.right)
        if a is None or b is None:
            return
        r = _arithmetic(e.op, a, b)
        if r is not None and r[0] >= INT64_MIN and r[1] <= INT64_MAX:
            proven.add(e)

    for s in statements:
        for value in _exprs(s):
            each_expr(value, check)
    return proven


def _fixed_point(ranges: _Ranges, stores: list[ir.Stmt]) -> None:
    """Union every store into its local until nothing changes; a local still changing after
    ``_ROUNDS`` rounds becomes FULL (which then changes nothing)."""
    for round_ in range(2 * _ROUNDS):
        changed = False
        for s in stores:
            found = ranges.stored(s)
            if found is None or found[0] not in ranges.env:
                continue
            name, value = found
            merged = _union(ranges.env[name], value)
            if merged != ranges.env[name]:
                changed = True
                ranges.env[name] = FULL if round_ >= _ROUNDS else merged
        if not changed:
            return
    for name in ranges.env:  # not settled: give up on everything
        ranges.env[name] = FULL
