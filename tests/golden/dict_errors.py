from hatch_pyaot import compile


@compile
def list_key(x: int) -> int:
    d = {[x]: 1}
    return len(d)


@compile
def set_of_lists(x: int) -> int:
    s = set()
    s.add([x])
    return len(s)


@compile
def list_key_param(d: dict[list[int], int]) -> int:
    return len(d)


@compile
def get_without_default(d: dict[int, int], k: int) -> int:
    return d.get(k)


@compile
def wrong_value(d: dict[int, float], k: int) -> None:
    d[k] = k


@compile
def float_probe(d: dict[int, int], x: float) -> bool:
    return x in d


@compile
def bad_method(s: set[int]) -> None:
    s.append(3)


@compile
def ordered_dicts(d: dict[int, int], e: dict[int, int]) -> bool:
    return d < e


@compile
def stored_view(d: dict[int, int]) -> int:
    ks = d.keys()
    return 0


@compile
def untellable(x: int) -> int:
    t = ([], x)
    t[0].append(3)
    return 0


@compile
def frozen_add(s: frozenset[int]) -> None:
    s.add(1)


def _count_into(d, xs: list[int]) -> None:
    for x in xs:
        d[x] = d.get(x, 0) + 1


@compile
def filled_by_unannotated(xs: list[int]) -> int:
    d = {}
    _count_into(d, xs)
    return len(d)
