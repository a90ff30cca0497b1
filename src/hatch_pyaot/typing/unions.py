"""Type rules of small unions (``int | str``, ir/types.py UnionType).

A union value supports what every member supports: ``==``/``!=``, ``in`` a list,
``hash()`` (a dict key, a set item), ``str()``, ``repr()``, ``print()`` and f-string fields
(typing/printing.py, ``lower_format``), and ordering (``<``, ``sorted``, ``min``, ``max``:
``ordering``) that raises CPython's TypeError at run time where the members held do not
order. Anything else needs the member: a name is narrowed by the test of the ``if`` around
it (``isinstance(x, int)``, ``isinstance(x, (int, str))``, ``type(x) is int``, ``x is not
None``, a ``case int():``, ``not``, ``and``/``or`` of tests), in its branch, and after the
``if`` to what every branch that goes on leaves it (``if_statement``). A name assigned
anywhere in a loop is not narrowed inside it from a test outside it, and an assignment ends
the narrowing (``FunctionTyper.narrowed``), so a narrowed read never sees another member.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from hatch_pyaot.errors import Loc
from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import (
    BOOL,
    BYTES,
    COMPLEX,
    FLOAT,
    INT,
    NONE,
    STR,
    ArrayType,
    ClassType,
    DictType,
    DTypeScalar,
    ListType,
    OptionalType,
    SetType,
    TupleType,
    Type,
    UnionType,
    coercible,
    union_of,
)
from hatch_pyaot.ir.walk import all_statements, target_names
from hatch_pyaot.typing import printing
from hatch_pyaot.typing.classes import NOT_MINE
from hatch_pyaot.typing.typed import PatternTest, UnionOp

if TYPE_CHECKING:
    from hatch_pyaot.typing.infer import FunctionTyper

_LOOPS = (ir.While, ir.ForEach, ir.ForRange)


@dataclass
class Narrowing:
    """The union names narrowed where typing is (``names``: name to what it holds there),
    the names assigned another union name (``aliases``: ``match`` tests a copy of its
    subject), and the names assigned in the innermost branch typed so far (``forgotten``),
    whose narrowings from before end with it."""

    names: dict[str, Type] = field(default_factory=dict)
    aliases: dict[str, str] = field(default_factory=dict)
    forgotten: set[str] = field(default_factory=set)
    ended: dict[str, Type] = field(default_factory=dict)
    """The names narrowed at the end of the block typed last (``if_statement`` joins them)."""


def union_within(t: Type) -> bool:
    """Whether t is or holds a union (``int | str``, ``list[int | str]``): an annotated
    name takes that type, not its first value's."""
    if union_in(t) is not None:
        return True
    if isinstance(t, ListType | SetType):
        return t.item is not None and union_within(t.item)
    if isinstance(t, DictType):
        return any(x is not None and union_within(x) for x in (t.key, t.value))
    if isinstance(t, TupleType):
        return any(union_within(i) for i in t.items)
    return False


def union_in(t: Type | None) -> UnionType | None:
    """The union a value of type t holds (itself, or the item of an Optional union)."""
    if isinstance(t, OptionalType):
        t = t.item
    return t if isinstance(t, UnionType) else None


