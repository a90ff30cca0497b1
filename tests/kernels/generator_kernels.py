"""Kernels on generators, compiled once for tests/test_generators.py (and again under the
sanitizers and as a wasm32-wasi program). Each @compile function also runs as plain Python;
the test compares values, exceptions and what the arguments hold afterwards."""

from __future__ import annotations

import math
from collections.abc import Generator, Iterator
from typing import Optional

from hatch_pyaot import compile


def count(n: int) -> Iterator[int]:
    i = 0
    while i < n:
        yield i
        i += 1


def evens_odds(n: int):  # unannotated: the item type is inferred
    for i in range(n):
        if i % 2 == 0:
            yield i * 10
        else:
            yield -i


def pairs(n: int) -> Generator[tuple[int, int], None, None]:
    for i in range(n):
        for j in range(i):
            if (i + j) % 3 == 0:
                continue
            yield i, j


def upto(limit: int, n: int) -> Iterator[int]:
    """`return` ends the generator."""
    for i in range(n):
        if i >= limit:
            return
        yield i * i


def chained(n: int) -> Iterator[int]:
    yield from count(n)
    yield from [100, 200]
    yield from range(n, 0, -1)


def words(text: str) -> Iterator[str]:
    for w in text.split():
        if w:
            yield w.upper()


def rows(n: int) -> Iterator[list[int]]:
    for i in range(n):
        yield [i] * i


def fallible(xs: list[int]) -> Iterator[int]:
    for x in xs:
        yield 100 // x


def walk(depth: int, prefix: int) -> Iterator[int]:
    """A recursive generator: a complete binary tree walked in order."""
    if depth == 0:
        return
    yield from walk(depth - 1, prefix * 2)
    yield prefix
    yield from walk(depth - 1, prefix * 2 + 1)


def permutations(xs: list[int]) -> Iterator[list[int]]:
    if len(xs) <= 1:
        yield list(xs)
        return
    for i in range(len(xs)):
        rest = xs[:i] + xs[i + 1:]
        for p in permutations(rest):
            yield [xs[i]] + p


def guarded(n: int, log: list[str]) -> Iterator[int]:
    """try/finally around yields: the finally runs at the end, on an error, and when the
    consumer stops early (the generator is closed)."""
    try:
        for i in range(n):
            log.append(f"yield {i}")
            yield i
    finally:
        log.append("finally")


def naturals() -> Iterator[int]:
    i = 0
    while True:
        yield i
        i += 1


def recurse_forever(n: int) -> Iterator[int]:
    yield from recurse_forever(n + 1)


class Tree:
    """A binary search tree whose __iter__ walks it in order (a recursive generator)."""

    def __init__(self, key: int) -> None:
        self.key = key
        self.left: Optional[Tree] = None
        self.right: Optional[Tree] = None

    def __iter__(self) -> Iterator[int]:
        if self.left is not None:
            yield from self.left
        yield self.key
        if self.right is not None:
            yield from self.right

    def levels(self, depth: int) -> Iterator[tuple[int, int]]:
        yield depth, self.key
        for child in (self.left, self.right):
            if child is not None:
                yield from child.levels(depth + 1)


def grown(first: int, keys: list[int]) -> Tree:
    """The search tree of the keys, each added by a walk down from the root."""
    root = Tree(first)
    for k in keys:
        node = root
        while True:
            if k < node.key:
                if node.left is None:
                    node.left = Tree(k)
                    break
                node = node.left
            else:
                if node.right is None:
                    node.right = Tree(k)
                    break
                node = node.right
    return root


@compile
def sum_loops(n: int) -> int:
    s = 0
    for x in count(n):
        s += x
    for y in evens_odds(n):
        s = s * 3 + y
    for i, j in pairs(n):
        s += i * j
    else:
        s += 1
    return s


@compile
def reductions(n: int) -> tuple[int, int, int, bool, bool, bool, float]:
    return (sum(count(n)), sum(count(n), 10), max(evens_odds(n)), any(count(n)),
            all(x < 3 for x in count(n)), all(count(n)), math.prod(upto(4, n)) / 2)


@compile
def extremes(n: int) -> tuple[int, int]:
    return min(evens_odds(n)), max(count(n))


