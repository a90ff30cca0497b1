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


class Planet(Enum):
    """An enum with methods and properties (tracer/enum_methods.py)."""

    MERCURY = 1
    EARTH = 3
    MARS = 4

    @property
    def label(self) -> str:
        return self.name.title() + "#" + str(self.value)

    def distance(self, other: "Planet") -> int:
        return abs(self.value - other.value)

    def is_home(self) -> bool:
        return self is Planet.EARTH

    def nearest(self, scale: int = 1) -> str:
        best = self
        gap = 100
        for p in Planet:
            if p != self and self.distance(p) < gap:
                best, gap = p, self.distance(p)
        return best.label + " at " + str(gap * scale)

    @classmethod
    def parse(cls, text: str) -> "Planet":
        for p in cls:
            if p.name == text.upper():
                return p
        return cls(3)

    @staticmethod
    def count_from(start: int) -> int:
        return len(Planet) + start


@compile
def planets(v: int, scale: int) -> list[str]:
    p = Planet(v)
    out = [p.label, str(p.is_home()), p.nearest(), p.nearest(scale=scale)]
    for q in Planet:
        out.append(q.label + ":" + str(p.distance(q)))
    out.append(Planet.parse("mars").label + " " + Planet.parse("pluto").label)
    out.append(str(Planet.count_from(scale)))
    return out
