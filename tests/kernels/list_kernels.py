"""list[T] kernels for tests/test_lists.py: every list operation the compiler supports,
including ones that change their arguments (the caller must see the change)."""

import heapq
import sys

from hatch_pyaot import compile


@compile
def total(xs: list[float]) -> float:
    s = 0.0
    for x in xs:
        s += x
    return s


@compile
def evens(n: int) -> list[int]:
    out = []
    for i in range(n):
        if i % 2 == 0:
            out.append(i)
    return out


@compile
def literal_mix(a: int, b: float) -> list[float]:
    return [float(a), b, a * 2.0, b * b]


@compile
def nested_literal(n: int) -> list[list[int]]:
    rows = []
    for i in range(n):
        rows.append([i] * i)
    return rows


@compile
def get(xs: list[int], i: int) -> int:
    return xs[i]


@compile
def put(xs: list[int], i: int, v: int) -> None:
    xs[i] = v


@compile
def slices(xs: list[int], a: int, b: int, c: int) -> tuple[list[int], list[int], list[int],
                                                           list[int], list[int]]:
    return xs[a:b], xs[a:], xs[:b], xs[::c], xs[a:b:c]


@compile
def push(xs: list[int], v: int) -> None:
    xs.append(v)


@compile
def grow(xs: list[int], ys: list[int]) -> int:
    xs.extend(ys)
    xs.insert(1, -1)
    xs.insert(-100, 7)
    xs.insert(100, 8)
    return len(xs)


@compile
def pop(xs: list[int]) -> int:
    return xs.pop()


@compile
def pop_at(xs: list[int], i: int) -> int:
    return xs.pop(i)


@compile
def remove(xs: list[float], v: float) -> None:
    xs.remove(v)


@compile
def index(xs: list[int], v: int) -> int:
    return xs.index(v)


@compile
def index_from(xs: list[int], v: int, start: int, stop: int) -> int:
    return xs.index(v, start, stop)


@compile
def counts(xs: list[float], v: int) -> tuple[int, bool, bool]:
    return xs.count(v), v in xs, v not in xs


@compile
def clear_reverse(xs: list[int], ys: list[int]) -> None:
    xs.clear()
    ys.reverse()


@compile
def copy_then_change(xs: list[int]) -> list[int]:
    ys = xs.copy()
    ys.append(1)
    zs = list(xs)
    zs.append(2)
    return ys + zs


@compile
def sort_it(xs: list[float], reverse: bool) -> None:
    xs.sort(reverse=reverse)


@compile
def sorted_copy(xs: list[int]) -> tuple[list[int], list[int], list[int]]:
    return sorted(xs), sorted(xs, reverse=True), xs


@compile
def sort_rows(rows: list[list[int]]) -> list[list[int]]:
    rows.sort()
    return rows


@compile
def alias(xs: list[int]) -> list[int]:
    ys = xs
    ys.append(len(xs))
    return xs


@compile
def ident(xs: list[int]) -> list[int]:
    return xs


@compile
def same_twice(xs: list[int], ys: list[int]) -> bool:
    xs.append(1)
    return len(xs) == len(ys)


@compile
def raise_after_change(xs: list[int]) -> int:
    xs.append(5)
    xs[0] = 42
    return xs[100]


@compile
def operators(xs: list[int], ys: list[int], n: int) -> tuple[list[int], list[int], list[int]]:
    return xs + ys, xs * n, n * ys


@compile
def in_place_ops(xs: list[int], ys: list[int]) -> list[int]:
    zs = xs
    zs += ys
    zs *= 2
    return zs


@compile
def compares(xs: list[int], ys: list[int]) -> tuple[bool, bool, bool, bool, bool, bool]:
    return xs == ys, xs != ys, xs < ys, xs <= ys, xs > ys, xs >= ys


@compile
def float_eq(xs: list[float], ys: list[int]) -> bool:
    return xs == ys


@compile
def builtins_of(xs: list[int]) -> tuple[int, int, int, int, bool, bool]:
    return len(xs), sum(xs), min(xs), max(xs), any(xs), all(xs)


