"""Kernels of tests/test_class_protocols.py: the dunder methods that operators, statements
and truth tests call, class methods and abstract classes."""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from enum import Enum
from typing import NamedTuple

from hatch_pyaot import compile


class Grid:
    """A fixed-size board of ints: item access, membership, truth by length, calls."""

    def __init__(self, n: int) -> None:
        self.cells: list[int] = [0] * n
        self.writes = 0

    def __len__(self) -> int:
        return len(self.cells)

    def __getitem__(self, i: int) -> int:
        return self.cells[i]

    def __setitem__(self, i: int, v: int) -> None:
        if v < 0:
            raise ValueError(f"negative cell {v}")
        self.cells[i] = v
        self.writes += 1

    def __delitem__(self, i: int) -> None:
        del self.cells[i]

    def __contains__(self, v: int) -> bool:
        return v in self.cells

    def __call__(self, scale: int) -> int:
        return sum(self.cells) * scale


class Flag:
    def __init__(self, on: bool) -> None:
        self.on = on

    def __bool__(self) -> bool:
        return self.on

    def __invert__(self) -> Flag:
        return Flag(not self.on)


class Num:
    def __init__(self, v: int) -> None:
        self.v = v

    def __add__(self, other: Num) -> Num:
        return Num(self.v + other.v)

    def __mul__(self, other: int) -> Num:
        return Num(self.v * other)

    def __pow__(self, k: int) -> Num:
        return Num(self.v ** k)

    def __abs__(self) -> Num:
        return Num(abs(self.v))

    def __neg__(self) -> Num:
        return Num(-self.v)

    def __repr__(self) -> str:
        return f"Num({self.v})"


class Acc:
    """``+=`` changes the object in place (``__iadd__`` returns it)."""

    def __init__(self) -> None:
        self.items: list[int] = []

    def __iadd__(self, x: int) -> Acc:
        self.items.append(x)
        return self


@compile
def grid_items(n: int, i: int, v: int) -> tuple[int, int, int, bool, bool]:
    g = Grid(n)
    g[i] = v
    g[0] = g[i] + 1
    del g[n - 1]
    k = 3
    return g[i], len(g), g.writes, k in g, k not in g


@compile
def grid_truth(n: int) -> int:
    g = Grid(n)
    count = 0
    if g:
        count += 1
    if not g:
        count += 10
    while g:
        del g[0]
        count += 100
    return count


@compile
def grid_call(n: int, scale: int) -> int:
    g = Grid(n)
    for i in range(n):
        g[i] = i
    return g(scale) + g(1)


@compile
def fill(g: Grid, v: int) -> int:
    """An object from the caller: its changes (and those before an exception) show."""
    for i in range(len(g)):
        g[i] = v - i
    return g.writes


@compile
def flags(on: bool) -> tuple[bool, bool, int]:
    f = Flag(on)
    g = ~f
    n = 0
    if f:
        n += 1
    if g:
        n += 2
    return f.on, (~g).on, n if f or g else -1


@compile
def truths(n: int) -> tuple[bool, bool, bool, bool]:
    return bool(Grid(n)), bool(Flag(n > 1)), bool(Num(n)), not Grid(n)


@compile
def numbers(a: int, b: int) -> str:
    x = Num(a)
    y = Num(b)
    z = x ** 3
    x += y
    x *= 2
    return repr((z, x, abs(-x), abs(Num(b))))


@compile
def accumulate(n: int) -> list[int]:
    acc = Acc()
    same = acc
    for i in range(n):
        acc += i * i
    return same.items if same is acc else []


class Temp:
    UNIT = "C"
    made = 0

    def __init__(self, degrees: float) -> None:
        self.degrees = degrees

    @classmethod
    def from_kelvin(cls, k: float) -> Temp:
        if k < 0:
            raise ValueError(f"below absolute zero: {k}")
        return cls(k - 273.15)

    @classmethod
    def freezing(cls) -> Temp:
        return cls.from_kelvin(273.15)

    @classmethod
    def unit(cls) -> str:
        return cls.UNIT

    @staticmethod
    def clamp(x: float) -> float:
        return max(-50.0, min(50.0, x))

    def describe(self) -> str:
        return f"{self.degrees:.2f}{self.unit()}"


class Fahrenheit(Temp):
    UNIT = "F"

    def describe(self) -> str:
        return f"{self.degrees * 9 / 5 + 32:.1f}{self.unit()}"


class Unit(ABC):
    @abstractmethod
    def size(self) -> int:
        ...

    def twice(self) -> int:
        return 2 * self.size()


class Meter(Unit):
    def size(self) -> int:
        return 100


@compile
def temperatures(k: float) -> tuple[str, str, str, str, float, str, str]:
    t = Temp.from_kelvin(k)
    f = Fahrenheit.from_kelvin(k)
    z = Fahrenheit.freezing()
    return (t.describe(), f.describe(), z.describe(), Temp.unit() + Fahrenheit.unit(),
            t.clamp(t.degrees), "F" if isinstance(f, Fahrenheit) else "",
            f.unit())


@compile
def meters(n: int) -> int:
    m = Meter()
    return m.twice() * n + m.size()


class Key:
    """Equal by value and hashed alike: a dict key and a set item."""

    def __init__(self, x: int, y: int) -> None:
        self.x = x
        self.y = y

    def __eq__(self, other: Key) -> bool:
        return self.x == other.x and self.y == other.y

    def __hash__(self) -> int:
        return hash((self.x, self.y))


@dataclass(frozen=True)
class Cell:
    row: int
    col: int


class Token:
    """No __eq__ and no __hash__: keys by identity."""

    def __init__(self, n: int) -> None:
        self.n = n


