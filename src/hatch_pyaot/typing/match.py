"""Type rules of the tests a ``match`` lowers to (tracer/match.py).

Each test is decided by the subject's static type where it can be: a tuple's arity, a
class pattern whose class the subject's class derives from (or none of whose subclasses it
can be), a mapping pattern on a dict. What is left to run time is a plain expression typed
here (``len(s) >= 2``, the ``isinstance`` of the class ids). An ``if`` on a test known to be
false is dead: its body is neither typed nor emitted (``dead``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import (
    BOOL,
    FLOAT,
    INT,
    STR,
    DictType,
    ListType,
    OptionalType,
    SetType,
    TupleType,
    Type,
)
from hatch_pyaot.typing.classes import NOT_MINE, info_of
from hatch_pyaot.typing.typed import PatternTest
from hatch_pyaot.typing.unions import union_in

if TYPE_CHECKING:
    from hatch_pyaot.typing.infer import FunctionTyper
    from hatch_pyaot.typing.typed import Specialization

INTRINSICS: Final = ("pyaot.match_class", "pyaot.match_sequence", "pyaot.match_mapping",
                     "pyaot.match_cast", "pyaot.match_rest", "pyaot.unpack_items")
UNPACK_ITEMS: Final = "pyaot.unpack_items"
"""The items a starred target unpacks (tracer/starred_targets.py), which then reads them as
a sequence pattern's do: ``match_rest`` for the starred name."""


def handles(e: ir.Expr) -> bool:
    return isinstance(e, ir.Call) and e.func in INTRINSICS


def typed(typer: FunctionTyper, e: ir.Expr) -> object:
    if not handles(e):
        return NOT_MINE
    assert isinstance(e, ir.Call)
    if e.func == "pyaot.match_cast":
        return cast(typer, e)
    if e.func == "pyaot.match_rest":
        return rest(typer, e)
    if e.func == UNPACK_ITEMS:
        return unpack_items(typer, e)
    if e.func == "pyaot.match_class":
        check = e.args[0]
        assert isinstance(check, ir.TypeCheck)
        result = class_test(typer, check)
    elif e.func == "pyaot.match_sequence":
        result = sequence_test(typer, e)
    else:
        t = typer.expr(e.args[0], raw=True)
        _on_union(typer, e, t, "a mapping", "dict")
        result = PatternTest(isinstance(t, DictType))
    if result is not None:
        typer.spec.patterns[e] = result
    return BOOL


def dead(spec: Specialization, s: ir.If) -> bool:
    """An ``if`` of a pattern that cannot match the subject's type."""
    test = spec.patterns.get(s.test)
    return test is not None and test.static is False


def class_test(typer: FunctionTyper, check: ir.TypeCheck) -> PatternTest | None:
    t = typer.expr(check.value, raw=True)
    if t is None:
        return None
    item = t.item if isinstance(t, OptionalType) else t
    name = check.classes[0]
    if "." not in name:
        if not _builtin_instance(item, name):
            return PatternTest(False)
        if not isinstance(t, OptionalType):
            return PatternTest(True)
        test = ir.Compare(check.loc, check.value, [ir.CmpOpKind.IS_NOT],
                          [ir.Const(check.loc, None)])
        typer.expr(test)
        return PatternTest(None, test)
    classes = typer.owner.program.resolver.classes
    info = info_of(item)
    if info is None:
        return PatternTest(False)
    wanted = {c.class_id for c in classes[name].descendants()}
    possible = {c.class_id for c in info.descendants()}
    if not wanted & possible:
        return PatternTest(False)
    if possible <= wanted and not isinstance(t, OptionalType):
        return PatternTest(True)
    typer.expr(check)
    return PatternTest(None, check)


def _builtin_instance(t: Type, name: str) -> bool:
    """Whether a value of static type ``t`` is an instance of the built-in class ``name``
    (a bool is an int)."""
    kinds = {"int": (INT, BOOL), "bool": (BOOL,), "float": (FLOAT,), "str": (STR,)}
    if name in kinds:
        return t in kinds[name]
    shapes = {"list": ListType, "tuple": TupleType, "dict": DictType, "set": SetType}
    return isinstance(t, shapes[name])


def _on_union(typer: FunctionTyper, e: ir.Call, t: Type | None, kind: str, cls: str) -> bool:
    """Whether the subject is a union, which these patterns do not narrow yet: a diagnostic
    (the function stays Python) rather than a case that never matches."""
    if union_in(t) is None:
        return False
    typer.diags.error(e.loc, f"{kind} pattern on a union subject ({t}) is not supported yet",
                      hint=f"narrow it first (`case {cls}(value):` or isinstance) and "
                      "match the narrowed value")
    return True


def sequence_test(typer: FunctionTyper, e: ir.Call) -> PatternTest | None:
    t = typer.expr(e.args[0], raw=True)
    count, star = e.args[1], e.args[2]
    assert isinstance(count, ir.Const) and isinstance(count.value, int)
    assert isinstance(star, ir.Const)
    n = count.value
    if _on_union(typer, e, t, "a sequence", "list"):
        return PatternTest(False)
    if isinstance(t, TupleType):
        return PatternTest(len(t.items) >= n if star.value else len(t.items) == n)
    if not isinstance(t, ListType):
        return PatternTest(False) if t is not None else None
    length = ir.Call(e.loc, "builtins.len", [e.args[0]])
    op = ir.CmpOpKind.GE if star.value else ir.CmpOpKind.EQ
    test = ir.Compare(e.loc, length, [op], [ir.Const(e.loc, n)])
    typer.expr(test)
    return PatternTest(None, test)


def cast(typer: FunctionTyper, e: ir.Call) -> Type | None:
    """The subject seen as the pattern's class (its test held): an Optional's item."""
    t = typer.expr(e.args[0], raw=True)
    name = e.args[1]
    assert isinstance(name, ir.Const) and isinstance(name.value, str)
    if "." not in name.value:
        return t.item if isinstance(t, OptionalType) else t
    return typer.owner.program.resolver.classes[name.value].type


def unpack_items(typer: FunctionTyper, e: ir.Call) -> Type | None:
    """A fixed-length tuple as itself (its items may differ in type: ``name, *scores`` of a
    ``tuple[str, int, int]``), any other iterable as ``list()`` makes it."""
    t = typer.expr(e.args[0], raw=True)
    items = e.args[0] if isinstance(t, TupleType) else ir.Call(e.loc, "builtins.list",
                                                               [e.args[0]])
    result = typer.expr(items)
    typer.spec.patterns[e] = PatternTest(None, items)
    return result


def rest(typer: FunctionTyper, e: ir.Call) -> Type | None:
    """``*rest`` of a sequence pattern: a new list of the items between the fixed ones."""
    t = typer.expr(e.args[0], raw=True)
    start, after = (a.value for a in e.args[1:] if isinstance(a, ir.Const))
    assert isinstance(start, int) and isinstance(after, int)
    loc = e.loc
    items: ir.Expr
    if isinstance(t, TupleType):
        items = ir.ListExpr(loc, [ir.TupleGet(loc, e.args[0], i)
                                  for i in range(start, len(t.items) - after)])
    else:
        stop: ir.Expr | None = None
        if after:
            length = ir.Call(loc, "builtins.len", [e.args[0]])
            stop = ir.BinOp(loc, ir.BinOpKind.SUB, length, ir.Const(loc, after))
        items = ir.Index(loc, e.args[0], ir.SliceExpr(loc, ir.Const(loc, start), stop, None))
    result = typer.expr(items)
    typer.spec.patterns[e] = PatternTest(None, items)
    return result
