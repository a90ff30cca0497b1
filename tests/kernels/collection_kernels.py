"""collections kernels for tests/test_collections.py: defaultdict and Counter."""

from collections import Counter, defaultdict

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
