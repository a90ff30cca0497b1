"""list[T]: CPython and the compiled module agree on values, on exception types and messages,
and on what a call leaves in the lists it was given (also when it raises).

Every kernel of kernels/list_kernels.py is compiled once for this file.
"""

from __future__ import annotations

import contextlib
import copy
import io
import math
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hatch_pyaot.testing import same_value
from support import Pair, build_pair, outcome, without_location

KERNELS = Path(__file__).parent / "kernels" / "list_kernels.py"
NAN = math.nan


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory) -> Pair:
    return build_pair(tmp_path_factory.mktemp("lists"), "list_kernels", KERNELS)


def check(pair: Pair, func: str, *args: Any, **kwargs: Any) -> None:
    """Both sides on deep copies of the arguments: the same result (or exception type and
    message), and the same arguments afterwards."""
    py_args, native_args = copy.deepcopy(args), copy.deepcopy(args)
    expected = outcome(getattr(pair.python, func), *py_args, **kwargs)
    got = outcome(getattr(pair.native, func), *native_args, **kwargs)
    call = f"{func}{args}"
    if _beyond_int64((expected[1], py_args)) and expected[0] == "ok":
        # Documented semantics: int is 64-bit and raises OverflowError instead of growing.
        assert got[0] == "raise" and isinstance(got[1], OverflowError), \
            f"{call}: CPython gave {expected[1]!r} {py_args} (beyond int64), compiled {got}"
        return
    assert expected[0] == got[0], f"{call}: CPython {expected}, compiled {got}"
    if expected[0] == "ok":
        assert same_value(expected[1], got[1]), f"{call}: CPython {expected[1]!r}, " \
                                                f"compiled {got[1]!r}"
    else:
        # the compiled message ends with the Python line that raised: " (at file.py:12)"
        message = without_location(_message(got[1]))
        assert type(expected[1]) is type(got[1]) and _message(expected[1]) == message, \
            f"{call}: CPython raised {expected[1]!r}, compiled {got[1]!r}"
    assert same_value(list(py_args), list(native_args)), \
        f"{call}: arguments after the call: CPython {py_args}, compiled {native_args}"


def _message(exc: BaseException) -> str:
    return str(exc.args[0]) if exc.args else ""


def _beyond_int64(value: object) -> bool:
    if isinstance(value, tuple | list):
        return any(_beyond_int64(v) for v in value)
    return isinstance(value, int) and not -(2**63) <= value < 2**63


INTS = [[], [3], [5, -2, 7, 7, 0], [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], [-(2**63), 2**63 - 1]]
FLOATS = [[], [1.5], [2.0, -0.0, 0.0, 3.25, -7.5], [NAN, 1.0], [math.inf, -math.inf, 1e308]]

CASES: list[tuple[str, tuple[Any, ...]]] = []
CASES += [("total", (xs,)) for xs in FLOATS]
SLICES = [(None, None, None), (1, 3, None), (-2, None, None), (5, 1, None), (None, None, 2),
          (None, None, -1), (4, 0, -2), (1, 100, 3), (0, 0, 0), (-100, 2, None)]
CASES += [("set_slice", (list(range(6)), a, b, c, ys)) for a, b, c in SLICES
          for ys in ([], [9], [9, 8, 7])]
CASES += [("set_slice", ([], None, None, 2, [])), ("set_slice_self", ([1, 2, 3],))]
CASES += [("del_slice", (list("abcdefg"), a, b, c)) for a, b, c in SLICES]
CASES += [("truth_of", (xs, d, s, t)) for xs, d, s, t in [([], {}, set(), ""),
                                                          ([0], {0: 0}, {0}, "0")]]
CASES += [("nested_iterators", (a, b, n)) for a, b, n in [([], [], 0), ([1, 2, 3], ["x", "yz"], 5),
                                                           ([4], ["αβγ"], 1), ([1], ["ab"], 0)]]
CASES += [("iterators_as_values", (a, b)) for a, b in [([], []), ([3, 1, 2], ["a", "b", "a"])]]
CASES += [("iterate_dicts", (d, s)) for d, s in [({}, set()), ({3: "c", 1: "a"}, {5, 1, 9, 2})]]
CASES += [("strict_range", (xs, n)) for xs, n in [([], 0), ([1, 2], 2), ([1, 2], 3), ([1, 2], 1)]]
CASES += [("strict_three", (a, b, c, [])) for a, b, c in [
    ([1, 2], [1, 2], [1, 2]), ([1, 2], [1, 2, 3], [1]), ([1, 2], [1, 2], [1, 2, 3]),
    ([1, 2, 3], [1, 2], [1, 2]), ([1], [1, 2], [1, 2, 3]), ([1, 2, 3], [1, 2, 3], [1]),
    ([], [], [5])]]
