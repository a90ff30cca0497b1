"""dict[K, V] and set[T] kernels for tests/test_dicts.py: every dict and set operation the
compiler supports, including ones that change their arguments (the caller must see the
change) and ones whose result shows the iteration order."""

from hatch_pyaot import compile


@compile
def counts(xs: list[int]) -> dict[int, int]:
    out = {}
    for x in xs:
        out[x] = out.get(x, 0) + 1
    return out


@compile
def lookup(d: dict[int, float], k: int) -> float:
    return d[k]


@compile
def lookup_pair(d: dict[tuple[int, int], int], a: int, b: int) -> int:
    return d[a, b] + d[(b, a)]


@compile
def put(d: dict[int, int], k: int, v: int) -> None:
    d[k] = v


@compile
def delete(d: dict[int, int], k: int) -> int:
    del d[k]
    return len(d)


@compile
def membership(d: dict[int, int], k: int) -> tuple[bool, bool, bool]:
    return k in d, k not in d, k in d.keys()


@compile
def get_default(d: dict[float, float], k: int) -> float:
    return d.get(k, -1.0)


@compile
def setdefault_list(d: dict[int, list[int]], k: int, v: int) -> list[int]:
    d.setdefault(k, []).append(v)
    return d[k]


@compile
def pop_key(d: dict[int, int], k: int) -> int:
    return d.pop(k)


@compile
def pop_default(d: dict[int, int], k: int) -> int:
    return d.pop(k, 99)


@compile
def popitem_all(d: dict[int, int]) -> list[tuple[int, int]]:
    out = []
    while d:
        out.append(d.popitem())
    return out


@compile
def popitem_once(d: dict[int, int]) -> tuple[int, int]:
    return d.popitem()


@compile
def update_from(d: dict[int, int], e: dict[int, int]) -> None:
    d.update(e)


@compile
def views(d: dict[int, float]) -> tuple[list[int], list[float], list[tuple[int, float]]]:
    ks = []
    for k in d.keys():
        ks.append(k)
    vs = []
    for v in d.values():
        vs.append(v)
    items = []
    for k, v in d.items():
        items.append((k, v))
    return ks, vs, items


@compile
def keys_of(d: dict[int, int]) -> list[int]:
    out = []
    for k in d:
        out.append(k)
    return out


@compile
def reinsert(d: dict[int, int], k: int) -> list[int]:
    v = d.pop(k)
    d[k] = v
    return list(d)


@compile
def copy_clear(d: dict[int, int]) -> tuple[dict[int, int], int]:
    e = d.copy()
    d.clear()
    return e, len(e)


@compile
def merge(d: dict[int, int], e: dict[int, int]) -> dict[int, int]:
    m = d | e
    return m


@compile
def merge_in_place(d: dict[int, int], e: dict[int, int]) -> None:
    d |= e


@compile
def equal(d: dict[int, int], e: dict[int, int]) -> tuple[bool, bool]:
    return d == e, d != e


@compile
def builtins_of(d: dict[int, float]) -> tuple[int, list[int], list[int], float, int]:
    return len(d), list(d), sorted(d), sum(d.values()), max(d) if d else -1


@compile
def dict_copy_builtin(d: dict[int, int]) -> dict[int, int]:
    e = dict(d)
    e[0] = 0
    return e


@compile
def comprehension(xs: list[int]) -> dict[int, int]:
    return {x: x * x for x in xs if x % 3 != 0}


@compile
def literal(a: int, b: int) -> dict[int, tuple[int, bool]]:
    return {a: (b, True), b: (a, False), 7: (0, a > b)}


@compile
def grow_while_iterating(d: dict[int, int]) -> int:
    n = 0
    for k in d:
        d[k + 1000] = 1
        n += 1
    return n


@compile
def shrink_while_iterating(d: dict[int, int]) -> int:
    n = 0
    for k in d:
        if n == 1:
            del d[k]
        n += 1
    return n


@compile
def swap_keys_while_iterating(d: dict[int, int]) -> int:
    n = 0
    for k in d:
        del d[k]
        d[~k] = 0
        n += 1
        if n > 50:
            break
    return n


@compile
def raise_after_change(d: dict[int, int]) -> int:
    d[-1] = -1
    return d[12345]


@compile
def float_keys(d: dict[float, int], k: int) -> tuple[bool, int]:
    return k in d, d.get(k, 0)


@compile
def group(xs: list[int]) -> dict[int, list[int]]:
    groups = {}
    for x in xs:
        key = x % 4
        if key not in groups:
            groups[key] = []
        groups[key].append(x)
    return groups


