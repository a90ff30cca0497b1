"""Kernels on Python values (lists, str, dicts, sets) for benchmarks/values_suite.py: plain Python,
hatch-pyaot, run by CPython, and compiled by mypyc from this same file."""

from hatch_pyaot import compile


@compile
def lis_length(xs: list[int]) -> int:
    """Longest increasing subsequence, O(n^2) dynamic programming."""
    best = [1] * len(xs)
    for i in range(len(xs)):
        for j in range(i):
            if xs[j] < xs[i] and best[j] + 1 > best[i]:
                best[i] = best[j] + 1
    return max(best, default=0)


@compile
def knapsack(weights: list[int], values: list[int], capacity: int) -> int:
    """0/1 knapsack, one row of dynamic programming."""
    best = [0] * (capacity + 1)
    for k in range(len(weights)):
        w = weights[k]
        v = values[k]
        for c in range(capacity, w - 1, -1):
            if best[c - w] + v > best[c]:
                best[c] = best[c - w] + v
    return best[capacity]


@compile
def sieve(n: int) -> list[int]:
    """The primes below n."""
    flags = [True] * n
    primes: list[int] = []
    for i in range(2, n):
        if flags[i]:
            primes.append(i)
            for j in range(i * i, n, i):
                flags[j] = False
    return primes


@compile
def bfs_grid(adjacency: list[list[int]], start: int) -> list[int]:
    """Breadth-first distances over adjacency lists."""
    dist = [-1] * len(adjacency)
    dist[start] = 0
    queue = [start]
    head = 0
    while head < len(queue):
        node = queue[head]
        head += 1
        for other in adjacency[node]:
            if dist[other] < 0:
                dist[other] = dist[node] + 1
                queue.append(other)
    return dist


@compile
def run_length(xs: list[int]) -> list[tuple[int, int]]:
    """Run-length coding: (value, count) pairs."""
    out: list[tuple[int, int]] = []
    i = 0
    while i < len(xs):
        j = i
        while j < len(xs) and xs[j] == xs[i]:
            j += 1
        out.append((xs[i], j - i))
        i = j
    return out


@compile
def dedupe(xs: list[int]) -> list[int]:
    """The distinct values, sorted."""
    ordered = sorted(xs)
    out: list[int] = []
    for x in ordered:
        if not out or out[-1] != x:
            out.append(x)
    return out