CASES += [("evens", (n,)) for n in (0, 1, 10)]
CASES += [("literal_mix", (3, 0.5))]
CASES += [("nested_literal", (n,)) for n in (0, 4)]
CASES += [("get", (xs, i)) for xs in INTS for i in (0, 1, -1, -5, 4, 5, 100)]
CASES += [("put", (xs, i, 9)) for xs in INTS for i in (0, -1, 3, -6, 10)]
CASES += [("slices", (xs, a, b, c)) for xs in INTS[1:4]
          for a, b, c in [(0, 2, 1), (1, -1, 2), (-3, 100, -1), (5, 1, -2), (-100, 3, 3)]]
CASES += [("slices", ([1, 2, 3], 0, 1, 0))]
CASES += [("push", (xs, 4)) for xs in INTS]
CASES += [("grow", (xs, ys)) for xs in INTS[:3] for ys in INTS[:3]]
CASES += [("pop", (xs,)) for xs in INTS]
CASES += [("pop_at", (xs, i)) for xs in INTS for i in (0, -1, 2, -7, 9)]
# Not NAN: CPython finds the very object it was given (identity first), which a float
# inside compiled code does not have (docs/values.md).
CASES += [("remove", (xs, v)) for xs in FLOATS for v in (0.0, 1.0, 3.25)]
CASES += [("index", (xs, v)) for xs in INTS for v in (7, 3, 99)]
CASES += [("index_from", ([1, 2, 1, 2, 1], 1, a, b)) for a, b in [(1, 5), (-2, 100), (3, 4)]]
CASES += [("counts", (xs, v)) for xs in FLOATS for v in (0, 1, 2)]
CASES += [("clear_reverse", (xs, ys)) for xs in INTS[:3] for ys in INTS[1:4]]
CASES += [("copy_then_change", (xs,)) for xs in INTS[:3]]
CASES += [("sort_it", (xs, r)) for xs in [*FLOATS[:3], [3.0, 1.0, 2.0, 1.0]]
          for r in (False, True)]
# A list[float] given ints: the ints the call leaves in it stay ints for the caller.
CASES += [("sort_it", ([3, 1.5, 2, -0.0, 0], r)) for r in (False, True)]
CASES += [("remove", ([1, 2.0, 2, 3], 2.0)), ("total", ([1, 2, 3.5],))]
CASES += [("sorted_copy", (xs,)) for xs in INTS]
CASES += [("sort_rows", ([[2, 1], [1, 5, 0], [], [1, 5], [2]],))]
CASES += [("alias", (xs,)) for xs in INTS[:3]]
CASES += [("raise_after_change", (xs,)) for xs in ([], [1], list(range(200)))]
CASES += [("operators", (xs, ys, n)) for xs in INTS[:3] for ys in INTS[:2] for n in (-1, 0, 3)]
CASES += [("in_place_ops", (xs, ys)) for xs in INTS[:3] for ys in INTS[:3]]
CASES += [("compares", (a, b)) for a in INTS[:4] for b in INTS[:4]]
CASES += [("compares", ([1, 2], [1, 2, 0])), ("compares", ([1, 3], [1, 2, 9]))]
CASES += [("float_eq", ([1.0, 2.0], [1, 2])), ("float_eq", ([1.5], [1])), ("float_eq", ([], []))]
CASES += [("builtins_of", (xs,)) for xs in [*INTS, [0, 0], [2 ** 62, 2 ** 62]]]
# Not empty: CPython's sum() of an empty list[float] is the int 0 (docs/values.md).
CASES += [("sums", (xs, s)) for xs in FLOATS if xs for s in (0, 5)]
CASES += [("min_default", (xs,)) for xs in INTS]
CASES += [("truth", (xs,)) for xs in INTS[:2]]
CASES += [("comprehension", (xs, k)) for xs in INTS for k in (0, 3)]
CASES += [("pairs", (n,)) for n in (0, 1, 6)]
CASES += [("matrix", (n, m)) for n, m in [(0, 3), (2, 0), (3, 4)]]
CASES += [("flatten", ([[1, 2], [], [3]],)), ("flatten", ([],))]
CASES += [("row_sums", ([[1.5, 2.0], [0.5], [3.0]],))]
CASES += [("append_rows", (rows, 7)) for rows in ([], [[1], [], [2, 3]])]
CASES += [("unpack_pairs", ([(1, 2.5), (3, -1.0)],)), ("unpack_pairs", ([],))]
CASES += [("loop_appending", ([3, 0, 1],)), ("loop_appending", ([],))]
CASES += [("delete", (xs, i)) for xs in INTS for i in (0, -1, 3, 9)]
CASES += [("bools", ([True, False, False],)), ("bools", ([],))]
CASES += [("dp_lis", (xs,)) for xs in [*INTS, [10, 9, 2, 5, 3, 7, 101, 18]]]
CASES += [("item_add", (xs, i)) for xs in INTS[1:] for i in (0, -1, 8)]
CASES += [("item_add", ([2**63 - 5], 0))]
CASES += [("from_tuple", (1, 2)), ("empty_sum", ())]
CASES += [("through_helper", (xs,)) for xs in INTS[:3]]
CASES += [("enumerated", (xs, k)) for xs in FLOATS[:3] for k in (0, -2)]
CASES += [("zipped", (xs, ns, st)) for xs, ns in [([1, 2, 3], ["a", "b", "c"]), ([2], ["x", "y"]),
                                                  ([1, 2, 3, 4, 5, 6], ["q"] * 6), ([], [])]
          for st in (False, True)]