@compile
def containers(n: int) -> tuple[list[int], list[int], set[int], dict[int, int], list[int]]:
    return (list(chained(n)), sorted(evens_odds(n), reverse=True), {x % 3 for x in count(n)},
            dict(pairs(n)), [x * x for x in upto(3, n) if x != 1])


@compile
def comprehensions(n: int) -> tuple[list[tuple[int, int]], dict[int, str], set[str]]:
    return ([(x, y) for x in count(n) for y in count(x)], {i: w for i, w in
            enumerate(words("a bb ccc"))}, {w for w in words("x y x")})


@compile
def stepping(n: int) -> tuple[int, int, int, list[int]]:
    g = count(n)
    first = next(g)
    second = next(g, -1)
    rest = 0
    for x in g:  # the same generator, where next() left it
        rest += x
    return first, second, next(g, -7), list(g)


@compile
def next_none(n: int) -> int | None:
    return next(count(n), None)


@compile
def next_stop(n: int) -> int:
    g = upto(1, n)
    return next(g) + next(g)


@compile
def zipped(n: int, xs: list[int]) -> list[tuple[int, int, int]]:
    out = []
    for i, a in enumerate(count(n), start=1):
        out.append((i, a, 0))
    for a, b in zip(count(n), xs):
        out.append((a, b, 1))
    for a, b in zip(xs, naturals()):
        out.append((a, b, -1))
    for j, w in zip(range(2), naturals()):
        out.append((j, w, -2))
    return out


@compile
def text_items(text: str) -> tuple[list[str], str]:
    return list(words(text)), "-".join(list(words(text)))


@compile
def list_items(n: int) -> list[int]:
    out = []
    for row in rows(n):
        row.append(len(row))
        out += row
    return out


@compile
def errors(xs: list[int]) -> int:
    s = 0
    for v in fallible(xs):
        s += v
    return s


@compile
def caught(xs: list[int]) -> tuple[int, int]:
    s = 0
    g = fallible(xs)
    try:
        for v in g:
            s += v
    except ZeroDivisionError:
        s = -s
    return s, next(g, 99)  # a generator that raised is finished


@compile
def recursive(depth: int) -> tuple[list[int], int]:
    return list(walk(depth, 1)), sum(1 for _ in permutations([1, 2, 3, 4]))


@compile
def perms(xs: list[int]) -> list[list[int]]:
    return list(permutations(xs))


@compile
def finally_runs(n: int, stop: int, log: list[str]) -> int:
    total = 0
    for x in guarded(n, log):
        if x == stop:
            break
        total += x
    log.append("after")
    return total


@compile
def too_deep(n: int) -> int:
    return sum(recurse_forever(n))


def drained(g: Iterator[int]) -> int:
    s = 0
    for x in g:
        s = s * 10 + x
    return s


@compile
def handed_on(n: int) -> tuple[int, int, list[int]]:
    """Generators passed to a helper, kept in a list and a tuple."""
    g = count(n)
    first = next(g, -1)
    gens = [count(n), upto(2, n)]
    held = (evens_odds(n), 1)
    return first, drained(g), [sum(h) for h in gens] + [max(held[0], default=-5)]


@compile
def consumed_whole(n: int, text: str) -> tuple[list[int], set[int], list[int], str, str]:
    """Generator expressions given to builtins that take them whole."""
    return (list(x * x for x in count(n)), set(x % 3 for x in range(n)),
            sorted((x for x in evens_odds(n)), key=lambda v: -v),
            "-".join(w for w in words(text)), ", ".join(str(x) for x in count(n) if x != 2))


@compile
def shared(n: int) -> tuple[int, int]:
    g = count(n)
    h = g
    a = next(h)
    return a, next(g, -1)


@compile
def tree_walk(first: int, keys: list[int]) -> tuple[list[int], list[tuple[int, int]], int]:
    root = grown(first, keys)
    walked = [k for k in root]
    total = 0
    for k in root:
        total += k
    return walked, list(root.levels(0)), total


@compile
def lazy_squares(n: int) -> Iterator[int]:
    """Returned to CPython as a lazy iterator."""
    for i in range(n):
        yield i * i


@compile
def lazy_words(text: str) -> Iterator[str]:
    yield from words(text)


@compile
def lazy_fail(xs: tuple[int, int, int]) -> Iterator[float]:
    for x in xs:
        yield 10 / x


@compile
def lazy_returned(n: int) -> Iterator[tuple[int, int]]:
    return pairs(n)
