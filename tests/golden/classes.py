from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from hatch_pyaot import compile


class Shape:
    def __init__(self, name: str) -> None:
        self.name = name

    def area(self) -> float:
        return 0.0


class Square(Shape):
    def __init__(self, side: float) -> None:
        super().__init__("square")
        self.side = side

    def area(self) -> float:
        return self.side * self.side


@dataclass
class Cell:
    value: int
    next: Optional[Cell] = None


@compile
def total_area(n: int) -> float:
    s = Shape("dot") if n < 0 else Square(float(n))
    return s.area() + Square(2.0).area()


@compile
def chain(n: int) -> Optional[Cell]:
    head: Optional[Cell] = None
    for i in range(n):
        head = Cell(i, head)
    return head
