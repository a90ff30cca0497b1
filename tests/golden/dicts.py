from hatch_pyaot import compile


@compile
def counts(xs: list[int]) -> dict[int, int]:
    out = {}
    for x in xs:
        out[x] = out.get(x, 0) + 1
    return out


@compile
def pairs(d: dict[int, float]) -> list[tuple[int, float]]:
    return [(k, v) for k, v in d.items() if k in d]


@compile
def unique(xs: list[int]) -> set[int]:
    seen = {x for x in xs}
    seen.discard(0)
    return seen | {1}
