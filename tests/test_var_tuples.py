"""tuple[T, ...]: CPython and the compiled module agree on values, exception types and messages,
and on what a call leaves in its arguments; what would change a tuple is a located diagnostic;
a standalone program takes and prints one as a JSON array.

Every kernel of kernels/var_tuple_kernels.py is compiled once for this file.
"""

from __future__ import annotations

import copy
import json
import math
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hatch_pyaot.testing import same_value
from support import Pair, assert_refused, build_pair, outcome, without_location

KERNELS = Path(__file__).parent / "kernels" / "var_tuple_kernels.py"
PROGRAMS = Path(__file__).parent / "fixtures" / "standalone" / "var_tuples.py"


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory) -> Pair:
    return build_pair(tmp_path_factory.mktemp("var_tuples"), "var_tuple_kernels", KERNELS)


def check(pair: Pair, func: str, *args: Any) -> None:
    """Both sides on deep copies: the same result and its type (a tuple stays a tuple), or
    the same exception type and message; the same arguments afterwards."""
    py_args, native_args = copy.deepcopy(args), copy.deepcopy(args)
    expected = outcome(getattr(pair.python, func), *py_args)
    got = outcome(getattr(pair.native, func), *native_args)
    call = f"{func}{args}"
    assert expected[0] == got[0], f"{call}: CPython {expected}, compiled {got}"
    if expected[0] == "ok":
        assert same_value(expected[1], got[1]) and type(expected[1]) is type(got[1]), \
            f"{call}: CPython {expected[1]!r}, compiled {got[1]!r}"
    else:
        assert type(expected[1]) is type(got[1]) and str(expected[1]) == without_location(
            str(got[1])), f"{call}: CPython raised {expected[1]!r}, compiled {got[1]!r}"
    assert same_value(list(py_args), list(native_args)), \
        f"{call}: arguments after the call: CPython {py_args}, compiled {native_args}"