@compile
def sums(xs: list[float], start: int) -> tuple[float, float]:
    return sum(xs), sum(xs, start)


@compile
def min_default(xs: list[int]) -> int:
    return min(xs, default=-1)


@compile
def truth(xs: list[int]) -> int:
    if xs:
        return 1
    return 0


@compile
def comprehension(xs: list[int], k: int) -> list[int]:
    return [x * k for x in xs if x % 2 == 1]


@compile
def pairs(n: int) -> list[tuple[int, int]]:
    return [(i, j) for i in range(n) for j in range(i) if (i + j) % 3 != 0]


@compile
def matrix(n: int, m: int) -> list[list[float]]:
    return [[i * 0.5 + j for j in range(m)] for i in range(n)]


@compile
def flatten(rows: list[list[int]]) -> list[int]:
    return [x for row in rows for x in row]


@compile
def row_sums(rows: list[list[float]]) -> list[float]:
    out = []
    for row in rows:
        out.append(sum(row))
    return out


@compile
def append_rows(rows: list[list[int]], k: int) -> None:
    for row in rows:
        row.append(k)
    rows.append([k])


@compile
def unpack_pairs(ps: list[tuple[int, float]]) -> float:
    s = 0.0
    for i, x in ps:
        s += i * x
    return s


@compile
def loop_appending(xs: list[int]) -> int:
    n = 0
    for x in xs:
        if x > 0:
            xs.append(x - 1)
        n += 1
    return n


@compile
def delete(xs: list[int], i: int) -> None:
    del xs[i]


@compile
def bools(xs: list[bool]) -> list[bool]:
    out = [not x for x in xs]
    out.append(True)
    return out


@compile
def dp_lis(xs: list[int]) -> int:
    """Length of the longest increasing subsequence (dynamic programming on a list)."""
    best = [1] * len(xs)
    for i in range(len(xs)):
        for j in range(i):
            if xs[j] < xs[i] and best[j] + 1 > best[i]:
                best[i] = best[j] + 1
    return max(best, default=0)


@compile
def item_add(xs: list[int], i: int) -> None:
    xs[i] += 10


@compile
def from_tuple(a: int, b: int) -> tuple[list[int], list[int]]:
    return list((b, a, b)), sorted((b, a))


@compile
def empty_sum() -> tuple[int, int, bool]:
    xs = []
    return len(xs), sum(xs), any(xs)


def _helper(xs, v):
    xs.append(v)
    return len(xs)


@compile
def through_helper(xs: list[int]) -> int:
    return _helper(xs, 3) + _helper(xs, 4)


@compile
def enumerated(xs: list[float], start: int) -> list[tuple[int, float]]:
    out = []
    for i, x in enumerate(xs):
        out.append((i, x))
    for pair in enumerate(xs, start):
        out.append(pair)
    return out


@compile
def zipped(xs: list[int], names: list[str], strict: bool) -> list[str]:
    out = []
    for x, name in zip(xs, names):
        out.append(name * x)
    if strict:
        for x, name, c in zip(xs, names, "abcdef", strict=True):
            out.append(name + c + str(x))
    return out


@compile
def backwards(xs: list[int], s: str) -> tuple[list[int], str]:
    out = [x for x in reversed(xs)]
    t = ""
    for c in reversed(s):
        t += c
    return out, t


@compile
def enumerate_growing(xs: list[int]) -> int:
    n = 0
    for i, x in enumerate(xs):
        if x > 0 and i < 50:
            xs.append(x - 1)
        n += i
    return n


def _second(pair):
    return pair[1]


@compile
def ranked(pairs: list[tuple[str, int]], k: int) -> list[tuple[str, int]]:
    return sorted(pairs, key=lambda kv: (-kv[1], kv[0]))[:k]


@compile
def keyed_sorts(words: list[str], reverse: bool) -> tuple[list[str], list[str], list[str]]:
    by_len = sorted(words, key=len, reverse=reverse)
    words.sort(key=lambda w: w[-1:] if w else "")
    return by_len, words, sorted(words, key=str.lower)


@compile
def extremes(words: list[str], xs: list[int]) -> tuple[str, str, int, int]:
    return max(words, key=len), min(words, key=len, default="-"), min(xs, key=abs), \
        max(xs, key=lambda x: x % 5)


