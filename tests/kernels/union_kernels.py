"""Small union (``int | str`` and friends) kernels for tests/test_unions.py."""

from typing import Optional, Union

from hatch_pyaot import compile


class Point:
    def __init__(self, x: int, y: int) -> None:
        self.x = x
        self.y = y


@compile
def echo(x: int | str) -> int | str:
    return x


@compile
def echo3(x: Union[int, float, str]) -> Union[int, float, str]:
    return x


@compile
def describe(x: int | str) -> str:
    if isinstance(x, int):
        return "int " + str(x * 2)
    return "str " + x.upper()


@compile
def early(x: int | str | None) -> int:
    if x is None:
        return -1
    if isinstance(x, str):
        return len(x)
    return x + 100


@compile
def tuple_check(x: int | str | bytes) -> int:
    if isinstance(x, (int, str)):
        return 1
    return len(x)


@compile
def negated(x: float | str) -> float:
    if not isinstance(x, float):
        return float(len(x))
    return x / 2


@compile
def both(x: int | str, y: int | str) -> int:
    if isinstance(x, int) and isinstance(y, int):
        return x + y
    return 0


@compile
def parse(s: str) -> int | str:
    if s.isdigit():
        return int(s)
    return s


@compile
def assigned(flag: bool) -> int | str:
    v: int | str = 0
    if flag:
        v = "yes"
    else:
        v = 7
    return v


@compile
def text(x: int | float | str | None) -> str:
    return str(x) + "|" + repr(x) + "|" + f"<{x}>" + f"{x!r}"


@compile
def equal(x: int | str, y: int | float) -> tuple[bool, bool, bool]:
    return x == y, x != 3, x == "a"


@compile
def count_kinds(xs: list[int | str]) -> tuple[int, int, int]:
    ints = 0
    total = 0
    for x in xs:
        if isinstance(x, int):
            ints += 1
            total += x
        else:
            total += len(x)
    return ints, len(xs) - ints, total


@compile
def split_mixed(words: list[str]) -> list[int | str]:
    out: list[int | str] = []
    for w in words:
        if w.isdigit():
            out.append(int(w))
        else:
            out.append(w)
    return out


@compile
def contains(xs: list[int | str], x: int | str) -> bool:
    return x in xs


@compile
def mixed_keys(xs: list[int | str]) -> dict[int | str, int]:
    counts: dict[int | str, int] = {}
    for x in xs:
        counts[x] = counts.get(x, 0) + 1
    return counts


@compile
def uniques(xs: list[int | str]) -> int:
    return len(set(xs))


@compile
def values_sum(d: dict[str, int | float]) -> float:
    total = 0.0
    for v in d.values():
        if isinstance(v, int):
            total += v * 10
        else:
            total += v
    return total


@compile
def hashed(x: int | str) -> bool:
    return hash(x) == hash(x)


@compile
def matched(x: int | str | list[int]) -> str:
    match x:
        case int():
            return "int " + str(x + 1)
        case str():
            return "str " + x
        case _:
            return "list " + str(len(x))


@compile
def ternary(x: int | str) -> int:
    return x * 3 if isinstance(x, int) else len(x)


@compile
def mutate(x: list[int] | str) -> int:
    if isinstance(x, list):
        x.append(99)
        return len(x)
    return -1


@compile
def shout(x: int | str) -> None:
    print(x, [x])


@compile
def point_or_int(p: Point | int) -> int:
    if isinstance(p, Point):
        return p.x + p.y
    return p


@compile
def opt_union(x: Optional[int | str]) -> str:
    if x is not None:
        return str(x) + "!"
    return "none"


@compile
def bool_member(x: bool | int) -> str:
    if isinstance(x, bool):
        return "bool"
    return "int"


@compile
def widen(x: int | str, flag: bool) -> int | str | None:
    if flag:
        return None
    return x


@compile
def bump(x: int | str) -> int | str:
    if isinstance(x, int):
        x += 10
        x = x * 2
        return x
    x = x + "!"
    return x


@compile
def loop_safe(xs: list[int | str]) -> str:
    last: int | str = 0
    out = ""
    for x in xs:
        if isinstance(last, int):
            out += str(last + 1)
        last = x
    return out + str(last)


@compile
def skip_ints(xs: list[int | str]) -> str:
    out = ""
    for x in xs:
        if not isinstance(x, str):
            continue
        out += x.upper()
    return out


@compile
def guarded(x: int | str | None) -> int:
    if x is not None and isinstance(x, int) and x > 2:
        return x
    return 0


@compile
def has_word(xs: list[int | str], w: str) -> bool:
    return w in xs and w not in xs[:1]


@compile
def exact_type(x: int | str | bool) -> str:
    if type(x) is str:
        return x.upper()
    if type(x) == int:
        return str(x + 1)
    if int is type(x):
        return "unreachable"
    return "bool " + str(x)


@compile
def exact_not(x: int | str, flag: bool) -> int:
    if type(x) is not int:
        return len(x)
    return x + (type(flag) is int) + 2 * (type(flag) != int) + 4 * (type(x) != str)


@compile
def exact_class(p: Point) -> bool:
    return type(p) == Point and type(p) is not int


@compile
def mixed_literals(c: bool) -> tuple[list[int | str], dict[str, int | str], int | str]:
    xs: list[int | str] = [1, "a", 2 if c else "b"]
    d: dict[str, int | str] = {"n": len(xs), "s": "x"}
    v: int | str = 1 if c else "a"
    return xs, d, v


@compile
def mixed_result(c: bool) -> dict[int | str, list[int | str | None]]:
    if c:
        return {1: [None, "a"], "k": []}
    return {"z": [3 if c else "y"]}


@compile
def mixed_set(n: int) -> int:
    s: set[int | str] = {n, "a", n % 2, str(n)}
    return len(s)


@compile
def mixed_cond(x: int) -> int | str:
    return x if x > 0 else "none"


@compile
def joined(x: int | str) -> int:
    if isinstance(x, int):
        pass
    else:
        x = len(x) * 10
    return x + 1


@compile
def joined_opt(x: int | str | None, flag: bool) -> str:
    if x is None:
        x = "none" if flag else 0
    if isinstance(x, str):
        out = x.upper()
    elif x > 3:
        out = "big"
    else:
        x = "small"
        out = x
    return out + str(x)


@compile
def reassigned(x: int | str) -> str:
    if isinstance(x, int):
        x = "was " + str(x)
    else:
        return "str"
    return x.upper()


@compile
def ordered(x: int | float | str, y: int | str) -> tuple[bool, bool, bool, bool, bool]:
    return x < y, x <= y, x > y, x >= y, y < 2


@compile
def sorted_mixed(xs: list[int | float | bool | str],
                 reverse: bool) -> list[int | float | bool | str]:
    return sorted(xs, reverse=reverse)


@compile
def min_max(xs: list[int | float | bool | str]) -> tuple[int | float | bool | str,
                                                         int | float | bool | str]:
    return min(xs), max(xs)
