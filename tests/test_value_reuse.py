"""Strings that came in from CPython go back out as those Python strs (an INCREF, no new
object hashed again), and a dict store after a lookup of the same key probes once: the
values, their types and what the call left in its arguments are CPython's.

Every kernel of kernels/reuse_kernels.py is compiled once for this file.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from support import Pair, build_pair, check_copies

KERNELS = Path(__file__).parent / "kernels" / "reuse_kernels.py"
M61 = 2**61 - 1
"""ints k and k + M61 hash alike (CPython's modulus), as -1 and -2 do."""


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory) -> Pair:
    return build_pair(tmp_path_factory.mktemp("reuse"), "reuse_kernels", KERNELS)


class Text(str):
    """A str subclass: what comes back out is a str with its text."""


TEXTS = ["", "a", "é", "✓", "🐍", "word", " padded ", "Straße", "x" * 300, "mixed ✓ 🐍 text"]
CASES: list[tuple[str, tuple[Any, ...]]] = []
CASES += [("echo", (s,)) for s in TEXTS]
CASES += [("echo_pieces", (s,)) for s in TEXTS]
CASES += [("key_counts", (ws,)) for ws in ([], ["a", "b", "a", "é", "🐍", "a", ""], TEXTS * 3)]
CASES += [("grow_words", (ws, e)) for ws in ([], ["b", "a"], TEXTS) for e in ("", "z✓")]
CASES += [("keep_and_drop", (ws,)) for ws in ([], TEXTS, ["ab", "c", "ab"])]
CASES += [("mixed_counts", (xs,)) for xs in ([], [1, "1", 1, "a", -1, -2, "a", M61 + 5, 5])]
CASES += [("group_lists", (xs, m)) for xs in ([], list(range(-20, 40, 3))) for m in (1, 4, 7)]
CASES += [("dict_program", (codes, keys)) for codes, keys in (
    ([0, 0, 1, 4, 2, 1, 3, 3, 5, 0], [-1, -2, -1, -2, -1, -2, -1, 9, 0, 9]),
    ([6, 0, 7, 0, 1, 3, 5, 5, 0, 4], [5, 5 + M61, 5, 5, 5 + M61, 5, 0, 0, 5 + M61, 5]),
)]


@pytest.mark.parametrize(("func", "args"), CASES, ids=[f"{f}-{i}" for i, (f, _) in
                                                       enumerate(CASES)])
def test_same_as_cpython(pair: Pair, func: str, args: tuple[Any, ...]) -> None:
    check_copies(pair, func, *args)


def test_results_are_exact_strs_with_the_text(pair: Pair) -> None:
    for s in TEXTS:
        for got in [pair.native.echo(s), *pair.native.echo_pieces(s)]:
            assert type(got) is str
        assert pair.native.echo_pieces(s) == pair.python.echo_pieces(s)
    sub = Text(" sub ")
    got = pair.native.echo_pieces(sub)
    assert [type(x) for x in got] == [str] * 5 and got[1] == "sub" and got[0] == " sub "
    keys = pair.native.key_counts([Text("k"), Text("k"), "k"])
    assert keys == {"k": 3} and all(type(k) is str for k in keys)


def test_strings_kept_by_results_outlive_the_arguments(pair: Pair) -> None:
    words = [f"w{i}" * 3 for i in range(50)]
    counts = pair.native.key_counts(words)
    refs = [sys.getrefcount(w) for w in words]
    del words
    assert list(counts) == [f"w{i}" * 3 for i in range(50)] and set(counts.values()) == {1}
    assert min(refs) >= 3  # the list, the dict's key, getrefcount's argument


def test_no_reference_is_left_behind(pair: Pair) -> None:
    s = "".join(["left", "behind"])  # made here: only this name holds it
    before = sys.getrefcount(s)
    for _ in range(100):
        pair.native.echo(s)
        pair.native.echo_pieces(s)
        pair.native.keep_and_drop([s, s])
    assert sys.getrefcount(s) == before


KEYS = st.sampled_from([-1, -2, 0, 1, 5, 5 + M61, -5 - M61, 2**62, 8, 16])


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 7), KEYS), max_size=40))
def test_hypothesis_dict_programs(pair: Pair, program: list[tuple[int, int]]) -> None:
    check_copies(pair, "dict_program", [c for c, _ in program], [k for _, k in program])
