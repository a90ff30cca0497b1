"""Reduced programs of the fuzzer's findings (tests/fuzz, docs/fuzzing.md "Found so far"),
compiled once for tests/test_fuzz_regressions.py; each also runs as plain Python."""

import heapq
from collections.abc import Callable
from enum import IntEnum

import numpy as np
from numpy.typing import NDArray

from hatch_pyaot import compile


def adder(n: int) -> Callable[[int], int]:
    def add(v: int) -> int:
        return v + n
    return add


def scaler_or_adder(n: int) -> Callable[[int], int]:
    if n > 0:
        return adder(n)
    return lambda v: v * n


def twice(f: Callable[[int], int], a: int) -> int:
    return f(f(a))


@compile
def returned_callables(a: int, b: int) -> int:
    """A helper annotated ``-> Callable[[int], int]`` that returns its nested function (or
    either of two functions) was refused ("returns function adder.add, but 'adder' is
    annotated -> Callable[[int], int]")."""
    return adder(a)(b) + twice(adder(b), a) + scaler_or_adder(a)(b)


class Acc:
    def __init__(self, n: int) -> None:
        self.n = n

    def add(self, v: int) -> None:
        self.n += v


def plus_one(v: int) -> int:
    return v + 1


@compile
def narrowed_optional(p: int | None, r: int) -> int:
    """An ``int | None`` narrowed by ``is not None`` passed to a helper or method taking
    ``int`` was refused ("argument 'v' of 'plus_one' must be int, not int | None")."""
    a = Acc(0)
    a.add(p if p is not None else r)
    if p is not None:
        a.add(plus_one(p))
    return a.n + plus_one(p if p is not None else r)


def or_minus_one(v: int | None) -> int:
    return -1 if v is None else v


@compile
def narrowed_return(p: int | None, q: int | None) -> int:
    """``return v`` of an ``int | None`` narrowed by ``is None`` in a function annotated
    ``-> int`` was refused ("returns int | None, but 'or_minus_one' is annotated -> int")."""
    if q is None:
        return or_minus_one(p)
    return q if p is None else q + p


@compile
def heap_pops(xs: list[int], pops: int) -> list[int]:
    """heapq traced from heapq.py said "pop from empty list" (and heapreplace "list index out
    of range") where CPython's C heapq says "index out of range" (seed 1025)."""
    out: list[int] = []
    for _ in range(pops):
        out.append(heapq.heappop(xs))
    if len(out) % 2 == 0:
        out.append(heapq.heapreplace(xs, 7))
    return out


@compile
def huge_constant_powers(n: int) -> int:
    """Constant folding evaluated ``2 ** 9223372036854775807`` with CPython at compile time:
    the compiler ran out of memory (MemoryError; ``3 ** 10**12`` would run for hours), found
    by the reducer taking ``_ov`` marks off (seed 1). Compiled: OverflowError at run time."""
    if n == 1:
        return 2 ** 9223372036854775807
    if n == 2:
        return 1 << 9223372036854775807
    return (-1) ** 9223372036854775807 + 0 ** 1000 + (1 << 3)


@compile
def setitem_order(xs: list[float], key: str) -> list[float]:
    """``xs[i] = v`` evaluated ``i`` before ``v``: a failing key raised its KeyError where
    CPython first raises the value's IndexError (seed 1, ``x2[d[x4]] = (x2 + [...])[7]``)."""
    xs[{'a': 0, 'b': 1}[key]] = (xs + [-0.0, 2.0])[7]
    xs[{'a': 0, 'b': 1}[key]:] = [xs[5], xs[-1]]
    return xs


@compile
def narrowed_in_union(p: int | None, w: int, c: bool) -> str:
    """A narrowed ``int | None`` as a branch of a conditional declared ``int | str`` was
    refused ("no member of it takes the int | None branch"; seed 504)."""
    v: int | str = (p if p is not None else w) if c else 'a'
    u: int | str = p if p is not None else w
    return repr(v) + repr(u)


