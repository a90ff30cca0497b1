"""bytes: CPython and the compiled module agree on values and on exception types and messages
(UnicodeEncodeError and UnicodeDecodeError with CPython's ranges and reasons) for literals,
indexing, slicing, operators, iteration, bytes(...), hex(), str.encode() and bytes.decode()
with the utf-8, ascii and latin-1 codecs, and bytes in lists, dicts and sets.

Every kernel of kernels/bytes_kernels.py is compiled once for this file.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from support import Pair, build_pair
from test_lists import check

KERNELS = Path(__file__).parent / "kernels" / "bytes_kernels.py"


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory) -> Pair:
    return build_pair(tmp_path_factory.mktemp("bytes"), "bytes_kernels", KERNELS)


DATA = [b"", b"a", b"abc", b"\x00\xff\x80", b"hello world", b"caf\xc3\xa9", b"\xe2\x82\xac!",
        b"\xf0\x9f\x98\x80", b"'\"\\\t\n"]
BAD_UTF8 = [b"\xff", b"a\xe2\x82", b"\xe2\x28\xa1", b"\xed\xa0\x80", b"\xf0\x9f\x98",
            b"\xf4\x90\x80\x80", b"\xc0\xaf", b"ok\xc3", b"\xe0\x80\x80", b"\xf0\x80\x80\x80",
            b"\xc3\x28", b"\xf1\x80\x28\x80"]
TEXTS = ["", "plain", "héllo", "€uro", "x😀y", "a\udc80b\udc81c", "\udcff", "ÿ", "Straße"]
CODECS = ["utf-8", "ascii", "latin-1", "UTF8", "Latin_1", "us-ascii", "iso8859-1", "nope"]
ERRORS = ["strict", "ignore", "replace", "bogus"]

CASES: list[tuple[str, tuple[Any, ...]]] = []
CASES += [("basics", (a, b)) for a in DATA[:6] for b in (b"", b"a", b"bc", b"\xff")]
CASES += [("item", (b, i)) for b in DATA[:5] for i in (0, 2, -1, 7, -9)]
CASES += [("slices", (b, a, z, s)) for b in DATA[2:6]
          for a, z, s in [(0, 2, 1), (1, -1, 2), (-2, 100, -1), (5, 0, -2), (0, 1, 0)]]
CASES += [("repeat", (b, n)) for b in (b"ab", b"") for n in (-1, 0, 3)]
CASES += [("ints", (b,)) for b in DATA]
CASES += [("has", (b, x)) for b in DATA[:5] for x in (0, 97, 255, 256, -1)]
CASES += [("made", (xs, n)) for xs, n in [([], 0), ([0, 65, 255], 2), ([256], 1), ([-1], 0),
                                         ([1], -1)]]
CASES += [("hexed", (b,)) for b in DATA]
CASES += [("encode", (s, c, e)) for s in TEXTS for c in CODECS for e in ERRORS]
CASES += [("encode_default", (s,)) for s in TEXTS]
CASES += [("decode", (b, c, e)) for b in DATA + BAD_UTF8 for c in CODECS[:3] for e in ERRORS]
CASES += [("decode", (b"\xff", "nope", "strict")), ("round_trip", ("x😀ß",))]
CASES += [("counts", (items,)) for items in ([], [b"a", b"b", b"a", b"\xff", b""])]
CASES += [("caught", (b,)) for b in (b"ok", b"\x80")]
CASES += [("caught_as_value_error", (s,)) for s in ("ok", "é")]
CASES += [("which", (b"x",))]


@pytest.mark.parametrize(("func", "args"), CASES, ids=[f"{f}-{i}" for i, (f, _) in
                                                        enumerate(CASES)])
def test_same_as_cpython(pair: Pair, func: str, args: tuple[Any, ...]) -> None:
    check(pair, func, *args)


def _raised(fn: Any, *args: Any) -> BaseException:
    with pytest.raises(UnicodeError) as info:
        fn(*args)
    return info.value


@pytest.mark.parametrize(("func", "args"), [("decode", (b, "utf-8", "strict")) for b in BAD_UTF8]
                         + [("decode", (b"a\x80", "ascii", "strict")),
                            ("encode", ("a\udc80\udc81b", "utf-8", "strict")),
                            ("encode", ("x€😀", "latin-1", "strict")),
                            ("encode", ("é", "ascii", "strict"))])
def test_unicode_errors_are_cpythons(pair: Pair, func: str, args: tuple[Any, ...]) -> None:
    """The exception's str() and its five arguments (encoding, object, start, end, reason)."""
    expected = _raised(getattr(pair.python, func), *args)
    got = _raised(getattr(pair.native, func), *args)
    assert type(got) is type(expected)
    assert str(got) == str(expected)
    assert got.args == expected.args


def test_wrong_types_are_type_errors(pair: Pair) -> None:
    with pytest.raises(TypeError, match=r"hexed\(\) argument 'b' must be bytes, not str"):
        pair.native.hexed("ab")
    with pytest.raises(TypeError, match=r"must be bytes, not bytearray"):
        pair.native.hexed(bytearray(b"ab"))


@settings(max_examples=60, deadline=None)
@given(st.binary(max_size=12), st.binary(max_size=3), st.integers(-14, 14))
def test_hypothesis_bytes(pair: Pair, b: bytes, c: bytes, i: int) -> None:
    for func, args in [("basics", (b, c)), ("item", (b, i)), ("slices", (b, i, -i, i or 1)),
                       ("has", (b, i * 19)), ("hexed", (b,)), ("decode", (b, "utf-8", "strict")),
                       ("decode", (b, "utf-8", "replace")), ("decode", (b, "ascii", "ignore"))]:
        check(pair, func, *args)


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet=st.characters(codec=None), max_size=10))
def test_hypothesis_encode(pair: Pair, s: str) -> None:
    for codec in ("utf-8", "ascii", "latin-1"):
        for errors in ("strict", "replace", "ignore"):
            check(pair, "encode", s, codec, errors)
    check(pair, "round_trip", s.encode("utf-8", "replace").decode("utf-8"))
