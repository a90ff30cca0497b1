"""Counting statements on dicts in one probe (codegen/dict_counting.py, pyaot/builtins/
dict_slot.hpp): ``d[k] += e`` and ``d[k] = d.get(k, D) + e`` agree with CPython on the value,
the exception (KeyError with no key added, ``e`` raising with the dict unchanged) and the dict
after the call (its items in order), with str, int, tuple and colliding keys, aliases, growth
and deleted entries; an int overflow raises OverflowError and leaves the dict as it was.

Every kernel of kernels/dict_counting_kernels.py is compiled once for this file.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from support import Pair, build_pair, check_copies

KERNELS = Path(__file__).parent / "kernels" / "dict_counting_kernels.py"


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory) -> Pair:
    return build_pair(tmp_path_factory.mktemp("dict_counting"), "dict_counting_kernels",
                      KERNELS)


WORDS = ["a", "b", "a", "", "Straße", "a", "b"]
# -1 and -2 hash alike in CPython; multiples of 8 share their low bits (the same first place)
COLLIDE = {-1: 5, 8: 1, 16: 2, 0: 3}
CASES: list[tuple[str, tuple[Any, ...]]] = []
CASES += [("count_get", (d, WORDS, s)) for d in ({}, {"b": 10, "z": 0}) for s in (1, -3)]
CASES += [("count_minus", (d, xs)) for d in ({}, COLLIDE)
          for xs in ([], [-1, -2, -1, 8, 24, 0], list(range(0, 400, 8)))]
CASES += [("times_get", (d, k, m)) for d in ({}, {2: 7}) for k in (2, 3) for m in (0, -4)]
CASES += [("add_in_place", (d, k, e)) for d in ({}, {"x": 1, "y": 2}) for k in ("x", "q")
          for e in (1, -5)]
CASES += [("sub_mul_in_place", (d, k, e)) for d in ({}, COLLIDE) for k in (-1, -2, 16)
          for e in (2, -1)]
CASES += [("float_counts", (d, xs, w)) for d in ({}, {1: -0.0, 2: 1e300})
          for xs in ([], [1, 2, 1, 3]) for w in (0.25, float("inf"))]
CASES += [("pair_counts", (xs,)) for xs in ([], [1], [1, 2, 1, 2, 2, 1, 3, -1, -2])]
CASES += [("raising_operand", (d, k, n)) for d in ({}, {1: 5}) for k in (1, 2) for n in (0, 7)]
CASES += [("raising_in_place", (d, k, n)) for d in ({}, {1: 5}) for k in (1, 2) for n in (0, 7)]
CASES += [("const_key", (d,)) for d in ({}, {3: 1}, {3: 1, 4: 9, 5: 0})]
CASES += [("aliased", (d, k)) for d in ({}, {1: 1}) for k in (1, 9)]
CASES += [("grows", (n,)) for n in (0, 5, 6, 200)]
CASES += [("after_delete", (d, k)) for d in ({8: 1, 16: 2, 0: 3}, {0: 1}) for k in (0, 8)]
CASES += [("operand_changes_dict", (d, k)) for d in ({}, {1: 5}) for k in (1, 2)]


@pytest.mark.parametrize(("func", "args"), CASES,
                         ids=[f"{f}-{i}" for i, (f, _) in enumerate(CASES)])
def test_same_as_cpython(pair: Pair, func: str, args: tuple[Any, ...]) -> None:
    check_copies(pair, func, *args)


# few distinct keys, -1/-2 (equal hashes) and multiples of 8 (the same first place)
KEYS = st.sampled_from([-2, -1, 0, 1, 8, 16, 24, 2**61]) | st.integers(-300, 300)


@settings(max_examples=60, deadline=None)
@given(st.dictionaries(KEYS, st.integers(-5, 5), max_size=20), st.lists(KEYS, max_size=60),
       KEYS, st.integers(-3, 3))
def test_hypothesis_counting(pair: Pair, d: dict[int, int], xs: list[int], k: int,
                             n: int) -> None:
    for func, args in [("count_minus", (d, xs)), ("sub_mul_in_place", (d, k, n)),
                       ("raising_operand", (d, k, n)), ("raising_in_place", (d, k, n)),
                       ("pair_counts", (xs,))]:
        check_copies(pair, func, *args)


OVERFLOWS = [("overflow_get", {}, 1, 2**62), ("overflow_get", {1: 2**62}, 1, 2**62),
             ("overflow_get", {1: 0}, 2, 2**62),
             ("overflow_in_place", {1: 2**40}, 1, 2**40), ("overflow_in_place", {}, 1, 2)]


@pytest.mark.parametrize(("func", "d", "k", "e"), OVERFLOWS)
def test_overflow_leaves_the_dict(pair: Pair, func: str, d: dict[int, int], k: int,
                                  e: int) -> None:
    """CPython grows the int (or raises KeyError); compiled int is 64-bit: OverflowError,
    and the dict keeps its items (no new key)."""
    before = copy.copy(d)
    py_d = copy.copy(d)
    try:
        getattr(pair.python, func)(py_d, k, e)
        expected: type[BaseException] = OverflowError
    except KeyError:
        expected = KeyError
    with pytest.raises(expected):
        getattr(pair.native, func)(d, k, e)
    assert list(d.items()) == list(before.items())


def test_key_error_is_the_key(pair: Pair) -> None:
    d = {"x": 1}
    with pytest.raises(KeyError) as info:
        pair.native.add_in_place(d, "new", 1)
    assert info.value.args == ("new",) and d == {"x": 1}


def test_one_probe_in_the_generated_code() -> None:
    """The counting forms probe once; the one whose operand calls a function, which may
    change the dict, keeps its two lookups."""
    from hatch_pyaot.pipeline import analyze

    cpp = analyze(KERNELS).cpp
    assert cpp is not None
    bodies = {name: cpp[cpp.index(f"_{name}(", cpp.index(f"_{name}(") + 1):]
              .split("\n}\n")[0] for name in ("count_get", "add_in_place", "pair_counts",
                                               "operand_changes_dict")}
    assert all(bodies[n].count("dict_probe") == 1 and "dict_set(" not in bodies[n]
               for n in ("count_get", "add_in_place", "pair_counts"))
    assert "dict_probe" not in bodies["operand_changes_dict"] and \
        "dict_set(" in bodies["operand_changes_dict"]
