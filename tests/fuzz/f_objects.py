"""Areas ``enums`` (an Enum and an IntEnum: ``Color(v)`` with its ValueError, ``.name``,
``.value``, iteration, IntEnum arithmetic and order), ``namedtuples`` (fields, indexing,
``len``, ``==``, ``repr``, unpacking), ``dataclasses`` (fields with defaults, a method,
``==``, ``order=True, frozen=True`` sorting, mutation through an alias and by a helper, ``repr``)
and ``classes`` (a user class with ``__init__``, a method that changes it, ``__len__``,
``__add__``, ``__lt__`` used by ``sorted``)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING

from fuzz import kinds as k
from fuzz.features import store

if TYPE_CHECKING:
    from fuzz.exprs import Exprs
    from fuzz.stmts import Stmts

ENUMS = '''
class Color(Enum):
    RED = 1
    GREEN = 2
    BLUE = 3


class Level(IntEnum):
    LOW = 1
    MID = 5
    HIGH = 10
'''
NAMEDTUPLES = '''
class Rec(NamedTuple):
    a: int
    b: str
    c: float = 0.5
'''
DATACLASSES = '''
@dataclass
class Pt:
    x: int
    y: float
    tag: str = 'p'

    def scaled(self, n: int) -> int:
        return _ov(self.x * n)


@dataclass(order=True, frozen=True)
class Key:
    rank: int
    name: str


def h_move(p: Pt, n: int) -> None:
    p.x = _ov(p.x + n)
    p.tag += '+'
'''
CLASSES = '''
class Acc:
    def __init__(self, n: int) -> None:
        self.n = n
        self.items: list[int] = []

    def add(self, v: int) -> None:
        self.n = _ov(self.n + v)
        self.items.append(v)

    def __len__(self) -> int:
        return len(self.items)

    def __add__(self, other: 'Acc') -> 'Acc':
        return Acc(_ov(self.n + other.n))

    def __lt__(self, other: 'Acc') -> bool:
        return self.n < other.n
'''
SOURCES = {"enums": ENUMS, "namedtuples": NAMEDTUPLES, "dataclasses": DATACLASSES,
           "classes": CLASSES}


def definitions(rng: random.Random, features: frozenset[str]) -> list[str]:
    return [text.lstrip("\n") for area, text in SOURCES.items() if area in features]


def expressions(x: Exprs) -> list[tuple[str, str, Callable[[int], str | None]]]:
    r, e, I, F, S, B = x.rng, x.e, k.INT, k.FLOAT, k.STR, k.BOOL  # noqa: E741

    def color(d: int) -> str:
        return f"Color({e(I, d)}{r.choice(('', ' % 4', ' % 3 + 1'))})"

    def rec(d: int) -> str:
        third = f", {e(F, d)}" if r.random() < 0.5 else ""
        return f"Rec({e(I, d)}, {e(S, d)}{third})"

    def pt(d: int) -> str:
        tag = f", {e(S, d)}" if r.random() < 0.3 else ""
        return f"Pt({e(I, d)}, {e(F, d)}{tag})"

    def key(d: int) -> str:
        return f"Key({e(I, d)} % 3, {e(S, d)})"

    return [
        ("enums", I, lambda d: f"{color(d)}.value"),
        ("enums", S, lambda d: f"{color(d)}.name"),
        ("enums", B, lambda d: f"({color(d)} {r.choice(('is', 'is not', '==', '!='))} Color.RED)"),
        ("enums", I, lambda d: f"_ov(Level.{r.choice(('LOW', 'MID', 'HIGH'))} {r.choice('+-*')} {e(I, d)})"),
        ("enums", I, lambda d: f"Level({e(I, d)} % 11).value"),
        ("enums", B, lambda d: f"(Level.MID {r.choice(('<', '>=', '=='))} {e(I, d)})"),
        ("enums", k.LIST_STR, lambda d: f"[c.name for c in {r.choice(('Color', 'Level'))}]"),
        ("enums", k.LIST_INT, lambda d: "[c.value for c in Color]"),
        ("namedtuples", I, lambda d: f"{rec(d)}.a"),
        ("namedtuples", S, lambda d: f"{rec(d)}[1]"),
        ("namedtuples", F, lambda d: f"{rec(d)}.c"),
        ("namedtuples", S, lambda d: f"repr({rec(d)})"),
        ("namedtuples", I, lambda d: f"len({rec(d)})"),
        ("namedtuples", B, lambda d: f"({rec(d)} == {rec(d)})"),
        ("dataclasses", I, lambda d: f"{pt(d)}.x"),
        ("dataclasses", F, lambda d: f"{pt(d)}.y"),
        ("dataclasses", I, lambda d: f"{pt(d)}.scaled({e(I, d)})"),
        ("dataclasses", S, lambda d: f"repr({pt(d)})"),
        ("dataclasses", B, lambda d: f"({pt(d)} {r.choice(('==', '!='))} {pt(d)})"),
        ("dataclasses", B, lambda d: f"({key(d)} {r.choice(('<', '<=', '==', '>'))} {key(d)})"),
        ("dataclasses", S, lambda d: f"repr(sorted([{key(d)}, {key(d)}, {key(d)}]))"),
        ("classes", I, lambda d: f"(Acc({e(I, d)}) + Acc({e(I, d)})).n"),
        ("classes", B, lambda d: f"(Acc({e(I, d)}) < Acc({e(I, d)}))"),
        ("classes", k.LIST_INT,
         lambda d: f"[a.n for a in sorted([Acc({e(I, d)}), Acc({e(I, d)}), Acc({e(I, d)})])]"),
    ]


def statements(st: Stmts) -> list[tuple[str, Callable[[int], list[str]]]]:
    return [("dataclasses", lambda nest: _point(st)), ("classes", lambda nest: _acc(st)),
            ("namedtuples", lambda nest: _unpack(st))]


def _point(st: Stmts) -> list[str]:
    """A Pt changed through an alias and by a helper, then read."""
    o, alias = st.scope.fresh("o"), st.scope.fresh("o")
    r = st.rng
    lines = [f"{o} = Pt({st.e(k.INT, 1)}, {st.e(k.FLOAT, 1)})", f"{alias} = {o}"]
    for _ in range(r.randint(1, 3)):
        lines.append(r.choice((f"{alias}.x = {st.e(k.INT, 1)}", f"{alias}.tag += {st.e(k.STR, 1)}",
                               f"h_move({r.choice((o, alias))}, {st.e(k.INT, 1)})",
                               f"{o}.y = {st.e(k.FLOAT, 1)}")))
    lines.append(store(st, k.STR, f"repr({o})" if r.random() < 0.5 else f"{o}.tag"))
    lines.append(store(st, k.INT, f"{alias}.x"))
    return lines


def _acc(st: Stmts) -> list[str]:
    o = st.scope.fresh("o")
    lines = [f"{o} = Acc({st.e(k.INT, 1)})"]
    lines += [f"{o}.add({st.e(k.INT, 1)})" for _ in range(st.rng.randint(1, 3))]
    lines.append(store(st, k.INT, st.rng.choice((f"len({o})", f"{o}.n", f"_ovf_sum({o}.items)"))))
    return lines


def _unpack(st: Stmts) -> list[str]:
    a, b, c = st.scope.fresh("u"), st.scope.fresh("u"), st.scope.fresh("u")
    line = f"{a}, {b}, {c} = Rec({st.e(k.INT, 1)}, {st.e(k.STR, 1)})"
    st.scope.names.update({a: k.INT, b: k.STR, c: k.FLOAT})
    return [line]
