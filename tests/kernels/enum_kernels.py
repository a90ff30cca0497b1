"""Kernels on Enum and IntEnum members, compiled once for tests/test_enums.py (and again under
the sanitizers). Each @compile function also runs as plain Python; the test compares."""

from enum import Enum, IntEnum, auto

from hatch_pyaot import compile


class Color(Enum):
    RED = 1
    GREEN = 2
    BLUE = 3


class Prio(IntEnum):
    LOW = auto()
    MID = auto()
    HIGH = auto()


class Suit(Enum):
    HEARTS = "h"
    SPADES = "s"


@compile
def names() -> str:
    out = ""
    for c in Color:
        out += c.name + "=" + str(c.value) + ";"
    return out + str(len(Color))


@compile
def lookup(v: int) -> str:
    return Color(v).name


@compile
def suit(s: str) -> str:
    x = Suit(s)
    return x.name + x.value


@compile
def prio(p: Prio, k: int) -> int:
    return p + k if p > Prio.LOW else p * 10


@compile
def same(a: Color, b: Color) -> tuple[bool, bool, bool]:
    return a == b, a is Color.RED, a != b


@compile
def pick(i: int) -> Color:
    if i == 0:
        return Color.RED
    return Color.BLUE


@compile
def classify(c: Color) -> str:
    match c:
        case Color.RED:
            return "warm"
        case Color.GREEN | Color.BLUE:
            return "cool"
    return "?"


@compile
def counts(cs: list[Color]) -> dict[Color, int]:
    out: dict[Color, int] = {}
    for c in cs:
        out[c] = out.get(c, 0) + 1
    return out


@compile
def total(ps: list[Prio]) -> tuple[int, int, bool]:
    s = 0
    for p in ps:
        s += p
    best = max(p.value for p in ps) if ps else 0
    return s, best, Prio.HIGH in ps


@compile
def by_position(i: int) -> tuple[str, str]:
    members = list(Suit)
    s = members[i]
    return s.name, s.value
