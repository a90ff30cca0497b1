"""The rank of an ``NDArray[dtype]`` parameter of an entry point, from how the body uses it.

An ``NDArray`` annotation names the dtype only (``numpy.ndarray[tuple[int, int], ...]``
states the rank too: tracer/array_annotations.py). The compiler needs the rank, so it reads
it off the body: ``x[i, j]`` used as a number (read or written) means two dimensions,
``x.shape[2]`` at least three. The largest use wins. Only indices that are integers for
sure count (constants, ``int`` parameters, ``range`` loop variables, ``len()``,
``x.shape[k]`` and arithmetic on them, or slices): ``x[mask]`` or ``x[idx]`` with an array
index says nothing of x's rank. Some uses only bound the rank from below and leave it open:
``x[1:-1, 1:-1]`` (NumPy keeps the trailing axes), ``x[i]`` used as an array or passed to a
``numpy.*`` function (typing/rank_uses.py). Where nothing fixes a rank (``return a * b +
1``), the entry point is compiled once per rank from its lowest to OPEN_RANKS' highest
(every combination, up to MAX_VARIANTS), and the CPython wrapper picks the variant by the
ranks of the arrays it is given; past MAX_VARIANTS, a body that only broadcasts its arrays
is compiled once per rank for all of them (typing/rank_broadcast.py).
"""

from __future__ import annotations

import itertools

from hatch_pyaot.errors import Diagnostic
from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import INT, ArrayType, ListType, Type
from hatch_pyaot.ir.walk import all_statements, rewrite_exprs, target_names
from hatch_pyaot.typing.rank_broadcast import BROADCAST_RANKS, broadcasts
from hatch_pyaot.typing.rank_uses import array_reads

OPEN_RANKS = (1, 2, 3)
MAX_VARIANTS = 9


def fix_ranks(fn: ir.Function, types: list[Type]) -> list[Diagnostic]:
    """Replace open-rank array types in ``types`` (one per parameter) in place."""
    open_params = {p.name: i for i, (p, t) in enumerate(zip(fn.params, types, strict=True))
                   if isinstance(t, ArrayType) and t.ndim < 0}
    if not open_params:
        return []
    reader = _RankReader(fn, types)
    while True:  # an element of a rank-fixed integer array is an int index in turn
        before = dict(reader.seen)
        reader.read()
        if reader.seen == before:
            break
    for name, i in open_params.items():
        t = types[i]
        assert isinstance(t, ArrayType)
        low = reader.at_least.get(name, 0)
        if name in reader.seen and (reader.seen[name] >= low or name in reader.elements):
            types[i] = ArrayType(t.dtype, max(reader.seen[name], low))
    return []


def lowest_ranks(fn: ir.Function, types: list[Type]) -> dict[int, int]:
    """Parameter index -> the lowest rank its uses allow, for arrays whose rank stays open
    (and lists of them, ``list[NDArray[dtype]]``: every rank of OPEN_RANKS, the wrapper picks
    by the first item's)."""
    reader = _RankReader(fn, types)
    reader.read()
    return {i: max(reader.at_least.get(p.name, OPEN_RANKS[0]), reader.seen.get(p.name, 0))
            if isinstance(t, ArrayType) else OPEN_RANKS[0]
            for i, (p, t) in enumerate(zip(fn.params, types, strict=True))
            if (isinstance(t, ArrayType) and t.ndim < 0) or open_list(t)}


def open_list(t: Type) -> bool:
    """``list[NDArray[dtype]]`` of a rank the annotation leaves open."""
    return isinstance(t, ListType) and isinstance(t.item, ArrayType) and t.item.ndim < 0