@compile
def nested_values(d: dict[int, list[int]]) -> int:
    total = 0
    for k, vs in d.items():
        vs.append(k)
        total += len(vs)
    return total


@compile
def ident(d: dict[int, int]) -> dict[int, int]:
    return d


@compile
def same_twice(d: dict[int, int], e: dict[int, int]) -> bool:
    d[1] = 1
    return 1 in e


@compile
def item_add(d: dict[int, int], k: int) -> int:
    d[k] += 5
    return d[k]


@compile
def bool_keys(xs: list[bool]) -> dict[bool, int]:
    out = {}
    for x in xs:
        out[x] = out.get(x, 0) + 1
    return out


# ---- sets ----------------------------------------------------------------------------------

@compile
def set_order(xs: list[int]) -> list[int]:
    s = set()
    for x in xs:
        s.add(x)
    return list(s)


@compile
def set_ops(a: set[int], b: set[int]) -> tuple[list[int], list[int], list[int], list[int]]:
    return list(a | b), list(a & b), list(a - b), list(a ^ b)


@compile
def set_compares(a: set[int], b: set[int]) -> tuple[bool, bool, bool, bool, bool, bool]:
    return a == b, a != b, a <= b, a < b, a >= b, a > b


@compile
def set_in_place(a: set[int], b: set[int], which: int) -> None:
    if which == 0:
        a |= b
    elif which == 1:
        a &= b
    elif which == 2:
        a -= b
    else:
        a ^= b


@compile
def set_methods(a: set[int], x: int) -> tuple[bool, int, list[int]]:
    a.add(x)
    a.discard(x + 1)
    found = x in a
    b = a.copy()
    b.remove(x)
    return found, len(b), sorted(b)


@compile
def set_remove(a: set[int], x: int) -> None:
    a.remove(x)


@compile
def set_pop_all(a: set[int]) -> list[int]:
    out = []
    while a:
        out.append(a.pop())
    return out


@compile
def set_pop_empty() -> int:
    s = {1}
    s.pop()
    return s.pop()


@compile
def set_builtins(a: set[float]) -> tuple[int, float, list[float]]:
    return len(a), sum(a), sorted(a)


@compile
def set_min_max(a: set[int]) -> tuple[int, int]:
    return min(a), max(a)


@compile
def set_literal(a: int, b: int) -> list[int]:
    s = {a, b, 3, a}
    return list(s)


@compile
def set_comprehension(xs: list[int]) -> set[int]:
    return {x % 7 for x in xs}


@compile
def set_from_list(xs: list[int]) -> tuple[list[int], int]:
    s = set(xs)
    s.update([100, 200])
    return list(s), len(s)


@compile
def set_of_pairs(xs: list[int]) -> list[tuple[int, int]]:
    s = set()
    for x in xs:
        s.add((x % 3, x % 2))
    return list(s)


@compile
def set_grow_while_iterating(a: set[int]) -> int:
    n = 0
    for x in a:
        a.add(x + 1000)
        n += 1
    return n


@compile
def set_clear(a: set[int]) -> int:
    a.clear()
    a.add(5)
    return len(a)


@compile
def set_ident(a: set[int]) -> set[int]:
    return a


@compile
def dedupe(xs: list[int]) -> list[int]:
    seen = set()
    out = []
    for x in xs:
        if x not in seen:
            seen.add(x)
            out.append(x)
    return out


@compile
def set_methods_named(a: set[int], b: set[int]) -> tuple[list[int], list[int], bool, bool, bool]:
    return (list(a.union(b)), list(a.intersection(b)), a.issubset(b), a.issuperset(b),
            a.isdisjoint(b))


@compile
def grouped(xs: list[int]) -> dict[int, list[int]]:
    groups = {}
    for x in xs:
        groups.setdefault(x % 3, []).append(x)
    return groups


@compile
def nested_setdefault(xs: list[int]) -> dict[int, dict[int, int]]:
    d = {}
    for x in xs:
        d.setdefault(x % 3, {})[x] = 1
    return d


@compile
def dict_of_sets(xs: list[int]) -> dict[int, set[int]]:
    out = {}
    for x in xs:
        if x % 2 not in out:
            out[x % 2] = set()
        out[x % 2].add(x)
    return out


@compile
def tuple_set(s: set[tuple[int, int]]) -> list[tuple[int, int]]:
    s.add((9, 9))
    return list(s)


@compile
def signed_zero_keys(d: dict[float, float]) -> float:
    d[-0.0] = 1.0
    return d[0.0] + d.get(2, 5.0)


