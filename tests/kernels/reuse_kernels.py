"""Kernels of tests/test_value_reuse.py: strings that came in going back out (the Python str
they came from, pyaot/python/str.hpp) and dict stores after a lookup of the same key (one
probe, pyaot/builtins/dict.hpp's remembered probe)."""

from hatch_pyaot import compile


@compile
def echo(s: str) -> str:
    return s


@compile
def echo_pieces(s: str) -> list[str]:
    """The argument, its stripped self (the same string when nothing is stripped), a copy
    made here, and a slice of all of it."""
    return [s, s.strip(), s + "", s[:], s + "!"]


@compile
def key_counts(words: list[str]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for w in words:
        counts[w] = counts.get(w, 0) + 1
    return counts


@compile
def grow_words(words: list[str], extra: str) -> list[str]:
    """The argument list changed in place: an item moved, one replaced, one added."""
    if words:
        words.append(words[0])
        words[0] = extra
    words.append(extra + extra)
    return sorted(words)


@compile
def keep_and_drop(words: list[str]) -> tuple[str, int]:
    """Strings that came in, dropped and kept in the function's own containers."""
    kept: list[str] = []
    for w in words:
        if len(w) % 2 == 0:
            kept.append(w)
    words.clear()
    return ("".join(kept), len(kept))


@compile
def mixed_counts(xs: list[int | str]) -> dict[int | str, int]:
    counts: dict[int | str, int] = {}
    for x in xs:
        counts[x] = counts.get(x, 0) + 1
    return counts


@compile
def dict_program(codes: list[int], keys: list[int]) -> list[int]:
    """A program of dict operations on one dict: what each one read, then the items in
    their order. Keys such as -1 and -2, or k and k + 2**61 - 1, hash alike."""
    d: dict[int, int] = {}
    log: list[int] = []
    for i in range(len(codes)):
        code = codes[i]
        k = keys[i]
        if code == 0:
            d[k] = d.get(k, 0) + 1
        elif code == 1:
            if k in d:
                d[k] += 10
                log.append(d[k])
            else:
                log.append(-1)
        elif code == 2:
            log.append(d.pop(k, -5))
        elif code == 3:
            log.append(d.setdefault(k, 7))
        elif code == 4:
            log.append(d.get(k, -9))
        elif code == 5:
            if d:
                key, value = d.popitem()
                log.append(key)
                log.append(value)
        elif code == 6:
            d[k] = i
        else:
            if k in d:
                del d[k]
    for key, value in d.items():
        log.append(key)
        log.append(value)
    return log


@compile
def group_lists(xs: list[int], m: int) -> dict[int, list[int]]:
    groups: dict[int, list[int]] = {}
    for x in xs:
        groups.setdefault(x % m, []).append(x)
    return groups
