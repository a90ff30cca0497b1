"""The fuzzer's findings (docs/fuzzing.md), reduced: CPython and the compiled module agree on
values, exception types and messages and the arguments afterwards. Every kernel of
kernels/fuzz_regression_kernels.py is compiled once for this file."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

from support import Pair, build_pair, check_copies

KERNELS = Path(__file__).parent / "kernels" / "fuzz_regression_kernels.py"


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory) -> Pair:
    return build_pair(tmp_path_factory.mktemp("fuzz_regressions"), "fuzz_regression_kernels",
                      KERNELS)


CASES: list[tuple[str, tuple[Any, ...]]] = [
    ("returned_callables", (3, 4)), ("returned_callables", (-2, 5)),
    ("returned_callables", (0, 0)), ("returned_callables", (-7, -1)),
    ("narrowed_optional", (None, 3)), ("narrowed_optional", (5, 3)),
    ("narrowed_optional", (-1, 0)),
    ("narrowed_return", (None, None)), ("narrowed_return", (4, None)),
    ("narrowed_return", (None, 5)), ("narrowed_return", (4, 5)),
    ("heap_pops", ([3, 1, 2], 2)), ("heap_pops", ([3, 1, 2], 3)), ("heap_pops", ([5, 4], 3)),
    ("heap_pops", ([], 1)), ("heap_pops", ([], 0)), ("heap_pops", ([9, 8, 7, 6], 4)),
    ("huge_constant_powers", (0,)),
    ("setitem_order", ([1.0], "c")), ("setitem_order", ([1.0] * 6, "c")),
    ("setitem_order", ([0.5] * 6, "a")), ("setitem_order", ([0.5] * 5, "b")),
    ("narrowed_in_union", (None, 3, True)), ("narrowed_in_union", (4, 3, True)),
    ("narrowed_in_union", (None, -1, False)), ("narrowed_in_union", (4, 3, False)),
    ("in_place_broadcast", (np.ones(1), np.ones(3), 2.0)),
    ("in_place_broadcast", (np.ones(2), np.ones(0), 2.0)),
    ("in_place_broadcast", (np.ones(0), np.ones(2), 2.0)),
    ("in_place_broadcast", (np.ones(3), np.arange(3.0), -0.5)),
    ("in_place_broadcast", (np.ones(3), np.ones(1), 3.0)),
    ("in_place_broadcast", (np.arange(4.0)[::-2], np.ones(2), 1.5)),
    ("array_setitem_order", (np.ones(3), [0.5] * 9, "a")),
    ("array_setitem_order", (np.ones(3), [0.5] * 9, "c")),
    ("array_setitem_order", (np.ones(3), [0.5] * 5, "c")),
    ("array_setitem_order", (np.ones(3), [0.5] * 6, "c")),
    ("array_setitem_order", (np.ones(3), [0.5] * 7, "c")),
    ("array_setitem_order", (np.ones(3), [0.5] * 8, "c")),
    ("array_setitem_order", (np.ones(1), [0.5] * 8, "b")),
    ("narrowed_conditional_items", (None, 2)), ("narrowed_conditional_items", (5, 3)),
    ("narrowed_conditional_items", (-4, 0)),
    *[("int_array_store_order", (np.arange(3), i, v)) for i in (1, -3, 3, -4, 9)
      for v in (float("nan"), float("inf"), -float("inf"), 1e300, -2.5)],
    *[("zip_rows_walked", (rows, k)) for k in (0, 1, 2)
      for rows in ([[1, 2], [3, 4, 5]], [[1]], [], [[1, 2, 3], [4, 5, 6]], [[5], [6], [7, 8]])],
    ("enum_compare_callee", ("abc",)), ("enum_compare_callee", ("",)),
]


@pytest.mark.parametrize(("func", "args"), CASES)
def test_same_as_cpython(pair: Pair, func: str, args: tuple[Any, ...]) -> None:
    check_copies(pair, func, *args)


@pytest.mark.parametrize("n", [1, 2])
def test_huge_constant_powers_overflow_at_run_time(pair: Pair, n: int) -> None:
    """CPython would build the huge int (or run out of memory): compiled, the 64-bit int
    overflows (README's documented difference)."""
    with pytest.raises(OverflowError):
        pair.native.huge_constant_powers(n)


def test_in_place_on_a_read_only_array(pair: Pair) -> None:
    """``x += y`` on a read-only array: NumPy's in-place ufunc's words, on both sides."""
    ro = np.ones(3)
    ro.flags.writeable = False
    for side in (pair.python, pair.native):
        with pytest.raises(ValueError, match=r"^output array is read-only"):
            side.in_place_broadcast(ro, np.ones(3), 1.0)
    assert ro.tolist() == [1.0, 1.0, 1.0]


@pytest.mark.parametrize("func", ["enum_compare_callee", "zip_rows_walked"])
def test_compiled_not_refused(pair: Pair, func: str) -> None:
    """These two were refused (a C++ error) or would agree as Python: they must compile."""
    from hatch_pyaot import is_compiled

    assert is_compiled(getattr(pair.native, func))
