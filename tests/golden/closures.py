from hatch_pyaot import compile


def apply(f, x: int) -> int:
    return f(x)


@compile
def closures(n: int) -> int:
    total = 0
    k = 3

    def add(v: int) -> None:
        nonlocal total
        total += v

    for i in range(n):
        add(apply(lambda x: x * k, i))
    return total
