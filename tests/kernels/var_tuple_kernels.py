"""tuple[T, ...] kernels for tests/test_var_tuples.py: variable-length tuples at the boundary,
read like lists, hashed, concatenated and unpacked, made by tuple(...) and zip(*rows), and
fixed-length tuples flowing into tuple[T, ...] slots."""

from hatch_pyaot import compile


@compile
def ident(t: tuple[int, ...]) -> tuple[int, ...]:
    return t


@compile
def total(t: tuple[float, ...]) -> float:
    s = 0.0
    for x in t:
        s += x
    return s


@compile
def get(t: tuple[int, ...], i: int) -> int:
    return t[i]


@compile
def sl(t: tuple[str, ...], a: int, b: int) -> tuple[str, ...]:
    return t[a:b]


@compile
def concat(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    c = a + b
    d = c
    c += (7, 8)
    return d + c * 2


@compile
def unpack(t: tuple[int, ...]) -> int:
    a, b = t
    return a - b


@compile
def keys(ts: list[tuple[int, ...]]) -> dict[tuple[int, ...], int]:
    out: dict[tuple[int, ...], int] = {}
    for t in ts:
        out[t] = out.get(t, 0) + len(t)
    return out


@compile
def text(t: tuple[int, ...]) -> str:
    return str(t) + repr(t)


@compile
def made(xs: list[int]) -> tuple[int, ...]:
    return tuple(x * 2 for x in xs if x > 0)


@compile
def hashed(t: tuple[int, ...]) -> int:
    return hash(t)


@compile
def idx(t: tuple[int, ...], v: int) -> int:
    return t.index(v) + t.count(v) * 100


@compile
def columns(rows: list[list[int]]) -> list[tuple[int, ...]]:
    return list(zip(*rows))


@compile
def col_sums(rows: list[tuple[float, ...]]) -> list[float]:
    out = []
    for col in zip(*rows):
        out.append(sum(col))
    return out


@compile
def fixed_ret(n: int) -> tuple[int, ...]:
    if n > 0:
        return (n, n + 1)
    return ()


@compile
def grow(n: int) -> tuple[int, ...]:
    t: tuple[int, ...] = ()
    for i in range(n):
        t += (i * i,)
    return t


def helper(t: tuple[float, ...]) -> float:
    return max(t, default=-1.0)


@compile
def call_fixed(a: float) -> float:
    return helper((a, 2.0, 1))


@compile
def ops(t: tuple[int, ...], u: tuple[int, ...]) -> tuple[bool, bool, bool, bool, bool, bool]:
    return (t == u, t < u, 3 in t, t != u, t >= u, 3 not in u)


@compile
def reads(t: tuple[int, ...]) -> tuple[list[int], list[int], int, int, int, bool]:
    return (sorted(t, reverse=True), list(t), len(t), sum(t), max(t, default=-1), any(t))


@compile
def enum_cols(rows: list[list[str]]) -> list[str]:
    out = []
    for i, col in enumerate(zip(*rows)):
        out.append(str(i) + "".join(col))
    return out


@compile
def nested(ts: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
    best: tuple[int, ...] = ()
    for t in ts:
        if t > best:
            best = t
    return best


@compile
def as_set(ts: list[tuple[str, ...]]) -> set[tuple[str, ...]]:
    return set(ts)


@compile
def lists_in(t: tuple[list[int], ...]) -> int:
    t[0].append(9)
    return len(t)


@compile
def starred(t: tuple[int, ...], x: int) -> list[int]:
    return [*t, x, *t]


@compile
def pairs(t: tuple[str, ...]) -> list[str]:
    out = []
    for i, s in enumerate(t):
        out.append(s * i)
    return out


@compile
def steps(t: tuple[float, ...], a: int | None, b: int | None, c: int | None) -> tuple[float, ...]:
    return t[a:b:c]


@compile
def repeat(t: tuple[str, ...], n: int) -> tuple[str, ...]:
    u = t
    t *= n
    return u + t


@compile
def keyed(t: tuple[int, ...]) -> list[int]:
    return sorted(t, key=lambda v: (v % 3, -v))


@compile
def counts(ts: list[tuple[str, ...]]) -> dict[tuple[str, ...], int]:
    seen: dict[tuple[str, ...], int] = {}
    for t in ts:
        seen[t] = seen.get(t, 0) + 1
    return seen


@compile
def lookup(d: dict[tuple[int, ...], str], t: tuple[int, ...]) -> str:
    return d[t]


@compile
def transpose(rows: list[list[float]]) -> list[list[float]]:
    return [list(col) for col in zip(*rows)]


@compile
def from_tuple(t: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(t) + tuple([len(t)])


@compile
def of_dict(d: dict[str, int], s: set[int]) -> tuple[tuple[str, ...], int]:
    return (tuple(d), len(tuple(s)))


@compile
def appended(n: int) -> list[tuple[int, ...]]:
    out: list[tuple[int, ...]] = []
    for i in range(n):
        out.append((i, i + 1))
    out.append(())
    return out


@compile
def fixed_keys(d: dict[tuple[int, ...], int], s: set[tuple[str, ...]]) -> int:
    d[(1, 2)] = 5
    s.add(("a", "b"))
    return len(d) + len(s)


@compile
def pair_set(t: tuple[int, ...]) -> set[tuple[int, ...]]:
    # An empty set annotated with tuple[T, ...] items: the pairs added convert to them.
    s: set[tuple[int, ...]] = set()
    for i in range(len(t) - 1):
        s.add((min(t[i], t[i + 1]), max(t[i], t[i + 1])))
    return s


@compile
def pair_dict(t: tuple[int, ...]) -> dict[int, tuple[int, ...]]:
    d: dict[int, tuple[int, ...]] = {}
    for i in range(len(t) - 1):
        d[i] = (t[i], t[i + 1])
    return d


@compile
def probe_keys(d: dict[tuple[int, ...], int], a: int, b: int) -> tuple[int, bool, bool, int]:
    # Fixed-length tuples look up tuple[int, ...] keys: converted where the key type asks.
    return (d.get((a, b), 0), (a, b) in d, () not in d, d[(b, a)])


@compile
def probe_floats(d: dict[tuple[float, ...], str], a: int) -> str:
    return d.get((a, 2), "none") + d.get((), "-")


@compile
def probe_set(s: set[tuple[int, ...]], a: int, b: int) -> tuple[bool, bool, int]:
    s.add((a, b))
    return ((a, b) in s, (b, a) not in s, len(s))


@compile
def of_range(n: int, a: int, c: int) -> tuple[tuple[int, ...], tuple[int, ...], list[int]]:
    return (tuple(range(n)), tuple(range(a, n, c)), list(range(n, a, -1)))


@compile
def range_sets(n: int) -> tuple[set[int], list[int]]:
    return (set(range(n)), sorted(range(n)))


@compile
def of_str(s: str) -> tuple[tuple[str, ...], int]:
    t = tuple(s)
    return (t, len(t))


@compile
def of_views(d: dict[str, int]) -> tuple[tuple[str, ...], tuple[int, ...]]:
    return (tuple(d.keys()), tuple(d.values()))


@compile
def zip_comp(rows: list[list[int]]) -> list[int]:
    return [sum(col) for col in zip(*rows)]


@compile
def zip_lens(rows: list[tuple[str, ...]]) -> tuple[list[int], list[tuple[str, ...]]]:
    return ([len("".join(col)) for col in zip(*rows) if col], list(zip(*rows)))
@compile
def star_head(t: tuple[int, ...]) -> tuple[int, list[int]]:
    x, *rest = t
    return (x, rest)


@compile
def star_tail(t: tuple[int, ...]) -> tuple[list[int], int]:
    *init, last = t
    return (init, last)


@compile
def star_mid(xs: list[str]) -> tuple[str, list[str], str]:
    a, *mid, b = xs
    return (a, mid, b)


@compile
def star_str(s: str, p: tuple[int, int, int]) -> tuple[str, list[str], list[int]]:
    a, *b = s
    *c, d = p
    return (a, b, c + [d])


@compile
def star_nested(rows: list[tuple[int, ...]]) -> tuple[int, list[int], int]:
    first, *others = rows
    *_, last = first
    return (last, [len(r) for r in others], len(rows))


@compile
def probe_more(d: dict[tuple[int, ...], int], s: set[tuple[float, ...]], a: int) -> int:
    s.discard((a, 1))
    s.remove((a, 2))
    n = d.pop((a, 1), 0) + d.pop((a,))
    return n + int((a, 3) in s) + int((1, a) in d.keys())


@compile
def star_loop(rows: list[tuple[int, int, int]], more: list[tuple[int, ...]],
              seen: list[int]) -> tuple[int, list[list[int]]]:
    s = 0
    for a, *rest in rows:
        s += a + len(rest)
    out = []
    for *init, last in more:  # the body ran for the rows before a short one
        seen.append(last)
        out.append(init)
    return (s, out)


@compile
def star_loop_mid(rows: list[list[str]], seen: list[int]) -> list[str]:
    out = []
    for a, *m, b in rows:
        if a == "stop":
            break
        out.append(a + "".join(m) + "|" + b)
    else:
        seen.append(-1)
    return out


@compile
def star_loop_nested(pairs: list[tuple[list[int], int]], rows: list[list[list[int]]]) -> list[int]:
    out = []
    for (a, *b), c in pairs:
        out.append(a * c + sum(b))
    for (x, *y), *z in rows:
        out.append(x + len(y) * 10 + len(z) * 100)
    return out


@compile
def star_comps(words: list[str], rows: list[list[int]]) -> tuple[
        list[tuple[str, list[str]]], int, list[int], set[int], dict[int, list[int]]]:
    return ([(first, rest) for first, *rest in words],
            sum(a * len(b) for a, *b in rows if b),
            [x for a, *b in rows for x in b if x > a],
            {len(r) for *r, _ in rows},
            {k: v for k, *v in rows})


@compile
def star_comp_nested(pairs: list[tuple[tuple[int, ...], str]]) -> list[str]:
    return [c * (a + len(b)) for (a, *b), c in pairs]


@compile
def zip_strict(rows: list[list[int]]) -> tuple[list[tuple[int, ...]], list[int]]:
    return (list(zip(*rows, strict=True)), [sum(c) for c in zip(*rows, strict=True)])


@compile
def zip_strict_loop(rows: list[tuple[int, ...]], seen: list[int], stop: int) -> int:
    for col in zip(*rows, strict=True):  # the body runs for each full column first
        if len(seen) == stop:
            break
        seen.append(sum(col))
    else:
        seen.append(-1)
    return len(seen)


@compile
def zip_strict_grow(rows: list[list[int]], seen: list[int]) -> int:
    n = 0
    for col in zip(*rows, strict=True):  # a row that grows in the body is walked as it is
        seen.append(col[0])
        if n < len(seen) and len(rows) > 1:
            rows[1].append(n)
        n += 1
    return n


@compile
def star_iterators(rows: list[list[int]], d: dict[str, list[int]]) -> list[int]:
    out = [first - sum(others) for first, *others in zip(*rows)]
    for i, (a, *b) in enumerate(rows):
        out.append(i * a + len(b))
    return out + [len(k) + x + len(r) for k, (x, *r) in d.items()]


@compile
def star_mixed(rows: list[tuple[str, int, int]], t: tuple[int, float, float, str]) -> tuple[
        list[tuple[str, int]], int, list[float], str]:
    a, *m, b = t  # a fixed tuple is read as itself: its items may differ in type
    return ([(name, sum(scores)) for name, *scores in rows], a, m, b)
