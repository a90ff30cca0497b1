"""Counting statements on dicts for tests/test_dict_counting.py: the forms compiled in one
probe (codegen/dict_counting.py) and neighbours that are not (they keep two lookups)."""

from hatch_pyaot import compile


@compile
def count_get(d: dict[str, int], words: list[str], step: int) -> dict[str, int]:
    for w in words:
        d[w] = d.get(w, 0) + step
    return d


@compile
def count_minus(d: dict[int, int], xs: list[int]) -> None:
    for x in xs:
        d[x] = d.get(x, 10) - 1


@compile
def times_get(d: dict[int, int], k: int, m: int) -> None:
    d[k] = d.get(k, 1) * m


@compile
def add_in_place(d: dict[str, int], k: str, e: int) -> int:
    d[k] += e
    return d[k]


@compile
def sub_mul_in_place(d: dict[int, int], k: int, e: int) -> None:
    d[k] -= e
    d[k] *= e + 1


@compile
def float_counts(d: dict[int, float], xs: list[int], w: float) -> None:
    for x in xs:
        d[x] = d.get(x, 0.5) + w * 2.0
        d[x] *= 1.5


@compile
def pair_counts(xs: list[int]) -> dict[tuple[int, int], int]:
    counts: dict[tuple[int, int], int] = {}
    for i in range(len(xs) - 1):
        a = xs[i]
        b = xs[i + 1]
        counts[a, b] = counts.get((a, b), 0) + 1
    return counts


@compile
def raising_operand(d: dict[int, int], k: int, n: int) -> None:
    d[k] = d.get(k, 0) + 100 // n


@compile
def raising_in_place(d: dict[int, int], k: int, n: int) -> None:
    d[k] += 100 // n


@compile
def const_key(d: dict[int, int]) -> None:
    d[3] += 1
    d[4] = d.get(4, 0) + 2


@compile
def aliased(d: dict[int, int], k: int) -> int:
    d2 = d
    d2[k] = d.get(k, 0) + 1
    d[k] += 1
    return d2[k]


@compile
def grows(n: int) -> dict[int, int]:
    d: dict[int, int] = {}
    for i in range(n):
        d[i * 8] = d.get(i * 8, 0) + i
        d[i * 8] += 1
    return d


@compile
def after_delete(d: dict[int, int], k: int) -> None:
    del d[k]
    d[k] = d.get(k, 0) + 7
    d[k + 8] = d.get(k + 8, 0) + 1


@compile
def overflow_get(d: dict[int, int], k: int, e: int) -> None:
    d[k] = d.get(k, 2**62) + e


@compile
def overflow_in_place(d: dict[int, int], k: int, e: int) -> None:
    d[k] *= e


def helper_changes(d: dict[int, int], k: int) -> int:
    d[k] = 1000
    return 1


@compile
def operand_changes_dict(d: dict[int, int], k: int) -> None:
    d[k] = d.get(k, 0) + helper_changes(d, k)