@compile
def truth_of(d: dict[int, int], s: set[int]) -> tuple[bool, bool, bool]:
    return any(d), all(s), not d


# ---- frozensets ----------------------------------------------------------------------------

@compile
def frozen_ops(a: frozenset[int], b: set[int]) -> tuple[frozenset[int], set[int], bool, bool]:
    return a | b, b - a, a <= b, a == frozenset(b)


@compile
def frozen_rebind(a: frozenset[int], x: int) -> tuple[frozenset[int], frozenset[int]]:
    alias = a
    a |= frozenset([x])
    return a, alias


@compile
def frozen_keys(xs: list[int]) -> dict[frozenset[int], int]:
    out = {}
    for x in xs:
        key = frozenset([x % 3, x % 2])
        out[key] = out.get(key, 0) + 1
    return out


@compile
def frozen_lookup(d: dict[frozenset[int], int], a: int, b: int) -> int:
    return d[frozenset([a, b])]


@compile
def frozen_ident(a: frozenset[int]) -> frozenset[int]:
    return a.copy()


@compile
def frozen_order(a: frozenset[int]) -> list[int]:
    return list(a)


@compile
def set_raise_after_change(a: set[int], x: int) -> None:
    a.add(x)
    a.discard(0)
    a.remove(-12345)


@compile
def against_empty(d: dict[int, int], s: set[int]) -> tuple[bool, bool, bool]:
    return d == {}, s == set(), {} != d


@compile
def view_builtins(d: dict[int, float]) -> tuple[list[tuple[int, float]], float, int]:
    return sorted(d.items()), max(d.values()), min(d, default=-1)


@compile
def tuple_counts(xs: list[tuple[int, float]]) -> tuple[dict[tuple[int, float], int], list[tuple[int, float]]]:
    out = {}
    seen = set()
    for x in xs:
        out[x] = out.get(x, 0) + 1
        seen.add(x)
    return out, list(seen)


@compile
def float_set_order(xs: list[float]) -> list[float]:
    s = set()
    for x in xs:
        s.add(x)
    s.discard(0.5)
    return list(s)


@compile
def sets_of_dict(d: dict[int, int]) -> tuple[list[int], list[int], list[int]]:
    return list(set(d)), list(set(d.keys())), list(set(d.values()))


@compile
def view_membership(d: dict[int, float], k: int, v: float) -> tuple[bool, bool, bool]:
    return v in d.values(), (k, v) in d.items(), (k, 0.0) not in d.items()


@compile
def from_pairs(pairs: list[tuple[int, float]]) -> dict[int, float]:
    return dict(pairs)


@compile
def containers_in_lists(d: dict[int, int], s: set[int]) -> tuple[bool, bool, int]:
    ds = [d, {1: 1}]
    ss = [s]
    return d in ds, {5} in ss, ds.count({1: 1})


def _fill(d: dict[int, int], s: set[int], xs: list[int], n: int) -> None:
    for i in range(n):
        d[i] = i * i
        s.add(i % 3)
        xs.append(i)


@compile
def filled_by_helper(n: int) -> tuple[dict[int, int], list[int], int]:
    d = {}
    s = set()
    xs = []
    _fill(d, s, xs, n)
    return d, sorted(s), len(xs)


@compile
def filled_len(n: int) -> int:
    d = {}
    s = set()
    xs = []
    _fill(d, s, xs, n)
    return len(d) + len(s) + len(xs)


@compile
def top_words(text: str, k: int) -> list[tuple[str, int]]:
    """The example of issue 11: str keys, dict.get, sorted with a key lambda."""
    counts: dict[str, int] = {}
    for w in text.lower().split():
        w = w.strip(".,;:!?")
        if w:
            counts[w] = counts.get(w, 0) + 1
    ranked = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
    return ranked[:k]


@compile
def anagrams(words: list[str]) -> dict[str, list[str]]:
    groups: dict[str, list[str]] = {}
    for w in words:
        groups.setdefault("".join(sorted(w)), []).append(w)
    return groups


@compile
def letters(s: str) -> tuple[set[str], int, bool]:
    seen = set(list(s))
    return seen, len(seen), "a" in seen


@compile
def str_keys_raise(d: dict[str, int], k: str) -> int:
    d["new"] = 1
    return d[k]


@compile
def get_one(d: dict[int, str], k: int) -> str | None:
    return d.get(k)


@compile
def get_or_minus(d: dict[int, int], k: int) -> int:
    v = d.get(k)
    if v is None:
        return -1
    return v + 1
