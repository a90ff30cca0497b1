from hatch_pyaot import compile


@compile
def add_unnarrowed(x: int | str) -> int:
    return x + 1


@compile
def method_unnarrowed(x: int | str) -> str:
    return x.upper()


@compile
def order_unnarrowed(x: int | dict[str, int], y: int) -> bool:
    return x < y


@compile
def narrowing_ends(x: int | str) -> int:
    if isinstance(x, int):
        x = "now a str"
        return x + 1
    return 0


@compile
def loop_assigns(x: int | str, n: int) -> int:
    total = 0
    if isinstance(x, int):
        for i in range(n):
            total += x
            x = str(i)
    return total


@compile
def unannotated(flag: bool) -> int:
    v = 1
    if flag:
        v = "s"
    return 0


@compile
def five_members(x: int | str | float | bytes | bool) -> int:
    return 0


@compile
def unhashable_member(x: int | list[int]) -> int:
    return hash(x)


@compile
def never_equal(x: int | str, y: bytes) -> bool:
    return x == y


@compile
def spec_field(x: int | float) -> str:
    return f"{x:>8}"
