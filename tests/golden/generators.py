"""Golden input: one generator lowering (a coroutine with a yield in a loop, a try/finally
and a `yield from`), consumed by a for loop and by sum()."""

from __future__ import annotations

from collections.abc import Iterator

from hatch_pyaot import compile


def countdown(n: int) -> Iterator[int]:
    try:
        while n > 0:
            yield n
            n -= 1
    finally:
        n = -1
    yield from range(2)


@compile
def total(n: int) -> int:
    s = 0
    for x in countdown(n):
        if x == 7:
            break
        s += x
    return s + sum(countdown(n))
