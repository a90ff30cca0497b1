"""Optional (T | None) kernels for tests/test_optional.py."""

from typing import Optional

from hatch_pyaot import compile


def _find(xs, x):
    for i in range(len(xs)):
        if xs[i] == x:
            return i
    return None


@compile
def find(xs: list[int], x: int) -> Optional[int]:
    return _find(xs, x)


@compile
def find_or(xs: list[int], x: int, default: int = -1) -> int:
    i = _find(xs, x)
    if i is None:
        return default
    return i * 10


@compile
def plus(x: int | None, y: int) -> int:
    return x + y


@compile
def scaled(x: Optional[float] = None, k: float = 2.0) -> float | None:
    if x is None:
        return None
    return x * k


@compile
def truthy(x: Optional[int], s: str | None) -> tuple[bool, bool, bool, bool]:
    return bool(x) if x is not None else False, x is None, s is not None, bool(s) if s else False


@compile
def describe(x: Optional[int], name: Optional[str]) -> str:
    print(x, name)
    label = name if name is not None else "?"
    return label + ":" + (str(x) if x is not None else "none")


@compile
def longest(words: list[str]) -> Optional[str]:
    best = None
    for w in words:
        if best is None or len(w) > len(best):
            best = w
    return best


@compile
def maybe_append(xs: Optional[list[int]], v: int) -> int:
    if xs is None:
        return -1
    xs.append(v)
    return len(xs)


@compile
def first_or_none(xs: list[Optional[int]]) -> tuple[int, Optional[int]]:
    n = 0
    for x in xs:
        if x is None:
            n += 1
    return n, xs[0] if xs else None


@compile
def x_or_default(x: Optional[int]) -> int:
    return x or 7


@compile
def parse_opt(parts: list[str]) -> list[Optional[int]]:
    return [int(p) if p.isdigit() else None for p in parts]


@compile
def fill_opts(xs: list[Optional[int]], n: int) -> list[Optional[int]]:
    xs.append(n)
    xs.append(None)
    if xs:
        xs[0] = n * 2
    out: list[Optional[int]] = [None] * 2
    out[0] = n
    mixed = [n, None, n + 1]
    return out + mixed