CASES: list[tuple[str, tuple[Any, ...]]] = [
    ("ident", ((1, 2, 3),)), ("ident", ((),)), ("ident", ((-(2**63), 2**63 - 1),)),
    ("total", ((1.0, 2.5, -0.0),)), ("total", ((),)), ("total", ((math.inf, 1e308),)),
    ("get", ((1, 2, 3), -1)), ("get", ((1, 2, 3), 2)), ("get", ((1,), 5)), ("get", ((), 0)),
    ("get", ((1, 2), -3)),
    ("sl", (("a", "b", "c"), 1, 3)), ("sl", (("a", "b"), -5, 9)), ("sl", ((), 0, 1)),
    ("concat", ((1,), (2, 3))), ("concat", ((), ())),
    ("unpack", ((5, 3),)), ("unpack", ((5,),)), ("unpack", ((5, 3, 1),)), ("unpack", ((),)),
    ("keys", ([(1, 2), (1, 2), (), (2, 1)],)),
    ("text", ((1,),)), ("text", ((),)), ("text", ((1, -2),)),
    ("made", ([1, -2, 3],)), ("made", ([],)),
    ("hashed", ((1, 2, 3),)), ("hashed", ((),)), ("hashed", ((-1,),)), ("hashed", ((2**61,),)),
    ("idx", ((1, 2, 2), 2)), ("idx", ((1,), 3)), ("idx", ((), 0)),
    ("columns", ([[1, 2, 3], [4, 5], [6, 7, 8]],)), ("columns", ([],)), ("columns", ([[]],)),
    ("columns", ([[1, 2]],)),
    ("col_sums", ([(1.0, 2.0), (3.0, 4.5)],)), ("col_sums", ([(1.0,), ()],)),
    ("fixed_ret", (3,)), ("fixed_ret", (0,)), ("grow", (4,)), ("grow", (0,)),
    ("call_fixed", (5.0,)), ("call_fixed", (-5.0,)),
    ("ops", ((1, 2, 3), (1, 2))), ("ops", ((), ())), ("ops", ((3,), (1, 2, 3))),
    ("reads", ((3, 1, 2),)), ("reads", ((),)), ("reads", ((0, 0),)),
    ("enum_cols", ([["a", "b"], ["c", "d"]],)), ("enum_cols", ([],)),
    ("nested", (((1, 2), (1, 2, 3), (0,)),)), ("nested", ((),)),
    ("as_set", ([("a",), ("a",), ()],)), ("lists_in", (([1], [2]),)), ("lists_in", ((),)),
    ("starred", ((1, 2), 3)), ("starred", ((), 0)), ("pairs", (("a", "b", "c"),)),
    ("steps", ((1.0, 2.0, 3.0, 4.0), None, None, -2)), ("steps", ((1.0,), 0, 1, 0)),
    ("steps", ((1.0, 2.0, 3.0), 5, -5, -1)),
    ("repeat", (("a",), 3)), ("repeat", (("a", "b"), 0)), ("repeat", (("a",), -1)),
    ("keyed", ((5, 3, 4, 6),)), ("counts", ([("a",), ("a",), ()],)),
    ("lookup", ({(1, 2): "x"}, (1, 2))), ("lookup", ({(1, 2): "x"}, (1,))),
    ("lookup", ({(1, 2): "x"}, ())), ("transpose", ([[1.0, 2.0], [3.0, 4.0]],)),
    ("from_tuple", ((4, 5),)), ("of_dict", ({"b": 1, "a": 2}, {3, 1})), ("of_dict", ({}, set())),
    ("appended", (3,)), ("fixed_keys", ({(3,): 1, (1, 2): 0}, {("a",)})),
    ("pair_set", ((1, 2, 1, 3, 2),)), ("pair_set", ((),)), ("pair_dict", ((4, 5, 6),)),
    ("pair_dict", ((),)),
    ("probe_keys", ({(1, 2): 5, (2, 1): 7}, 1, 2)), ("probe_keys", ({(1, 2): 5, (): 0}, 2, 1)),
    ("probe_keys", ({(2, 1): 3}, 1, 2)), ("probe_keys", ({}, 0, 0)),
    ("probe_floats", ({(1.0, 2.0): "a", (): "b"}, 1)), ("probe_floats", ({(1.5, 2.0): "a"}, 1)),
    ("probe_set", ({(1, 2)}, 1, 2)), ("probe_set", (set(), 3, 3)), ("probe_set", ({()}, 2, 1)),
    ("of_range", (5, 1, 2)), ("of_range", (0, 0, 1)), ("of_range", (-3, -9, -2)),
    ("of_range", (4, 0, 0)), ("range_sets", (4,)), ("range_sets", (-1,)),
    ("of_str", ("abc",)), ("of_str", ("",)), ("of_str", ("é€𝄞",)),
    ("of_views", ({"b": 1, "a": 2},)), ("of_views", ({},)),
    ("zip_comp", ([[1, 2, 3], [4, 5]],)), ("zip_comp", ([],)), ("zip_comp", ([[]],)),
    ("zip_lens", ([("a", "bc"), ("d",)],)), ("zip_lens", ([],)), ("zip_lens", ([(), ("x",)],)),
    ("star_head", ((1, 2, 3),)), ("star_head", ((1,),)), ("star_head", ((),)),
    ("star_tail", ((1, 2, 3),)), ("star_tail", ((4,),)), ("star_tail", ((),)),
    ("star_mid", (["a", "b"],)), ("star_mid", (["a", "b", "c", "d"],)), ("star_mid", (["a"],)),
    ("star_str", ("xyz", (1, 2, 3))), ("star_str", ("", (1, 2, 3))),
    ("star_nested", ([(1, 2), (3,), ()],)), ("star_nested", ([(5,)],)), ("star_nested", ([()],)),
    ("star_nested", ([],)),
    ("probe_more", ({(1, 1): 2, (1,): 3, (1, 5): 0}, {(1.0, 2.0), (1.0, 3.0)}, 1)),
    ("probe_more", ({(2,): 3}, {(2.0, 1.0), (2.0, 2.0)}, 2)),
    ("probe_more", ({}, {(2.0, 2.0)}, 2)), ("probe_more", ({}, {(0.0, 2.0)}, 0)),
    ("star_loop", ([(1, 2, 3), (4, 5, 6)], [(1, 2, 3), (4,)], [])),
    ("star_loop", ([], [(1,), (), (2,)], [])), ("star_loop", ([], [], [])),
    ("star_loop_mid", ([["a", "b"], ["a", "b", "c", "d"]], [])),
    ("star_loop_mid", ([["a", "b"], ["stop", "x"], ["y"]], [])),
    ("star_loop_mid", ([["a", "b"], ["x"]], [])), ("star_loop_mid", ([[]], [])),
    ("star_loop_nested", ([([1, 2, 3], 2), ([4], 3)], [[[1, 2], [3]], [[4]]])),
    ("star_loop_nested", ([([1], 2), ([], 3)], [])),
    ("star_loop_nested", ([], [[[]]])), ("star_loop_nested", ([], [[]])),
    ("star_comps", (["abc", "x", "é𝄞z"], [[1, 0, 2, 3], [5, 6], [7]])),
    ("star_comps", (["ab", ""], [])), ("star_comps", ([], [[1], []])),
    ("star_comp_nested", ([((1, 2), "x"), ((0,), "y")],)), ("star_comp_nested", ([((), "x")],)),
    ("zip_strict", ([],)), ("zip_strict", ([[]],)), ("zip_strict", ([[1, 2], [3, 4]],)),
    ("zip_strict", ([[1, 2], [3]],)), ("zip_strict", ([[1], [3, 4]],)),
    ("zip_strict", ([[1, 2], [3, 4], [5]],)), ("zip_strict", ([[1], [2], [3, 4]],)),
    ("zip_strict", ([[1], [], []],)), ("zip_strict", ([[], [], [1]],)),
    ("zip_strict_loop", ([(1, 2, 3), (1, 2), (1, 2, 3)], [], -1)),
    ("zip_strict_loop", ([(1, 2), (3, 4), (5, 6, 7)], [], -1)),
    ("zip_strict_loop", ([(1, 2), (3, 4), (5, 6)], [], -1)),
    ("zip_strict_loop", ([(1, 2, 3), (1, 2)], [], 1)), ("zip_strict_loop", ([], [], -1)),
    ("zip_strict_grow", ([[1, 2], [3]], [])), ("zip_strict_grow", ([[1, 2, 3], [3]], [])),
    ("zip_strict_grow", ([[1], [3]], [])), ("zip_strict_grow", ([[1, 2]], [])),
    ("star_iterators", ([[1, 2], [3, 4], [5, 6]], {"a": [1, 2, 3], "bb": [4]})),
    ("star_iterators", ([[1], []], {})), ("star_iterators", ([], {"a": []})),
    ("star_mixed", ([("a", 1, 2), ("bb", 3, 4)], (1, 2.0, 3.5, "x"))),
    ("star_mixed", ([], (0, -0.0, 1.0, ""))),
]


