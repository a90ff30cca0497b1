"""Small unions (``int | str`` and friends): CPython and the compiled module agree on
values (the member's own Python type: an int stays an int in ``int | float``), on what a
call leaves in its arguments, and on the TypeError of an argument of no member type.

Every kernel of kernels/union_kernels.py is compiled once for this file.
"""

from __future__ import annotations

import contextlib
import io
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from support import Pair, assert_refused, build_pair, outcome
from test_lists import check

KERNELS = Path(__file__).parent / "kernels" / "union_kernels.py"


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory) -> Pair:
    return build_pair(tmp_path_factory.mktemp("unions"), "union_kernels", KERNELS)


MIXED = [[], [1, "a", 2, "bb"], ["x", "x", 3, 3, -1], [0, 1, "1", ""]]
CASES: list[tuple[str, tuple[Any, ...]]] = []
CASES += [("echo", (x,)) for x in (0, -7, "", "héllo")]
CASES += [("echo3", (x,)) for x in (1, 1.0, 2.5, "s", float("inf"))]
CASES += [("describe", (x,)) for x in (21, "abc", "Straße")]
CASES += [("early", (x,)) for x in (None, "four", 5, 0)]
CASES += [("tuple_check", (x,)) for x in (3, "s", b"abc")]
CASES += [("negated", (x,)) for x in (3.0, "abcd", -1.5)]
CASES += [("both", (x, y)) for x in (1, "a") for y in (2, "b")]
CASES += [("parse", (s,)) for s in ("123", "12a", "")]
CASES += [("assigned", (f,)) for f in (True, False)]
CASES += [("text", (x,)) for x in (None, 3, 2.5, "q'uote", -0.0)]
CASES += [("equal", (x, y)) for x in (3, "a", 1) for y in (3, 3.0, 1.5, 1)]
CASES += [("count_kinds", (xs,)) for xs in MIXED]
CASES += [("split_mixed", (ws,)) for ws in ([], ["a", "12", "b3", "007"])]
CASES += [("contains", (xs, x)) for xs in MIXED for x in (1, "a", "zz", 3)]
CASES += [("mixed_keys", (xs,)) for xs in MIXED]
CASES += [("uniques", (xs,)) for xs in MIXED]
CASES += [("values_sum", (d,)) for d in ({}, {"a": 1, "b": 2.5, "c": -3})]
CASES += [("hashed", (x,)) for x in (-1, "k")]
CASES += [("matched", (x,)) for x in (4, "s", [1, 2, 3])]
CASES += [("ternary", (x,)) for x in (4, "four")]
CASES += [("mutate", (x,)) for x in ([], [1, 2], "abc")]
CASES += [("opt_union", (x,)) for x in (None, 0, "z")]
CASES += [("bool_member", (x,)) for x in (True, 0, 5)]
CASES += [("widen", (x, f)) for x in (1, "a") for f in (True, False)]
CASES += [("bump", (x,)) for x in (1, "a")]
CASES += [("loop_safe", (xs,)) for xs in MIXED]
CASES += [("skip_ints", (xs,)) for xs in MIXED]
CASES += [("guarded", (x,)) for x in (None, 1, 5, "s")]
CASES += [("has_word", (xs, w)) for xs in MIXED for w in ("a", "x", "1")]
CASES += [("exact_type", (x,)) for x in (True, False, 0, 7, "", "ab")]
CASES += [("exact_not", (x, f)) for x in (3, "abc") for f in (True, False)]
CASES += [(f, (c,)) for f in ("mixed_literals", "mixed_result") for c in (True, False)]
CASES += [("mixed_set", (n,)) for n in (0, 1, 7)]
CASES += [("mixed_cond", (x,)) for x in (-1, 0, 5)]
CASES += [("joined", (x,)) for x in (4, "abc")]
CASES += [("joined_opt", (x, f)) for x in (None, 2, 9, "q") for f in (True, False)]
CASES += [("reassigned", (x,)) for x in (4, "abc")]
CASES += [("ordered", (x, y)) for x in (1, 2.5, 2.0, float("nan"), -2**62, "a", "b", "")
          for y in (2, -2**62 - 1, "a")]
ORDERS = [[], [3], [1, "a"], ["a", 1], [2, 1.5, True, 0], ["b", "a", "c"], [1, 2, "x", 0],
          [2, 1, "x"], [3, 1.0, 2, "s", 0.5], [float("nan"), 1, 0.5], ["x", 2.5, 1, True],
          [1, 1.0, True, 1], [*range(70, 0, -1), 0.5, 1.0],
          [str(i % 7) for i in range(80)], [*range(30), "z", *range(40)]]
CASES += [("sorted_mixed", (xs, r)) for xs in ORDERS for r in (False, True)]
CASES += [("min_max", (xs,)) for xs in ORDERS]


@pytest.mark.parametrize(("func", "args"), CASES, ids=[f"{f}-{i}" for i, (f, _) in
                                                        enumerate(CASES)])
