"""Kernels on ``@contextlib.contextmanager`` generators in ``with``, compiled once for
tests/test_contextmanager.py (and again under the sanitizers). Each @compile function also
runs as plain Python; the test compares values, exception types and messages, and the order
of what the managers and the blocks record in the list each call is given."""

from __future__ import annotations

import contextlib
from collections.abc import Generator, Iterator
from contextlib import contextmanager, nullcontext, suppress

from hatch_pyaot import compile


class ParseError(Exception):
    def __init__(self, message: str, line: int) -> None:
        super().__init__(message)
        self.line = line


def _fail(x: int, log: list[str]) -> int:
    """ValueError, KeyError, ZeroDivisionError, ParseError or a value."""
    log.append(f"body {x}")
    if x < 0:
        raise ValueError(f"negative {x}")
    if x == 0:
        raise KeyError("zero")
    if x == 3:
        return 10 // (x - 3)
    if x == 7:
        raise ParseError("seven", x)
    return x * 2


INPUTS = [-2, 0, 1, 3, 5, 7]


@contextmanager
def tag(log: list[str], name: str) -> Iterator[int]:
    """The common form: the cleanup in a finally around the yield."""
    log.append("enter " + name)
    try:
        yield len(name)
    finally:
        log.append("exit " + name)


@contextlib.contextmanager
def absorbing(log: list[str]) -> Iterator[str]:
    """Catches a ValueError and does not raise again: the with suppresses it."""
    try:
        yield "a"
    except ValueError as e:
        log.append("absorbed " + str(e))
    log.append("after")


@contextmanager
def reraising(log: list[str]) -> Iterator[None]:
    try:
        yield
    except Exception as e:
        log.append("saw " + str(e))
        raise


@contextmanager
def replacing(log: list[str]) -> Iterator[int]:
    try:
        yield 1
    except KeyError:
        log.append("replaced")
        raise RuntimeError("replaced KeyError")


@contextmanager
def no_cleanup(log: list[str]) -> Iterator[int]:
    """No try around the yield: an exception passes through, the rest does not run."""
    log.append("setup")
    yield 5
    log.append("teardown")


@contextmanager
def twice(log: list[str]) -> Iterator[int]:
    yield 1
    log.append("second")
    yield 2


@contextmanager
def never(log: list[str], n: int) -> Iterator[int]:
    for i in range(n):
        yield i


@contextmanager
def yields_after_throw(log: list[str]) -> Iterator[int]:
    try:
        yield 1
    except Exception:
        log.append("caught")
    yield 2


@contextmanager
def sends(log: list[str]) -> Generator[int, None, None]:
    yield 3
    log.append("done")


@compile
def simple(x: int, log: list[str]) -> int:
    with tag(log, "ab") as n:
        r = _fail(x, log)
    log.append("after")
    return r + n


@compile
def suppressed(x: int, log: list[str]) -> int:
    r = -1
    with absorbing(log) as s:
        log.append(s)
        r = _fail(x, log)
    return r


@compile
def passed_on(x: int, log: list[str]) -> int:
    with reraising(log):
        return _fail(x, log)
    return -1  # only if suppressed


@compile
def replaced(x: int, log: list[str]) -> int:
    with replacing(log) as one:
        return _fail(x, log) + one
    return -1


@compile
def without_finally(x: int, log: list[str]) -> int:
    with no_cleanup(log) as v:
        r = _fail(x, log)
    return r + v


@compile
def several(x: int, log: list[str]) -> int:
    with tag(log, "outer") as a, tag(log, "in") as b:
        r = _fail(x, log)
    return r + a * 10 + b


@compile
def nested(x: int, log: list[str]) -> int:
    with tag(log, "outer") as a:
        log.append("between")
        with absorbing(log):
            with tag(log, "inner") as b:
                r = _fail(x, log)
                log.append("unreached when raising")
                return r + a + b
        log.append("suppressed inside")
    return -a


@compile
def loop_jumps(n: int, log: list[str]) -> int:
    total = 0
    for i in range(n):
        with tag(log, str(i)) as k:
            if i == 1:
                continue
            if i == 3:
                break
            total += k + i
    return total


@compile
def stored(x: int, log: list[str]) -> int:
    """The manager made first, entered later."""
    cm = tag(log, "kept")
    log.append("made")
    with cm as n:
        return _fail(x, log) + n
    return -1


@compile
def didnt_stop(log: list[str]) -> int:
    with twice(log) as v:
        log.append(f"body {v}")
    return v


@compile
def didnt_yield(n: int, log: list[str]) -> int:
    with never(log, n) as v:
        log.append("body")
    return v


@compile
def throw_ignored(x: int, log: list[str]) -> int:
    with yields_after_throw(log) as v:
        _fail(x, log)
    return v


@compile
def generator_annotated(log: list[str]) -> int:
    with sends(log) as v:
        log.append("body")
    return v


@compile
def stop_iteration(log: list[str]) -> int:
    """A StopIteration of the block comes out as it is, not as PEP 479's RuntimeError."""
    with tag(log, "s"):
        raise StopIteration("from the block")
    return 0


@compile
def mixed_with_object(x: int, log: list[str]) -> int:
    with tag(log, "cm") as a, Recorder(log) as b:
        return _fail(x, log) + a + b
    return -1


class Recorder:
    def __init__(self, log: list[str]) -> None:
        self.log = log

    def __enter__(self) -> int:
        self.log.append("recorder enter")
        return 100

    def __exit__(self, exc_type, exc, tb) -> bool:
        self.log.append("recorder exit")
        return False


@compile
def suppressing(x: int, log: list[str]) -> int:
    """contextlib.suppress: the classes named (and their subclasses: ParseError is an
    Exception) end the block; others pass on."""
    r = -1
    with suppress(ValueError, ZeroDivisionError) as nothing:
        r = _fail(x, log)
        log.append("body done")
    log.append(f"after {nothing}")
    with contextlib.suppress(LookupError), tag(log, "t"):
        r += _fail(x + 1, log)
    with suppress(ParseError, Exception):
        r += _fail(x + 2, log)
    return r


@compile
def null(x: int, log: list[str]) -> int:
    with nullcontext(x * 2) as doubled, tag(log, "n") as n:
        r = _fail(x, log) + doubled + n
    with contextlib.nullcontext():
        log.append("empty")
    return r


@contextmanager
def bare(k: int) -> Iterator[int]:
    yield k


@compile
def bare_yield_of_a_parameter(x: int, log: list[str]) -> int:
    """A manager whose body is only `yield k` of its parameter (once a crash on resume)."""
    with bare(x) as v:
        log.append(str(v))
        if x > 1:
            return v * 2
    with bare(x + 1):
        pass
    return v