@pytest.mark.parametrize(("func", "args"), CASES, ids=[f"{f}-{i}" for i, (f, _) in
                                                         enumerate(CASES)])
def test_same_as_cpython(pair: Pair, func: str, args: tuple[Any, ...]) -> None:
    check(pair, func, *args)


def test_conversion_errors_name_the_parameter_and_the_item(pair: Pair) -> None:
    with pytest.raises(TypeError, match=r"^ident\(\) argument 't' must be tuple, not list$"):
        pair.native.ident([1, 2])
    with pytest.raises(TypeError, match=r"^ident\(\) argument 't\[1\]' must be int, not str$"):
        pair.native.ident((1, "a"))
    with pytest.raises(TypeError, match=r"argument 'ts\[1\]\[0\]' must be int, not float"):
        pair.native.keys([(1,), (1.5,)])
    assert pair.native.total((1, True, 2.5)) == 4.5  # ints and bools where float is declared


def test_results_are_new_tuples(pair: Pair) -> None:
    t = (1, 2, 3)
    out = pair.native.ident(t)
    assert type(out) is tuple and out == t
    assert type(pair.native.columns([[1], [2]])[0]) is tuple


INT64 = st.integers(-(2**63), 2**63 - 1)
SMALL = st.integers(-50, 50)


