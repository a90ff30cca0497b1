"""``match`` statements, lowered to if-chains (DESIGN §5.11, mypyc's ``irbuild/match.py``).

The subject is evaluated once into a local; each case becomes nested ``if`` statements, one
per test its pattern makes, whose innermost block binds nothing more, tests the guard, sets
the ``matched`` flag and runs the body. A later case runs only while the flag is false; no
case matching falls through, as in Python. Tests that depend on the subject's type are
intrinsic calls that typing decides (typing/match.py): ``pyaot.match_class`` (an
``isinstance`` of the pattern's class, constant when the static type tells),
``pyaot.match_sequence`` (a list's length, a tuple's arity, false for anything else) and
``pyaot.match_mapping`` (a dict); an ``if`` whose test is known false is neither typed nor
emitted, so a sequence pattern longer than a tuple subject reads no missing item.
``pyaot.match_cast`` sees the subject as the pattern's class once its test held. Positional
sub-patterns of a class name its ``__match_args__`` (a dataclass's fields, or the class
constant), resolved here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import libcst as cst

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.tracer.resolve import OpName, UserClass

if TYPE_CHECKING:
    from hatch_pyaot.errors import Loc
    from hatch_pyaot.tracer.build import Builder
    from hatch_pyaot.tracer.classes import ClassInfo

BUILTIN_CLASSES = ("int", "float", "bool", "str", "list", "tuple", "dict", "set")
"""Classes whose pattern ``C(p)`` matches ``p`` against the subject itself."""

Then = Callable[[], list[ir.Stmt]]
"""Makes what runs once a pattern matched (called once, where it goes)."""


def match_statement(builder: Builder, node: cst.Match) -> list[ir.Stmt]:
    from hatch_pyaot.tracer.build import _block

    loc = builder.loc(node)
    for case in node.cases:
        for name in _captures(case.pattern):
            if name not in builder.locals:
                builder.locals.append(name)
    subject = builder.fresh_local("match")
    out: list[ir.Stmt] = [_assign(loc, subject, builder.expr(node.subject))]
    bodies = [builder.block(_block(case.body)) for case in node.cases]
    # a case whose body leaves (return, raise, break, continue) needs no flag: after it
    # matched, no later case is reached anyway
    flag = None
    if any(not _leaves(body) for body in bodies[:-1]):
        flag = builder.fresh_local("matched")
        out.append(_assign(loc, flag, ir.Const(loc, False)))
    may_be_matched = False
    for i, (case, body) in enumerate(zip(node.cases, bodies, strict=True)):
        case_loc = builder.loc(case)

        def run(case: cst.MatchCase = case, body: list[ir.Stmt] = body,
                case_loc: Loc = case_loc, last: bool = i == len(node.cases) - 1,
                ) -> list[ir.Stmt]:
            if flag is not None and not last and not _leaves(body):
                body = [_assign(case_loc, flag, ir.Const(case_loc, True)), *body]
            if case.guard is not None:
                return [ir.If(case_loc, builder.expr(case.guard), body, [])]
            return body

        stmts = _Lowering(builder).pattern(case.pattern, ir.Name(loc, subject), run)
        if may_be_matched:
            assert flag is not None
            not_yet = ir.UnaryOp(case_loc, ir.UnaryOpKind.NOT, ir.Name(case_loc, flag))
            stmts = [ir.If(case_loc, not_yet, stmts, [])]
        may_be_matched = may_be_matched or not _leaves(body)
        out.extend(stmts)
    return out


def _captures(pattern: cst.MatchPattern) -> list[str]:
    """The names a pattern binds, in source order."""
    names: list[str] = []

    class Visitor(cst.CSTVisitor):
        def visit_MatchAs(self, n: cst.MatchAs) -> None:
            if n.name is not None:
                names.append(n.name.value)

        def visit_MatchStar(self, n: cst.MatchStar) -> None:
            if n.name is not None:
                names.append(n.name.value)

        def visit_MatchMapping(self, n: cst.MatchMapping) -> None:
            if n.rest is not None:
                names.append(n.rest.value)

    pattern.visit(Visitor())
    return names


def _leaves(body: list[ir.Stmt]) -> bool:
    """Whether the block never ends normally (every path returns, raises or jumps)."""
    if not body:
        return False
    last = body[-1]
    if isinstance(last, ir.If):
        return _leaves(last.body) and _leaves(last.orelse)
    return isinstance(last, ir.Return | ir.Raise | ir.Break | ir.Continue)


def _assign(loc: Loc, name: str, value: ir.Expr) -> ir.Assign:
    return ir.Assign(loc, ir.NameTarget(name, loc), value)


class _Lowering:
    def __init__(self, builder: Builder) -> None:
        self.b = builder

    def bind(self, node: cst.Name, value: ir.Expr) -> ir.Stmt:
        if node.value not in self.b.locals:
            self.b.locals.append(node.value)
        return _assign(self.b.loc(node), node.value, value)

    def held(self, loc: Loc, value: ir.Expr) -> ir.Name:
        """A local holding ``value`` (a sub-subject read once)."""
        if isinstance(value, ir.Name):
            return value
        return ir.Name(loc, self.b.fresh_local("item"))

    def sub(self, pattern: cst.MatchPattern, value: ir.Expr, then: Then) -> list[ir.Stmt]:
        """``pattern`` against a sub-subject: held in a local first unless it is a capture."""
        if isinstance(pattern, cst.MatchAs) and pattern.pattern is None:
            return self.pattern(pattern, value, then)
        name = self.held(self.b.loc(pattern), value)
        first = [] if name is value else [_assign(name.loc, name.id, value)]
        return first + self.pattern(pattern, name, then)

    def pattern(self, p: cst.MatchPattern, subject: ir.Expr, then: Then) -> list[ir.Stmt]:
        loc = self.b.loc(p)
        if isinstance(p, cst.MatchAs):
            if p.pattern is None:
                if p.name is None:
                    return then()
                return [self.bind(p.name, subject), *then()]
            name = p.name
            if name is None:
                return self.pattern(p.pattern, subject, then)
            seen = self.seen_as(p.pattern, subject)
            return self.pattern(p.pattern, subject, lambda: [self.bind(name, seen), *then()])
        if isinstance(p, cst.MatchSequence):
            return self.sequence(p, subject, then)
        if isinstance(p, cst.MatchMapping):
            return self.mapping(p, subject, then)
        if isinstance(p, cst.MatchClass):
            return self.class_(p, subject, then)
        if isinstance(p, cst.MatchOr) and not all(_simple(a.pattern) for a in p.patterns):
            return self.or_(p, subject, then)
        test = self.test(p, subject)
        if test is None:
            return []
        return [ir.If(loc, test, then(), [])]

    def test(self, p: cst.MatchPattern, subject: ir.Expr) -> ir.Expr | None:
        """The test of a pattern that binds nothing (a literal, a value, an OR of them, a
        class with no sub-patterns); None, with a diagnostic, for any other."""
        loc = self.b.loc(p)
        if isinstance(p, cst.MatchValue):
            return ir.Compare(loc, subject, [ir.CmpOpKind.EQ], [self.b.expr(p.value)])
        if isinstance(p, cst.MatchSingleton) and p.value.value == "None":
            return ir.Compare(loc, subject, [ir.CmpOpKind.IS], [self.b.expr(p.value)])
        if isinstance(p, cst.MatchSingleton):  # `is True`: a bool that is true
            is_bool = ir.Call(loc, "pyaot.match_class", [ir.TypeCheck(loc, subject, ["bool"])])
            equal = ir.Compare(loc, subject, [ir.CmpOpKind.EQ], [self.b.expr(p.value)])
            return ir.BoolOp(loc, ir.BoolOpKind.AND, [is_bool, equal])
        if isinstance(p, cst.MatchOr):
            tests = [self.test(alt.pattern, subject) for alt in p.patterns]
            if any(t is None for t in tests):
                return None
            return ir.BoolOp(loc, ir.BoolOpKind.OR, [t for t in tests if t is not None])
        if isinstance(p, cst.MatchAs) and p.pattern is None and p.name is None:
            return ir.Const(loc, True)
        if isinstance(p, cst.MatchClass) and not p.patterns and not p.kwds:
            return self.class_test(p, subject)
        self.b.error(p, "this pattern cannot be compiled inside an OR pattern yet (only "
                     "literals, values and classes without sub-patterns)")
        return None

    def class_name(self, cls: cst.BaseExpression) -> tuple[str, ClassInfo | None] | None:
        """The qualified name of a class of the program (and the class), or the name of a
        built-in class; None, with a diagnostic, for anything else."""
        res = self.b.resolver.expr(self.b.module, cls) if isinstance(
            cls, cst.Name | cst.Attribute) else None
        if isinstance(res, UserClass):
            return res.info.qualname, res.info
        name = res.qualname.removeprefix("builtins.") if isinstance(res, OpName) else ""
        if name in BUILTIN_CLASSES:
            return name, None
        self.b.error(cls, "a class pattern needs a class of the program or a built-in class "
                     f"({', '.join(BUILTIN_CLASSES)})")
        return None

    def or_(self, p: cst.MatchOr, subject: ir.Expr, then: Then) -> list[ir.Stmt]:
        """Alternatives with sub-patterns or captures: each tried in turn until one sets a
        flag (binding its names), then ``then`` once."""
        loc = self.b.loc(p)
        flag = self.b.fresh_local("alternative")
        out: list[ir.Stmt] = [_assign(loc, flag, ir.Const(loc, False))]
        for i, alt in enumerate(p.patterns):
            tried = self.pattern(alt.pattern, subject,
                                 lambda: [_assign(loc, flag, ir.Const(loc, True))])
            if i > 0:
                not_yet = ir.UnaryOp(loc, ir.UnaryOpKind.NOT, ir.Name(loc, flag))
                tried = [ir.If(loc, not_yet, tried, [])]
            out += tried
        return [*out, ir.If(loc, ir.Name(loc, flag), then(), [])]

    def seen_as(self, p: cst.MatchPattern, subject: ir.Expr) -> ir.Expr:
        """What ``p as name`` binds: the subject, as the class a class pattern names."""
        if isinstance(p, cst.MatchClass):
            found = self.class_name(p.cls)
            if found is not None:
                return _cast(self.b.loc(p), subject, found[0])
        return subject

    def class_test(self, p: cst.MatchClass, subject: ir.Expr) -> ir.Expr | None:
        loc = self.b.loc(p)
        found = self.class_name(p.cls)
        if found is None:
            return None
        return ir.Call(loc, "pyaot.match_class", [ir.TypeCheck(loc, subject, [found[0]])])

    def class_(self, p: cst.MatchClass, subject: ir.Expr, then: Then) -> list[ir.Stmt]:
        loc = self.b.loc(p)
        found = self.class_name(p.cls)
        if found is None:
            return []
        name, info = found
        test = ir.Call(loc, "pyaot.match_class", [ir.TypeCheck(loc, subject, [name])])
        seen = _cast(loc, subject, name)
        parts: list[tuple[cst.MatchPattern, ir.Expr]] = []
        if info is None:  # int(x): x is the subject itself
            if len(p.patterns) > 1 or p.kwds:
                self.b.error(p, "a built-in class pattern takes one positional sub-pattern")
                return []
            parts = [(q.value, seen) for q in p.patterns]
        else:
            names = _match_args(info)
            if len(p.patterns) > len(names):
                self.b.error(p, f"{info.name}() accepts {len(names)} positional sub-pattern"
                             f"{'' if len(names) == 1 else 's'} ({len(p.patterns)} given)")
                return []
            attrs = [*names[:len(p.patterns)], *(k.key.value for k in p.kwds)]
            patterns = [*(q.value for q in p.patterns), *(k.pattern for k in p.kwds)]
            parts = [(q, ir.Attribute(loc, seen, a)) for q, a in zip(patterns, attrs,
                                                                       strict=True)]
        return [ir.If(loc, test, self.chain(parts, then), [])]

    def chain(self, parts: list[tuple[cst.MatchPattern, ir.Expr]], then: Then) -> list[ir.Stmt]:
        """Each (sub-pattern, sub-subject) in turn, then ``then``."""
        if not parts:
            return then()
        (p, value), rest = parts[0], parts[1:]
        return self.sub(p, value, lambda: self.chain(rest, then))

    def sequence(self, p: cst.MatchSequence, subject: ir.Expr, then: Then) -> list[ir.Stmt]:
        loc = self.b.loc(p)
        elements = list(p.patterns)
        stars = [i for i, e in enumerate(elements) if isinstance(e, cst.MatchStar)]
        fixed = len(elements) - len(stars)
        test = ir.Call(loc, "pyaot.match_sequence",
                       [subject, ir.Const(loc, fixed), ir.Const(loc, bool(stars))])
        parts: list[tuple[cst.MatchPattern, ir.Expr]] = []
        star_part: tuple[cst.MatchStar, int, int] | None = None
        for i, e in enumerate(elements):
            if isinstance(e, cst.MatchStar):
                star_part = (e, i, len(elements) - i - 1)
                continue
            if stars and i > stars[0]:
                index: ir.Expr = ir.TupleGet(loc, _read(subject), i - len(elements))
            else:
                index = ir.TupleGet(loc, _read(subject), i)
            parts.append((e.value, index))

        def rest() -> list[ir.Stmt]:
            if star_part is None or star_part[0].name is None:
                return then()
            star, start, after = star_part
            assert star.name is not None
            rest_items = ir.Call(loc, "pyaot.match_rest", [_read(subject), ir.Const(loc, start),
                                                           ir.Const(loc, after)])
            return [self.bind(star.name, rest_items), *then()]

        return [ir.If(loc, test, self.chain(parts, rest), [])]

    def mapping(self, p: cst.MatchMapping, subject: ir.Expr, then: Then) -> list[ir.Stmt]:
        loc = self.b.loc(p)
        keys = [self.b.expr(e.key) for e in p.elements]
        parts: list[tuple[cst.MatchPattern, ir.Expr]] = [
            (e.pattern, ir.Index(loc, _read(subject), key)) for e, key in zip(p.elements, keys,
                                                                     strict=True)]

        def rest() -> list[ir.Stmt]:
            if p.rest is None:
                return then()
            copy = self.bind(p.rest, ir.Call(loc, "builtins.dict", [_read(subject)]))
            rest_name = ir.Name(loc, p.rest.value)
            dels: list[ir.Stmt] = [ir.DelItem(loc, rest_name, k) for k in keys]
            return [copy, *dels, *then()]

        inner = self.chain(parts, rest)
        if keys:
            has: list[ir.Expr] = [ir.Compare(loc, k, [ir.CmpOpKind.IN], [_read(subject)])
                                  for k in keys]
            test = has[0] if len(has) == 1 else ir.BoolOp(loc, ir.BoolOpKind.AND, has)
            inner = [ir.If(loc, test, inner, [])]
        is_mapping = ir.Call(loc, "pyaot.match_mapping", [subject])
        return [ir.If(loc, is_mapping, inner, [])]


def _simple(p: cst.MatchPattern) -> bool:
    """A pattern that is one test and binds nothing."""
    if isinstance(p, cst.MatchOr):
        return all(_simple(a.pattern) for a in p.patterns)
    if isinstance(p, cst.MatchClass):
        return not p.patterns and not p.kwds
    if isinstance(p, cst.MatchAs):
        return p.pattern is None and p.name is None
    return isinstance(p, cst.MatchValue | cst.MatchSingleton)


def _read(subject: ir.Expr) -> ir.Expr:
    """A read of the subject of its own: typing keeps one type per node, and a read inside
    a test's block sees the subject narrowed (a union's member), where the test sees it all."""
    return ir.Name(subject.loc, subject.id) if isinstance(subject, ir.Name) else subject


def _cast(loc: Loc, subject: ir.Expr, name: str) -> ir.Expr:
    return ir.Call(loc, "pyaot.match_cast", [_read(subject), ir.Const(loc, name)])


def _match_args(info: ClassInfo) -> list[str]:
    """The attributes positional sub-patterns name: ``__match_args__``, which a dataclass
    generates from its fields."""
    declared = info.constant("__match_args__")
    if isinstance(declared, tuple) and all(isinstance(n, str) for n in declared):
        return list(declared)
    if any(c.dataclass is not None for c in info.mro()):
        return list(info.fields)
    return []
