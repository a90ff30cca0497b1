"""Golden input: the lowering of ``match`` (class, sequence, mapping, literal patterns)."""

from dataclasses import dataclass

from hatch_pyaot import compile


class Shape:
    pass


@dataclass
class Circle(Shape):
    r: float


@dataclass
class Rect(Shape):
    w: float
    h: float


def area(s: Shape) -> float:
    match s:
        case Circle(r):
            return 3.0 * r * r
        case Rect(w, h) if w == h:
            return w * w
        case Rect(w=w, h=h):
            return w * h
    return 0.0


@compile
def total(n: int) -> float:
    shapes: list[Shape] = [Circle(1.0), Rect(2.0, 3.0), Rect(2.0, 2.0)]
    return sum(area(shapes[i % 3]) for i in range(n))


@compile
def head(xs: list[int], d: dict[str, int]) -> int:
    match xs:
        case [first, *_]:
            value = first
        case _:
            value = -1
    match d:
        case {"k": 0 | 1 as k}:
            value += k
    return value
