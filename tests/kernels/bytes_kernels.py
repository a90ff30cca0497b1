"""Kernels on bytes for tests/test_bytes.py: compiled once, run by CPython and compiled."""

from hatch_pyaot import compile


@compile
def basics(b: bytes, c: bytes) -> tuple[int, bool, bool, bool, bool, bool, bytes, bytes]:
    return len(b), b == c, b != c, b < c, b >= c, c in b, b + c, b"<" + b + b"\x00\xff>"


@compile
def item(b: bytes, i: int) -> int:
    return b[i]


@compile
def slices(b: bytes, start: int, stop: int, step: int) -> tuple[bytes, bytes, bytes, bytes]:
    return b[start:stop:step], b[start:], b[:stop], b[::-1]


@compile
def repeat(b: bytes, n: int) -> tuple[bytes, bytes]:
    return b * n, n * b


@compile
def ints(b: bytes) -> tuple[int, list[int], list[int]]:
    total = 0
    for x in b:
        total += x
    return total, list(b), [x ^ 0x20 for x in b]


@compile
def has(b: bytes, x: int) -> tuple[bool, bool]:
    return x in b, x not in b


@compile
def made(xs: list[int], n: int) -> tuple[bytes, bytes, bytes, bool]:
    return bytes(xs), bytes(n), bytes(), bool(bytes(n))


@compile
def hexed(b: bytes) -> str:
    return b.hex()


@compile
def encode(s: str, encoding: str, errors: str) -> bytes:
    return s.encode(encoding, errors)


@compile
def encode_default(s: str) -> tuple[bytes, bytes]:
    return s.encode(), s.encode("latin-1", errors="replace")


@compile
def decode(b: bytes, encoding: str, errors: str) -> str:
    return b.decode(encoding, errors)


@compile
def round_trip(s: str) -> str:
    return s.encode("utf-8").decode()


@compile
def counts(items: list[bytes]) -> tuple[dict[bytes, int], list[bytes], int]:
    seen: dict[bytes, int] = {}
    for b in items:
        seen[b] = seen.get(b, 0) + 1
    return seen, sorted(set(items)), len({b[:1] for b in items})


@compile
def caught(b: bytes) -> str:
    try:
        return b.decode("ascii")
    except UnicodeDecodeError:
        return "bad"


@compile
def caught_as_value_error(s: str) -> int:
    try:
        return len(s.encode("ascii"))
    except ValueError:
        return -1


@compile
def which(b: bytes) -> tuple[bool, bool]:
    return isinstance(b, bytes), isinstance(b, str)