def typed(typer: FunctionTyper, e: ir.Expr) -> object:
    """The type of a narrowed name's read and of the tests and operations on unions that
    are typed here; NOT_MINE for the others."""
    if isinstance(e, ir.Name):
        return _name(typer, e)
    if isinstance(e, ir.TypeCheck) and union_in(_peek(typer, e.value)) is not None:
        return _holds(typer, e)
    if isinstance(e, ir.Call) and e.func == "pyaot.match_class" and isinstance(
            check := e.args[0], ir.TypeCheck) and union_in(_peek(typer, check.value)):
        typer.expr(check)
        typer.spec.patterns[e] = PatternTest(None, check)
        return BOOL
    if isinstance(e, ir.Call) and e.func == "builtins.hash" and len(e.args) == 1 and \
            not e.kwargs and isinstance(_peek(typer, e.args[0]), UnionType):
        return _hash(typer, e)
    if isinstance(e, ir.Call) and e.func in ("builtins.str", "builtins.repr") and len(
            e.args) == 1 and not e.kwargs and isinstance(t := _peek(typer, e.args[0]),
                                                         OptionalType) and union_in(t):
        return printing.call(typer, e, e.func, [t], {})  # str(None) is 'None'
    if isinstance(e, ir.IfExp) and (e in typer.expected or narrowings(typer, e.test, True)
                                    or narrowings(typer, e.test, False)):
        return _conditional(typer, e)
    if isinstance(e, ir.FormatStr):
        return _format(typer, e)
    if isinstance(e, ir.Call) and e.func in ("builtins.sorted", "builtins.min", "builtins.max") \
            and len(e.args) == 1 and isinstance(t := _peek(typer, e.args[0]), ListType) and \
            isinstance(t.item, UnionType):
        return _ordered_items(typer, e)
    return NOT_MINE


def _peek(typer: FunctionTyper, e: ir.Expr) -> Type | None:
    """The type of an operand, typed now if no earlier pass did; its diagnostics come from
    the typing that owns it, which types it again."""
    t = typer.spec.expr_types.get(e)
    if t is None:
        reported = len(typer.diags.items)
        t = typer.expr(e, raw=True)
        del typer.diags.items[reported:]
    return t


def _name(typer: FunctionTyper, e: ir.Name) -> object:
    typer.spec.unions.pop(e, None)  # a read narrowed in an earlier pass only
    target = typer.narrowing.names.get(e.id)
    if target is None or target == typer.spec.var_types.get(e.id):
        return NOT_MINE
    typer.spec.unions[e] = UnionOp("narrow", target)
    return target


def augmented(typer: FunctionTyper, s: ir.AugAssign) -> Type | None:
    """The type ``x += v`` updates: a narrowed union name's member (codegen reads it so)."""
    typer.spec.unions.pop(s, None)
    target = typer.narrowing.names.get(s.target.id)
    if target is None or union_in(target) is not None:
        return typer.spec.var_types.get(s.target.id)
    typer.spec.unions[s] = UnionOp("narrow", target)
    return target


def member_is_instance(t: Type, classes: Sequence[str], exact: bool = False) -> bool:
    """Whether a value of static type t is an instance of one of these classes (built-in
    names, bool an int; qualified names of the program's classes and their bases); exact:
    of the class itself (``type(x) is int``: a bool is not)."""
    if "object" in classes:
        return not exact
    if isinstance(t, ClassType):
        return any(c == t.qualname or (c in t.ancestors and not exact) for c in classes)
    if isinstance(t, DTypeScalar | ArrayType):  # numpy.float64 is a float subclass
        return isinstance(t, DTypeScalar) and t.dtype.name == "float64" and (
            "float" in classes and not exact)
    builtin: dict[Type, tuple[str, ...]] = {
        INT: ("int",), BOOL: ("bool",) if exact else ("bool", "int"), FLOAT: ("float",),
        STR: ("str",), BYTES: ("bytes",), NONE: ("NoneType",), COMPLEX: ("complex",)}
    names = builtin.get(t)
    if names is None:
        names = ("tuple",) if isinstance(t, TupleType) else ("list",) if isinstance(
            t, ListType) else ("dict",) if isinstance(t, DictType) else (
            (t.kind,) if isinstance(t, SetType) else ())
    return any(n in classes for n in names)


def _tags(u: UnionType, classes: Sequence[str], exact: bool) -> int:
    return sum(1 << i for i, m in enumerate(u.members) if member_is_instance(m, classes, exact))


