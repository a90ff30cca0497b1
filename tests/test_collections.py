"""collections.defaultdict and collections.Counter: CPython and the compiled module agree on
values (dict results compare equal, item order included) and on the arguments afterwards.

Every kernel of kernels/collection_kernels.py is compiled once for this file.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from support import Pair, assert_refused, build_pair
from test_lists import check

KERNELS = Path(__file__).parent / "kernels" / "collection_kernels.py"


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory) -> Pair:
    return build_pair(tmp_path_factory.mktemp("collections"), "collection_kernels", KERNELS)


WORDS = [[], ["a"], ["b", "a", "b", "c", "a", "b"], ["ß", "✓", "ß", "", ""]]
CASES: list[tuple[str, tuple[Any, ...]]] = []
CASES += [("word_counts", (w,)) for w in WORDS]
CASES += [("groups", (xs,)) for xs in ([], [5, 3, 4, 9, -1, 0])]
CASES += [("seen_sets", (ps,)) for ps in ([], [(1, 2), (1, 2), (0, 5), (1, -3)])]
CASES += [("float_sums", (ks, vs)) for ks, vs in [([], []), ([1, 2, 1], [0.5, 1.5, 2.25])]]
CASES += [("counting", (w, n)) for w in WORDS for n in (-1, 0, 2, 10)]
CASES += [("chars", (s,)) for s in ("", "mississippi", "ΣσΣ😀😀")]
CASES += [("counted_by_hand", (xs,)) for xs in ([], [3, 1, 3, 3, 2, 1])]
CASES += [("annotated", (w,)) for w in WORDS]
GRAPHS = [[[]], [[1, 2], [3], [3], []], [[1], [2], [0], [1]]]
CASES += [("bfs", (g, 0)) for g in GRAPHS]
CASES += [("ends", (xs, n)) for xs in ([], [1, 2, 3, 4, 5]) for n in (0, 1, -2, 9)]
CASES += [("drain", (xs,)) for xs in ([], [1, 2, 3])]
CASES += [("window", (xs, k)) for xs, k in [([], 1), ([1.0, 2.5, -3.0, 4.0, 8.0, 0.5], 2)]]
SORTED = [[], [1, 3, 3, 3, 7], [2, 2]]
CASES += [("where", (xs, x, lo, hi)) for xs in SORTED for x in (0, 3, 9)
          for lo, hi in [(0, 0), (1, 2), (-1, 2), (0, 9)]]
CASES += [("put", (xs, x, y)) for xs in ([], [0.5, 1.5, 1.5]) for x, y in [(1.5, 0), (-1.0, 9)]]
CASES += [("put_words", (ws, w)) for ws, w in [([], "a"), (["b", "a", "ß", "a"], "a")]]
CASES += [("take_counter", (Counter(w), ["a", "b"])) for w in WORDS]
CASES += [("counter_arithmetic", (xs, ys)) for xs in ([], ["a", "b", "a", "c", "neg"])
          for ys in ([], ["b", "b", "d", "a"], ["c"])]


@pytest.mark.parametrize(("func", "args"), CASES, ids=[f"{f}-{i}" for i, (f, _) in
                                                        enumerate(CASES)])
def test_same_as_cpython(pair: Pair, func: str, args: tuple[Any, ...]) -> None:
    check(pair, func, *args)


BAD = '''from collections import deque

from hatch_pyaot import compile


@compile
def sort_it(xs: list[int]) -> int:
    d = deque(xs)
    d.sort()
    return len(d)


@compile
def slice_it(xs: list[int]) -> int:
    d = deque(xs)
    return len(d[1:])


@compile
def negative(xs: list[int]) -> int:
    return len(deque(xs, -1))
'''


def test_what_a_deque_lacks_is_a_located_diagnostic(tmp_path: Path) -> None:
    assert_refused(tmp_path, BAD, [
        (9, 5, "'collections.deque' object has no attribute 'sort'"),
        (16, 16, "sequence index must be integer, not 'slice'"),
        (21, 26, "maxlen must be non-negative (Python raises ValueError)")])
