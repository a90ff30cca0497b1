from hatch_pyaot import compile


@compile
def mixed(x: int) -> list[float]:
    return [x, 1.5]


@compile
def wrong_item(xs: list[float], n: int) -> None:
    xs.append(n)


@compile
def bad_method(xs: list[int]) -> None:
    xs.push(3)


@compile
def bad_index(xs: list[int], f: float) -> int:
    return xs[f]


@compile
def empty_max() -> int:
    xs = []
    return max(xs)
