"""Kernels on a generator's own methods, compiled once for tests/test_generator_protocol.py
(and again under the sanitizers): ``send()`` with ``x = yield v``, ``throw()``, ``close()``.
Each @compile function also runs as plain Python; the test compares values, exception types
and messages, and the log of side effects each call is given."""

from __future__ import annotations

from collections.abc import Generator, Iterator
from typing import Optional

from hatch_pyaot import compile


def accumulate(log: list[int]) -> Generator[int, int, None]:
    total = 0
    try:
        while True:
            x = yield total
            log.append(x)
            total += x
    finally:
        log.append(-1)


def maybe(log: list[str]) -> Generator[int, Optional[int], None]:
    """send(None) goes on as next() does: the yield gives None."""
    count = 0
    while count < 4:
        got = yield count
        if got is None:
            log.append("none")
        else:
            log.append(f"got {got}")
            count += got
        count += 1


def pairs(log: list[str]) -> Generator[int, tuple[int, str], None]:
    n = 0
    while n < 3:
        k, word = yield n
        log.append(word * k)
        n += 1


def silent(log: list[int]) -> Generator[None, int, None]:
    while True:
        x = yield
        log.append(x * 2)


@compile
def sending(log: list[int], n: int) -> int:
    g = accumulate(log)
    last = next(g)
    for i in range(n):
        last = g.send(i * 3)
    g.close()
    log.append(last)
    return last


@compile
def send_first(log: list[int], start_none: bool) -> int:
    """send(v) to a generator not started: TypeError; send(None) starts it."""
    g = accumulate(log)
    if start_none:
        g.send(None)
        return g.send(4)
    return g.send(4)


@compile
def send_optional(log: list[str], values: list[int]) -> int:
    g = maybe(log)
    last = g.send(None)
    for v in values:
        if v < 0:
            last = g.send(None)
        else:
            last = g.send(v)
    return last


@compile
def send_tuples(log: list[str], n: int) -> int:
    g = pairs(log)
    out = next(g)
    for i in range(n):
        out += g.send((i, "ab"))
    return out


@compile
def send_to_silent(log: list[int], n: int) -> int:
    g = silent(log)
    next(g)
    for i in range(n):
        g.send(i)
    return len(log)


def countdown(log: list[str], n: int) -> Iterator[int]:
    try:
        while n > 0:
            try:
                yield n
            except ValueError as e:
                log.append("caught " + str(e))
                n += 10
            except KeyError:
                log.append("key: stop")
                return
            n -= 1
    finally:
        log.append("finally")


@compile
def throw_caught(log: list[str], n: int) -> int:
    """The generator catches what is thrown; its next yield is throw()'s result."""
    g = countdown(log, n)
    first = next(g)
    second = g.throw(ValueError("boom"))
    return first * 100 + second + next(g, -5)


@compile
def throw_returns(log: list[str], n: int) -> int:
    """The generator returns after what is thrown: StopIteration from throw()."""
    g = countdown(log, n)
    next(g)
    return g.throw(KeyError("k"))


@compile
def throw_uncaught(log: list[str], n: int) -> int:
    """A ZeroDivisionError the generator does not catch comes out of throw(); it is
    finished afterwards."""
    g = countdown(log, n)
    next(g)
    try:
        g.throw(ZeroDivisionError("thrown"))
    except ZeroDivisionError as e:
        log.append("out: " + str(e))
    return next(g, -7)


@compile
def throw_unstarted(log: list[str], n: int) -> int:
    """Thrown into a generator not started: raised at once, nothing of its body runs."""
    g = countdown(log, n)
    try:
        g.throw(ValueError("early"))
    except ValueError as e:
        log.append("early: " + str(e))
    return next(g, -3)


@compile
def throw_bare(log: list[str], n: int) -> int:
    g = countdown(log, n)
    next(g)
    return g.throw(ValueError())


@compile
def throw_value(log: list[str], d: dict[str, int]) -> int:
    """A caught exception thrown in."""
    g = countdown(log, 3)
    next(g)
    try:
        return d["missing"]
    except KeyError as e:
        return g.throw(e)


@compile
def throw_stop(log: list[str], n: int) -> int:
    """StopIteration thrown in and not caught: RuntimeError (PEP 479)."""
    g = countdown(log, n)
    next(g)
    return g.throw(StopIteration("thrown"))


@compile
def throw_finished(log: list[str], n: int) -> int:
    g = countdown(log, n)
    for _ in g:
        pass
    return g.throw(ValueError("late"))


@compile
def closing(log: list[str], n: int, steps: int) -> int:
    """close() at the paused yield runs the finally block; a closed generator is finished
    (next() gives the default), and closing it again does nothing."""
    g = countdown(log, n)
    got = 0
    for _ in range(steps):
        got += next(g, 0)
    g.close()
    log.append("closed")
    g.close()
    return got + next(g, -1)


def stubborn(log: list[str]) -> Iterator[int]:
    try:
        yield 1
    except BaseException:
        log.append("ignored")
    yield 2


@compile
def close_ignored(log: list[str]) -> int:
    g = stubborn(log)
    next(g)
    g.close()
    return 0


def failing_cleanup(log: list[str]) -> Iterator[int]:
    try:
        yield 1
    finally:
        log.append("cleanup")
        raise ValueError("cleanup failed")


@compile
def close_raises(log: list[str]) -> int:
    g = failing_cleanup(log)
    next(g)
    g.close()
    return 1


def catches_exit(log: list[str]) -> Iterator[int]:
    try:
        yield 1
    except BaseException:
        log.append("exit caught")


@compile
def close_caught(log: list[str]) -> int:
    """A generator that catches GeneratorExit and returns: close() succeeds."""
    g = catches_exit(log)
    next(g)
    g.close()
    return next(g, 9)


def stops(log: list[str]) -> Generator[int, int, None]:
    while True:
        x = yield 0
        if x == 0:
            raise StopIteration("inside")
        log.append(str(x))


@compile
def send_stop(log: list[str], xs: list[int]) -> int:
    """A StopIteration raised inside the body on a send(): RuntimeError (PEP 479)."""
    g = stops(log)
    next(g)
    total = 0
    for x in xs:
        total += g.send(x)
    return total


@compile
def send_exhausted(log: list[int]) -> int:
    """send() to a finished generator: StopIteration."""
    g = accumulate(log)
    next(g)
    g.close()
    return g.send(1)
