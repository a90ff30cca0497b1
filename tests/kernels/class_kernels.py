"""Kernels on user classes and dataclasses, compiled once for tests/test_classes.py (and again
under the sanitizers). Each @compile function also runs as plain Python; the test compares."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from hatch_pyaot import compile


class Node:
    """A linked list cell."""

    def __init__(self, value: int, next: Optional[Node] = None) -> None:
        self.value = value
        self.next = next


class Tree:
    def __init__(self, key: int) -> None:
        self.key = key
        self.left: Optional[Tree] = None
        self.right: Optional[Tree] = None

    def insert(self, key: int) -> None:
        if key < self.key:
            if self.left is None:
                self.left = Tree(key)
            else:
                self.left.insert(key)
        elif self.right is None:
            self.right = Tree(key)
        else:
            self.right.insert(key)

    def total(self) -> int:
        s = self.key
        if self.left is not None:
            s += self.left.total()
        if self.right is not None:
            s += self.right.total()
        return s

    def depth(self) -> int:
        a = self.left.depth() if self.left is not None else 0
        b = self.right.depth() if self.right is not None else 0
        return 1 + max(a, b)


class Shape:
    SIDES = 0
    count: int = 0

    def __init__(self, name: str) -> None:
        self.name = name

    def area(self) -> float:
        raise NotImplementedError("area of an abstract shape")

    def describe(self) -> str:
        return f"{self.name} with {self.SIDES} sides"

    @property
    def label(self) -> str:
        return self.name.upper()

    @staticmethod
    def unit() -> float:
        return 1.0


class Rect(Shape):
    SIDES = 4

    def __init__(self, w: float, h: float) -> None:
        super().__init__("rect")
        self.w = w
        self.h = h

    def area(self) -> float:
        return self.w * self.h


class Square(Rect):
    def __init__(self, side: float) -> None:
        super().__init__(side, side)
        self.name = "square"


class Circle(Shape):
    def __init__(self, r: float) -> None:
        super().__init__("circle")
        self.r = r

    def area(self) -> float:
        return 3.0 * self.r * self.r * Shape.unit()


class Vec:
    def __init__(self, x: float, y: float) -> None:
        self.x = x
        self.y = y

    def __add__(self, other: Vec) -> Vec:
        return Vec(self.x + other.x, self.y + other.y)

    def __sub__(self, other: Vec) -> Vec:
        return Vec(self.x - other.x, self.y - other.y)

    def __mul__(self, k: float) -> Vec:
        return Vec(self.x * k, self.y * k)

    def __neg__(self) -> Vec:
        return Vec(-self.x, -self.y)

    def __eq__(self, other: Vec) -> bool:  # type: ignore[override]
        return self.x == other.x and self.y == other.y

    def __lt__(self, other: Vec) -> bool:
        return self.norm2() < other.norm2()

    def __repr__(self) -> str:
        return f"Vec({self.x}, {self.y})"

    def norm2(self) -> float:
        return self.x * self.x + self.y * self.y

    def spiral(self, n: int) -> int:
        """Never ends: RecursionError, as in CPython."""
        return Vec(self.y, -self.x).spiral(n + 1)


class Bag:
    def __init__(self) -> None:
        self.items: list[int] = []

    def add(self, x: int) -> Bag:
        self.items.append(x)
        return self

    def __len__(self) -> int:
        return len(self.items)

    def __getitem__(self, i: int) -> int:
        if i >= len(self.items):
            raise IndexError("bag index out of range")
        return self.items[i]


class Temperature:
    def __init__(self, celsius: float) -> None:
        self._kelvin = 0.0
        self.celsius = celsius  # through the setter

    @property
    def celsius(self) -> float:
        return self._kelvin - 273.15

    @celsius.setter
    def celsius(self, value: float) -> None:
        if value < -273.15:
            raise ValueError("below absolute zero")
        self._kelvin = value + 273.15


@dataclass(order=True)
class Point:
    x: float
    y: float = 0.0
    tags: list[int] = field(default_factory=list)


@dataclass
class Point3(Point):
    z: float = 0.0


@dataclass(frozen=True)
class Money:
    amount: int
    currency: str = "EUR"

    def plus(self, other: Money) -> Money:
        if other.currency != self.currency:
            raise ValueError(f"cannot add {other.currency} to {self.currency}")
        return Money(self.amount + other.amount, self.currency)


@dataclass
class Account:
    owner: str
    balance: int = 0
    history: list[int] = field(default_factory=list)

    def deposit(self, amount: int) -> None:
        if amount <= 0:
            raise ValueError("deposit must be positive")
        self.balance += amount
        self.history.append(amount)


@compile
def linked_sum(n: int) -> int:
    head: Optional[Node] = None
    for i in range(n):
        head = Node(i, head)
    s = 0
    while head is not None:
        s += head.value
        head = head.next
    return s


@compile
def list_length(head: Optional[Node]) -> int:
    n = 0
    while head is not None:
        n += 1
        head = head.next
    return n


@compile
def reverse_list(head: Optional[Node]) -> Optional[Node]:
    prev: Optional[Node] = None
    while head is not None:
        nxt = head.next
        head.next = prev
        prev = head
        head = nxt
    return prev


@compile
def second_value(head: Node) -> int:
    return head.next.value  # type: ignore[union-attr]


@compile
def tree_stats(keys: list[int]) -> tuple[int, int]:
    root = Tree(keys[0])
    for k in keys[1:]:
        root.insert(k)
    return root.total(), root.depth()


@compile
def shapes(n: int) -> tuple[float, str, str, int]:
    items: list[Shape] = []
    for i in range(n):
        if i % 3 == 0:
            items.append(Rect(float(i), 2.0))
        elif i % 3 == 1:
            items.append(Square(float(i)))
        else:
            items.append(Circle(float(i)))
    total = 0.0
    text = ""
    rects = 0
    for s in items:
        total += s.area()
        text += s.describe() + ";"
        if isinstance(s, Rect):
            rects += 1
    return total, text, items[0].label if items else "", rects


@compile
def abstract_area() -> float:
    return Shape("blob").area()


@compile
def vectors(n: int) -> tuple[str, bool, bool, bool]:
    a = Vec(1.0, 2.0)
    b = Vec(0.5, -1.0)
    for _ in range(n):
        a = a + b * 0.5 - Vec(0.25, 0.0)
    c = -a
    return repr(c), a == Vec(a.x, a.y), a != b, b < a


@compile
def sort_vectors(n: int) -> tuple[str, str, bool]:
    vs = [Vec(float((i * 7) % 5), float(i % 3)) for i in range(n)]
    ordered = sorted(vs)
    vs.sort(reverse=True)
    return repr(ordered), repr(vs), [Vec(1.0, 2.0)] == [Vec(1.0, 2.0)]


@compile
def sort_points(n: int) -> str:
    ps = [Point(float(i % 3), float(-i)) for i in range(n)]
    ps.sort()
    return repr(ps) + repr(max(ps).x if ps else 0.0)


@compile
def warm(c: float, by: float) -> tuple[float, float]:
    t = Temperature(c)
    t.celsius = t.celsius + by
    return t.celsius, t._kelvin


@compile
def inherited_dataclass(z: float) -> tuple[str, bool, bool, bool]:
    p = Point3(1.0, 2.0, [1], z)
    return repr(p), p == Point3(1.0, 2.0, [1], z), Point(1.0, 2.0) == p, p == Point(1.0, 2.0)


@compile
def identity(n: int) -> tuple[bool, bool, bool]:
    a = Node(n)
    b = a
    c = Node(n)
    return a is b, a is c, a is not c


@compile
def bag(n: int, i: int) -> tuple[int, int]:
    b = Bag()
    for k in range(n):
        b.add(k * k)
    return len(b), b[i]


@compile
def points(n: int) -> tuple[str, bool, bool, bool, str]:
    ps = [Point(float(n - i), float(i % 2)) for i in range(n)]
    ps.sort(key=lambda p: p.x)
    ps[0].tags.append(7)
    first = ps[0]
    return (repr(first), first == Point(first.x, first.y, [7]), Point(1.0) < Point(2.0),
            Point(1.0, 2.0) >= Point(1.0, 3.0), repr(Point(3.0)))


@compile
def money(a: int, b: int, other: str) -> str:
    m = Money(a).plus(Money(b, other))
    return repr(m) + str(m == Money(a + b))


@compile
def deposit(acct: Account, amount: int) -> int:
    acct.deposit(amount)
    return acct.balance


@compile
def move(p: Point, dx: float) -> Point:
    p.x += dx
    p.tags.append(len(p.tags))
    return p


@compile
def make_point(x: float, y: float) -> Point:
    return Point(x, y, [1, 2])


@compile
def make_chain(n: int) -> Optional[Node]:
    head: Optional[Node] = None
    for i in range(n):
        head = Node(i, head)
    return head


@compile
def make_shape(kind: int) -> Shape:
    if kind == 0:
        return Rect(2.0, 3.0)
    return Circle(1.5)


@compile
def same_twice(a: Point, b: Point) -> bool:
    a.x = 100.0
    return b.x == 100.0


@compile
def area_of(s: Shape) -> float:
    return s.area()


@compile
def make_cycle(n: int) -> int:
    """A node that reaches itself: CPython's collector frees it, the compiled code leaks it
    (docs/objects.md); tests/test_sanitizers.py shows LeakSanitizer sees exactly that."""
    a = Node(n)
    a.next = a
    return a.value


@compile
def spiral(n: int) -> int:
    return Vec(1.0, 0.0).spiral(n)


@compile
def shift_all(ps: list[Point], dx: float) -> list[Point]:
    for p in ps:
        p.x += dx
    return [p for p in ps if p.x > 1.0]


class Cents:
    """Reflected operators: ``0 + m``, ``3 * m``, ``100 - m``."""

    def __init__(self, cents: int) -> None:
        self.cents = cents

    def __add__(self, other: Cents) -> Cents:
        return Cents(self.cents + other.cents)

    def __radd__(self, other: int) -> Cents:
        return Cents(self.cents + other)

    def __rmul__(self, k: int) -> Cents:
        return Cents(self.cents * k)

    def __rsub__(self, other: int) -> Cents:
        return Cents(other - self.cents)


@compile
def reflected(k: int) -> tuple[int, int, int]:
    m = Cents(5)
    total = 0 + m
    return (total + m).cents, (k * m).cents, (100 - m).cents


@compile
def by_key(n: int) -> tuple[list[str], list[str], str, str, str]:
    """sorted/min/max with key= on objects that define no order: only the keys are ordered
    (ties keep the first item, as CPython)."""
    accounts = [Account(f"a{i}", (i * 7) % 5) for i in range(n)]
    asc = [a.owner for a in sorted(accounts, key=lambda a: a.balance)]
    desc = [a.owner for a in sorted(accounts, key=lambda a: (a.balance, a.owner), reverse=True)]
    low = min(accounts, key=lambda a: a.balance)
    high = max(accounts, key=lambda a: a.balance)
    none = Account("none")
    return asc, desc, low.owner, high.owner, max(accounts, key=lambda a: a.balance,
                                                 default=none).owner