class _RankReader:
    """The ranks the body's uses fix (``seen``), and the names that hold ints for sure."""

    def __init__(self, fn: ir.Function, types: list[Type]) -> None:
        self.fn = fn
        self.arrays = {p.name: t for p, t in zip(fn.params, types, strict=True)
                       if isinstance(t, ArrayType)}
        self.seen: dict[str, int] = {}
        self.at_least: dict[str, int] = {}
        """Lower bounds that leave the rank open: ``x[1:-1]`` (NumPy keeps the trailing
        axes), ``x[i]`` used as an array (an (n-1)-d view)."""
        self.elements: set[str] = set()
        """Names read or written as elements (``x[i, j]`` a number): their rank is exact.
        ``x.shape[k]`` alone fixes it too, unless a view use needs more axes (``x[i]`` an
        array), which leaves it open."""
        self.ints: set[str] = set()
        self.array_reads, self.passed_reads = array_reads(fn)

    def read(self) -> None:
        self.ints = self._integer_names()
        rewrite_exprs(self.fn, self._visit)
        for s in all_statements(self.fn.body):
            if isinstance(s, ir.SetItem):  # x[i] = an array: a view (rank_uses.py)
                self._note_index(s.target, s.index, s if id(s) in self.array_reads else None)

    def _note(self, value: ir.Expr, rank: int, exact: bool = True) -> None:
        if isinstance(value, ir.Name) and value.id in self.arrays \
                and self.arrays[value.id].ndim < 0:
            notes = self.seen if exact else self.at_least
            notes[value.id] = max(notes.get(value.id, 0), rank)

    def _note_index(self, value: ir.Expr, index: ir.Expr,
                    read: ir.Expr | ir.Stmt | None = None) -> None:
        items = index.items if isinstance(index, ir.TupleExpr) else [index]
        if not all(self.is_integer(item) for item in items):
            return
        if any(isinstance(item, ir.SliceExpr) for item in items):
            self._note(value, len(items), exact=False)
        elif read is not None and id(read) in self.array_reads:
            self._note(value, len(items) + 1, exact=False)
        elif read is not None and id(read) in self.passed_reads:
            self._note(value, len(items), exact=False)
        else:
            self._note(value, len(items))
            if isinstance(value, ir.Name):
                self.elements.add(value.id)

    def _visit(self, e: ir.Expr) -> ir.Expr:
        if isinstance(e, ir.ModelCall):  # an ONNX model's inputs have fixed ranks
            for arg, t in zip(e.args, e.model.graph.inputs, strict=False):
                self._note(arg, len(t.shape))
        if isinstance(e, ir.Index):
            self._note_index(e.value, e.index, e)
        elif isinstance(e, ir.TupleGet):
            if isinstance(e.value, ir.Attribute) and e.value.name == "shape":
                if e.index >= 0:
                    self._note(e.value.value, e.index + 1)
                else:  # x.shape[-1]: at least that many axes, the rank stays open
                    self._note(e.value.value, -e.index, exact=False)
            else:
                self._note(e.value, 1)
        return e

    def rank(self, name: str) -> int | None:
        t = self.arrays.get(name)
        if t is None:
            return None
        return t.ndim if t.ndim >= 0 else self.seen.get(name)

    def is_integer(self, e: ir.Expr) -> bool:
        """An index expression that is an int (or a slice) whatever the arrays' ranks."""
        if isinstance(e, ir.Const):
            return isinstance(e.value, int) and not isinstance(e.value, bool)
        if isinstance(e, ir.SliceExpr):
            return True
        if isinstance(e, ir.Name):
            return e.id in self.ints
        if isinstance(e, ir.BinOp):
            return self.is_integer(e.left) and self.is_integer(e.right)
        if isinstance(e, ir.UnaryOp):
            return self.is_integer(e.operand)
        if isinstance(e, ir.TupleGet):  # x.shape[k], or one element of a 1-d integer array
            if isinstance(e.value, ir.Attribute) and e.value.name == "shape":
                return True
            return self._integer_element(e.value, 1)
        if isinstance(e, ir.Index):  # x[i, j] of an integer array of rank 2
            items = e.index.items if isinstance(e.index, ir.TupleExpr) else [e.index]
            return all(self.is_integer(i) for i in items) and \
                self._integer_element(e.value, len(items))
        if isinstance(e, ir.Call):
            return e.func in ("builtins.len", "builtins.int")
        return False

    def _integer_element(self, value: ir.Expr, count: int) -> bool:
        return isinstance(value, ir.Name) and value.id in self.arrays \
            and self.arrays[value.id].dtype.kind in "iu" and self.rank(value.id) == count

    def _integer_names(self) -> set[str]:
        """Local names that hold ints for sure: ``int`` parameters, ``range`` loop variables
        and names only ever assigned integer expressions (to a fixed point)."""
        ints = {p.name for p in self.fn.params if p.annotation == INT}
        statements = all_statements(self.fn.body)
        ints |= {s.target.id for s in statements if isinstance(s, ir.ForRange)}
        assigned: dict[str, list[ir.Expr]] = {}
        for s in statements:
            if isinstance(s, ir.Assign | ir.AugAssign) and isinstance(s.target, ir.NameTarget):
                assigned.setdefault(s.target.id, []).append(s.value)
            elif isinstance(s, ir.Assign):  # unpacked from a tuple: not known
                for name in target_names(s.target):
                    assigned.setdefault(name, []).append(ir.Const(s.loc, None))
        self.ints = ints
        changed = True
        while changed:
            changed = False
            for name, values in assigned.items():
                if name not in ints and all(self.is_integer(v) for v in values):
                    ints.add(name)
                    changed = True
        return ints


