"""Golden case: ``with`` on a ``@contextlib.contextmanager`` generator (PEP 343 lowered to
try/except/finally as for a class, its __enter__ the first resume, its __exit__ a resume
that must finish or a throw() at the paused yield), and ``send()`` to ``x = yield``."""

from collections.abc import Generator, Iterator
from contextlib import contextmanager

from hatch_pyaot import compile


@contextmanager
def opened(log: list[str]) -> Iterator[int]:
    log.append("open")
    try:
        yield len(log)
    finally:
        log.append("close")


@compile
def first_key(d: dict[str, int], log: list[str]) -> int:
    with opened(log) as n:
        return d["first"] + n
    return -1  # the generator could have suppressed the KeyError


def running(log: list[str]) -> Generator[int, int, None]:
    total = 0
    while True:
        x = yield total
        total += x


@compile
def summed(log: list[str], n: int) -> int:
    g = running(log)
    next(g)
    for i in range(n):
        g.send(i)
    return g.send(0)
