"""collections kernels for tests/test_collections.py: defaultdict and Counter."""

import bisect
from bisect import bisect_left, insort
from collections import Counter, defaultdict, deque

from hatch_pyaot import compile


@compile
def word_counts(words: list[str]) -> dict[str, int]:
    d = defaultdict(int)
    for w in words:
        d[w] += 1
    return d


@compile
def groups(xs: list[int]) -> list[tuple[int, list[int]]]:
    g = defaultdict(list)
    for x in xs:
        g[x % 3].append(x)
    return sorted(g.items())


@compile
def seen_sets(pairs: list[tuple[int, int]]) -> dict[int, list[int]]:
    s = defaultdict(set)
    for a, b in pairs:
        s[a].add(b)
    return {k: sorted(v) for k, v in s.items()}


@compile
def float_sums(keys: list[int], values: list[float]) -> tuple[dict[int, float], float, bool]:
    d = defaultdict(float)
    for k, v in zip(keys, values):
        d[k] += v
    return d, d[99], 99 in d


@compile
def counting(words: list[str], n: int) -> tuple[list[tuple[str, int]], int, int, bool]:
    c = Counter(words)
    c.update(["zz", "zz"])
    c["q"] += 2
    return c.most_common(n), c["missing"], c.total(), "missing" in c


@compile
def chars(s: str) -> list[tuple[str, int]]:
    return Counter(s).most_common()


@compile
def counted_by_hand(xs: list[int]) -> dict[int, int]:
    c = Counter()
    for x in xs:
        c[x] += 1
    return c


@compile
def annotated(words: list[str]) -> tuple[Counter[str], defaultdict[int, list[str]]]:
    c: Counter[str] = Counter()
    by_length: defaultdict[int, list[str]] = defaultdict(list)
    for w in words:
        c[w] += 1
        by_length[len(w)].append(w)
    return c, by_length


@compile
def take_counter(c: Counter[str], words: list[str]) -> int:
    c.update(words)
    return c["a"]


@compile
def counter_arithmetic(xs: list[str], ys: list[str]) -> tuple[Counter[str], Counter[str],
                                                             Counter[str], Counter[str]]:
    a = Counter(xs)
    b = Counter(ys)
    b["neg"] -= 3
    return a + b, a - b, a | b, a & b


@compile
def bfs(adjacency: list[list[int]], start: int) -> list[int]:
    seen = [False] * len(adjacency)
    seen[start] = True
    order = []
    queue = deque([start])
    while queue:
        node = queue.popleft()
        order.append(node)
        for nxt in adjacency[node]:
            if not seen[nxt]:
                seen[nxt] = True
                queue.append(nxt)
    return order


@compile
def ends(xs: list[int], n: int) -> tuple[list[int], int, int, int, bool, int]:
    d = deque(xs, maxlen=3)
    d.appendleft(n)
    d.append(n + 1)
    d.extend(xs)
    d.extendleft([7, 8])
    d.rotate(n)
    last = d.pop()
    return list(d), last, len(d), d[0], 7 in d, sum(d)


@compile
def drain(xs: list[int]) -> tuple[list[int], int]:
    d = deque()
    for x in xs:
        d.appendleft(x)
    out = []
    while d:
        out.append(d.pop())
    return out, d.popleft()


@compile
def window(xs: list[float], k: int) -> list[float]:
    w = deque(maxlen=4)
    out = []
    for x in xs:
        w.append(x)
        out.append(sum(w) / len(w))
    return [round(v, 6) for v in out] + [w[-1] if w else 0.0] * k


@compile
def where(xs: list[int], x: int, lo: int, hi: int) -> tuple[int, int, int, int]:
    return (bisect.bisect_left(xs, x), bisect.bisect_right(xs, x), bisect.bisect(xs, x, lo),
            bisect_left(xs, x, lo, hi))


@compile
def put(xs: list[float], x: float, y: int) -> int:
    insort(xs, x)
    bisect.insort_left(xs, float(y), 0, None)
    bisect.insort_right(xs, x, hi=len(xs))
    return len(xs)


@compile
def put_words(words: list[str], w: str) -> list[str]:
    out: list[str] = []
    for v in words:
        insort(out, v)
    insort(out, w)
    return out