@compile
def in_place_broadcast(x: NDArray[np.float64], y: NDArray[np.float64], k: float) -> float:
    """``x += y`` gave ``x[...] = x + y``'s messages ("could not broadcast input array from
    shape (3,) into shape (1,)") where NumPy's in-place ufunc says "non-broadcastable output
    operand with shape (1,) doesn't match the broadcast shape (3,)", or lists the output's
    shape too ("shapes (2,) (0,) (2,) "; seed 2000, ``x2 += np.ones(3)``)."""
    x += y
    x *= y * k
    return float(x.sum())


@compile
def array_setitem_order(a: NDArray[np.float64], xs: list[float], k: str) -> float:
    """``a[i] = v`` on an array (an element, a slice, a row) evaluated ``i`` before ``v``: a
    failing index raised its error where CPython first raises the value's (seed 2101,
    ``x3[rec(...)] = x2[x0:x0][x0]``)."""
    a[{'a': 0, 'b': 1}[k]] = xs[5]
    a[{'a': 0, 'b': 1}[k]:] = xs[6]
    m = np.outer(a, a)
    m[{'a': 0, 'b': 1}[k]] = a * xs[7]
    m[{'a': 0, 'b': 1}[k], 1:] = a[1:] - xs[8]
    return float(m.sum())


def total(xs: list[int]) -> int:
    return sum([x % 1000 for x in xs])


@compile
def narrowed_conditional_items(p: int | None, n: int) -> int:
    """``p if p is not None else w`` typed ``int | None`` (its test did not narrow a plain
    Optional), so a list of them was refused where a helper takes ``list[int]`` ("argument
    'a0' of 'h_change' must be list[int], not list[int | None]"; seed 2015)."""
    xs = [p if p is not None else 9223372036854775807 for c in range(n)]
    ys = [7 if p is None else p, p if not p is None else -1]
    return total(xs) + total(ys)


@compile
def int_array_store_order(a: NDArray[np.int64], i: int, v: float) -> int:
    """``a[i] = v`` with ``v`` a float that does not convert (NaN, inf, past int64) and ``i``
    out of bounds: NumPy raises the IndexError, compiled code converted first and raised the
    conversion's ValueError/OverflowError (codegen/arrays.py ``setitem``)."""
    a[i] = v
    return int(a.sum())


@compile
def zip_rows_walked(rows: list[list[int]], k: int) -> str:
    """``for col in zip(*rows):`` took every column when the loop started, where CPython's zip
    walks the rows as the loop goes: a row that grows or changes in the body gives it more or
    other columns (3 where compiled code gave 2 for ``[[1, 2], [3, 4, 5]]``; the vartuples
    area's probe). A row rebound or added to ``rows`` does not count, in either."""
    out: list[tuple[int, ...]] = []
    for col in zip(*rows):
        out.append(col)
        if len(out) < 4:
            rows[k % len(rows)].append(len(out) * 10)
        rows[-1][len(out) % len(rows[-1])] = -len(out)
        rows.append([0])
        if len(out) > 6:
            break
    else:
        out.append(tuple(rows[0]))
    return repr(out)


class Rank(IntEnum):
    LOW = 1
    MID = 5


def deeper(n: int, a: int) -> int:
    if n <= 0:
        return a
    return deeper(n - 1, a) + 1


@compile
def enum_compare_callee(s: str) -> float:
    """The C++ did not compile ("'f1_..._deeper' was not declared"): an IntEnum compared with a
    helper's result (typing/enums.py reads its operands' types back from an earlier pass, so
    the call was not typed again and its helper not listed as a callee; the fixed-seed run's
    seed 2 once the vartuples and splits areas changed its draws)."""
    r = len(s)
    if Rank.MID == deeper(2, r):
        return 1.0
    return 0.0
