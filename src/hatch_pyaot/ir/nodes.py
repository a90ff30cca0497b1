"""IR nodes: a structured tree (statements hold blocks), every node with its location.

The IR keeps Python's control structure (if/while/for) because C++ has the same one, which
keeps the generated code readable and lets the C++ compiler see plain loops. Expressions are
trees; codegen flattens the ones that can fail into checked temporaries. Node classes are
small and final, compared by identity (``eq=False``) so that typing results can be kept in
side tables keyed by node.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from types import EllipsisType
from typing import Any

from hatch_pyaot.errors import Loc
from hatch_pyaot.ir.types import Type


class BinOpKind(enum.Enum):
    """Binary operators; the value is the ``operator`` module function that implements it."""

    ADD = "add"
    SUB = "sub"
    MUL = "mul"
    TRUEDIV = "truediv"
    FLOORDIV = "floordiv"
    MOD = "mod"
    POW = "pow"
    LSHIFT = "lshift"
    RSHIFT = "rshift"
    BITAND = "and_"
    BITOR = "or_"
    BITXOR = "xor"


class UnaryOpKind(enum.Enum):
    NEG = "neg"
    POS = "pos"
    INVERT = "invert"
    NOT = "not_"


class CmpOpKind(enum.Enum):
    EQ = "eq"
    NE = "ne"
    LT = "lt"
    LE = "le"
    GT = "gt"
    GE = "ge"
    IS = "is_"
    IS_NOT = "is_not"
    IN = "contains"
    NOT_IN = "not_contains"


class BoolOpKind(enum.Enum):
    AND = "and"
    OR = "or"


# How the operators are spelled in Python source, for diagnostics.
BINOP_SYMBOL = {
    BinOpKind.ADD: "+", BinOpKind.SUB: "-", BinOpKind.MUL: "*",
    BinOpKind.TRUEDIV: "/", BinOpKind.FLOORDIV: "//", BinOpKind.MOD: "%",
    BinOpKind.POW: "**", BinOpKind.LSHIFT: "<<", BinOpKind.RSHIFT: ">>",
    BinOpKind.BITAND: "&", BinOpKind.BITOR: "|", BinOpKind.BITXOR: "^",
}
CMP_SYMBOL = {
    CmpOpKind.EQ: "==", CmpOpKind.NE: "!=", CmpOpKind.LT: "<", CmpOpKind.LE: "<=",
    CmpOpKind.GT: ">", CmpOpKind.GE: ">=", CmpOpKind.IS: "is",
    CmpOpKind.IS_NOT: "is not", CmpOpKind.IN: "in", CmpOpKind.NOT_IN: "not in",
}


# ----- expressions ------------------------------------------------------------------------


@dataclass(eq=False, slots=True)
class Expr:
    loc: Loc


@dataclass(eq=False, slots=True)
class Const(Expr):
    value: int | float | complex | bool | str | bytes | EllipsisType | None
    """``...`` only as a part of an array index."""


@dataclass(eq=False, slots=True)
class Name(Expr):
    id: str


@dataclass(eq=False, slots=True)
class TupleExpr(Expr):
    items: list[Expr]


@dataclass(eq=False, slots=True)
class ListExpr(Expr):
    """``[a, b, c]``: a new list."""
    items: list[Expr]


@dataclass(eq=False, slots=True)
class DictExpr(Expr):
    """``{k: v, ...}``: a new dict (keys and values evaluated in order, key first)."""
    keys: list[Expr]
    values: list[Expr]


@dataclass(eq=False, slots=True)
class SetExpr(Expr):
    """``{a, b}``: a new set (``set()`` is a call)."""
    items: list[Expr]


@dataclass(eq=False, slots=True)
class TupleGet(Expr):
    """``t[i]`` on a tuple with a constant index (may be negative: taken modulo the length)."""

    value: Expr
    index: int


@dataclass(eq=False, slots=True)
class Index(Expr):
    """``t[i]`` with an index known only at run time (bounds-checked)."""

    value: Expr
    index: Expr


@dataclass(eq=False, slots=True)
class DTypeLit(Expr):
    """A NumPy dtype named in the source (``numpy.float32``, ``float``): valid only as the
    dtype of an array creation."""

    dtype: str
    """NumPy's name: ``float32``."""


@dataclass(eq=False, slots=True)
class SliceExpr(Expr):
    """``start:stop:step`` inside ``a[...]`` (each part may be left out)."""

    start: Expr | None
    stop: Expr | None
    step: Expr | None


