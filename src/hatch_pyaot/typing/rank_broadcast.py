"""Bodies that take every mix of ranks with one variant per rank: NumPy's broadcasting.

Where a body uses its open-rank arrays only elementwise (operators, ufuncs, ``astype``) or in
whole-array reductions (``x.sum()``, ``np.max(x)``), and every array it returns depends
elementwise on all of them, prepending size-1 axes to the arrays of lower rank (``x[None,
...]``, what broadcasting does anyway) changes nothing it computes. Such an entry point is
compiled once per rank, all its open arrays of that rank, and the CPython wrapper pads the
arrays of lower rank to the highest rank given (python/rank_padding.hpp): N variants in
place of a product of N ** arrays.
"""

from __future__ import annotations

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import ArrayType, Type
from hatch_pyaot.ir.walk import all_statements, each_expr
from hatch_pyaot.typing.ufuncs import ALIASES, UFUNCS

BROADCAST_RANKS = range(0, 7)
"""The ranks such an entry point is compiled for (NumPy's up to 64 need a rank known at run
time only)."""

_ELEMENTWISE = frozenset(f"numpy.{n}" for n in (
    *UFUNCS, *ALIASES, "maximum", "minimum", "fmax", "fmin", "where", "power", "negative",
    "positive", "logical_and", "logical_or", "logical_not", "logical_xor"))
_REDUCTIONS = frozenset(("sum", "mean", "max", "min", "prod", "any", "all", "std", "var"))
_REDUCING_CALLS = frozenset(f"numpy.{n}" for n in (*_REDUCTIONS, "amax", "amin"))
_PASSING_METHODS = frozenset(("astype", "copy"))

Deps = frozenset[str]


def broadcasts(fn: ir.Function, types: list[Type], open_positions: list[int]) -> bool:
    """Whether padding the open arrays to one rank keeps the body's NumPy meaning."""
    if len(open_positions) < 2:
        return False
    return _Reader(fn, {fn.params[i].name for i in open_positions}).read(
        isinstance(fn.returns, ArrayType))


class _Reader:
    def __init__(self, fn: ir.Function, arrays: set[str]) -> None:
        self.fn = fn
        self.arrays = arrays
        self.tainted: dict[str, Deps] = {a: frozenset({a}) for a in arrays}
        """Name -> the open arrays it may depend on (the union over its assignments)."""
        self.sure: dict[str, Deps] = dict(self.tainted)
        """Name -> the open arrays it depends on whatever assignment ran (the intersection)."""

    def read(self, returns_array: bool) -> bool:
        statements = all_statements(self.fn.body)
        for _ in range(len(statements) + 1):  # names assigned from tainted ones, to a fixed point
            before = dict(self.tainted)
            if not self._assignments(statements):
                return False
            if self.tainted == before:
                break
        for s in statements:
            if isinstance(s, ir.Return) and s.value is not None:
                if self.deps(s.value) is None or (
                        returns_array and not self._sure(s.value) >= self.arrays):
                    return False
            elif not isinstance(s, _PLAIN) or any(self.deps(e) is None
                                                   for e in _expressions(s)):
                return False
        return True

    def _assignments(self, statements: list[ir.Stmt]) -> bool:
        for s in statements:
            if isinstance(s, ir.Assign | ir.AugAssign):
                deps = self.deps(s.value)
                if not isinstance(s.target, ir.NameTarget):
                    if deps is None or deps:
                        return False
                    continue
                if deps is None or s.target.id in self.arrays:
                    return False
                name = s.target.id
                self.tainted[name] = self.tainted.get(name, frozenset()) | deps
                if isinstance(s, ir.Assign):
                    sure = self._sure(s.value)
                    self.sure[name] = self.sure[name] & sure if name in self.sure else sure
        return True

    def _sure(self, e: ir.Expr) -> Deps:
        return self.deps(e, self.sure) or frozenset()

    def deps(self, e: ir.Expr, names: dict[str, Deps] | None = None) -> Deps | None:
        """The open arrays ``e`` depends on elementwise, by ``names`` (``tainted``); None
        where it uses one otherwise."""
        if names is None:
            names = self.tainted
        if isinstance(e, ir.Name):
            return names.get(e.id, frozenset())
        if isinstance(e, ir.BinOp):
            return _union(self.deps(e.left, names), self.deps(e.right, names))
        if isinstance(e, ir.UnaryOp):
            return self.deps(e.operand, names)
        if isinstance(e, ir.Compare):
            return _union(self.deps(e.left, names), *(self.deps(c, names) for c in e.comparators))
        if isinstance(e, ir.Call) and e.func in _ELEMENTWISE and not e.kwargs:
            return _union(*(self.deps(a, names) for a in e.args))
        if isinstance(e, ir.Call) and e.func in _REDUCING_CALLS and len(e.args) == 1 \
                and not e.kwargs:
            return frozenset() if self.deps(e.args[0]) is not None else None
        if isinstance(e, ir.MethodCall) and not e.kwargs:
            if e.name in _REDUCTIONS and not e.args:
                return frozenset() if self.deps(e.obj) is not None else None
            if e.name in _PASSING_METHODS and not any(map(self._mentions, e.args)):
                return self.deps(e.obj, names)
        if isinstance(e, ir.Call | ir.MethodCall) and all(
                self.deps(x) == frozenset() for x in _operands(e)):
            return frozenset()  # float(x.sum()): a call on scalars
        return None if self._mentions(e) else frozenset()

    def _mentions(self, e: ir.Expr) -> bool:
        hits: list[bool] = []

        def visit(x: ir.Expr) -> None:
            if isinstance(x, ir.Name) and self.tainted.get(x.id):
                hits.append(True)
        each_expr(e, visit)
        return bool(hits)


def _operands(e: ir.Call | ir.MethodCall) -> list[ir.Expr]:
    own = [e.obj] if isinstance(e, ir.MethodCall) else []
    return [*own, *e.args, *(v for _, v in e.kwargs)]


def _union(*parts: Deps | None) -> Deps | None:
    out: set[str] = set()
    for p in parts:
        if p is None:
            return None
        out |= p
    return frozenset(out)


_PLAIN = (ir.Assign, ir.AugAssign, ir.Return, ir.ExprStmt, ir.If, ir.While, ir.ForRange,
          ir.Assert, ir.Pass, ir.Break, ir.Continue)
"""The statements whose expressions are all read by ``_expressions``."""


def _expressions(s: ir.Stmt) -> list[ir.Expr]:
    """The expressions a statement of ``_PLAIN`` holds itself (not its nested blocks')."""
    if isinstance(s, ir.ExprStmt | ir.Assign | ir.AugAssign):
        return [s.value]
    if isinstance(s, ir.If | ir.While):
        return [s.test]
    if isinstance(s, ir.ForRange):
        return [s.start, s.stop, s.step]
    if isinstance(s, ir.Assert):
        return [s.test] if s.message is None else [s.test, s.message]
    return []
