"""Kernels for tests/test_with.py: ``with`` on user context managers (PEP 343), the order
of their side effects recorded in the list each call is given."""

from __future__ import annotations

from collections.abc import Iterator
from types import TracebackType

from hatch_pyaot import compile


class Recorder:
    """A manager whose ``__exit__`` suppresses the exceptions it is told to."""

    def __init__(self, name: str, log: list[str], suppress: bool) -> None:
        self.name = name
        self.log = log
        self.suppress = suppress

    def __enter__(self) -> Recorder:
        self.log.append("enter " + self.name)
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> bool:
        if exc_type is None:
            self.log.append("exit " + self.name)
            return False
        self.log.append("exit " + self.name + " " + exc_type.__name__)
        if exc is not None:
            self.log.append("message " + str(exc))
        return self.suppress


class Pair:
    """``__enter__`` gives a tuple; ``__exit__`` returns None."""

    def __init__(self, log: list[str]) -> None:
        self.log = log

    def __enter__(self) -> tuple[int, str]:
        self.log.append("pair in")
        return 7, "seven"

    def __exit__(self, exc_type: type[BaseException] | None,
                 exc: BaseException | None, tb: TracebackType | None) -> None:
        self.log.append("pair out")


class Picky:
    """Suppresses ValueError only (issubclass and isinstance on what ``__exit__`` gets)."""

    def __init__(self, log: list[str]) -> None:
        self.log = log

    def __enter__(self) -> int:
        return len(self.log)

    def __exit__(self, *args: object) -> bool:
        self.log.append("picky out")
        return False


class Strict:
    def __init__(self, log: list[str]) -> None:
        self.log = log

    def __enter__(self) -> Strict:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: object) -> bool:
        if exc_type is not None and issubclass(exc_type, ValueError):
            self.log.append("swallowed")
            return True
        if isinstance(exc, KeyError):
            self.log.append("key error passes")
        return False


class Failing:
    """``__exit__`` that raises: its exception replaces the block's."""

    def __init__(self, log: list[str]) -> None:
        self.log = log

    def __enter__(self) -> Failing:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> bool:
        self.log.append("failing out")
        raise RuntimeError("exit failed")


def _fail(x: int) -> int:
    if x < 0:
        raise ValueError("negative " + str(x))
    if x == 0:
        raise KeyError("zero")
    return 100 // (x - 3)


@compile
def simple(x: int, log: list[str], suppress: bool) -> int:
    with Recorder("a", log, suppress) as r:
        log.append("body " + r.name)
        y = _fail(x)
        log.append("after")
    log.append("done")
    return y if x > 0 and x != 3 else -1


@compile
def no_target(x: int, log: list[str]) -> int:
    with Recorder("n", log, True):
        log.append("body")
        x = _fail(x)
    return x


@compile
def tuple_target(log: list[str]) -> str:
    with Pair(log) as (n, word):
        log.append(word)
    return word * n


@compile
def returns_out(x: int, log: list[str]) -> int:
    with Recorder("r", log, False):
        if x > 2:
            return x * 10
        log.append("no return")
    return -x


@compile
def loop_jumps(n: int, log: list[str]) -> int:
    total = 0
    for i in range(n):
        with Recorder(str(i), log, False):
            if i == 1:
                continue
            if i == 3:
                break
            total += i
    return total


@compile
def several(x: int, log: list[str]) -> int:
    with Recorder("outer", log, False) as a, Recorder("inner", log, True) as b:
        log.append(a.name + "/" + b.name)
        x = _fail(x)
    return x


@compile
def nested(x: int, log: list[str]) -> int:
    with Recorder("outer", log, True):
        with Recorder("inner", log, False):
            x = _fail(x)
        log.append("between")
    return x


@compile
def star_exit(x: int, log: list[str]) -> int:
    with Picky(log) as count:
        log.append("count " + str(count))
        x = _fail(x)
    return x


@compile
def strict(x: int, log: list[str]) -> int:
    with Strict(log):
        x = _fail(x)
    return x


@compile
def exit_raises(x: int, log: list[str]) -> int:
    try:
        with Failing(log):
            x = _fail(x)
    except RuntimeError as e:
        log.append("caught " + str(e))
    return x


class ParseError(ValueError):
    def __init__(self, message: str, line: int) -> None:
        super().__init__(message)
        self.line = line


class Counter:
    """Kept in a variable: what ``with`` did to it shows after the block."""

    def __init__(self) -> None:
        self.entered = 0
        self.exited = 0
        self.kinds: list[str] = []

    def __enter__(self) -> int:
        self.entered += 1
        if self.entered > 3:
            raise OverflowError("entered too often")
        return self.entered

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> bool:
        self.exited += 1
        if exc is not None:
            self.kinds.append(type(exc).__name__ + ":" + str(exc_type) + ":" + repr(exc))
            return isinstance(exc, (ArithmeticError, LookupError))
        return False


@compile
def program_error(x: int, log: list[str]) -> int:
    with Recorder("p", log, x > 5):
        if x > 0:
            raise ParseError("bad line", x)
    return x


@compile
def kept_manager(n: int) -> list[str]:
    c = Counter()
    out: list[str] = []
    for i in range(n):
        with c as k:
            out.append(str(k))
            if i == 1:
                out.append(str(10 // (i - 1)))
            if i == 2:
                out.append(str({"a": 1}["b" * i]))
    out.append(f"{c.entered} {c.exited}")
    return out + c.kinds


@compile
def enter_raises(log: list[str]) -> int:
    c = Counter()
    c.entered = 3
    with c:
        log.append("never")
    return c.exited


@compile
def raise_in_loop(n: int, log: list[str]) -> int:
    done = 0
    for i in range(n):
        with Recorder(str(i), log, i % 2 == 1):
            if i > 0:
                raise ValueError("odd one " + str(i))
            done += 1
    return done


class Quiet:
    """``__exit__`` without annotations, returning None: never suppresses."""

    def __init__(self, log: list[str]) -> None:
        self.log = log

    def __enter__(self) -> Quiet:
        self.log.append("in")
        return self

    def __exit__(self, exc_type, exc, tb) -> None:  # type: ignore[no-untyped-def]
        self.log.append("out " + str(exc))


def _numbers(n: int, log: list[str]) -> Iterator[int]:
    with Quiet(log):
        for i in range(n):
            yield 10 // (3 - i)


@compile
def in_generator(n: int, log: list[str]) -> int:
    total = 0
    for v in _numbers(n, log):
        total += v
    return total


@compile
def in_closure(x: int, log: list[str]) -> int:
    def inner() -> int:
        with Quiet(log) as q:
            q.log.append("inner")
            return _fail(x)
    return inner() + 1


class Rollback:
    """An ``__exit__`` that formats the exception it may be given (``f"{exc}"`` of a
    ``BaseException | None``) and suppresses ValueError only."""

    def __init__(self, log: list[str]) -> None:
        self.log = log

    def __enter__(self) -> Rollback:
        return self

    def __exit__(self, exc_type, exc, tb) -> bool:  # type: ignore[no-untyped-def]
        self.log.append(f"exit {exc} {exc!r}")
        if exc_type is not None:
            self.log.append(f"rollback: {exc}")
            return isinstance(exc, ValueError)
        return False


@compile
def formatted_exit(x: int, log: list[str]) -> int:
    with Rollback(log):
        return _fail(x)
    return -1
