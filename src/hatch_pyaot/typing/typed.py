"""The result of type inference: one specialization per (function, argument types)."""

from __future__ import annotations

from dataclasses import dataclass, field

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import OptionalType, Type
from hatch_pyaot.ops.registry import Op


@dataclass(eq=False)
class Specialization:
    function: ir.Function
    param_types: tuple[Type, ...]
    cpp_name: str
    result: Type | None = None
    var_types: dict[str, Type] = field(default_factory=dict)
    expr_types: dict[ir.Expr, Type] = field(default_factory=dict)
    calls: dict[ir.Call | ir.MethodCall, CallTarget] = field(default_factory=dict)
    """What each call resolved to; a method of a str is an OpCall of ``str.<method>``."""
    ops: dict[ir.Expr | ir.Stmt, Op] = field(default_factory=dict)
    """The overload chosen for each BinOp, UnaryOp and AugAssign."""
    compare_ops: dict[ir.Compare, list[Op | list[Op] | TupleComparison | None]] = field(
        default_factory=dict)
    """Per comparison of a chain: its overload; for ``in`` one ``eq`` per tuple item; for two
    tuples a TupleComparison; None for ``is``/``is not``."""
    indices: dict[ir.Expr | ir.Stmt, list[ir.Expr]] = field(default_factory=dict)
    """The index expressions of each array element access (Index, TupleGet, SetItem)."""
    axis_ops: dict[ir.Expr, tuple[str, int | None]] = field(default_factory=dict)
    """Array operations that take an axis written in the code (``a.sum(axis=1)``,
    ``np.concatenate(..., axis=0)``, ``np.flip(a)``): their NumPy name and the axis (None:
    the whole array, or no axis)."""
    axis_tuples: dict[ir.Expr, tuple[str, tuple[int, ...], bool]] = field(
        default_factory=dict)
    """Reductions over several axes (typing/axis_tuples.py): the NumPy name, the axes
    (sorted, fewer than the rank, more than one) and keepdims."""
    advanced: dict[ir.Expr | ir.Stmt, str] = field(default_factory=dict)
    """Advanced indexing (a copy, not a view): ``a[mask]`` ("mask", mask of a's shape),
    ``a[rows]`` ("mask_rows", a 1-d mask on the first axis of an N-d a), ``a[idx]`` ("take",
    an integer array on the first axis); see ``pyaot/numpy/advanced.hpp``."""
    new_axes: dict[ir.Expr, list[int]] = field(default_factory=dict)
    """``a[None, :]``, ``a[:, None]``: the positions in the result of the axes of length 1
    that ``None`` inserts (``indices`` holds the other parts)."""
    keepdims: set[ir.Expr] = field(default_factory=set)
    """The reductions called with ``keepdims=True``: the result keeps the reduced axes with
    length 1."""
    item_types: dict[ir.Stmt | ir.Expr, Type] = field(default_factory=dict)
    """The common item type of the tuple a ForEach iterates or an Index reads."""
    failed: bool = False
    cycle: int | None = None
    """The recursion cycle (strongly connected calls) this function is part of, if any."""

    methods: dict[ir.Expr | ir.Stmt, ObjectOp] = field(default_factory=dict)
    """What an expression on objects of the program's classes resolved to (a constructor
    call, a method call with its dispatch on the object's class, an identity test...):
    typing/classes.py, emitted by codegen/classes.py."""
    truths: dict[ir.Expr, Dispatch] = field(default_factory=dict)
    """An object tested for truth whose class has ``__bool__`` (or ``__len__``, then its
    result is compared with 0): the call (typing/classes.py)."""
    closure_calls: dict[ir.Expr, list[tuple[object, ir.Call | ir.CallValue]]] = field(
        default_factory=dict)
    """Each call through a function value (``ir.CallValue``) as the direct call of the
    function it is, environment first; one per function it may be, with what it calls
    (a partial's call is a call of its bound function: typing/closures.py)."""
    lowered: dict[ir.Expr | ir.Stmt, ir.Expr] = field(default_factory=dict)
    """Calls typed and emitted as an equivalent expression of their own (``sum(g)`` of a
    generator as ``sum(x for x in g)``), and the loops over an object, by what its
    ``__iter__`` returns: typing/generators.py; ``p[0]`` of a NamedTuple as ``p.x``:
    typing/named_tuples.py."""
    enums: dict[ir.Expr, EnumOp] = field(default_factory=dict)
    """Operations on enum members (typing/enums.py, codegen/enums.py)."""
    exceptions: dict[ir.Expr, str] = field(default_factory=dict)
    """Operations on caught exceptions (typing/exceptions.py, codegen/exceptions.py)."""
    generator_methods: dict[ir.Expr, str] = field(default_factory=dict)
    """``g.send()``, ``g.throw()``, ``g.close()`` and a context-manager generator's
    ``__enter__``/``__exit__`` (typing/generator_methods.py, codegen/generator_methods.py)."""
    caught_classes: dict[ir.Handler, tuple[int, ...]] = field(default_factory=dict)
    """The class ids of the program's exception classes each ``except`` catches."""
    patterns: dict[ir.Expr, PatternTest] = field(default_factory=dict)
    """The tests of ``match`` patterns, decided by type where they can be (typing/match.py)."""
    unions: dict[ir.Expr | ir.Stmt, UnionOp] = field(default_factory=dict)
    """Operations on small unions (typing/unions.py, codegen/unions.py): a narrowed name's
    read, a test of the member held, ``==``, ``in``, ``hash()``."""
    unwrapped: set[ir.Expr] = field(default_factory=set)
    """Optional values used where their item type is needed (``x + 1`` with ``x: int | None``):
    checked for None (TypeError, as CPython) and read as the item."""

    def type_of(self, e: ir.Expr) -> Type:
        """The type of e as its user sees it (the item type of an unwrapped Optional)."""
        t = self.expr_types[e]
        if e in self.unwrapped and isinstance(t, OptionalType):
            return t.item
        return t


