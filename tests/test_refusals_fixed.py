"""The refusals a new user met most often (an acceptance run's list), now compiled: CPython and
the compiled module agree on values, exception types and messages, and on what a call leaves
in its arguments. What stays refused gives one located diagnostic (the end of this file).

Every kernel of kernels/refusal_kernels.py is compiled once for this file.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from hatch_pyaot.pipeline import analyze
from support import Pair, build_pair, check_copies

KERNELS = Path(__file__).parent / "kernels" / "refusal_kernels.py"


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory) -> Pair:
    return build_pair(tmp_path_factory.mktemp("refusals"), "refusal_kernels", KERNELS)


WORDS = [[], ["a"], ["The", "the", "", "cat", "THE", "Cat"], ["stop", "ab", "abc", "stop"]]
FLOATS = [[], [2.0], [3.0, 1.0, 2.0, 1.0, -0.0, 0.0, 7.5], [1.0, 4.0, 0.5, 1.0, 2.0, -1.0],
          [5.0, 3.0, 1.0, 2.0]]
PAIRS = [("a", 2.0), ("b", 1.0), ("c", 2.0), ("d", 0.5), ("e", -1.0), ("f", 1.0)]
CASES: list[tuple[str, tuple[Any, ...]]] = [
    *(("counter_of_generator", (w,)) for w in WORDS),
    *(("extend_with_generator", (xs, ys)) for xs, ys in [([], []), ([1], [1, 2, 3]),
                                                         ([5], [3, 0, 2]), ([], [0])]),
    *(("extend_nested", ([7], n)) for n in (0, 1, 5)),
    *(("update_set_with_generator", (s, ys)) for s, ys in [(set(), []), ({1}, [1, 2, 3, 50]),
                                                           ({7}, [4, 0, 1])]),
    *(("update_dict_with_generator", (d, ks)) for d, ks in [({}, []), ({"a": 9}, WORDS[3]),
                                                            ({"x": 1}, ["a", "x", "b"])]),
    *(("update_counter_with_generator", (t,)) for t in ("", "abracadabra", "a1 b2 a3")),
    *(("dict_of_generator", (w,)) for w in WORDS),
    *(("join_of_generator", (xs,)) for xs in ([], [3], [1, -2, 3])),
    *(("max_with_default", (xs,)) for xs in ([], [-3, 0], [1, 5, 2])),
    *(("min_with_default_and_key", (w,)) for w in WORDS),
    *(("max_with_key", (w,)) for w in WORDS),
    *(("starred_list", (a, b)) for a, b in [([], []), ([1, 2], [3]), ([5], [])]),
    *(("starred_set", (a, b)) for a, b in [([], (1, 1)), ([9, 2, 2], (3, 9))]),
    *(("starred_strings", (s, w)) for s, w in [("", []), ("héllo", ["a", "b"])]),
    *(("tuple_texts", (a, s, x)) for a, s, x in [(0, "", 0.1), (-7, "it's \"q\"", -0.0),
                                                 (1, "é\n", 1e300)]),
    *(("dict_texts", (d, s, n)) for d, s, n in [({}, set(), 0),
                                                ({"a": (1, "x"), "b'": (-2, "")}, {3, 1, 2}, 5),
                                                ({"k": (0, "\t")}, {-1, 10**6, 33}, -1)]),
    *(("match_ends_function", (c, 3)) for c in ("add 4", "neg", "add x", "", "mul 2")),
    *(("match_nested_chain", (x,)) for x in (20, 5, 0, -1, -9)),
    *(("match_union_members", (x,)) for x in (1, "a", "")),
    *(("match_irrefutable_sequence", (p,)) for p in ((0, "z"), (3, "ab"), (-1, "q"))),
    *(("builtin_exceptions", ("it's", k)) for k in range(13)),
    *(("raise_builtin", (k,)) for k in range(3)),
    *(("class_names", (b, 1.5)) for b in (True, False)),
    *(("function_table", (k, 7)) for k in ("double", "inc", "missing")),
    *(("lambda_table", (k, 7)) for k in ("double", "neg", "sq", "other")),
    *((f, (xs, n)) for f in ("smallest", "largest") for xs in FLOATS for n in range(-1, 8)),
    *((f, (PAIRS, n)) for f in ("smallest_by",) for n in (0, 1, 2, 4, 9)),
    *((f, (ws, n)) for f in ("largest_by", "largest_by_tuple") for ws in WORDS for n in (1, 2, 3, 5)),
]


@pytest.mark.parametrize(("func", "args"), CASES, ids=[f"{f}-{i}" for i, (f, _) in
                                                       enumerate(CASES)])
def test_same_as_cpython(pair: Pair, func: str, args: tuple[Any, ...]) -> None:
    check_copies(pair, func, *args)


@pytest.mark.parametrize("wait", [0, 5])
def test_match_every_member(pair: Pair, wait: int) -> None:
    for py_light, native_light in zip(pair.python.Light, pair.native.Light, strict=True):
        assert pair.native.match_every_member(native_light, wait) == \
            pair.python.match_every_member(py_light, wait)


@pytest.mark.parametrize(("xs", "words"), [([], []), ([1, -2, 3], ["a", "é b"])])
def test_print_starred(pair: Pair, capsys: pytest.CaptureFixture[str], xs: list[int],
                       words: list[str]) -> None:
    pair.python.print_starred(xs, words)
    expected = capsys.readouterr().out
    pair.native.print_starred(xs, words)
    assert capsys.readouterr().out == expected


# ---- what stays refused: one located diagnostic each ----------------------------------------

REFUSED = {
    "open": ("def f(path: str) -> str:\n    with open(path) as f:\n        return f.read()\n",
             (2, 10, "open() is not supported by the compiler")),
    "zip_star": ("def f(rows: list[list[int]]) -> list[int]:\n"
                 "    return [sum(c) for c in zip(*rows, rows[0])]\n",
                 (2, 29, "zip() with *rows is compiled as zip(*rows) alone")),
}


@pytest.mark.parametrize("case", sorted(REFUSED))
def test_refused_with_one_diagnostic(tmp_path: Path, case: str) -> None:
    body, (line, col, message) = REFUSED[case]
    source = f"from hatch_pyaot import compile\n\n\n@compile\n{body}"
    path = tmp_path / "bad.py"
    path.write_text(source, encoding="utf-8")
    report = analyze(path)
    text = report.format_diagnostics()
    assert not any(e.compiled for e in report.entries), text
    assert f"bad.py:{line + 4}:{col}: error: {message}" in text, text
    assert text.count(": error: ") == 1, text