@dataclass(eq=False, slots=True)
class Attribute(Expr):
    """``x.shape``, ``x.ndim``...: an attribute of a local value (not of a module)."""

    value: Expr
    name: str


@dataclass(eq=False, slots=True)
class BinOp(Expr):
    op: BinOpKind
    left: Expr
    right: Expr


@dataclass(eq=False, slots=True)
class UnaryOp(Expr):
    op: UnaryOpKind
    operand: Expr


@dataclass(eq=False, slots=True)
class Compare(Expr):
    """A comparison chain ``a < b <= c``; each operand is evaluated once."""

    left: Expr
    ops: list[CmpOpKind]
    comparators: list[Expr]


@dataclass(eq=False, slots=True)
class BoolOp(Expr):
    """Short-circuit ``and``/``or``; the result is one of the operands, as in Python."""

    op: BoolOpKind
    values: list[Expr]


@dataclass(eq=False, slots=True)
class FormatField:
    """One ``{value!conversion:spec}`` of an f-string; the spec is a literal."""

    value: Expr
    conversion: str | None
    spec: str


@dataclass(eq=False, slots=True)
class FormatStr(Expr):
    """An f-string: literal text and formatted scalar fields (exception messages so far)."""

    parts: list[str | FormatField]


@dataclass(eq=False, slots=True)
class Comprehension(Expr):
    """``sum(f(i) for i in range(n) if c)`` (also min, max, any, all, math.prod) and
    ``[f(i) for i in ...]`` (kind ``list``; ``set`` for ``{...}``, and ``dict`` whose
    ReduceStep's value is the TupleExpr ``(key, value)``): ``loop`` is a ForRange or ForEach over the
    generator's renamed variables (nested, one per ``for``) whose body ends in a ReduceStep;
    ``start`` is sum's second argument."""

    kind: str
    loop: Stmt
    start: Expr | None = None


@dataclass(eq=False, slots=True)
class Lambda(Expr):
    """``lambda kv: (-kv[1], kv[0])`` (or a function named as a value, as ``key=f``): only
    the ``key=`` of ``sorted``/``min``/``max``/``list.sort``, inlined where the key is taken.
    ``params`` are renamed locals of the enclosing function."""
    params: list[str]
    body: Expr


ENV: str = "closure_env_"
"""The first parameter of a nested function: its environment, the ``ClosureType`` value it
was called through (a name no Python source is likely to use, and no C++ reserved one)."""


@dataclass(eq=False, slots=True)
class Capture:
    """A variable of an enclosing function that a nested function reads or writes."""

    name: str
    """Its name inside the nested function."""
    outer: str
    """The local of the enclosing function it is (a renamed comprehension variable, or
    ``ENV`` where the enclosing function names itself)."""
    by_cell: bool
    """Shared through a cell (rebound after the capture, or ``nonlocal``); else a copy."""


@dataclass(frozen=True, slots=True)
class PartialRef:
    """What a ``functools.partial`` value calls: its environment is the function, then
    ``positional`` arguments, then one per keyword (typing/closures.py)."""

    positional: int
    keywords: tuple[str, ...]
    name: str = "partial"

    def __str__(self) -> str:
        return "functools.partial"


@dataclass(eq=False, slots=True)
class MakeClosure(Expr):
    """A ``def`` or ``lambda`` evaluated: the function value, its environment made of the
    captured variables, then the defaults (evaluated here, as Python does)."""

    ref: FuncRef | PartialRef
    captures: list[Capture]
    defaults: list[Expr] = field(default_factory=list)


@dataclass(eq=False, slots=True)
class CallValue(Expr):
    """A call of a function value (``f(x)`` with ``f`` a local, ``fs[0]()``)."""

    callee: Expr
    args: list[Expr]
    kwargs: list[tuple[str, Expr]] = field(default_factory=list)


@dataclass(eq=False, slots=True)
class EnvItem(Expr):
    """Item ``index`` of a function value's environment (a default at a call that leaves
    the argument out); made by typing, never by the tracer."""

    value: Expr
    index: int


@dataclass(eq=False, slots=True)
class Alternative(Expr):
    """The function ``index`` of a value that is one of several (``FunctionUnion``), in
    the branch of a call that runs when it holds that one; made by typing."""

    value: Expr
    index: int


@dataclass(eq=False, slots=True)
class TypeCheck(Expr):
    """``isinstance(value, classes)``, a constant once value's type is known; ``exact``:
    ``type(value) is classes[0]`` (a bool is not an int, a subclass not its base)."""

    value: Expr
    classes: list[str]
    exact: bool = False


