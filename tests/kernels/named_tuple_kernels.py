"""Kernels on typing.NamedTuple classes, compiled once for tests/test_named_tuples.py. Each
@compile function also runs as plain Python; the test compares."""

from __future__ import annotations

from typing import NamedTuple

from hatch_pyaot import compile


class Point(NamedTuple):
    x: int
    y: int = 0

    def norm1(self) -> int:
        return abs(self.x) + abs(self.y)

    def moved(self, dx: int) -> Point:
        return self._replace(x=self.x + dx)


class Item(NamedTuple):
    name: str
    price: float
    tags: list[str]


@compile
def make(a: int) -> Point:
    return Point(a, a * 2)


@compile
def default(a: int) -> Point:
    return Point(a)


@compile
def use(p: Point) -> tuple[int, int, int, int, bool, bool, str]:
    q = p._replace(y=7)
    return p[0], q[1], q[-1], q.norm1(), p == q, p < q, repr(Point(3))


@compile
def biggest(ps: list[Point]) -> Point:
    return max(ps)


@compile
def total(ps: list[Point]) -> int:
    return len(ps[0]) + sum(p.moved(1).x for p in ps)


@compile
def keep(p: Point) -> Point:
    """The very object passed in comes back."""
    return p


@compile
def cheapest(items: list[Item]) -> str:
    best = items[0]
    for it in items:
        if it.price < best.price:
            best = it
    best.tags.append("cheapest")
    return f"{best.name} {best.price} {len(best.tags)}"


@compile
def sort_points(ps: list[Point]) -> list[Point]:
    return sorted(ps, reverse=True)


@compile
def unpack(ps: list[Point]) -> tuple[int, int]:
    sx = 0
    for x, y in ps:
        sx += x * y
    a, b = ps[0]
    return sx, a - b
