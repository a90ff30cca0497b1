"""Kernels for tests/test_str_pool.py: many short strings made and dropped in patterns that
reuse, pin and give back the pages short strings are cut from (str_pool.hpp)."""

from hatch_pyaot import compile


@compile
def keep_every(text: str, k: int, rounds: int) -> list[str]:
    """Slices of text, every k-th kept while the rest go; then more made over the freed room."""
    kept: list[str] = []
    for r in range(rounds):
        made: list[str] = []
        for i in range(len(text) - 3):
            made.append(text[i:i + 1 + (i + r) % 9])
        for i in range(0, len(made), k):
            kept.append(made[i])
    return kept


@compile
def around_the_limit(s: str, n: int) -> list[int]:
    """Strings of every length up to n copies of s (short ones from pages, long ones not),
    each checked after all were made."""
    parts: list[str] = []
    for i in range(n):
        parts.append(s * i + "|")
    out: list[int] = []
    for p in parts:
        out.append(len(p) * 1000 + p.count(s))
    return out


@compile
def churn(words: list[str], times: int) -> tuple[int, str, list[str]]:
    """Concatenations made and dropped many times over (pages filled, emptied and reused),
    the last ones returned."""
    total = 0
    last: list[str] = []
    for t in range(times):
        last = [w + str(t) + w[::-1] for w in words]
        total += len("".join(last))
    return total, ",".join(sorted(last)[:5]), last


@compile
def pieces(text: str) -> list[list[str]]:
    """Splits, strips and partitions: ASCII, Latin-1, BMP and astral pieces, 1 character ones
    (shared) among them."""
    out: list[list[str]] = []
    for line in text.splitlines():
        fields = [f.strip() for f in line.split(",")]
        head, sep, tail = line.partition(":")
        out.append(fields + [head, sep, tail, line[1:2], line[-1:]])
    return out
