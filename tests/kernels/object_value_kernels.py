"""Kernels whose parameters and results are bytes, complex, enum members and objects of the
program's classes, compiled once for the C ABI and program tests (tests/test_c_abi_objects.py).
Each @compile function also runs as plain Python; the tests compare."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from enum import Enum, IntEnum
from typing import NamedTuple, Optional

from hatch_pyaot import compile


class Color(Enum):
    RED = "red"
    GREEN = "green"


class Prio(IntEnum):
    LOW = 1
    HIGH = 5


@dataclass
class Point:
    x: int
    y: int = 0


class Pair(NamedTuple):
    name: str
    weight: float


class Box:
    def __init__(self, label: str, items: list[int]) -> None:
        self.label = label
        self.items = items


@dataclass
class Line:
    start: Point
    end: Point
    color: Color


@compile
def checksum(data: bytes) -> int:
    total = 0
    for b in data:
        total = (total * 31 + b) % 1000003
    return total


@compile
def doubled(data: bytes) -> bytes:
    return data + data


@compile
def rotate(z: complex, turns: int) -> complex:
    for _ in range(turns):
        z = z * 1j
    return z


@compile
def color_name(c: Color) -> str:
    return c.name


@compile
def other(c: Color) -> Color:
    return Color.GREEN if c == Color.RED else Color.RED


@compile
def bump(p: Prio) -> Prio:
    return Prio.HIGH if p == Prio.LOW else Prio.LOW


@compile
def shifted(p: Point, dx: int) -> Point:
    return Point(p.x + dx, p.y)


@compile
def move(p: Point, dx: int) -> int:
    p.x += dx
    return p.x + p.y


@compile
def heavier(a: Pair, b: Pair) -> Pair:
    return a if a.weight >= b.weight else b


@compile
def fill(box: Box, n: int) -> str:
    for i in range(n):
        box.items.append(i)
    box.label = box.label + "!"
    return box.label


@compile
def length2(line: Line) -> int:
    dx = line.end.x - line.start.x
    dy = line.end.y - line.start.y
    return dx * dx + dy * dy


@compile
def extend(line: Line, k: int) -> Line:
    return Line(line.start, Point(line.end.x * k, line.end.y * k), line.color)


@compile
def xs(points: list[Point]) -> list[int]:
    return [p.x for p in points]


@compile
def nudge_all(points: list[Point]) -> None:
    for p in points:
        p.y += 1


@compile
def first_far(points: list[Point], d: int) -> Optional[Point]:
    for p in points:
        if p.x * p.x + p.y * p.y > d * d:
            return p
    return None


@compile
def shown(line: Line) -> str:
    """A dataclass's repr shows an enum field as <Color.RED: 'red'>."""
    return repr(line)


@compile
def squares(n: int) -> Iterator[int]:
    for i in range(n):
        yield i * i


@compile
def either(v: Point | bytes | int) -> str:
    if isinstance(v, Point):
        return "point " + str(v.x)
    if isinstance(v, int):
        return "int " + str(v)
    return "bytes " + str(len(v))
