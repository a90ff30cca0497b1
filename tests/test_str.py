# ruff: noqa: RUF001  (the test strings are Unicode on purpose: confusable letters too)
"""str: CPython and the compiled module agree on values and on exception types and messages,
for every operation, on full Unicode (astral characters, combining marks, title-case
letters, final sigma, "ß" and other multi-character case mappings, scripts' digits).

Every kernel of kernels/str_kernels.py is compiled once for this file.
"""

from __future__ import annotations

import contextlib
import io
import math
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from support import Pair, build_pair
from test_lists import check

KERNELS = Path(__file__).parent / "kernels" / "str_kernels.py"
ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory) -> Pair:
    return build_pair(tmp_path_factory.mktemp("str"), "str_kernels", KERNELS)


TEXTS = ["", "a", "Hello, World!", "  spaced  out\t\n", "Straße", "ǅungla ǆ", "ΣΑΣ ΟΔΟΣ. σ",
         "İstanbul", "ﬁx ŉ", "✓ 😀 𝔘𝔫𝔦", "٣٤٥", "x\u0301y", "a,b,,c", "line1\nline2\r\nline3\r",
         "\x00\x1f\x7f\x85\u2028", "'quote\"", "ABC def Ghi", "１２３", "Ⅻ ½", "_id42 + 3.5*x"]

CASES: list[tuple[str, tuple[Any, ...]]] = []
CASES += [("top_words", ("The cat and the hat. The END, the end!", 3)), ("top_words", ("", 2))]
CASES += [("basics", (s, t)) for s in TEXTS[:8] for t in ("a", "", "Straße", "ΣΑΣ")]
CASES += [("item", (s, i)) for s in TEXTS for i in (0, 1, -1, 5, -30)]
CASES += [("slices", (s, a, b, c)) for s in TEXTS[2:12]
          for a, b, c in [(0, 3, 1), (1, -1, 2), (-3, 100, -1), (5, 1, -2)]]
CASES += [("slices", ("abc", 0, 1, 0))]
CASES += [("repeat", (s, n)) for s in ("ab", "", "😀") for n in (-1, 0, 3)]
CASES += [("chars", (s,)) for s in TEXTS] + [("codes", (s,)) for s in TEXTS]
CASES += [("from_codes", (xs,)) for xs in ([72, 105], [0x1F600, 0xD800], [-1], [0x110000], [])]
CASES += [("splits", (s, sep, n)) for s in TEXTS for sep in (",", " ", "ab") for n in (0, 1)]
CASES += [("splits", ("a,b", "", 1))]
CASES += [("lines", (s,)) for s in TEXTS]
CASES += [("join", (sep, parts)) for sep in ("", ", ", "✓")
          for parts in ([], ["a"], ["a", "b", "ß"])]
CASES += [("strips", (s, chars)) for s in TEXTS for chars in ("", " !.", "aS")]
CASES += [("replace", (s, old, new, n)) for s in TEXTS[:10] for old, new in
          [("a", "A"), ("", "-"), ("ß", "ss"), ("l", "")] for n in (0, 1, -1)]
CASES += [("search", (s, sub, a, b)) for s in TEXTS[:12] for sub in ("l", "", "ß", "zz")
          for a, b in [(0, 100), (2, 5), (-4, -1), (9, 2)]]
CASES += [("index", (s, sub)) for s in TEXTS[:6] for sub in ("l", "q")]
CASES += [("rindex", (s, sub)) for s in TEXTS[:6] for sub in ("l", "q")]
CASES += [("affixes", (s, p, a)) for s in TEXTS[:10] for p in ("H", "", "ld!", "Str")
          for a in (0, 2, -3, 50)]
CASES += [("partitions", (s, sep)) for s in TEXTS[:12] for sep in (",", "l", "Σ")]
CASES += [("partitions", ("abc", ""))]
CASES += [("cases", (s,)) for s in TEXTS]
CASES += [("pads", (s, w, f)) for s in ("ab", "-7", "+ß", "") for w in (-1, 0, 5, 6)
          for f in ("*", "✓")]
CASES += [("pads", ("ab", 5, "xy")), ("pads", ("ab", 5, ""))]
CASES += [("classes", (s,)) for s in [*TEXTS, "ABC", "abc", "Title Case", "ǅ", "½", "³", "٣",
                                       " ", "\t", "a1", "A1 B"]]
CASES += [("to_int", (s,)) for s in ["0", "-17", " +42 ", "1_000", "٣٤", "007", "1__0", "_1",
                                      "1_", "", " ", "4.5", "0x10", "9223372036854775807",
                                      "-9223372036854775808", "9223372036854775808", "١٢٣", "x"]]
CASES += [("to_float", (s,)) for s in ["0", "-1.5", " 2e10 ", "1_0.2_5", ".5", "5.", "inf",
                                        "-Infinity", "nAn", "1e400", "1e-400", "", ".", "e5",
                                        "1e", "1_e5", "٣.٥", "0x1p3", "1,5", "--1", "+.5e-3",
                                        "-0", "00012.50", "+7", "1.e3", "-.5", "1e22", "1e23",
                                        "9007199254740993", "123456789012345678901234",
                                        "0.0000000000000000000000001", "-", "+", ".e1", "1e+",
                                        "1.5 ", "1.5x", "7" * 70]]