@dataclass(eq=False, slots=True)
class IfExp(Expr):
    test: Expr
    body: Expr
    orelse: Expr


@dataclass(frozen=True, slots=True)
class FuncRef:
    """A Python function of the traced program: its module and its name in it."""

    module: str
    name: str

    def __str__(self) -> str:
        return f"{self.module}.{self.name}"


@dataclass(eq=False, slots=True)
class Call(Expr):
    """A call of a traced Python function (``FuncRef``) or of a registry op (its name)."""

    func: FuncRef | str
    args: list[Expr]
    kwargs: list[tuple[str, Expr]] = field(default_factory=list)


@dataclass(eq=False, slots=True)
class ModelCall(Call):
    """A call of an ONNX model handle (tracer/models.py); ``func`` names it for printing."""

    model: Any = None
    """The loaded and lowered model (hatch_pyaot.onnx.model.Model)."""


@dataclass(eq=False, slots=True)
class MethodCall(Expr):
    """``x.sum(axis=0)``: a method of a local value (an array)."""

    obj: Expr
    name: str
    args: list[Expr]
    kwargs: list[tuple[str, Expr]] = field(default_factory=list)


@dataclass(eq=False, slots=True)
class Construct(Expr):
    """``Point(1, 2)``: a new instance of a class of the traced program (``cls`` is its
    qualified name), made and then initialized by its ``__init__``."""

    cls: str
    args: list[Expr]
    kwargs: list[tuple[str, Expr]] = field(default_factory=list)


# ----- statements -------------------------------------------------------------------------


@dataclass(eq=False, slots=True)
class Stmt:
    loc: Loc


@dataclass(eq=False, slots=True)
class NameTarget:
    id: str
    loc: Loc


@dataclass(eq=False, slots=True)
class TupleTarget:
    items: list[Target]
    loc: Loc


Target = NameTarget | TupleTarget


@dataclass(eq=False, slots=True)
class Assign(Stmt):
    target: Target
    value: Expr
    annotation: Type | None = None
    """``x: int = value``: the declared type, which the value must fit."""


@dataclass(eq=False, slots=True)
class AugAssign(Stmt):
    target: NameTarget
    op: BinOpKind
    value: Expr


@dataclass(eq=False, slots=True)
class SetItem(Stmt):
    """``a[i, j] = value`` (``index`` is a TupleExpr for several indices)."""

    target: Expr
    index: Expr
    value: Expr
    augmented: bool = False
    """From ``a[i] op= v`` (``value`` is ``a[i] op v``): NumPy's in-place casting rule."""


@dataclass(eq=False, slots=True)
class SetAttr(Stmt):
    """``obj.name = value`` on an instance of a class of the traced program."""

    target: Expr
    name: str
    value: Expr


@dataclass(eq=False, slots=True)
class DelItem(Stmt):
    """``del a[i]``."""
    target: Expr
    index: Expr


@dataclass(eq=False, slots=True)
class ExprStmt(Stmt):
    value: Expr


@dataclass(eq=False, slots=True)
class If(Stmt):
    test: Expr
    body: list[Stmt]
    orelse: list[Stmt]


@dataclass(eq=False, slots=True)
class While(Stmt):
    test: Expr
    body: list[Stmt]
    orelse: list[Stmt]


@dataclass(eq=False, slots=True)
class ForRange(Stmt):
    """``for target in range(start, stop, step)``: the only loop over an iterable so far."""

    target: NameTarget
    start: Expr
    stop: Expr
    step: Expr
    body: list[Stmt]
    orelse: list[Stmt]


@dataclass(eq=False, slots=True)
class ForEach(Stmt):
    """``for target in iterable`` over a tuple whose items share one type."""

    target: Target
    iterable: Expr
    body: list[Stmt]
    orelse: list[Stmt]


@dataclass(eq=False, slots=True)
class Handler:
    """``except (A, B) as name:``; ``types`` is None for a bare ``except:``, ``name`` None
    without ``as``."""

    types: list[str] | None
    body: list[Stmt]
    loc: Loc
    name: str | None = None


@dataclass(eq=False, slots=True)
class Try(Stmt):
    """``try``/``except``/``else``/``finally``."""

    body: list[Stmt]
    handlers: list[Handler]
    orelse: list[Stmt]
    finalbody: list[Stmt] = field(default_factory=list)


@dataclass(eq=False, slots=True)
class ReduceStep(Stmt):
    """Inside a Comprehension's loop: feed one element to the enclosing reduction."""

    value: Expr