CASES += [("backwards", (xs, s)) for xs, s in [([], ""), ([1, 2, 3], "abc✓")]]
CASES += [("enumerate_growing", ([3, 0, 2],)), ("enumerate_growing", ([],))]
PAIRS = [("b", 2), ("a", 2), ("c", 5), ("d", 1), ("a", 1)]
WORDS = ["pear", "Fig", "apple", "kiwi", "", "Banana", "fig"]
CASES += [("ranked", (PAIRS, k)) for k in (0, 3, 10)] + [("ranked", ([], 2))]
CASES += [("keyed_sorts", (ws, r)) for ws in (WORDS, [], ["b", "a"]) for r in (False, True)]
CASES += [("extremes", (ws, xs)) for ws, xs in [(WORDS, [3, -7, 7, -3, 4]), (["x"], [0]),
                                                ([], [])]]
CASES += [("by_helper", (PAIRS,)), ("by_helper", ([],))]
CASES += [("key_raises", (xs,)) for xs in ([1, 2, 5], [3, 0, 1], [])]
CASES += [("smallest", (xs, k)) for xs in INTS for k in (0, 2, 10)]
CASES += [("heap_in_place", (ps,)) for ps in ([], [(3.0, "c"), (1.0, "a"), (2.0, "b")])]
CASES += [("countdown", (a, b)) for a, b in [(0, 5), (3, 1), (-2, 2), (4, 4)]]
# bools in a list[int] stay bools for the caller, as ints in a list[float] stay ints
CASES += [("sort_ints", ([3, True, 2, False],)), ("sort_ints", ([True, 1, False, 0],))]
CASES += [("rebind_while_walking", (xs, s)) for xs in ([], [5], [2, 9]) for s in ("", "x✓")]


class MyInt(int):
    pass


class MyFloat(float):
    pass


# Arguments read straight from the list's items (exact ints of one digit, exact floats) and
# the items beside them that take the general conversion: ints past one digit, bools,
# subclasses, ints in a list[float]; past int64 an OverflowError, as before.
EDGE_INTS = [[2**30 - 1, -(2**30 - 1), 2**30, -(2**30), 2**31, -(2**31)],
             [2**62, 2**63 - 1, -(2**63), 0, -1, 1], [True, 2, False, -3]]
EDGE_FLOATS = [[1.5, MyFloat(2.5), 3], [2.0**70, 2**40, -0.0, 1e-310], [True, 0.5, False]]
# (a new list holds plain ints and floats: only the caller's own list keeps the others)
CASES += [("sorted_copy", (xs,)) for xs in EDGE_INTS if all(type(x) is int for x in xs)]
CASES += [(f, (xs,)) for xs in EDGE_INTS for f in ("sort_ints", "dp_lis")]
CASES += [(f, (xs, *more)) for xs in EDGE_FLOATS for f, *more in [("total",),
                                                                  ("sort_it", False)]]


@pytest.mark.parametrize(("func", "args"), CASES, ids=[f"{f}-{i}" for i, (f, _) in
                                                        enumerate(CASES)])
def test_same_as_cpython(pair: Pair, func: str, args: tuple[Any, ...]) -> None:
    check(pair, func, *args)