def _holds(typer: FunctionTyper, e: ir.TypeCheck) -> Type:
    t = typer.expr(e.value, raw=True)
    u = union_in(t)
    assert u is not None
    based = next((m for m in u.members if e.exact and isinstance(m, ClassType)), None)
    if based is not None:
        typer.diags.error(e.loc, f"type(x) is ... of a {u}: its {based} member may hold an "
                          "instance of a subclass", hint="use isinstance()")
    typer.spec.unions[e] = UnionOp("holds", tags=_tags(u, e.classes, e.exact),
                                   none=isinstance(t, OptionalType)
                                   and "NoneType" in e.classes)
    return BOOL


def _hash(typer: FunctionTyper, e: ir.Call) -> Type | None:
    t = typer.expr(e.args[0])
    u = union_in(t)
    assert u is not None
    bad = next((m for m in u.members if isinstance(m, ListType | DictType) or (
        isinstance(m, SetType) and not m.frozen)), None)
    if bad is not None:
        typer.diags.error(e.loc, f"unhashable type: a {u} may be a {bad}")
        return None
    typer.spec.unions[e] = UnionOp("hash")
    return INT


# ----- narrowing ------------------------------------------------------------------------


def narrowings(typer: FunctionTyper, test: ir.Expr, truth: bool) -> dict[str, Type]:
    """The names a test proves of a narrower type where it is ``truth``."""
    if isinstance(test, ir.UnaryOp) and test.op == ir.UnaryOpKind.NOT:
        return narrowings(typer, test.operand, not truth)
    if isinstance(test, ir.BoolOp):
        if (test.op == ir.BoolOpKind.AND) != truth:
            return {}  # `a and b` false (or `a or b` true) proves neither operand
        out: dict[str, Type] = {}
        for v in test.values:
            out.update(narrowings(typer, v, truth))
        return out
    if isinstance(test, ir.Call) and test.func == "pyaot.match_class":
        test = test.args[0]
    if isinstance(test, ir.TypeCheck) and isinstance(test.value, ir.Name):
        out = _holding(typer, test.value.id, test, truth)
        alias = typer.narrowing.aliases.get(test.value.id)  # `match` tests a copy of the subject
        return out | _holding(typer, alias, test, truth) if alias else out
    if isinstance(test, ir.Compare) and len(test.ops) == 1 and test.ops[0] in (
            ir.CmpOpKind.IS, ir.CmpOpKind.IS_NOT) and isinstance(test.left, ir.Name) and \
            isinstance(test.comparators[0], ir.Const) and test.comparators[0].value is None:
        t = _current(typer, test.left.id)
        if not isinstance(t, OptionalType) or union_in(t) is None:
            return {}
        not_none = (test.ops[0] == ir.CmpOpKind.IS_NOT) == truth
        return {test.left.id: t.item} if not_none else {}
    return {}


def _holding(typer: FunctionTyper, name: str, test: ir.TypeCheck,
             truth: bool) -> dict[str, Type]:
    """What ``isinstance(name, classes)`` proves of name where it is ``truth``."""
    t = _current(typer, name)
    u = union_in(t)
    if u is None:
        return {}
    tags = _tags(u, test.classes, test.exact)
    keep = [m for i, m in enumerate(u.members) if bool(tags >> i & 1) == truth]
    if isinstance(t, OptionalType) and ("NoneType" in test.classes) == truth:
        keep.append(NONE)
    return _narrowed(name, t, keep)


def _current(typer: FunctionTyper, name: str) -> Type | None:
    return typer.narrowing.names.get(name, typer.spec.var_types.get(name))


def _narrowed(name: str, t: Type | None, keep: list[Type]) -> dict[str, Type]:
    if not keep or keep == [NONE]:
        return {}  # a branch that never runs, or one where it is None: nothing to narrow
    target = union_of(keep)
    return {} if target is None or target == t else {name: target}


@contextmanager
def narrowed(typer: FunctionTyper, names: dict[str, Type]) -> Iterator[None]:
    """Type a branch with these names narrowed; after it, a narrowing from before that the
    branch ended (by assigning the name) stays ended."""
    state = typer.narrowing
    saved, aliases, forgotten = dict(state.names), dict(state.aliases), state.forgotten
    state.names.update(names)
    state.forgotten = set()
    try:
        yield
    finally:
        gone = state.forgotten
        state.ended = dict(state.names)
        state.names = {k: v for k, v in saved.items() if k not in gone}
        state.aliases = {k: v for k, v in aliases.items() if not {k, v} & gone}
        state.forgotten = forgotten | gone