@dataclass(frozen=True, eq=False)
class UnionOp:
    """An operation on a union value: ``narrow`` (a name read as the ``target`` type its
    test proved), ``holds`` (isinstance: the members whose bits are set in ``tags``, and
    None when ``none``), ``eq``/``ne``/``in``/``not_in`` and ``hash``."""

    kind: str
    target: Type | None = None
    tags: int = 0
    none: bool = False


@dataclass(frozen=True, eq=False)
class PatternTest:
    """A ``match`` pattern's test: a constant (``static``), else ``test`` computes it."""

    static: bool | None
    test: ir.Expr | None = None


@dataclass(frozen=True, eq=False)
class EnumOp:
    """An operation on enum members: ``member``, ``members``, ``lookup``, ``name``, ``value``,
    ``compare`` (their codes, or an IntEnum's values), ``binop`` (``op`` on an IntEnum's value),
    ``never``/``always`` (``==``/``!=`` of a member and another kind of value)."""

    kind: str
    info: object = None
    """The enum (tracer/enums.py EnumInfo), where the operation needs its tables."""
    op: Op | None = None


@dataclass(frozen=True, eq=False)
class TupleComparison:
    """Two tuples compared as Python does: item by item with ``==`` up to the first
    difference, which ``order`` (the comparison asked for) then decides; else the lengths."""

    equal: tuple[Op | TupleComparison, ...]
    order: tuple[Op | TupleComparison, ...]
    """Per item; a TupleComparison where both items are tuples."""


@dataclass(frozen=True, eq=False)
class UserCall:
    spec: Specialization
    args: tuple[ir.Expr, ...]
    """One expression per parameter, in parameter order (defaults as Const nodes)."""


@dataclass(frozen=True, eq=False)
class OpCall:
    op: Op
    args: tuple[ir.Expr, ...]
    param_types: tuple[Type, ...]
    """The type each argument is converted to before the call."""