CASES += [("texts", (n, x, b, s)) for n, x, b, s in [(0, 0.1, True, "a'b"), (-5, 1e16, False,
                                                     "\n✓\x00"), (2**62, -0.0, True, "")]]
CASES += [("fstrings", (name, x, n)) for name, x, n in [("Zoë", 3.14159, 42), ("", -0.5, -3),
                                                        ("toolongname", 1e21, 123456)]]
CASES += [("message", (s,)) for s in ("", "k", "ß✓")]
CASES += [("nul_message", (s, n)) for s in ("", "\x00", "x\x00y✓") for n in (0, 1)]
CASES += [("counts_of", (s,)) for s in TEXTS[:8]]
CASES += [("csv_line", (s,)) for s in ("1.5,2,,3e2", " 4 , 5.25", "", "1,x")]
CASES += [("sorted_words", (s,)) for s in TEXTS[:8]]
CASES += [("is_str", ("x", 3))]
CASES += [("tokens", (s,)) for s in ("x = foo_1 + 42*(y-3)", "", "αβ γ1 ٣")]
CASES += [("zero_padded", (x,)) for x in (math.inf, -math.inf, math.nan, 1.5, -0.0, 123456.789)]


@pytest.mark.parametrize(("func", "args"), CASES, ids=[f"{f}-{i}" for i, (f, _) in
                                                        enumerate(CASES)])
def test_same_as_cpython(pair: Pair, func: str, args: tuple[Any, ...]) -> None:
    check(pair, func, *args)


@pytest.mark.parametrize("words", [[], ["a", "ß'"]])
def test_print_writes_to_sys_stdout_as_python(pair: Pair, words: list[str]) -> None:
    outputs = []
    for module in (pair.python, pair.native):
        buffer = io.StringIO()
        with contextlib.redirect_stdout(buffer):
            result = module.shout(list(words), 3, 2.5)
        outputs.append((buffer.getvalue(), result))
    assert outputs[0] == outputs[1]


@pytest.mark.parametrize("n", [10**11, 2**62, 2**63 - 1])
def test_a_huge_repeat_is_a_memory_error(pair: Pair, n: int) -> None:
    with pytest.raises(MemoryError):
        pair.native.huge("ab", n)
    assert pair.native.huge("ab", 3) == pair.python.huge("ab", 3)


def test_wrong_types_are_type_errors(pair: Pair) -> None:
    with pytest.raises(TypeError, match=r"item\(\) argument 's' must be str, not int"):
        pair.native.item(3, 0)
    with pytest.raises(TypeError, match=r"argument 'parts\[1\]' must be str, not bytes"):
        pair.native.join(",", ["a", b"b"])


TEXT = st.text(alphabet=st.characters(codec=None), max_size=12)


@settings(max_examples=80, deadline=None)
@given(TEXT, TEXT, st.integers(-15, 15))
def test_hypothesis_unicode(pair: Pair, s: str, t: str, i: int) -> None:
    for func, args in [("cases", (s,)), ("classes", (s,)), ("strips", (s, t)),
                       ("splits", (s, t or ",", i)), ("search", (s, t, i, -i)),
                       ("basics", (s, t)), ("item", (s, i)), ("slices", (s, i, -i, i or 1)),
                       ("lines", (s,)), ("texts", (i, i / 7, i > 0, s)),
                       ("replace", (s, t, s[:1], i)), ("partitions", (s, t or "x")),
                       ("to_int", (s,)), ("to_float", (s,))]:
        check(pair, func, *args)


# Words sharing long prefixes and repeated, in each key shape of str_sort.hpp (ASCII, Latin-1,
# beyond): ties of the two key words, words that end inside the keys or go past them.
def _sort_words(letters: str) -> st.SearchStrategy[list[str]]:
    text = st.text(st.sampled_from(letters), max_size=8)
    return st.tuples(st.text(st.sampled_from(letters), max_size=22), st.lists(text, max_size=30),
                     st.lists(text, max_size=6)).map(
        lambda p: [p[0] + w for w in p[1] if p[0] + w] + [w for w in p[2] if w])


SORT_WORDS = st.sampled_from(["ab", "aé", "a𝄞"]).flatmap(_sort_words)


@settings(max_examples=60, deadline=None)
@given(SORT_WORDS)
def test_hypothesis_sorted_words(pair: Pair, words: list[str]) -> None:
    check(pair, "sorted_words", " ".join(words))


def test_unicode_tables_are_fresh() -> None:
    header = ROOT / "src/hatch_pyaot/cpp_runtime/include/pyaot/builtins/unicode_data.hpp"
    proc = subprocess.run([sys.executable, "-m", "hatch_pyaot.cpp_runtime.unicode_tables"],
                          capture_output=True, text=True, check=True, cwd=ROOT / "src")
    assert proc.stdout == header.read_text(encoding="utf-8"), (
        "unicode_data.hpp is stale: run `python -m hatch_pyaot.cpp_runtime.unicode_tables > "
        "src/hatch_pyaot/cpp_runtime/include/pyaot/builtins/unicode_data.hpp` in src/")
