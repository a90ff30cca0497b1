"""Range analysis (codegen/ranges.py): an int ``+ - *`` whose operands' ranges prove the
result inside int64 compiles without its overflow check; everything else keeps it, so
OverflowError is raised exactly where CPython's result leaves int64.

The kernels of kernels/range_kernels.py are compiled once; their results are compared with
CPython's, the overflowing calls must raise OverflowError, and the generated C++ shows which
operations lost their check.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from support import Pair, build_pair

KERNELS = Path(__file__).parent / "kernels" / "range_kernels.py"
INT64_MAX = 2**63 - 1


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory) -> Pair:
    return build_pair(tmp_path_factory.mktemp("ranges"), "range_kernels", KERNELS)


@pytest.fixture(scope="module")
def cpp(pair: Pair) -> str:
    return "\n".join(m.cpp or "" for m in pair.report.modules)


def function_cpp(cpp: str, name: str) -> str:
    """The C++ body of the compiled kernel ``name``."""
    start = cpp.index(f"_range_kernels_{name}(std::int64_t& out")
    start = cpp.index(f"_range_kernels_{name}(std::int64_t& out", start + 1)  # the definition
    return cpp[start: cpp.index("\n}\n", start)]


@pytest.mark.parametrize(("func", "args"), [
    ("masked_sum", (0,)), ("masked_sum", (70000,)), ("countdown", (1000,)),
    ("countdown", (-5,)), ("doubling", (3, 20)), ("plus_one", (41,)),
    ("reassigned", (5, 10)), ("reassigned", (5, -1)), ("hashed", ([1, 2, 255, 256, -7],)),
])  # fmt: skip
def test_same_results_as_cpython(pair: Pair, func: str, args: tuple[object, ...]) -> None:
    assert getattr(pair.native, func)(*args) == getattr(pair.python, func)(*args)


@pytest.mark.parametrize(("func", "args"), [
    ("doubling", (1, 70)), ("doubling", (-(2**62), 2)), ("plus_one", (INT64_MAX,)),
    ("reassigned", (INT64_MAX, -1)), ("reassigned", (INT64_MAX - 3, 5)),
])  # fmt: skip
def test_overflow_still_raises(pair: Pair, func: str, args: tuple[object, ...]) -> None:
    assert getattr(pair.python, func)(*args) > INT64_MAX or \
        getattr(pair.python, func)(*args) < -(2**63)
    with pytest.raises(OverflowError):
        getattr(pair.native, func)(*args)


def test_the_proven_operations_are_unchecked(cpp: str) -> None:
    masked = function_cpp(cpp, "masked_sum")
    assert "(v_i + INT64_C(1))" in masked
    assert "* INT64_C(31))" in masked
    assert "pyaot::op::add(" in masked  # s += ... : s grows
    assert "(v_i - INT64_C(1))" in function_cpp(cpp, "countdown")


def test_the_unproven_operations_keep_their_check(cpp: str) -> None:
    assert "pyaot::op::mul(" in function_cpp(cpp, "doubling")
    assert "pyaot::op::add(" in function_cpp(cpp, "plus_one")
    reassigned = function_cpp(cpp, "reassigned")
    assert reassigned.count("pyaot::op::add(") == 2
    assert "pyaot::op::mul(" in function_cpp(cpp, "hashed")


def test_a_range_counter_at_int64_max(pair: Pair, cpp: str) -> None:
    """range(a, n) stops below n <= int64's maximum, so i + 1 fits even there: unchecked and
    right at the edge."""
    assert "(v_i + INT64_C(1))" in function_cpp(cpp, "last_plus_one")
    for a in (INT64_MAX - 3, 0, -5):
        n = INT64_MAX if a > 0 else 3
        assert pair.native.last_plus_one(a, n) == pair.python.last_plus_one(a, n)


@pytest.mark.parametrize(("kind", "a", "b", "want"), [
    ("ADD", (0, 10), (1, 1), (1, 11)), ("SUB", (0, 10), (1, 1), (-1, 9)),
    ("MUL", (-3, 2), (-5, 4), (-12, 15)), ("BITAND", (-9, 9), (0, 255), (0, 255)),
    ("BITAND", (-9, 9), (-1, 3), None), ("MOD", (5, 10), (5, 5), (0, 4)),
    ("MOD", (-50, 3), (1, 7), (0, 6)), ("MOD", (0, 10), (-3, 3), None),
    ("FLOORDIV", (-7, 7), (2, 3), (-4, 3)), ("RSHIFT", (0, 1000), (2, 70), (0, 250)),
    ("RSHIFT", (-1, 1000), (2, 3), None), ("POW", (0, 2), (0, 2), None),
])  # fmt: skip
def test_interval_arithmetic(kind: str, a: tuple[int, int], b: tuple[int, int],
                             want: tuple[int, int] | None) -> None:
    """Every result of ``x <kind> y`` over the operand intervals lies in the computed one
    (checked by brute force), which is the tight one given here; None: not modelled."""
    from hatch_pyaot.codegen.ranges import _arithmetic
    from hatch_pyaot.ir import nodes as ir

    op = ir.BinOpKind[kind]
    got = _arithmetic(op, a, b)
    assert got == want
    if got is not None:
        python = {"ADD": int.__add__, "SUB": int.__sub__, "MUL": int.__mul__,
                  "BITAND": int.__and__, "MOD": int.__mod__, "FLOORDIV": int.__floordiv__,
                  "RSHIFT": int.__rshift__}[kind]  # fmt: skip
        values = [python(x, y) for x in range(a[0], a[1] + 1) for y in range(b[0], b[1] + 1)]
        assert got[0] <= min(values) and max(values) <= got[1]