def broadcast_variants(fn: ir.Function, types: list[Type]) -> list[tuple[Type, ...]] | None:
    """One parameter-type tuple per rank of BROADCAST_RANKS, every open array of that rank,
    where the product of open ranks is too large and the body only broadcasts them."""
    lowest = lowest_ranks(fn, types)
    if len(_combinations(lowest)) <= MAX_VARIANTS or any(open_list(types[i]) for i in lowest) \
            or not broadcasts(fn, types, list(lowest)):
        return None
    return [_with_ranks(types, list(lowest), [rank] * len(lowest)) for rank in BROADCAST_RANKS]


def rank_variants(fn: ir.Function, types: list[Type]) -> list[tuple[Type, ...]] | Diagnostic:
    """Every parameter-type tuple to compile: one, or one per combination of open ranks."""
    lowest = lowest_ranks(fn, types)
    combos = _combinations(lowest)
    if len(combos) > MAX_VARIANTS:
        names = ", ".join(f"'{fn.params[i].name}'" for i in lowest)
        return Diagnostic(fn.loc, f"the ranks of {names} cannot be told from the function "
                          f"body, and {len(combos)} rank combinations are too many to compile",
                          hint="state them in the annotation (numpy.ndarray[tuple[int, int], "
                               "numpy.dtype[numpy.float64]] for two), index some of them with "
                               "one index per dimension (x[i, j]) or read x.shape[k]")
    return [_with_ranks(types, list(lowest), list(combo)) for combo in combos]


def _combinations(lowest: dict[int, int]) -> list[tuple[int, ...]]:
    """Every combination of ranks, each open array from its lowest to OPEN_RANKS' highest."""
    return list(itertools.product(*(range(low, max(low, OPEN_RANKS[-1]) + 1)
                                    for low in lowest.values())))


def _with_ranks(types: list[Type], positions: list[int], ranks: list[int]) -> tuple[Type, ...]:
    chosen = list(types)
    for position, rank in zip(positions, ranks, strict=True):
        t = chosen[position]
        if isinstance(t, ListType) and isinstance(t.item, ArrayType):
            chosen[position] = ListType(ArrayType(t.item.dtype, rank))
            continue
        assert isinstance(t, ArrayType)
        chosen[position] = ArrayType(t.dtype, rank)
    return tuple(chosen)
