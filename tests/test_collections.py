"""collections.defaultdict and collections.Counter: CPython and the compiled module agree on
values (dict results compare equal, item order included) and on the arguments afterwards.

Every kernel of kernels/collection_kernels.py is compiled once for this file.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from support import Pair, build_pair
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
CASES += [("take_counter", (Counter(w), ["a", "b"])) for w in WORDS]


@pytest.mark.parametrize(("func", "args"), CASES, ids=[f"{f}-{i}" for i, (f, _) in
                                                        enumerate(CASES)])
def test_same_as_cpython(pair: Pair, func: str, args: tuple[Any, ...]) -> None:
    check(pair, func, *args)