def forget(typer: FunctionTyper, name: str) -> None:
    """``name`` is assigned: its narrowing ends, and so do its aliases."""
    state = typer.narrowing
    state.names.pop(name, None)
    state.forgotten.add(name)
    if state.aliases:
        state.aliases = {k: v for k, v in state.aliases.items() if name not in (k, v)}


def branch(typer: FunctionTyper, test: ir.Expr, truth: bool) -> AbstractContextManager[None]:
    """A conditional expression's branch (truth: its body), typed with what its test proves."""
    return narrowed(typer, narrowings(typer, test, truth))


def if_statement(typer: FunctionTyper, s: ir.If) -> None:
    """Type an ``if``'s branches, each with what its test proves; after it, a name is
    narrowed to what it is at the end of every branch that goes on after the ``if`` (both
    narrowed to int: an int; to int and to str: ``int | str`` of an ``int | str | None``)."""
    from hatch_pyaot.tracer.match import _leaves
    from hatch_pyaot.typing.infer import _falls_through

    ends: list[dict[str, Type]] = []
    for body, truth in ((s.body, True), (s.orelse, False)):
        with branch(typer, s.test, truth):
            typer.block(body)
            if _falls_through(body) and not _leaves(body):
                ends.append(typer.narrowing.ended)
    if not ends:
        return
    names = typer.narrowing.names
    for name in set(ends[0]).intersection(*ends[1:]):
        joined = union_of([end[name] for end in ends])
        if joined is not None and joined != typer.spec.var_types.get(name):
            names[name] = joined
        else:
            names.pop(name, None)


def assigned_as(typer: FunctionTyper, name: str, t: Type) -> None:
    """``name = value`` of a union name: until it changes, it holds the value's type."""
    u = union_in(typer.spec.var_types.get(name))
    if u is not None and t != typer.spec.var_types.get(name) and union_in(t) is not u and (
            t in u.members or isinstance(t, UnionType)):
        typer.narrowing.names[name] = t


def entering(typer: FunctionTyper, s: ir.Stmt) -> None:
    """Before a loop: the names it assigns are not narrowed inside it (a second iteration
    sees their new value)."""
    if not isinstance(s, _LOOPS) or not typer.narrowing.names:
        return
    for name in assigned(s):
        forget(typer, name)


def assigned(s: ir.Stmt) -> set[str]:
    names: set[str] = set()
    for inner in all_statements([s]):
        if isinstance(inner, ir.Assign | ir.ForEach):
            names.update(target_names(inner.target))
        elif isinstance(inner, ir.AugAssign | ir.ForRange):
            names.add(inner.target.id)
    return names


def after(typer: FunctionTyper, s: ir.Stmt) -> None:
    """After an assignment of a union name to another (an alias), or a loop or ``try``
    (the names it assigns are no longer narrowed); ``if_statement`` narrows after an
    ``if``."""
    if isinstance(s, ir.Assign) and isinstance(s.target, ir.NameTarget) and isinstance(
            s.value, ir.Name) and union_in(typer.spec.var_types.get(s.value.id)) and \
            s.target.id != s.value.id:
        typer.narrowing.aliases[s.target.id] = s.value.id
    if isinstance(s, (*_LOOPS, ir.Try)):  # it may have run any number of times, or stopped
        for name in assigned(s):
            forget(typer, name)


def operands(typer: FunctionTyper, e: ir.BoolOp) -> None:
    """``a and b`` as a condition: b is typed with what a proves (it runs only then)."""
    with narrowed(typer, {}):
        for v in e.values:
            typer.condition(v)
            typer.narrowing.names.update(narrowings(typer, v, e.op == ir.BoolOpKind.AND))