def test_same_as_cpython(pair: Pair, func: str, args: tuple[Any, ...]) -> None:
    check(pair, func, *args)


def test_members_keep_their_python_type(pair: Pair) -> None:
    """CPython keeps an int an int in ``int | float`` (and True a bool in ``bool | int``)."""
    for x in (1, 1.0, True, "1"):
        got = pair.native.echo3(x) if not isinstance(x, bool) else pair.native.bool_member(x)
        expected = pair.python.echo3(x) if not isinstance(x, bool) else \
            pair.python.bool_member(x)
        assert type(got) is type(expected) and got == expected


def test_a_class_member(pair: Pair) -> None:
    for module in (pair.python, pair.native):
        assert module.point_or_int(module.Point(2, 5)) == 7
        assert module.point_or_int(-4) == -4
        assert module.exact_class(module.Point(2, 5)) is True


@pytest.mark.parametrize(("func", "args", "where"), [
    ("echo", (1.5,), "x"), ("echo", (None,), "x"), ("echo", (b"b",), "x"),
    ("echo3", ([1],), "x"), ("count_kinds", ([1, 2.5],), "xs"),
    ("mutate", ([1, "a"],), "x"), ("tuple_check", (1.0,), "x"),
    ("count_kinds", ([True, "a"],), "xs"), ("negated", (1,), "x"),
])
def test_an_argument_of_no_member_type_is_a_type_error(pair: Pair, func: str,
                                                       args: tuple[Any, ...], where: str) -> None:
    kind, exc = outcome(getattr(pair.native, func), *args)
    assert kind == "raise" and type(exc) is TypeError, (func, args, exc)
    assert f"'{where}" in str(exc), str(exc)


def test_print_of_a_union(pair: Pair) -> None:
    outputs = []
    for module in (pair.python, pair.native):
        for x in (3, "s"):
            buffer = io.StringIO()
            with contextlib.redirect_stdout(buffer):
                module.shout(x)
            outputs.append(buffer.getvalue())
    assert outputs[:2] == outputs[2:] == ["3 [3]\n", "s ['s']\n"]


_ITEMS = st.one_of(st.integers(-2**62, 2**62), st.text(max_size=5))
_ORDERED = st.one_of(st.integers(-2**62, 2**62), st.floats(allow_nan=False), st.booleans(),
                     st.text(max_size=3))


@settings(max_examples=40, deadline=None)
@given(st.lists(_ITEMS, max_size=12), _ITEMS)
def test_mixed_lists(pair: Pair, xs: list[int | str], x: int | str) -> None:
    for func, args in (("count_kinds", (xs,)), ("contains", (xs, x)),
                       ("mixed_keys", (xs,)), ("uniques", (xs,))):
        check(pair, func, *args)


@settings(max_examples=60, deadline=None)
@given(st.lists(_ORDERED, max_size=63), st.booleans())
def test_ordering_mixed_lists(pair: Pair, xs: list[int | float | bool | str], rev: bool) -> None:
    """CPython's result, or its TypeError naming the same two types (fewer than 64 items)."""
    check(pair, "sorted_mixed", xs, rev)
    check(pair, "min_max", xs)


def test_what_stays_python(tmp_path: Path) -> None:
    """Located errors: a name of two types without an annotation, orderings that cannot
    work, ``type(x) is`` of a class with subclasses or of no value class."""
    assert_refused(tmp_path, """from hatch_pyaot import compile


class Base:
    pass


class Derived(Base):
    pass


@compile
def unannotated(flag: bool) -> int:
    v = 0
    if flag:
        v = "s"
    return 1


@compile
def never(x: int | str, y: list[int] | dict[str, int]) -> bool:
    return x < y


@compile
def ordered_dict(xs: list[int | dict[str, int]]) -> int | dict[str, int]:
    return min(xs)


@compile
def sort_key(xs: list[int | str]) -> list[int | str]:
    return sorted(xs, key=str)


@compile
def based(b: Base | int) -> bool:
    return type(b) is Base


@compile
def not_a_class(x: int | str) -> bool:
    return type(x) is len


@compile
def stray_item() -> list[float | str]:
    return [1, "a"]


@compile
def stray_branch(c: bool) -> int | str:
    v: int | str = 1.5 if c else "a"
    return v
""", [(16, 9, "'v' is assigned type str here but has type int"),
      (22, 12, "'<' between 'int | str' and 'dict[str, int] | list[int]': a dict[str, int] "
       "member is not ordered here"),
      (27, 12, "min() of a list[dict[str, int] | int]: a dict[str, int] member is not "
       "ordered here"),
      (32, 27, "sorted() of a list of union items takes no key="),
      (37, 12, "type(x) is ... of a Base | int: its Base member may hold an instance of "
       "a subclass"),
      (42, 23, "type(x) is ... needs a built-in value class"),
      (47, 12, "the items of a list are declared float | str: no member of it takes the int "
       "item"),
      (52, 20, "the branches of a conditional expression are declared int | str: no member "
       "of it takes the float branch")])