@compile
def heap_dijkstra(edges: list[list[tuple[int, float]]], source: int) -> list[float]:
    """Shortest paths with a binary heap of (distance, node) kept in a list."""
    inf = float("inf")
    dist = [inf] * len(edges)
    dist[source] = 0.0
    heap = [(0.0, source)]
    while heap:
        top = heap[0]
        last = heap.pop()
        if heap:
            heap[0] = last
            i = 0
            n = len(heap)
            while True:
                small = i
                left = 2 * i + 1
                if left < n and heap[left] < heap[small]:
                    small = left
                if left + 1 < n and heap[left + 1] < heap[small]:
                    small = left + 1
                if small == i:
                    break
                heap[i], heap[small] = heap[small], heap[i]
                i = small
        d, node = top
        if d > dist[node]:
            continue
        for other, w in edges[node]:
            nd = d + w
            if nd < dist[other]:
                dist[other] = nd
                heap.append((nd, other))
                k = len(heap) - 1
                while k > 0 and heap[k] < heap[(k - 1) // 2]:
                    heap[k], heap[(k - 1) // 2] = heap[(k - 1) // 2], heap[k]
                    k = (k - 1) // 2
    return dist


@compile
def matmul(a: list[list[float]], b: list[list[float]]) -> list[list[float]]:
    """Matrix product of lists of rows."""
    n = len(a)
    m = len(b[0])
    out = [[0.0] * m for _ in range(n)]
    for i in range(n):
        row = a[i]
        target = out[i]
        for k in range(len(b)):
            x = row[k]
            other = b[k]
            for j in range(m):
                target[j] += x * other[j]
    return out


@compile
def sum_floats(xs: list[float]) -> float:
    """Conversion in: a list[float] argument, summed (per element cost at the boundary)."""
    s = 0.0
    for x in xs:
        s += x
    return s


@compile
def make_floats(n: int) -> list[float]:
    """Conversion out: a list[float] result."""
    return [i * 0.5 for i in range(n)]


@compile
def word_counts(text: str) -> list[tuple[str, int]]:
    """Word counting: lowercased words stripped of punctuation, sorted, with their counts."""
    words: list[str] = []
    for w in text.lower().split():
        w = w.strip(".,;:!?\"'()")
        if w:
            words.append(w)
    words.sort()
    out: list[tuple[str, int]] = []
    for w in words:
        if out and out[-1][0] == w:
            out[-1] = (w, out[-1][1] + 1)
        else:
            out.append((w, 1))
    return out


@compile
def tokenize(source: str) -> list[str]:
    """Identifiers, numbers and one-character symbols."""
    out: list[str] = []
    i = 0
    n = len(source)
    while i < n:
        c = source[i]
        if c.isspace():
            i += 1
        elif c.isalpha() or c == "_":
            j = i + 1
            while j < n and (source[j].isalnum() or source[j] == "_"):
                j += 1
            out.append(source[i:j])
            i = j
        elif c.isdigit():
            j = i + 1
            while j < n and source[j].isdigit():
                j += 1
            out.append(source[i:j])
            i = j
        else:
            out.append(c)
            i += 1
    return out


@compile
def parse_csv(text: str) -> list[list[float]]:
    """A small CSV parser: one row of floats per non-empty line."""
    rows: list[list[float]] = []
    for line in text.splitlines():
        if line.strip():
            rows.append([float(field) for field in line.split(",")])
    return rows


@compile
def rle_encode(s: str) -> str:
    """Run-length coding of a string: 'aaab' -> 'a3b1'."""
    parts: list[str] = []
    i = 0
    while i < len(s):
        j = i
        while j < len(s) and s[j] == s[i]:
            j += 1
        parts.append(s[i] + str(j - i))
        i = j
    return "".join(parts)


@compile
def anagram_groups(words: list[str]) -> list[list[str]]:
    """Words grouped by their sorted letters (groups and words in sorted order)."""
    keyed = sorted(["".join(sorted(w)) + " " + w for w in words])
    groups: list[list[str]] = []
    last = ""
    for item in keyed:
        key, _, word = item.partition(" ")
        if groups and key == last:
            groups[-1].append(word)
        else:
            groups.append([word])
            last = key
    return groups


@compile
def distinct_ngrams(text: str, n: int) -> int:
    """The number of distinct character n-grams."""
    grams = sorted([text[i:i + n] for i in range(len(text) - n + 1)])
    count = 0
    for i in range(len(grams)):
        if i == 0 or grams[i] != grams[i - 1]:
            count += 1
    return count


@compile
def total_length(words: list[str]) -> int:
    """Conversion in: a list[str] argument."""
    n = 0
    for w in words:
        n += len(w)
    return n


@compile
def numbered(n: int) -> list[str]:
    """Conversion out: a list[str] result."""
    return [f"item{i}" for i in range(n)]


@compile
def bigram_counts(xs: list[int]) -> tuple[int, int]:
    """Counts of consecutive pairs in a dict with tuple keys: how many distinct, the most."""
    counts: dict[tuple[int, int], int] = {}
    for i in range(len(xs) - 1):
        pair = (xs[i], xs[i + 1])
        counts[pair] = counts.get(pair, 0) + 1
    best = 0
    for c in counts.values():
        best = max(best, c)
    return len(counts), best


@compile
def group_by_residue(xs: list[int], m: int) -> list[int]:
    """Grouping with setdefault: the size of each group, in key order."""
    groups: dict[int, list[int]] = {}
    for x in xs:
        groups.setdefault(x % m, []).append(x)
    return [len(groups[k]) for k in sorted(groups)]


@compile
def bfs_dict(adjacency: dict[int, list[int]], start: int) -> int:
    """Breadth-first search over a dict of adjacency lists with a visited set."""
    seen = {start}
    frontier = [start]
    while frontier:
        nxt = []
        for node in frontier:
            for other in adjacency[node]:
                if other not in seen:
                    seen.add(other)
                    nxt.append(other)
        frontier = nxt
    return len(seen)


@compile
def two_sum_count(xs: list[int], target: int) -> int:
    """Pairs i < j with xs[i] + xs[j] == target, through a dict of counts seen so far."""
    seen: dict[int, int] = {}
    found = 0
    for x in xs:
        found += seen.get(target - x, 0)
        seen[x] = seen.get(x, 0) + 1
    return found


@compile
def distinct_ops(xs: list[int], ys: list[int]) -> tuple[int, int, int]:
    """Set algebra: sizes of the union, intersection and symmetric difference."""
    a = set(xs)
    b = set(ys)
    return len(a | b), len(a & b), len(a ^ b)


@compile
def sum_dict(d: dict[int, int]) -> int:
    """Conversion in: a dict[int, int] argument, its values summed."""
    s = 0
    for v in d.values():
        s += v
    return s


@compile
def make_dict(n: int) -> dict[int, int]:
    """Conversion out: a dict[int, int] result."""
    return {i: i for i in range(n)}


@compile
def top_words(text: str, k: int) -> list[tuple[str, int]]:
    """The example of issue 11: a dict of str counts, ranked with a key lambda."""
    counts: dict[str, int] = {}
    for w in text.lower().split():
        w = w.strip(".,;:!?")
        if w:
            counts[w] = counts.get(w, 0) + 1
    ranked = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
    return ranked[:k]