def _conditional(typer: FunctionTyper, e: ir.IfExp) -> Type | None:
    typer.condition(e.test)
    with branch(typer, e.test, True):
        body = typer.expr(e.body, raw=True)
    with branch(typer, e.test, False):
        orelse = typer.expr(e.orelse, raw=True)
    expected = typer.expected.get(e)  # v: int | str = 1 if c else "a" (typing/union_literals.py)
    if expected is not None and body is not None and orelse is not None:
        body = _item_if_needed(typer, e.body, body, expected)
        orelse = _item_if_needed(typer, e.orelse, orelse, expected)
        if coercible(body, expected) and coercible(orelse, expected):
            return expected
        if body != orelse:
            stray = orelse if coercible(body, expected) else body
            typer.diags.error(e.loc, f"the branches of a conditional expression are declared "
                              f"{expected}: no member of it takes the {stray} branch",
                              hint="convert the branch, or add its type to the union")
            return None
    return typer.merge([body, orelse], e.loc, "the branches of a conditional expression")


def _item_if_needed(typer: FunctionTyper, e: ir.Expr, t: Type, expected: Type) -> Type:
    """A branch ``p if p is not None else w`` (an ``int | None``) of a conditional declared
    ``int | str``: used as its item, checked for None (TypeError), as where a plain ``int``
    is declared."""
    if isinstance(t, OptionalType) and not coercible(t, expected) and coercible(t.item, expected):
        typer.spec.unwrapped.add(e)
        return t.item
    return t


# ----- operations every member has --------------------------------------------------------


def hint(*types: Type) -> str | None:
    """How to use a union where one member type is needed."""
    return _NARROW_FIRST if any(union_in(t) for t in types) else None


_NARROW_FIRST = "narrow the union first (if isinstance(x, int): ...)"


def compare(typer: FunctionTyper, e: ir.Compare, types: Sequence[Type | None]) -> object:
    """``u == v``, ``u != v``, ``u in xs`` (a list) with a union operand; NOT_MINE for the
    comparisons typed elsewhere (``is``, chains, containers' own ``in``)."""
    from hatch_pyaot.typing.lists import comparable

    if len(e.ops) != 1 or not any(isinstance(t, UnionType) or (
            isinstance(t, ListType) and isinstance(t.item, UnionType)) for t in types) or \
            e.ops[0] in (ir.CmpOpKind.IS, ir.CmpOpKind.IS_NOT):
        return NOT_MINE
    kind, (lt, rt) = e.ops[0], types
    assert lt is not None and rt is not None
    if kind in (ir.CmpOpKind.IN, ir.CmpOpKind.NOT_IN):
        if not isinstance(rt, ListType) or rt.item is None:
            return NOT_MINE
        lt, rt = lt, rt.item
    elif kind in _ORDER:
        if ordering(typer, e.loc, f"'{ir.CMP_SYMBOL[kind]}' between '{lt}' and '{rt}'", lt, rt):
            typer.spec.unions[e] = UnionOp(kind.name.lower())
        return BOOL
    elif kind not in (ir.CmpOpKind.EQ, ir.CmpOpKind.NE):
        typer.diags.error(e.loc, f"'{ir.CMP_SYMBOL[kind]}' is not supported between '{lt}' "
                          f"and '{rt}'", hint=_NARROW_FIRST)
        return BOOL
    left = lt.members if isinstance(lt, UnionType) else (lt,)
    right = rt.members if isinstance(rt, UnionType) else (rt,)
    if not any(comparable(a, b) or (a in (INT, FLOAT, BOOL) and b in (INT, FLOAT, BOOL))
               for a in left for b in right):
        typer.diags.error(e.loc, f"comparing a {lt} with a {rt} is always "
                          f"{kind in (ir.CmpOpKind.NE, ir.CmpOpKind.NOT_IN)}; they share "
                          "no member type")
        return BOOL
    typer.spec.unions[e] = UnionOp(kind.name.lower())
    return BOOL


