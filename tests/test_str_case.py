# ruff: noqa: RUF001  (the test strings are Unicode on purpose)
"""str.lower/upper/casefold and sorted(s): CPython and the compiled module agree on text of
every kind the fast paths tell apart: ASCII, Latin-1, other scripts mapped one code point to
one, final and other sigmas, mappings to more code points ("İ", "ß", "ﬁ") at the start, the
middle and the end, astral letters, empty and one-character strings, and sorted() on either
side of the 64 code points sorted on the stack, and sep.join(sorted(s)) (one fused call).

Every kernel of kernels/str_case_kernels.py is compiled once for this file.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from support import Pair, build_pair
from test_lists import check

KERNELS = Path(__file__).parent / "kernels" / "str_case_kernels.py"


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory) -> Pair:
    return build_pair(tmp_path_factory.mktemp("str_case"), "str_case_kernels", KERNELS)


TEXTS = ["", "a", "A", "é", "É", "ÿ", "Ÿ", "ß", "İ", "Σ", "σ", "ς", "𐐀", "𐐨", "😀", "\u0345",
         "Hello World", "hello", "HELLO", "Straße", "STRASSE", "naïve CAFÉ über", "ÀÉÎÕÜ àéîõü",
         "ΣΟΦΙΑ", "ΟΔΟΣ", "ΟΔΟΣ.", "Σ.Α", "ΑΣ'Α", "ΑΣ", "aΣb", "ΣΣ", " Σ ",
         "İstanbul", "Kİ", "abcİ", "İİ", "ßa", "aß", "aßb", "ﬁx", "xﬁ", "ŉ", "ǅǄǆ",
         "Ⅻ ⅻ", "ＡＢＣ ａｂｃ", "𐐀𐐁 𐐨𐐩", "ДЖ дж", "ԱԲ աբ", "Ǆungla", "ΐ", "ﬀ", "ﬃ İ ß Σ",
         "x\u0301Σ", "1234", "Ω", "K", "Å", "ẞ", "ſ", "\U0001e900\U0001e922"]

CASES: list[tuple[str, tuple[Any, ...]]] = []
CASES += [("mapped", (s,)) for s in TEXTS]
CASES += [("mapped", (s * 40,)) for s in ("Straße ", "ΣΟΦΙΑ ", "aİ", "𐐀é")]
CASES += [("lowered_words", (" ".join(TEXTS),))]
LONG = "".join(chr(0x61 + (i * 7) % 26) for i in range(70))
CASES += [("sorted_letters", (s,)) for s in [*TEXTS, LONG[:63], LONG[:64], LONG[:65], LONG,
                                             "😀a" * 40, "z" * 64 + "a"]]
CASES += [("anagram_key", (s,)) for s in ["", "b", "listen", "silent", "ÉéE", "😀a", LONG]]
CASES += [("sorted_joined", (s, sep)) for s in ["", "b", "ba", "ÉéE", "😀a", LONG]
          for sep in ("", "-", ", ", "😀")]


@pytest.mark.parametrize(("func", "args"), CASES, ids=[f"{f}-{i}" for i, (f, _) in
                                                        enumerate(CASES)])
def test_same_as_cpython(pair: Pair, func: str, args: tuple[Any, ...]) -> None:
    check(pair, func, *args)


@pytest.mark.parametrize("char", ["", "a", "Z", "é", "ß", "İ", "Σ"])
def test_every_bmp_letter_around_one(pair: Pair, char: str) -> None:
    """Each code point of a block of scripts (Latin to Greek, Cyrillic, Armenian), alone
    and next to a character that maps to more, or to nothing different."""
    for base in range(0xB5, 0x590, 97):
        text = "".join(chr(c) for c in range(base, base + 97))
        check(pair, "mapped", text + char)
        check(pair, "mapped", char + text)


TEXT = st.text(alphabet=st.characters(codec=None), max_size=40)


@settings(max_examples=150, deadline=None)
@given(TEXT)
def test_hypothesis_unicode(pair: Pair, s: str) -> None:
    for func in ("mapped", "sorted_letters", "anagram_key", "lowered_words"):
        check(pair, func, s)
    check(pair, "sorted_joined", s, s[:2])
