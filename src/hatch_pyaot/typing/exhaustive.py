"""Whether a ``match`` that ends a function covers every value its subject's type allows, so
that the function does not fall off its end (typing/infer.py asks before it reports "can end
without a return statement"): a last case whose pattern always matches the subject's type
(``case (n, s):`` of a ``tuple[int, str]``), and cases naming every member of an enum
(``case Color.RED: ... case Color.GREEN: ...``), each of which leaves the function.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import EnumType, Type
from hatch_pyaot.typing.typed import PatternTest


def always_matches(test: ir.Expr, patterns: Mapping[ir.Expr, PatternTest] | None) -> bool:
    """A pattern's test that typing found always true for the subject's type."""
    found = patterns.get(test) if patterns is not None else None
    return found is not None and found.static is True


def enum_cases(body: Sequence[ir.Stmt], types: Mapping[ir.Expr, Type | None],
               falls_through: Callable[[Sequence[ir.Stmt]], bool]) -> bool:
    """Whether the block ends in ``if subject == E.member: <leaves>`` for every member of E,
    on one subject (a match's copy of it)."""
    subject: str | None = None
    seen: set[int] = set()
    enum: EnumType | None = None
    for s in reversed(body):
        member = _member_test(s, types)
        if member is None or (subject is not None and member[0] != subject) or falls_through(
                member[3]):
            break
        subject, enum = member[0], member[1]
        seen.add(member[2])
    if enum is None or enum.info is None:
        return False
    count = len(getattr(enum.info, "names", ()))
    return count > 0 and seen == set(range(count))


def _member_test(s: ir.Stmt, types: Mapping[ir.Expr, Type | None],
                 ) -> tuple[str, EnumType, int, list[ir.Stmt]] | None:
    """(subject, its enum, the member's position, the body) of ``if subject == E.member:``."""
    if not isinstance(s, ir.If) or s.orelse or not isinstance(test := s.test, ir.Compare) or (
            test.ops != [ir.CmpOpKind.EQ]) or not isinstance(test.left, ir.Name):
        return None
    t = types.get(test.left)
    member = test.comparators[0]
    if not isinstance(t, EnumType) or not isinstance(member, ir.Call) or (
            member.func != "pyaot.enum_member") or len(member.args) != 2:
        return None
    qualname, position = member.args
    if not (isinstance(qualname, ir.Const) and qualname.value == t.qualname and isinstance(
            position, ir.Const) and isinstance(position.value, int)):
        return None
    return test.left.id, t, position.value, s.body