_ORDER = (ir.CmpOpKind.LT, ir.CmpOpKind.LE, ir.CmpOpKind.GT, ir.CmpOpKind.GE)


def ordering(typer: FunctionTyper, loc: Loc, what: str, *types: Type) -> bool:
    """Whether values of these types (unions among them) are ordered at run time by their
    members (pyaot/builtins/union_order.hpp): numbers, str, bytes, and at most one list
    and one tuple type whose items order; some pair must order (else it always raises)."""
    from hatch_pyaot.typing.lists import orderable

    members = list(dict.fromkeys(m for t in types for m in (
        t.members if isinstance(t, UnionType) else (t,))))
    bad = next((m for m in members if not orderable(m) or union_within(m) or isinstance(
        m, ClassType) or m in (NONE, COMPLEX)), None)
    if bad is None:
        sequences = [m for m in members if isinstance(m, ListType | TupleType)]
        kinds = [type(m) for m in sequences]
        bad = next((m for m in sequences if kinds.count(type(m)) > 1), None)
    if bad is not None:
        typer.diags.error(loc, f"{what}: a {bad} member is not ordered here", hint=_NARROW_FIRST)
        return False
    sides = [t.members if isinstance(t, UnionType) else (t,) for t in types]
    if not any(_orders(a, b) for a in sides[0] for b in sides[-1]):
        typer.diags.error(loc, f"{what}: always a TypeError, no two members order",
                          hint=_NARROW_FIRST)
        return False
    return True


def _orders(a: Type, b: Type) -> bool:
    numbers = (INT, FLOAT, BOOL)
    return (a in numbers and b in numbers) or a == b


def _ordered_items(typer: FunctionTyper, e: ir.Call) -> object:
    """``sorted(xs)`` (``reverse=``), ``min(xs)``, ``max(xs)`` of a list of union items."""
    name = str(e.func).removeprefix("builtins.")
    allowed = {"reverse"} if name == "sorted" else set()
    for key, value in e.kwargs:
        if key not in allowed:
            typer.diags.error(value.loc, f"{name}() of a list of union items takes no {key}= "
                              "here", hint="narrow the items first, or sort them by a key of "
                              "one type")
            return None
        if typer.expr(value) not in (BOOL, INT):
            typer.diags.error(value.loc, "reverse= must be a bool")
    lt = typer.expr(e.args[0])
    assert isinstance(lt, ListType) and isinstance(lt.item, UnionType)
    if not ordering(typer, e.loc, f"{name}() of a {lt}", lt.item, lt.item):
        return None
    typer.spec.unions[e] = UnionOp(name)
    return lt if name == "sorted" else lt.item


def _format(typer: FunctionTyper, e: ir.FormatStr) -> object:
    """An f-string with union fields: each such field as ``{str(x)}`` (``!r``: ``repr``),
    which is what CPython writes for a field without a spec."""
    lowered = typer.spec.lowered.get(e)
    if isinstance(lowered, ir.FormatStr):
        return typer.expr(lowered)
    fields = [p for p in e.parts if isinstance(p, ir.FormatField)]
    if not any(union_in(_peek(typer, p.value)) is not None for p in fields):
        return NOT_MINE
    parts: list[str | ir.FormatField] = []
    for p in e.parts:
        if isinstance(p, ir.FormatField) and union_in(typer.spec.expr_types.get(p.value)):
            if p.spec or p.conversion not in (None, "r", "s"):
                typer.diags.error(p.value.loc, f"a {typer.spec.expr_types[p.value]} field "
                                  "takes no format spec here",
                                  hint="narrow it first (isinstance) or use {str(x)}")
                return None
            func = "builtins.repr" if p.conversion == "r" else "builtins.str"
            p = ir.FormatField(ir.Call(p.value.loc, func, [p.value]), None, "")
        parts.append(p)
    made = ir.FormatStr(e.loc, parts)
    typer.spec.lowered[e] = made
    return typer.expr(made)
