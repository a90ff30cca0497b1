# ruff: noqa: RUF001  (the test strings are Unicode on purpose)
"""Short strings come from pages (cpp_runtime/include/pyaot/builtins/str_pool.hpp): CPython
and the compiled module agree when many strings are made, kept, dropped and made again, on
strings either side of the page size limit, on one thread and on several at once.
(Under AddressSanitizer the pages are off; tests/test_sanitizers.py runs str_kernels there.)"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from support import Pair, build_pair
from test_lists import check

KERNELS = Path(__file__).parent / "kernels" / "str_pool_kernels.py"
TEXT = "The quick brown fox, Straße ✓ 😀 jumps\nover: the lazy dog\r\nÀ,é ,ǅ,𝔘𝔫𝔦:x\n\n" * 40
WORDS = ["a", "bb", "Straße", "✓", "😀x", "", "word" * 20]


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory) -> Pair:
    return build_pair(tmp_path_factory.mktemp("str_pool"), "str_pool_kernels", KERNELS)


CASES: list[tuple[str, tuple[Any, ...]]] = [
    ("keep_every", (TEXT, 97, 3)), ("keep_every", (TEXT, 1, 1)), ("keep_every", ("", 2, 2)),
    ("around_the_limit", ("ab", 200)), ("around_the_limit", ("😀", 140)),
    ("around_the_limit", ("é", 130)),
    ("churn", (WORDS * 300, 4)), ("churn", ([], 2)),
    ("pieces", (TEXT,)), ("pieces", ("",)), ("pieces", ("a\nb,c\n:\n𝔘",)),
]


@pytest.mark.parametrize(("func", "args"), CASES, ids=[f"{f}-{i}" for i, (f, _) in
                                                        enumerate(CASES)])
def test_same_as_cpython(pair: Pair, func: str, args: tuple[Any, ...]) -> None:
    check(pair, func, *args)


def test_threads_each_cut_their_own_pages(pair: Pair) -> None:
    """Calls on several threads at once (each thread's strings from its own pages, the pages
    going when the threads end) give what one thread gives."""
    expected = pair.python.churn(WORDS * 200, 3)
    with ThreadPoolExecutor(max_workers=4) as pool:
        results = list(pool.map(lambda _: pair.native.churn(WORDS * 200, 3), range(8)))
    assert results == [expected] * 8