@settings(max_examples=60, deadline=None)
@given(st.lists(SMALL, max_size=8).map(tuple), st.lists(SMALL, max_size=8).map(tuple))
def test_hypothesis_ints(pair: Pair, t: tuple[int, ...], u: tuple[int, ...]) -> None:
    for func, args in (("ops", (t, u)), ("reads", (t,)), ("hashed", (t,)), ("concat", (t, u)),
                       ("idx", (t, 3)), ("keyed", (t,)), ("from_tuple", (t,)),
                       ("unpack", (t,)), ("get", (t, len(u) - 4))):
        check(pair, func, *args)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.lists(INT64, max_size=5), max_size=5))
def test_hypothesis_zip_rows(pair: Pair, rows: list[list[int]]) -> None:
    check(pair, "columns", rows)
    check(pair, "keys", [tuple(r) for r in rows])


@settings(max_examples=40, deadline=None)
@given(st.lists(st.text(max_size=3), max_size=6).map(tuple),
       st.one_of(st.none(), st.integers(-8, 8)), st.one_of(st.none(), st.integers(-8, 8)),
       st.integers(0, 3))
def test_hypothesis_text(pair: Pair, t: tuple[str, ...], a: int | None, b: int | None,
                         n: int) -> None:
    check(pair, "sl", t, a or 0, b or 0)
    check(pair, "repeat", t, n)
    check(pair, "pairs", t)
    check(pair, "counts", [t, t[:1], t])
    check(pair, "steps", tuple(float(len(s)) for s in t), a, b, n - 1 or None)


REFUSED = '''from hatch_pyaot import compile


@compile
def a(t: tuple[int, ...]) -> None:
    t.append(1)


@compile
def b(t: tuple[int, ...]) -> None:
    t[0] = 1


@compile
def c(t: tuple[int, ...], xs: list[int]) -> bool:
    return t == xs


@compile
def d(t: tuple[int, ...], xs: list[int]) -> tuple[int, ...]:
    return t + xs


@compile
def e(t: tuple[int, ...]) -> None:
    del t[0]


@compile
def f(rows: list[list[int]]) -> list[tuple[int, ...]]:
    return list(zip(*rows, strict=len(rows) > 1))


@compile
def g(t: tuple[..., int]) -> int:
    return 0
'''


def test_what_would_change_a_tuple_is_refused(tmp_path: Path) -> None:
    assert_refused(tmp_path, REFUSED, [
        (6, 5, "'tuple' object has no attribute 'append'"),
        (11, 5, "'tuple' object does not support item assignment"),
        (16, 12, "comparing a tuple[int, ...] with a list[int] is always False"),
        (21, 12, 'can only concatenate tuple (not "list") to tuple'),
        (26, 5, "'tuple' object doesn't support item deletion"),
        (31, 28, "zip(*rows, strict=...) takes strict=True or strict=False here, a constant"),
        (35, 16, "'...' in tuple[...] comes second"),
    ])


def test_standalone_program_takes_and_prints_json_arrays(cxx: str, tmp_path: Path) -> None:
    from support import import_file
    from test_standalone_values import host_programs

    (tmp_path / "programs").mkdir()
    run = host_programs(cxx, tmp_path / "programs", PROGRAMS)
    py = import_file(PROGRAMS, "var_tuples_reference")
    rows, scale = [(1, 2, 3), (4, 5)], (10, 100)
    result = run("columns", ["--rows", json.dumps(rows), "--scale", json.dumps(scale)], tmp_path)
    assert (result.returncode, result.stdout) == (0, json.dumps(py.columns(rows, scale)) + "\n")
    result = run("columns", ["--rows", '[[1, "a"]]', "--scale", "[1]"], tmp_path)
    assert (result.returncode, result.stderr) == (
        1, "TypeError: columns() argument 'rows[0][1]' must be int, not str\n")
