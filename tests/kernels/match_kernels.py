"""Kernels with ``match`` statements, compiled once for tests/test_match.py (and again under
the sanitizers). Each @compile function also runs as plain Python; the test compares."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Optional

from hatch_pyaot import compile


class Expr:
    pass


@dataclass
class Num(Expr):
    value: int


@dataclass
class Add(Expr):
    left: Expr
    right: Expr


@dataclass
class Mul(Expr):
    left: Expr
    right: Expr


@dataclass
class Neg(Expr):
    operand: Expr


class Point:
    __match_args__ = ("x", "y")

    def __init__(self, x: int, y: int) -> None:
        self.x = x
        self.y = y


def evaluate(e: Expr) -> int:
    match e:
        case Num(v):
            return v
        case Add(left, right):
            return evaluate(left) + evaluate(right)
        case Mul(left=a, right=b):
            return evaluate(a) * evaluate(b)
        case Neg(operand=Neg(operand=inner)):
            return evaluate(inner)
        case Neg(x):
            return -evaluate(x)
    raise ValueError("unknown expression")


def simplify(e: Expr) -> Expr:
    match e:
        case Add(Num(0), x) | Add(x, Num(0)):
            return simplify(x)
        case Mul(Num(1), x):
            return simplify(x)
        case Add(a, b):
            return Add(simplify(a), simplify(b))
        case _:
            return e


@compile
def interpret(n: int) -> tuple[int, int]:
    e: Expr = Num(1)
    for i in range(n):
        if i % 3 == 0:
            e = Add(e, Num(i))
        elif i % 3 == 1:
            e = Mul(e, Num(2))
        else:
            e = Neg(Neg(Add(Num(0), e)))
    return evaluate(e), evaluate(simplify(e))


@compile
def literals(x: int) -> str:
    match x:
        case 0:
            return "zero"
        case 1 | 2 | 3:
            return "small"
        case -1:
            return "minus one"
        case n if n > 100:
            return f"big {n}"
        case _:
            pass
    return "other"


@compile
def strings(s: str) -> int:
    match s:
        case "go" | "run":
            return 1
        case "stop":
            return 2
    return 0


@compile
def optional(x: Optional[int]) -> int:
    match x:
        case None:
            return -1
        case 7:
            return 70
        case int(v):
            return v
    return 0


@compile
def lists(xs: list[int]) -> str:
    match xs:
        case []:
            return "empty"
        case [x]:
            return f"one {x}"
        case [1, second]:
            return f"starts with 1 then {second}"
        case [first, *rest] if first < 0:
            return f"negative {first} then {len(rest)}"
        case [first, *middle, last]:
            return f"{first}..{last} ({len(middle)} between, sum {sum(middle)})"
    return "?"


@compile
def tuples(t: tuple[int, str, str]) -> str:
    match t:
        case (a, b):
            return "two"
        case (0, name, _):
            return f"zero {name}"
        case (n, "x" | "y" as axis, w) if w != "":
            return f"{axis} {n} {w}"
        case (n, *rest):
            return f"rest {n} {'+'.join(rest)}"
    return "none"


@compile
def pairs(items: list[tuple[str, int]]) -> int:
    total = 0
    for item in items:
        match item:
            case ("add", k):
                total += k
            case ("sub", k):
                total -= k
            case ("stop", _):
                break
            case _:
                continue
    return total


@compile
def mappings(d: dict[str, int]) -> str:
    match d:
        case {"x": 0}:
            return "x zero"
        case {"x": x, "y": y}:
            return f"point {x} {y}"
        case {"x": x, **rest}:
            return f"x {x} and {','.join(sorted(rest))}"
    return "no x"


@compile
def points(x: int, y: int) -> str:
    p = Point(x, y)
    match p:
        case Point(0, 0):
            return "origin"
        case Point(0, y=yy):
            return f"on y at {yy}"
        case Point(xx, 0):
            return f"on x at {xx}"
        case Point() as q if q.x == q.y:
            return "diagonal"
    return "elsewhere"


@compile
def no_case(x: int) -> int:
    y = 0
    match x:
        case 1:
            y = 10
    return y


@compile
def where(p: Point) -> str:
    """An object of the caller's, matched and changed."""
    match p:
        case Point(x=0) as q:
            q.x = 1
            return "moved"
        case Point(x, y) if x == y:
            return "diagonal"
    return "kept"


@compile
def nested(items: list[tuple[int, list[int]]]) -> list[int]:
    out: list[int] = []
    for item in items:
        match item:
            case (0, []):
                out.append(-1)
            case (k, [a, b, *_]) if k > 0:
                out.append(k * (a + b))
            case (k, [*xs]):
                out.append(k + len(xs))
    return out



@dataclass
class Node:
    """A linked list cell, matched by keyword."""

    value: int
    next: Optional[Node] = None


@compile
def floats(x: float) -> int:
    match x:
        case 1:
            return 1
        case 2.5:
            return 2
    return 0


@compile
def words(xs: list[str]) -> str:
    match xs:
        case [a, b]:
            return a + b
        case ["x", *rest]:
            return "x" + str(len(rest))
    return ""


@compile
def int_keys(d: dict[int, str]) -> str:
    match d:
        case {1: v, 2: w}:
            return v + w
        case {1: v}:
            return v
    return "-"


def length(n: Optional[Node]) -> int:
    match n:
        case None:
            return 0
        case Node(next=rest):
            return 1 + length(rest)
    return -1


@compile
def chain_length(k: int) -> int:
    head: Optional[Node] = None
    for i in range(k):
        head = Node(i, head)
    return length(head)


@compile
def pairs_or(t: tuple[int, int]) -> int:
    match t:
        case (0, 0) | (1, 1):
            return 1
        case (x, y) if x > y:
            return x
        case _:
            return -1


@compile
def singletons(b: bool, s: str) -> str:
    match b:
        case True:
            r = "t"
        case False:
            r = "f"
    match s:
        case str() as whole if len(whole) > 2:
            r += whole
    return r


@compile
def cells(n: Optional[Node]) -> str:
    match n:
        case Node(value=0, next=None):
            return "zero alone"
        case Node(value=v, next=Node(value=w)):
            return f"{v} then {w}"
        case Node(value=v):
            return f"{v} alone"
    return "none"


@compile
def mode(m: Literal["r", "w", "a"], n: Literal[1, 2] = 1) -> str:
    """typing.Literal parameters: their values' type."""
    match m:
        case "r":
            return "read" * n
        case "w" | "a":
            return "write" * n
    return "?"


@compile
def builtin_captures(v: int | str | list[int]) -> str:
    """Built-in class patterns that capture a union subject (`int(n)`), with a guard."""
    match v:
        case int(n) if n < 0:
            return f"negative {n}"
        case int(n):
            return f"int {n + 1}"
        case str(s):
            return f"str {s.upper()}"
        case list(items):
            return f"list of {len(items)}"
    return "none"
