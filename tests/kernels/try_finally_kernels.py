"""Kernels for tests/test_try_finally.py: return, break and continue out of try/finally."""

from __future__ import annotations

from collections.abc import Iterator

from hatch_pyaot import compile


@compile
def return_in_try(x: int, log: list[int]) -> int:
    try:
        log.append(1)
        return x + 1
    finally:
        log.append(2)


@compile
def return_overridden(x: int, log: list[int]) -> int:
    try:
        log.append(x)
        return x
    finally:
        if x > 0:
            return -x


@compile
def raise_replaces_return(x: int, log: list[int]) -> int:
    try:
        return 10 // x
    finally:
        log.append(x)
        if x < 0:
            raise ValueError("negative")


@compile
def return_in_except(x: int, log: list[int]) -> int:
    try:
        log.append(100 // x)
    except ZeroDivisionError:
        return -1
    else:
        return 1
    finally:
        log.append(7)
    return 0


@compile
def return_swallows(x: int, log: list[int]) -> int:
    try:
        if x == 0:
            raise KeyError("k")
        log.append(x)
    finally:
        return len(log)


@compile
def nested_return(x: int, log: list[int]) -> int:
    try:
        try:
            if x > 5:
                return x
            log.append(1)
        finally:
            log.append(2)
        try:
            return x * 2
        finally:
            log.append(3)
    finally:
        log.append(4)


@compile
def loop_jumps(n: int, log: list[int]) -> int:
    total = 0
    for i in range(n):
        try:
            if i == 6:
                break
            if i % 2 == 0:
                continue
            total += i
        finally:
            log.append(i)
    return total


@compile
def while_nested(n: int, log: list[int]) -> int:
    i = 0
    while True:
        try:
            i += 1
            for j in range(3):
                try:
                    if j == 1:
                        break
                finally:
                    log.append(10 * i + j)
            if i >= n:
                break
        finally:
            log.append(-i)
    return i


@compile
def return_from_loop(xs: list[int], log: list[int]) -> int:
    try:
        for x in xs:
            try:
                if x < 0:
                    return x
            finally:
                log.append(x)
        return 0
    finally:
        log.append(99)


@compile
def str_result(s: str, log: list[str]) -> str:
    try:
        return s + "!"
    finally:
        log.append(s)


@compile
def reraise(x: int, log: list[int]) -> int:
    try:
        return 10 // x
    except ZeroDivisionError:
        log.append(x)
        raise


@compile
def reraise_outer(x: int, log: list[int]) -> int:
    try:
        if x < 0:
            raise ValueError(f"bad {x}")
        return 100 // x
    except ArithmeticError:
        try:
            log.append(1 // (x + 1))
        except ZeroDivisionError:
            log.append(-1)
        raise
    except ValueError:
        try:
            raise IndexError("inner")
        except IndexError:
            if x < -5:
                raise
        finally:
            log.append(2)
        raise


@compile
def value_held(x: int, xs: list[int]) -> int:
    try:
        xs.append(x)
        return x
    finally:
        x += 100
        xs.append(x)


@compile
def loop_else_break(n: int, log: list[int]) -> int:
    for i in range(n):
        try:
            if i == 3:
                break
        finally:
            log.append(i)
    else:
        log.append(-1)
    return n


def _stops(n: int, log: list[int]) -> Iterator[int]:
    for i in range(n):
        try:
            if i == 2:
                return
            yield i
        finally:
            log.append(i)


def _stops_later(n: int, log: list[int]) -> Iterator[int]:
    for i in range(n):
        try:
            if i == 3:
                return
        finally:
            log.append(-i)
        yield i


@compile
def generator_returns(n: int, log: list[int]) -> int:
    total = 0
    for v in _stops(n, log):
        total += v
    for v in _stops_later(n, log):
        total += 10 * v
    return total


@compile
def break_in_finally(n: int, log: list[int]) -> int:
    """A break in a finally ends the loop and drops a pending exception or return."""
    total = 0
    for i in range(n):
        try:
            log.append(i)
            if i == 2:
                raise ValueError("dropped")
            if i == 4:
                return -1
            total += 10 // (3 - i)
        finally:
            if i >= 2:
                break
    return total


@compile
def continue_in_finally(n: int, log: list[int]) -> int:
    """A continue in a finally goes on with the loop, dropping what was pending."""
    total = 0
    i = 0
    while i < n:
        i += 1
        try:
            if i % 3 == 0:
                raise KeyError(str(i))
            if i == 5:
                return 500
            total += i
        finally:
            log.append(i)
            if i % 3 == 0 or i == 5:
                continue
        log.append(-i)
    return total


@compile
def break_in_nested_finally(n: int, log: list[int]) -> int:
    """The inner finally's break runs the outer finally (inside the loop) on its way out."""
    for i in range(n):
        try:
            try:
                if i == 1:
                    raise RuntimeError("inner")
            finally:
                log.append(i)
                if i == 1:
                    break
        finally:
            log.append(100 + i)
    else:
        log.append(-1)
    return len(log)