@dataclass(frozen=True, eq=False)
class TupleLen:
    """``len(t)`` of a tuple: a constant."""

    length: int


@dataclass(frozen=True, eq=False)
class TupleReduce:
    """``sum``, ``math.prod``, ``min``, ``max``, ``any``, ``all`` of one tuple, expanded into
    item-wise registry operations in Python's left-to-right order."""

    kind: str
    """``fold`` (sum, prod: ``acc = op(acc, item)`` from ``start``), ``variadic`` (min,
    max: one call with every item), ``any``, ``all``, ``fsum`` (exact sum in C++), or
    ``dist`` (ops: the difference, then ``math.hypot`` of the differences)."""
    ops: tuple[Op, ...]
    start: ir.Expr | None = None


@dataclass(frozen=True, eq=False)
class GeneratorNext:
    """``next(g)`` (StopIteration at the end) or ``next(g, default)`` of a generator; the
    result's type (the items', or their union with the default's)."""

    result: Type


@dataclass(frozen=True, eq=False)
class NumpyCall:
    """``len`` of an array, array creation, a NumPy scalar constructor (typing/arrays.py)."""

    name: str


@dataclass(frozen=True, eq=False)
class ListBuiltin:
    """``len``, ``sum``, ``min``, ``max``, ``any``, ``all``, ``sorted`` or ``list`` of a list
    (typing/lists.py; of a dict, view or set too, which they see as the list of what it
    iterates), or ``dict``/``set`` making one (typing/dicts.py, typing/sets.py); for a tuple argument of ``list``/``sorted``, ``item_types`` has the
    list it becomes."""

    name: str


@dataclass(frozen=True, eq=False)
class Converted:
    """An argument of an ArrayCall: ``expr`` converted to ``type`` (an array to another
    dtype as ``astype`` does, a number as a cast does)."""

    expr: ir.Expr
    type: Type


@dataclass(frozen=True, eq=False)
class Ints:
    """An argument of an ArrayCall: ints written out, as one ``std::array<std::int64_t, n>``."""

    exprs: tuple[ir.Expr, ...]


@dataclass(frozen=True, eq=False)
class ArrayCall:
    """A NumPy function that is one fallible runtime call, ``cpp(out, args...)``, or
    ``cpp(args...)`` for one that returns None (typing/array_calls.py)."""

    cpp: str
    header: str
    args: tuple[Converted | Ints | str, ...]
    """Converted or written-out arguments; a str is C++ the typer chose (a constant)."""
    returns_none: bool = False


@dataclass(frozen=True, eq=False)
class Dispatch:
    """A method call on an object: the implementation each class id runs (one entry when no
    subclass overrides the method). ``calls`` are the typed calls, whose first argument is
    the receiver seen as that implementation's class."""

    calls: tuple[tuple[tuple[int, ...], ir.Call, Type], ...]
    """(class ids, the call, the class its receiver is cast to)."""
    receiver: ir.Expr | None
    """The object (None for a constructor, whose receiver is the new object)."""
    args: tuple[ir.Expr, ...]
    """The other arguments as written, each evaluated once in order before the call."""
    negate: bool = False
    """``!=`` through ``__eq__``: the result negated."""


@dataclass(frozen=True, eq=False)
class ObjectOp:
    """An operation on objects (typing/classes.py): ``kind`` is ``new`` (construct, then
    ``dispatch`` runs ``__init__`` if any), ``call`` (a method, dunder or property),
    ``is``/``is_not`` (identity), ``isinstance``, ``same_class``, ``repr`` (a dataclass's
    generated repr), ``default_repr``, ``constant`` (a class attribute read)."""

    kind: str
    dispatch: Dispatch | None = None
    value: object = None
    """``isinstance``: the class ids that pass; ``constant``: the value."""


CallTarget = (UserCall | OpCall | TupleLen | TupleReduce | NumpyCall | ListBuiltin | ArrayCall
              | GeneratorNext)
