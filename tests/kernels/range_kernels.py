"""Kernels for tests/test_range_analysis.py: int arithmetic whose overflow check the value
ranges remove (codegen/ranges.py), and arithmetic that must keep it."""

from hatch_pyaot import compile


@compile
def masked_sum(n: int) -> int:
    """``i + 1``, ``(i & 0xFFFF) * 31`` proven; ``s += ...`` and ``s ^ h`` checked/unneeded."""
    s = 0
    for i in range(n):
        h = (i & 0xFFFF) * 31
        s += (i + 1) & 0xFFFF
        s = s ^ h
    return s


@compile
def countdown(n: int) -> int:
    """``i - 1`` proven for ``i`` in range(n, 0, -1)."""
    total = 0
    for i in range(n, 0, -1):
        total = total + (i - 1) % 7
    return total


@compile
def doubling(a: int, n: int) -> int:
    """``s * 2 + i`` grows without bound: checked, raises OverflowError."""
    s = a
    for i in range(n):
        s = s * 2 + i
    return s


@compile
def plus_one(x: int) -> int:
    """A parameter is any int64: checked."""
    return x + 1


@compile
def reassigned(x: int, n: int) -> int:
    """``j`` holds a range counter and then a parameter: checked."""
    j = 0
    for i in range(n):
        j = i
    j = x if n < 0 else j + x
    return j + 1


@compile
def hashed(data: list[int]) -> int:
    """FNV-style: ``h ^ b`` unknown, so ``* 16777619`` is checked; the mask keeps h small."""
    h = 2166136261
    for b in data:
        h = ((h ^ (b & 0xFF)) * 16777619) & 0xFFFFFFFF
    return h


@compile
def last_plus_one(a: int, n: int) -> int:
    """``i + 1`` proven for ``i`` in range(a, n): i < n <= int64's maximum."""
    last = 0
    for i in range(a, n):
        last = i + 1
    return last