@compile
def keyed(n: int) -> tuple[int, int, int, bool, int, int]:
    counts: dict[Key, int] = {}
    for i in range(n):
        k = Key(i % 3, 0)
        counts[k] = counts.get(k, 0) + i
    seen = {Key(1, 0), Key(1, 0), Key(2, 5)}
    probe = Key(2, 5)
    return (len(counts), counts[Key(1, 0)] if n > 1 else -1, len(seen), probe in seen,
            hash(Key(3, 4)), hash(probe))


@compile
def cells(n: int) -> tuple[int, int, bool, int]:
    board = {Cell(i, i * 2): i for i in range(n)}
    visited = {Cell(0, 0), Cell(0, 0), Cell(1, 2)}
    return len(board), board[Cell(n - 1, 2 * n - 2)], Cell(1, 2) in visited, hash(Cell(3, -1))


@compile
def tokens(n: int) -> tuple[int, bool, bool]:
    a = Token(n)
    b = Token(n)
    owners = {a: "a", b: "b"}
    owners[a] = "A"
    group = {a, a, b}
    return len(owners) + len(group), owners[a] == "A", Token(n) in group


class Countdown:
    """An iterator: ``__iter__`` returns itself, ``__next__`` raises StopIteration."""

    def __init__(self, start: int) -> None:
        self.n = start

    def __iter__(self) -> Countdown:
        return self

    def __next__(self) -> int:
        if self.n <= 0:
            raise StopIteration
        self.n -= 1
        if self.n == 13:
            raise ValueError("unlucky")
        return self.n + 1


class Span:
    """An iterable whose ``__iter__`` makes a new iterator object each time."""

    def __init__(self, n: int) -> None:
        self.n = n

    def __iter__(self) -> Countdown:
        return Countdown(self.n)


@compile
def countdown(n: int) -> tuple[int, list[int], int, bool]:
    total = 0
    for k in Countdown(n):
        total += k
    seen = [k * 2 for k in Countdown(n)]
    span = Span(n)
    twice = 0
    for a in span:
        for b in span:
            twice += a * b
    stopped = False
    for k in Countdown(n):
        if k == 2:
            break
    else:
        stopped = True
    return total, seen, twice, stopped


@compile
def consume(n: int) -> tuple[list[int], int, list[int], int, int, int, int]:
    it = Countdown(n)
    first = next(it, -1)
    second = next(it, -1)
    rest = list(it)
    after = next(it, -1)
    return (list(Span(n)), sum(Span(n)), sorted(Span(n)), first, second, len(rest), after)


@compile
def next_past_the_end(n: int) -> int:
    it = Countdown(n)
    return next(it) + next(it)  # StopIteration for n < 2


class Size(NamedTuple):
    width: int
    height: int = 1


@compile
def named_fields(w: int) -> tuple[tuple[str, str], tuple[str, str], dict[str, int], int]:
    s = Size(w)
    d = s._asdict()
    d["width"] += 1
    return s._fields, Size._fields, d, hash(s) - hash((w, 1))


class Shade(Enum):
    RED = 1
    GREEN = 2
    CRIMSON = 1  # an alias: Shade.CRIMSON is Shade.RED


@compile
def aliases(v: int) -> tuple[str, bool, int, str]:
    s = Shade(v)
    return Shade.CRIMSON.name, s is Shade.CRIMSON, len(Shade), [c.name for c in Shade][-1]


class Mat:
    """A 2x2 matrix: ``@`` (``__matmul__``, ``__rmatmul__`` for a list on its left) and the
    bitwise operators, some also reflected."""

    def __init__(self, a: int, b: int, c: int, d: int) -> None:
        self.cells = (a, b, c, d)

    def each(self, op: str, k: int) -> Mat:
        out = [0, 0, 0, 0]
        for i in range(4):
            x = self.cells[i]
            out[i] = x | k if op == "|" else x ^ k if op == "^" else x << k if op == "<<" \
                else x >> k
        return Mat(out[0], out[1], out[2], out[3])

    def __matmul__(self, o: Mat) -> Mat:
        a, b, c, d = self.cells
        e, f, g, h = o.cells
        return Mat(a * e + b * g, a * f + b * h, c * e + d * g, c * f + d * h)

    def __rmatmul__(self, v: list[int]) -> list[int]:
        a, b, c, d = self.cells
        return [v[0] * a + v[1] * c, v[0] * b + v[1] * d]

    def __and__(self, o: Mat) -> Mat:
        a, b, c, d = self.cells
        e, f, g, h = o.cells
        return Mat(a & e, b & f, c & g, d & h)

    def __or__(self, k: int) -> Mat:
        return self.each("|", k)

    def __xor__(self, k: int) -> Mat:
        return self.each("^", k)

    def __lshift__(self, k: int) -> Mat:
        return self.each("<<", k)

    def __rshift__(self, k: int) -> Mat:
        return self.each(">>", k)

    def __ror__(self, k: int) -> int:
        return k | sum(self.cells)

    def __radd__(self, k: int) -> int:
        return k + sum(self.cells)

    def __rsub__(self, k: int) -> int:
        return k - sum(self.cells)


@compile
def matrices(a: int, b: int) -> list[tuple[int, int, int, int]]:
    m = Mat(a, b, b, a)
    n = Mat(1, a, 0, 1)
    v = [a, 1]
    k = 3
    w = v @ m
    return [(m @ n).cells, (w[0], w[1], 0, 0), (m & n).cells, (m | 4).cells, (m ^ k).cells,
            (m << 2).cells, (m >> 1).cells, (k | m, k + m, k - m, 0), (m @ n @ m).cells]