def test_result_is_the_argument_itself(pair: Pair) -> None:
    xs = [1, 2]
    assert pair.native.ident(xs) is xs
    assert pair.native.alias(xs) is xs and xs == [1, 2, 2]
    rows = [[2], [1]]
    inner = rows[0]
    assert pair.native.sort_rows(rows) is rows and rows[1] is inner


def test_the_same_list_twice_is_one_list(pair: Pair) -> None:
    xs, ys = [0], [0]
    assert pair.native.same_twice(xs, xs) is pair.python.same_twice(ys, ys) is True
    assert xs == ys == [0, 1]
    assert pair.native.same_twice([0], [0]) is pair.python.same_twice([0], [0]) is False


def test_inner_lists_keep_their_identity(pair: Pair) -> None:
    rows: list[list[int]] = [[1], []]
    first, second = rows
    pair.native.append_rows(rows, 5)
    assert rows == [[1, 5], [5], [5]] and rows[0] is first and rows[1] is second


def test_wrong_types_name_the_parameter_and_item(pair: Pair) -> None:
    with pytest.raises(TypeError, match=r"total\(\) argument 'xs\[1\]' must be float, not str"):
        pair.native.total([1.0, "a"])
    with pytest.raises(TypeError, match=r"argument 'xs' must be list, not tuple"):
        pair.native.total((1.0,))
    with pytest.raises(TypeError, match=r"argument 'rows\[1\]\[0\]' must be int, not float"):
        pair.native.flatten([[1], [2.5]])
    with pytest.raises(OverflowError):
        pair.native.push([2**64], 1)
    with pytest.raises(TypeError, match=r"argument 'xs\[2\]' must be int, not float"):
        pair.native.get([1, MyInt(2), 2.5], 0)
    with pytest.raises(TypeError, match=r"argument 'xs\[1\]' must be float, not str"):
        pair.native.total([0.5, "x", 1.0])


def test_items_past_int64_and_int_subclasses(pair: Pair) -> None:
    """Beside items read in place: ints past int64 (OverflowError, as documented) and int
    subclasses (not in CASES: the C ABI's runs of CASES cannot marshal them)."""
    for xs in ([1, 2**63], [-(2**63) - 1, 0]):
        for func in ("sorted_copy", "sort_ints", "dp_lis"):
            check(pair, func, xs)
    check(pair, "dp_lis", [MyInt(5), 3, MyInt(-(2**40))])


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(-(2**40), 2**40), max_size=30), st.integers(-40, 40))
def test_hypothesis_ints(pair: Pair, xs: list[int], i: int) -> None:
    for func, args in [("get", (xs, i)), ("pop_at", (xs, i)), ("put", (xs, i, 5)),
                       ("delete", (xs, i)), ("builtins_of", (xs,)), ("sorted_copy", (xs,)),
                       ("dp_lis", (xs,)), ("slices", (xs, i, -i, i or 1)),
                       ("index", (xs, i)), ("grow", (xs, xs[:3]))]:
        check(pair, func, *args)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.floats(allow_nan=False), max_size=20), st.booleans())
def test_hypothesis_floats(pair: Pair, xs: list[float], reverse: bool) -> None:
    check(pair, "sort_it", xs, reverse)
    if xs:
        check(pair, "sums", xs, 1)
    check(pair, "total", xs)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.lists(st.integers(-5, 5), max_size=4), max_size=6))
def test_hypothesis_nested(pair: Pair, rows: list[list[int]]) -> None:
    check(pair, "sort_rows", rows)
    check(pair, "flatten", rows)
    check(pair, "append_rows", rows, 1)


def test_print_to_sys_stderr_as_python(pair: Pair) -> None:
    outputs = []
    for module in (pair.python, pair.native):
        err, out = io.StringIO(), io.StringIO()
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(out):
            result = module.warn(7)
        outputs.append((err.getvalue(), out.getvalue(), result))
    assert outputs[0] == outputs[1] == ("warning: 7\n", "out\n", 7)


BOUND = st.none() | st.integers(-8, 8)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(-5, 5), max_size=8), BOUND, BOUND, st.none() | st.integers(-3, 3),
       st.lists(st.integers(-5, 5), max_size=4))
def test_hypothesis_slice_assignment(pair: Pair, xs: list[int], a: int | None, b: int | None,
                                     c: int | None, ys: list[int]) -> None:
    check(pair, "set_slice", xs, a, b, c, ys)
    check(pair, "del_slice", [str(x) for x in xs], a, b, c)
