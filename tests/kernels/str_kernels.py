"""str kernels for tests/test_str.py: every str operation the compiler supports."""

from hatch_pyaot import compile


@compile
def top_words(text: str, k: int) -> list[tuple[str, int]]:
    words: list[str] = []
    for w in text.lower().split():
        w = w.strip(".,;:!?")
        if w:
            words.append(w)
    words.sort()
    out: list[tuple[str, int]] = []
    for w in words:
        if out and out[-1][0] == w:
            out[-1] = (w, out[-1][1] + 1)
        else:
            out.append((w, 1))
    return out[:k]


@compile
def basics(s: str, t: str) -> tuple[int, str, bool, bool, bool, bool, bool]:
    return len(s), s + t, s == t, s != t, s < t, s >= t, t in s


@compile
def item(s: str, i: int) -> str:
    return s[i]


@compile
def slices(s: str, a: int, b: int, c: int) -> tuple[str, str, str, str]:
    return s[a:b], s[a:], s[::c], s[a:b:c]


@compile
def repeat(s: str, n: int) -> tuple[str, str]:
    return s * n, n * s


@compile
def chars(s: str) -> list[str]:
    out = []
    for c in s:
        out.append(c)
    return out


@compile
def codes(s: str) -> list[int]:
    return [ord(c) for c in s]


@compile
def from_codes(xs: list[int]) -> str:
    return "".join([chr(x) for x in xs])


@compile
def splits(s: str, sep: str, n: int) -> tuple[list[str], list[str], list[str], list[str],
                                             list[str], list[str]]:
    return s.split(), s.split(None, n), s.split(sep), s.split(sep, n), s.rsplit(None, n), \
        s.rsplit(sep, n)


@compile
def lines(s: str) -> tuple[list[str], list[str]]:
    return s.splitlines(), s.splitlines(True)


@compile
def join(sep: str, parts: list[str]) -> str:
    return sep.join(parts)


@compile
def strips(s: str, chars: str) -> tuple[str, str, str, str, str, str]:
    return s.strip(), s.lstrip(), s.rstrip(), s.strip(chars), s.lstrip(chars), s.rstrip(chars)


@compile
def replace(s: str, old: str, new: str, n: int) -> tuple[str, str]:
    return s.replace(old, new), s.replace(old, new, n)


@compile
def search(s: str, sub: str, a: int, b: int) -> tuple[int, int, int, int, int]:
    return s.find(sub), s.rfind(sub), s.find(sub, a, b), s.count(sub), s.count(sub, a, b)


@compile
def index(s: str, sub: str) -> int:
    return s.index(sub)


@compile
def rindex(s: str, sub: str) -> int:
    return s.rindex(sub)


@compile
def affixes(s: str, p: str, a: int) -> tuple[bool, bool, bool, bool, bool]:
    return s.startswith(p), s.endswith(p), s.startswith(p, a), s.startswith((p, "x")), \
        s.endswith(("ab", p), a, a + 3)


@compile
def partitions(s: str, sep: str) -> tuple[tuple[str, str, str], tuple[str, str, str]]:
    return s.partition(sep), s.rpartition(sep)


@compile
def cases(s: str) -> list[str]:
    return [s.upper(), s.lower(), s.title(), s.capitalize(), s.swapcase(), s.casefold()]


@compile
def pads(s: str, w: int, fill: str) -> tuple[str, str, str, str]:
    return s.center(w, fill), s.ljust(w, fill), s.rjust(w), s.zfill(w)


@compile
def classes(s: str) -> list[bool]:
    return [s.isdigit(), s.isalpha(), s.isalnum(), s.isspace(), s.isupper(), s.islower(),
            s.isnumeric(), s.isdecimal(), s.istitle(), s.isascii(), s.isprintable()]


@compile
def to_int(s: str) -> int:
    return int(s)


@compile
def to_float(s: str) -> float:
    return float(s)


@compile
def texts(n: int, x: float, b: bool, s: str) -> tuple[str, str, str, str, str, str]:
    return str(n), str(x), str(b), repr(s), repr(x), str()


@compile
def fstrings(name: str, x: float, n: int) -> str:
    return f"{name:>8}|{name:<6}|{x:.2f}|{n:05d}|{name!r}|{name}!"


@compile
def message(s: str) -> int:
    if not s:
        raise ValueError("empty: " + repr(s))
    raise KeyError(s)


@compile
def counts_of(s: str) -> list[tuple[str, int]]:
    """Character counts in order of first appearance."""
    seen: list[str] = []
    counts: list[int] = []
    for c in s:
        if c in seen:
            counts[seen.index(c)] += 1
        else:
            seen.append(c)
            counts.append(1)
    return [(seen[i], counts[i]) for i in range(len(seen))]


@compile
def csv_line(line: str) -> list[float]:
    return [float(field) for field in line.split(",") if field.strip()]


@compile
def sorted_words(s: str) -> tuple[list[str], list[str]]:
    return sorted(s.split()), sorted(s)


@compile
def is_str(s: str, n: int) -> tuple[bool, bool]:
    return isinstance(s, str), isinstance(n, str)


@compile
def tokens(s: str) -> list[str]:
    """Identifiers, numbers and single symbols, as a small tokenizer would."""
    out: list[str] = []
    i = 0
    while i < len(s):
        c = s[i]
        if c.isspace():
            i += 1
        elif c.isalpha() or c == "_":
            j = i
            while j < len(s) and (s[j].isalnum() or s[j] == "_"):
                j += 1
            out.append(s[i:j])
            i = j
        elif c.isdigit():
            j = i
            while j < len(s) and s[j].isdigit():
                j += 1
            out.append(s[i:j])
            i = j
        else:
            out.append(c)
            i += 1
    return out


@compile
def shout(words: list[str], n: int, x: float) -> str:
    print("words:", words, n, x, None, True)
    print(words[0] if words else "", "x", sep="")
    print((n,), (n, "a"), [[1.5], []], end="")
    print()
    return str(words) + repr((n, x)) + str([(1, "b")])


@compile
def huge(s: str, n: int) -> int:
    """A repeat too large for memory is a MemoryError, as in CPython (never an abort)."""
    return len(s * n) + len([0] * n) + len(s.center(n))


@compile
def zero_padded(x: float) -> str:
    return f"{x:08.3f}|{x:+010.1e}|{x:08g}|{x:07.1%}|{x: 09.2f}|{x:06.1F}"


@compile
def nul_message(s: str, n: int) -> int:
    """Found by the fuzzer: a message was cut at its first NUL (C strings)."""
    assert n > 0, f"<{s}|{n}>"
    raise ValueError("a\x00b" + s)
