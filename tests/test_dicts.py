"""dict[K, V] and set[T]: CPython and the compiled module agree on values (a dict's items in
their order; the order a set iterates in, where a kernel shows it), on exception types and
messages, and on what a call leaves in the dicts and sets it was given (also when it raises).

Every kernel of kernels/dict_kernels.py is compiled once for this file.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from support import Pair, build_pair, check_copies

KERNELS = Path(__file__).parent / "kernels" / "dict_kernels.py"


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory) -> Pair:
    return build_pair(tmp_path_factory.mktemp("dicts"), "dict_kernels", KERNELS)


check = check_copies


D0: dict[int, int] = {}
D1 = {3: 30}
D5 = {5: 1, -2: 2, 7: 3, 0: 4, 2**62: 5}
DBIG = {i * 37 % 101: i for i in range(60)}
DICTS = [D0, D1, D5, DBIG]
FD = {1.5: 1.0, -2.0: 2.5, 0.0: -0.0}
S = [set(), {1}, {5, -2, 7, 0, 8, 16}, set(range(0, 300, 7)), {-1, -2, 2**61, 2**63 - 1}]

CASES: list[tuple[str, tuple[Any, ...]]] = []
CASES += [("counts", (xs,)) for xs in ([], [1, 1, 2], [5, 3, 5, 3, 3, -1] * 4)]
CASES += [("lookup", ({1: 1.5, 2: 2.5}, k)) for k in (1, 2, 3, -1)]
CASES += [("lookup_pair", ({(1, 2): 3, (2, 1): 4}, a, b)) for a, b in [(1, 2), (2, 1), (1, 1)]]
CASES += [("put", (d, k, 9)) for d in DICTS for k in (3, 5, 999)]
CASES += [("delete", (d, k)) for d in DICTS for k in (3, 5, 999)]
CASES += [("membership", (d, k)) for d in DICTS for k in (3, 5, 2**62, 999)]
CASES += [("get_default", (FD, k)) for k in (0, 1, -2)]
CASES += [("get_one", ({1: "a", 2: ""}, k)) for k in (1, 2, 3)]
CASES += [("get_or_minus", (d, k)) for d in ({}, {5: 0, 3: 9}) for k in (3, 5, 7)]
CASES += [("setdefault_list", (d, k, 4)) for d in ({}, {1: [1]}) for k in (1, 2)]
CASES += [("pop_key", (d, k)) for d in DICTS for k in (3, 7, 999)]
CASES += [("pop_default", (d, k)) for d in DICTS for k in (3, 7, 999)]
CASES += [("popitem_all", (d,)) for d in DICTS]
CASES += [("popitem_once", (D0,)), ("popitem_once", (D5,))]
CASES += [("update_from", (d, e)) for d in DICTS[:3] for e in DICTS[:3]]
CASES += [("views", (d,)) for d in ({}, {3: 1.5, -1: 0.0}, {i: i / 2 for i in range(20, 0, -3)})]
CASES += [("keys_of", (d,)) for d in DICTS]
CASES += [("reinsert", (D5, k)) for k in (5, 7, 2**62, 1)]
CASES += [("copy_clear", (d,)) for d in DICTS]
CASES += [("merge", (d, e)) for d in DICTS[:3] for e in DICTS[:3]]
CASES += [("merge_in_place", (d, e)) for d in DICTS[:3] for e in DICTS[:3]]
CASES += [("equal", (d, e)) for d in DICTS for e in [*DICTS, {7: 3, 5: 1, -2: 2, 0: 4,
                                                              2**62: 5}]]
# Not empty: CPython's sum() of no floats is the int 0 (docs/values.md).
CASES += [("builtins_of", (d,)) for d in ({3: 0.5, 1: 0.25}, {-7: -0.0})]
CASES += [("dict_copy_builtin", (d,)) for d in DICTS[:3]]
CASES += [("comprehension", (xs,)) for xs in ([], [1, 2, 3, 4, 5, 6, 7], [9, 8, 7, 8, 9])]
CASES += [("literal", (a, b)) for a, b in [(1, 2), (2, 2), (7, 1)]]
CASES += [("grow_while_iterating", (d,)) for d in DICTS[:3]]
CASES += [("shrink_while_iterating", (d,)) for d in DICTS[:3]]
CASES += [("swap_keys_while_iterating", (d,)) for d in DICTS]
CASES += [("raise_after_change", (d,)) for d in DICTS[:2]]
CASES += [("float_keys", ({1.0: 5, 2.5: 6}, k)) for k in (1, 2)]
CASES += [("group", (xs,)) for xs in ([], list(range(10)), [7, 3, 7, -1])]
CASES += [("nested_values", (d,)) for d in ({}, {1: [1], 2: []})]
CASES += [("item_add", (d, k)) for d in DICTS[:3] for k in (3, 5, 11)]
CASES += [("bool_keys", (xs,)) for xs in ([], [True, False, True])]
CASES += [("set_order", (xs,)) for xs in ([], [3, 1, 2], [10, 2, 34, 18, 26, 7, 99, -5, 2**62,
                                                         -(2**63), 8, 16, 24, 32, 40, 48])]
CASES += [("set_order", (list(range(100, 0, -3)),))]
CASES += [("set_ops", (a, b)) for a in S for b in S]
CASES += [("set_compares", (a, b)) for a in S[:4] for b in S[:4]]
CASES += [("set_in_place", (a, b, w)) for a in S[1:4] for b in S[:4] for w in range(4)]
CASES += [("set_methods", (a, x)) for a in S[:3] for x in (1, 7, 100)]
CASES += [("set_remove", (a, x)) for a in S[:3] for x in (1, 7)]
CASES += [("set_pop_all", (a,)) for a in S]
CASES += [("set_pop_empty", ())]
CASES += [("set_builtins", (a,)) for a in ({1.5, -2.0, 0.25}, {0.1, 0.2, 0.3, 1e16})]
CASES += [("set_min_max", (a,)) for a in S]
CASES += [("set_literal", (a, b)) for a, b in [(1, 2), (3, 3), (-1, 100)]]
CASES += [("set_comprehension", (xs,)) for xs in ([], list(range(30)))]
CASES += [("set_from_list", (xs,)) for xs in ([], [5, 5, 1, 100])]
CASES += [("set_of_pairs", (list(range(n)),)) for n in (0, 4, 12)]
CASES += [("set_grow_while_iterating", (a,)) for a in S[:3]]
CASES += [("set_clear", (a,)) for a in S[:3]]
CASES += [("dedupe", (xs,)) for xs in ([], [3, 1, 3, 2, 1])]
CASES += [("set_methods_named", (a, b)) for a in S[:4] for b in S[:4]]
CASES += [("grouped", (xs,)) for xs in ([], [5, 4, 3, 2, 1, 0, 9])]
CASES += [("nested_setdefault", (xs,)) for xs in ([], [1, 2, 3, 4, 5, 6, 7])]
CASES += [("dict_of_sets", (xs,)) for xs in ([], [5, 3, 2, 8, 1])]
CASES += [("tuple_set", (s,)) for s in (set(), {(1, 2), (3, -4)}, {(i, -i) for i in range(40)})]
CASES += [("signed_zero_keys", (d,)) for d in ({0.0: 2.0, 2.0: 3.0}, {1.5: 2.0})]
CASES += [("truth_of", (d, s)) for d in ({}, {0: 1}, {1: 0}) for s in (set(), {0}, {1, 2})]
CASES += [("set_raise_after_change", (a, 5)) for a in S[:3]]
CASES += [("against_empty", (d, s)) for d in ({}, {1: 1}) for s in (set(), {2})]
CASES += [("view_builtins", (d,)) for d in ({}, {3: 0.5, -1: 2.5, 2: -1.0})]
CASES += [("sets_of_dict", (d,)) for d in [*DICTS, {i * 8: -i * 8 for i in range(12)}]]
CASES += [("view_membership", ({1: 0.5, 2: 0.0}, k, v)) for k in (1, 2, 3) for v in (0.5, 0.0)]
CASES += [("from_pairs", (ps,)) for ps in ([], [(1, 0.5), (2, 1.5), (1, -1.0)])]
CASES += [("containers_in_lists", (d, s)) for d in ({}, {1: 1}) for s in (set(), {5})]
CASES += [("filled_by_helper", (n,)) for n in (0, 5)]
# The helper fills the caller's very objects (it once filled empty copies: 0 here).
CASES += [("filled_len", (n,)) for n in (0, 5)]
FS = [frozenset(), frozenset({1, 2}), frozenset(range(0, 50, 3))]
CASES += [("frozen_ops", (a, b)) for a in FS for b in S[:3]]
CASES += [("frozen_rebind", (a, x)) for a in FS for x in (1, 7)]
CASES += [("frozen_keys", (xs,)) for xs in ([], list(range(10)))]
CASES += [("frozen_lookup", ({frozenset({1, 2}): 5, frozenset(): 0}, a, b))
          for a, b in [(1, 2), (2, 1), (2, 2)]]
CASES += [("frozen_order", (a,)) for a in FS]
# str keys (set items): the example of issue 11, grouping, membership, KeyError('k')
TEXT = "The cat and the hat. The END, the end! Straße STRASSE straße"
CASES += [("top_words", (t, k)) for t in (TEXT, "", "a a b") for k in (0, 2, 10)]
CASES += [("anagrams", (ws,)) for ws in ([], ["tea", "eat", "tan", "ate", "nat", "bat", "ß"])]
CASES += [("letters", (s,)) for s in ("", "banana", "😀ab😀")]
CASES += [("str_keys_raise", (d, k)) for d in ({}, {"a": 1}) for k in ("a", "new", "zz")]


@pytest.mark.parametrize(("func", "args"), CASES, ids=[f"{f}-{i}" for i, (f, _) in
                                                        enumerate(CASES)])
def test_same_as_cpython(pair: Pair, func: str, args: tuple[Any, ...]) -> None:
    check(pair, func, *args)


def test_key_error_is_the_key(pair: Pair) -> None:
    with pytest.raises(KeyError) as info:
        pair.native.lookup_pair({(1, 2): 3}, 1, 2)
    assert info.value.args == ((2, 1),) and str(info.value) == "(2, 1)"
    with pytest.raises(KeyError) as info:
        pair.native.popitem_once({})
    assert info.value.args == ("popitem(): dictionary is empty",)


def test_result_is_the_argument_itself(pair: Pair) -> None:
    d = {1: 2}
    assert pair.native.ident(d) is d
    s = {1, 2}
    assert pair.native.set_ident(s) is s


def test_a_frozenset_result_is_the_argument_itself(pair: Pair) -> None:
    a = frozenset({3, 4})
    assert pair.native.frozen_ident(a) is a
    with pytest.raises(TypeError, match=r"argument 'a' must be frozenset, not set"):
        pair.native.frozen_ident({3})


def test_the_same_dict_twice_is_one_dict(pair: Pair) -> None:
    d, e = {0: 0}, {0: 0}
    assert pair.native.same_twice(d, d) is pair.python.same_twice(e, e) is True
    assert d == e == {0: 0, 1: 1}
    assert pair.native.same_twice({0: 0}, {0: 0}) is False


def test_inner_lists_keep_their_identity(pair: Pair) -> None:
    d = {1: [1], 2: []}
    first = d[1]
    pair.native.nested_values(d)
    assert d == {1: [1, 1], 2: [2]} and d[1] is first


def test_wrong_types_name_the_parameter(pair: Pair) -> None:
    with pytest.raises(TypeError, match=r"put\(\) argument 'd' must be dict, not list"):
        pair.native.put([], 1, 2)
    with pytest.raises(TypeError, match=r"put\(\) argument 'd' key must be int, not str"):
        pair.native.put({"a": 1}, 1, 2)
    with pytest.raises(TypeError, match=r"argument 'd\[3\]' must be int, not float"):
        pair.native.put({3: 1.5}, 1, 2)
    with pytest.raises(TypeError, match=r"argument 'a' must be set, not list"):
        pair.native.set_remove([1], 1)
    with pytest.raises(TypeError, match=r"argument 'a' item must be int, not str"):
        pair.native.set_remove({"x"}, 1)


KEYS = st.integers(-(2**63), 2**63 - 1) | st.integers(-50, 50)


@settings(max_examples=60, deadline=None)
@given(st.dictionaries(KEYS, st.integers(-5, 5), max_size=30), KEYS)
def test_hypothesis_dicts(pair: Pair, d: dict[int, int], k: int) -> None:
    for func, args in [("put", (d, k, 1)), ("delete", (d, k)), ("pop_default", (d, k)),
                       ("popitem_all", (d,)), ("keys_of", (d,)), ("reinsert", (d, k)),
                       ("merge", (d, {k: 0})), ("swap_keys_while_iterating", (d,))]:
        check(pair, func, *args)


@settings(max_examples=80, deadline=None)
@given(st.lists(KEYS, max_size=60), st.lists(KEYS, max_size=20))
def test_hypothesis_set_order(pair: Pair, xs: list[int], ys: list[int]) -> None:
    """The order a set iterates in is CPython's (its table and probing are ported)."""
    check(pair, "set_order", xs)
    check(pair, "dedupe", xs)
    a, b = set(xs), set(ys)
    check(pair, "set_ops", a, b)
    check(pair, "set_pop_all", a)
    for w in range(4):
        check(pair, "set_in_place", a, b, w)


