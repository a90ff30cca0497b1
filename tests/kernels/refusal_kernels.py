"""What a new user's programs met refused most often (the acceptance run's list), compiled:
generator expressions given to the builtins and methods that consume them."""

import enum
import heapq
from collections import Counter
from collections.abc import Callable

from hatch_pyaot import compile


@compile
def counter_of_generator(words: list[str]) -> dict[str, int]:
    return dict(Counter(w.lower() for w in words if w))


@compile
def extend_with_generator(xs: list[int], ys: list[int]) -> list[int]:
    xs.extend(10 // y for y in ys)  # a ZeroDivisionError leaves the items before it
    return xs


@compile
def extend_nested(xs: list[int], n: int) -> int:
    xs.extend(i * j for i in range(n) if i % 2 == 0 for j in range(i))
    return len(xs)


@compile
def update_set_with_generator(s: set[int], ys: list[int]) -> set[int]:
    s.update(100 // y for y in ys)
    return s


@compile
def update_dict_with_generator(d: dict[str, int], ks: list[str]) -> dict[str, int]:
    d.update((k, len(k)) for k in ks if k != "stop")
    return d


@compile
def update_counter_with_generator(text: str) -> list[tuple[str, int]]:
    c: Counter[str] = Counter()
    c.update(ch for ch in text if ch.isalpha())
    return c.most_common()


@compile
def dict_of_generator(ks: list[str]) -> dict[str, int]:
    return dict((k, i) for i, k in enumerate(ks))


@compile
def join_of_generator(xs: list[int]) -> str:
    return "-".join(str(x * x) for x in xs)


@compile
def max_with_default(xs: list[int]) -> int:
    return max((x * 2 for x in xs if x > 0), default=-1)


@compile
def min_with_default_and_key(words: list[str]) -> str:
    return min((w for w in words), key=len, default="none")


@compile
def max_with_key(words: list[str]) -> str:
    return max((w.upper() for w in words), key=lambda w: (len(w), w))


@compile
def starred_list(a: list[int], b: list[int]) -> list[int]:
    return [*a, 0, *b, *range(2)]


@compile
def starred_set(a: list[int], b: tuple[int, int]) -> set[int]:
    return {*a, *b, 9}


@compile
def starred_strings(s: str, words: list[str]) -> list[str]:
    return [*s, *words]


@compile
def print_starred(xs: list[int], words: list[str]) -> None:
    print(*xs)
    print("n:", *xs, sep=", ", end="!\n")
    print(*words, 1.5, None, sep=None)
    print(*[(x, str(x)) for x in xs])


@compile
def tuple_texts(a: int, s: str, x: float) -> list[str]:
    t = (a, s)
    one = (x,)
    pairs = [t, (a + 1, s + "'")]
    return [f"{t}", f"{one}", f"<{t!r}|{pairs}>", str(t), repr(one), str(pairs), repr(pairs),
            f"{()}", str([(None, True)])]


@compile
def dict_texts(d: dict[str, tuple[int, str]], s: set[int], n: int) -> list[str]:
    nested = {n: [d], -n: []}
    empty: dict[str, int] = {}
    none: set[int] = set()
    return [str(d), f"{d}", repr(d), f"{nested}", str(empty), str(s), f"{none}",
            f"{frozenset(s)}", str(frozenset(none)), repr({1.5: s})]


@compile
def match_ends_function(cmd: str, x: int) -> int:
    match cmd.split():
        case ["add", n]:
            return x + int(n)
        case ["neg"]:
            return -x
        case _:
            raise ValueError(f"bad command {cmd!r}")


@compile
def match_nested_chain(x: int) -> str:
    if x > 0:
        if x > 10:
            return "big"
        else:
            return "small"
    elif x == 0:
        return "zero"
    else:
        match x:
            case -1:
                return "minus one"
            case other:
                return str(other)


@compile
def match_union_members(x: int | str) -> str:
    match x:
        case int():
            return "int"
        case str():
            return "str " + x

@compile
def builtin_exceptions(s: str, k: int) -> str:
    try:
        if k == 0:
            raise SyntaxError(s)
        if k == 1:
            raise FileNotFoundError("no such file: " + s)
        if k == 2:
            raise PermissionError(s)
        if k == 3:
            raise TimeoutError(s)
        if k == 4:
            raise ConnectionError(s)
        if k == 5:
            raise UnicodeError(s)
        if k == 6:
            raise EOFError(s)
        if k == 7:
            raise BufferError(s)
        if k == 8:
            raise LookupError(s)
        if k == 9:
            raise ArithmeticError(s)
        if k == 10:
            raise AssertionError(s)
        if k == 11:
            raise FileExistsError(s)
    except OSError as e:
        return "os " + type(e).__name__ + " " + str(e)
    except (ValueError, SyntaxError) as e:
        return "vs " + type(e).__name__ + " " + repr(e)
    except Exception as e:
        return "ex " + type(e).__name__ + " " + str(e)
    return "none"


@compile
def raise_builtin(k: int) -> int:
    if k == 0:
        raise SyntaxError("bad syntax")
    if k == 1:
        raise OSError("os")
    return k


class Shape:
    def name(self) -> str:
        return type(self).__name__

    def area(self) -> float:
        return 0.0


class Square(Shape):
    def __init__(self, side: float) -> None:
        self.side = side

    def area(self) -> float:
        return self.side * self.side


@compile
def class_names(square: bool, side: float) -> list[str]:
    s: Shape = Square(side) if square else Shape()
    return [s.name(), type(s).__name__, s.__class__.__name__, f"{type(s).__name__}={s.area()}"]


def double(x: int) -> int:
    return 2 * x


def inc(x: int) -> int:
    return x + 1


@compile
def function_table(k: str, v: int) -> int:
    ops: dict[str, Callable[[int], int]] = {"double": double, "inc": inc}
    return ops[k](v)


@compile
def lambda_table(k: str, v: int) -> int:
    ops = {"double": double, "neg": lambda x: -x, "sq": lambda x: x * x}
    return ops[k](v) if k in ops else ops["neg"](v)


@compile
def smallest(xs: list[float], n: int) -> list[float]:
    return heapq.nsmallest(n, xs)


@compile
def largest(xs: list[float], n: int) -> list[float]:
    return heapq.nlargest(n, xs)


@compile
def smallest_by(pairs: list[tuple[str, float]], n: int) -> list[tuple[str, float]]:
    return heapq.nsmallest(n, pairs, key=lambda p: p[1])


def word_length(w: str) -> int:
    return len(w)


@compile
def largest_by(words: list[str], n: int) -> list[str]:
    return heapq.nlargest(n, words, key=word_length)


@compile
def largest_by_tuple(words: list[str], n: int) -> list[str]:
    """A tuple key: heapq compares (key, order, item) tuples, a tuple inside a tuple."""
    return heapq.nlargest(n, words, key=lambda w: (len(w), w))


class Light(enum.Enum):
    RED = 1
    AMBER = 2
    GREEN = 3


@compile
def match_every_member(light: Light, wait: int) -> str:
    match light:
        case Light.RED:
            return "stop"
        case Light.AMBER:
            return "wait " + str(wait)
        case Light.GREEN:
            return "go"


@compile
def match_irrefutable_sequence(p: tuple[int, str]) -> str:
    match p:
        case (0, s):
            return s
        case (n, s):
            return s * n