@dataclass(eq=False, slots=True)
class Yield(Stmt):
    """``yield value`` as a statement (a generator's step), or ``target = yield value``:
    the target gets what ``send()`` gives (None after ``next()``)."""

    value: Expr | None
    target: Target | None = None


@dataclass(eq=False, slots=True)
class Break(Stmt):
    pass


@dataclass(eq=False, slots=True)
class Continue(Stmt):
    pass


@dataclass(eq=False, slots=True)
class Pass(Stmt):
    pass


@dataclass(eq=False, slots=True)
class Return(Stmt):
    value: Expr | None


@dataclass(eq=False, slots=True)
class Raise(Stmt):
    """``raise Exc`` or ``raise Exc("message")`` for a built-in exception type; ``from
    cause`` an exception value, ``from None`` the Const None."""

    exc: str
    message: Expr | None
    cause: Expr | None = None


@dataclass(eq=False, slots=True)
class RaiseValue(Raise):
    """``raise e`` of an exception value (``exc`` empty, ``message`` the local holding it):
    a caught one, or an instance of an exception class of the program, whose str() is
    ``text``."""

    text: Expr | None = None


@dataclass(eq=False, slots=True)
class Reraise(Raise):
    """A bare ``raise`` in an ``except`` block: the exception it caught, raised again (``exc``
    is empty, ``message`` None)."""


@dataclass(eq=False, slots=True)
class Assert(Stmt):
    test: Expr
    message: Expr | None


# ----- functions --------------------------------------------------------------------------


@dataclass(eq=False, slots=True)
class Param:
    name: str
    annotation: Type | None
    default: Const | None
    loc: Loc
    keyword_only: bool = False
    star: str | None = None
    """``*`` for ``*args`` (a tuple of the extra positional arguments), ``**`` for
    ``**kwargs`` (a dict of the extra keywords): packed at each call (typing/infer.py)."""


@dataclass(eq=False, slots=True)
class Function:
    ref: FuncRef
    params: list[Param]
    returns: Type | None
    """The return annotation, if any."""
    body: list[Stmt]
    loc: Loc
    docstring: str | None = None
    locals: list[str] = field(default_factory=list)
    """Every name the function assigns, in first-assignment order."""
    captures: list[Capture] = field(default_factory=list)
    """A nested function's variables from enclosing functions, in its environment's order
    (its first parameter is ``ENV``)."""
    env_defaults: dict[str, int] = field(default_factory=dict)
    """A nested function's parameters whose default is in its environment (at that index)."""
    cells: set[str] = field(default_factory=set)
    """The locals that nested functions share with this one (``pyaot::cell``)."""
    nested: list[Function] = field(default_factory=list)
    """The functions defined inside this one (at any depth): traced with it."""
    generator: bool = False
    """Its body yields: a call makes a generator (typing/generators.py)."""
    context_manager: bool = False
    """A generator function decorated ``@contextlib.contextmanager``: ``with`` takes what a
    call makes (typing/generator_methods.py)."""


@dataclass(frozen=True, slots=True)
class EntryPoint:
    """A ``@compile`` function and the options its decorator gave."""

    function: Function
    tag: str
    description: str
    targets: tuple[str, ...] = ()
    sandbox: bool = False


# Builtin exceptions of compiled code (an ``except`` may name them); the runtime's
# ``pyaot::Exc`` has the same names.
EXCEPTIONS = (
    "Exception",
    "ArithmeticError",
    "AssertionError",
    "IndexError",
    "KeyError",
    "LookupError",
    "MemoryError",
    "NotImplementedError",
    "OverflowError",
    "RecursionError",
    "RuntimeError",
    "StopIteration",
    "TypeError",
    "UnboundLocalError",
    "ValueError",
    "ZeroDivisionError",
    "AttributeError",  # added last: the C ABI's statuses keep their numbers
    "UnicodeDecodeError",  # raised by bytes.decode (a ValueError, as in CPython)
    "UnicodeEncodeError",  # raised by str.encode
    "OSError",
    "FileNotFoundError",
    "FileExistsError",
    "PermissionError",
    "TimeoutError",
    "ConnectionError",
    "SyntaxError",
    "UnicodeError",
    "EOFError",
    "BufferError",
)
RAISABLE = tuple(e for e in EXCEPTIONS if e not in ("UnicodeDecodeError", "UnicodeEncodeError"))
"""What a ``raise`` may name: not the Unicode errors, whose five arguments (encoding, object,
start, end, reason) only the codecs give."""
