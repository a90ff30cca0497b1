from hatch_pyaot import compile


@compile
def evens(xs: list[int]) -> list[int]:
    out = []
    for x in xs:
        if x % 2 == 0:
            out.append(x)
    return out


@compile
def swap_ends(xs: list[float]) -> None:
    xs[0], xs[-1] = xs[-1], xs[0]


@compile
def squares(n: int) -> list[list[int]]:
    return [[i * j for j in range(i)] for i in range(n)]