def test_cross_targets_take_dict_and_set_entries(tmp_path: Path) -> None:
    """Dicts and sets have a C ABI form (docs/c-abi.md, Values): such entry points are in the
    cross targets' artifacts (tests/test_c_abi_values.py calls them)."""
    from hatch_pyaot.codegen import c_abi
    from hatch_pyaot.pipeline import analyze, entries_and_specs

    path = tmp_path / "cross.py"
    path.write_text("from hatch_pyaot import compile\n\n\n"
                    "@compile\ndef takes(d: dict[int, int]) -> int:\n    return len(d)\n\n\n"
                    "@compile\ndef makes(n: int) -> set[int]:\n    return {n}\n\n\n"
                    "@compile\ndef plain(n: int) -> int:\n    return n\n", encoding="utf-8")
    entries, _ = entries_and_specs(analyze(path))
    assert {e.name: c_abi.unsupported(e) for e in entries} == {
        "takes": None, "makes": None, "plain": None}


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(-3, 3), st.sampled_from([0.0, -0.0, 0.5, 1.0, 2.5, 1e300])),
                max_size=30),
       st.lists(st.floats(allow_nan=False) | st.sampled_from([0.5, 1.0, -0.0]), max_size=40))
def test_hypothesis_tuple_and_float_keys(pair: Pair, pairs: list[tuple[int, float]],
                                         floats: list[float]) -> None:
    """Tuple and float keys hash as in CPython: equal keys merge (0.0 and -0.0, 1 and 1.0
    inside a tuple), and a set of floats iterates in CPython's order."""
    check(pair, "tuple_counts", pairs)
    check(pair, "float_set_order", floats)