@compile
def by_helper(pairs: list[tuple[str, int]]) -> list[tuple[str, int]]:
    return sorted(pairs, key=_second, reverse=True)


@compile
def key_raises(xs: list[int]) -> list[int]:
    return sorted(xs, key=lambda x: 10 // x)


@compile
def smallest(xs: list[int], k: int) -> list[int]:
    """heapq, traced from CPython's heapq.py."""
    h: list[int] = []
    for x in xs:
        heapq.heappush(h, x)
    out = []
    for _ in range(min(k, len(h))):
        out.append(heapq.heappop(h))
    return out


@compile
def heap_in_place(xs: list[tuple[float, str]]) -> tuple[float, str]:
    heapq.heapify(xs)
    heapq.heappush(xs, (0.5, "new"))
    return heapq.heappushpop(xs, (9.0, "big"))


@compile
def countdown(a: int, b: int) -> list[int]:
    return [i for i in reversed(range(a, b))] + [j for j in reversed(range(b))]


@compile
def sort_ints(xs: list[int]) -> None:
    xs.sort()
    if xs:
        xs[-1] += 0


@compile
def set_slice(xs: list[int], a: int | None, b: int | None, c: int | None,
              ys: list[int]) -> list[int]:
    xs[a:b:c] = ys
    return xs


@compile
def set_slice_self(xs: list[int]) -> int:
    xs[1:] = xs
    xs[:0] = [7, 8]
    return len(xs)


@compile
def del_slice(xs: list[str], a: int | None, b: int | None, c: int | None) -> int:
    del xs[a:b:c]
    return len(xs)


@compile
def truth_of(xs: list[int], d: dict[int, int], s: set[int], t: str) -> tuple[bool, bool, bool, bool, bool]:
    return bool(xs), bool(d), bool(s), bool(t), not xs


@compile
def warn(x: int) -> int:
    print("warning:", x, file=sys.stderr)
    print("out", file=sys.stdout)
    return x


@compile
def nested_iterators(a: list[int], b: list[str], n: int) -> list[tuple[int, int, str]]:
    out = []
    for i, (x, y) in enumerate(zip(a, b), 1):
        out.append((i, x, y))
    for j, c in zip(range(n, 0, -2), b[0] if b else ""):
        out.append((j, -1, c))
    return out


@compile
def iterators_as_values(a: list[int], b: list[str]) -> tuple[list[tuple[int, str]],
                                                              dict[str, int],
                                                              list[tuple[int, int]]]:
    return (list(zip(a, b)), dict(zip(b, a)), sorted(enumerate(a), key=lambda t: -t[1]))


@compile
def iterate_dicts(d: dict[int, str], s: set[int]) -> list[tuple[int, int, str]]:
    return [(i, k, v) for i, (k, v) in enumerate(d.items())] + \
        [(x, y, "") for x, y in zip(sorted(s), range(3))]


@compile
def strict_three(a: list[int], b: list[int], c: list[int], seen: list[int]) -> int:
    """zip(strict=True) of three: CPython's message names the first argument that ran out,
    and the body has run for the common items first (seen shows it)."""
    total = 0
    for x, y, z in zip(a, b, c, strict=True):
        seen.append(x)
        total += x * y + z
    return total


@compile
def strict_range(xs: list[int], n: int) -> int:
    total = 0
    for x, i in zip(xs, range(n), strict=True):
        total += x * i
    return total


def rebind_while_walking(xs: list[int], s: str) -> tuple[int, int, int, int]:
    """Found by the fuzzer: a loop walked the name, so `xs = ...` in its body changed what it
    walked (CPython's loop holds the list it started with)."""
    n = 0
    for v in xs:
        xs = [1, 2, 3]
        n += v
    e = 0
    for i, v in enumerate(xs):
        xs = [7]
        e += i + v
    z = 0
    for a, b in zip(xs, xs):
        xs = [4, 5, 6]
        z += a * b
    c = 0
    for ch in s:
        s = "abcd"
        c += len(ch)
    return n, e, z, c
