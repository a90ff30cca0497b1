"""User classes and dataclasses: CPython and the compiled module agree on values, on exception
types and messages, and on what a call leaves in the objects it was given (also when it
raises); objects come back as instances of the user's own classes.

Every kernel of kernels/class_kernels.py is compiled once for this file. Arguments are made
by a function of the module, so that each side gets instances of its own classes.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from hatch_pyaot.pipeline import analyze
from hatch_pyaot.testing import same_value
from support import Pair, assert_refused, build_pair, outcome, without_location

KERNELS = Path(__file__).parent / "kernels" / "class_kernels.py"


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory) -> Pair:
    return build_pair(tmp_path_factory.mktemp("classes"), "class_kernels", KERNELS)


def plain(value: object, seen: frozenset[int] = frozenset()) -> object:
    """A value with every object replaced by (its class's name, its attributes), so that the
    two modules' instances compare."""
    if isinstance(value, tuple | list):
        return type(value)(plain(v, seen) for v in value)
    if hasattr(value, "__dict__") and not isinstance(value, ModuleType | type):
        if id(value) in seen:
            return ("<cycle>", type(value).__name__)
        inner = seen | {id(value)}
        return (type(value).__name__, {k: plain(v, inner) for k, v in vars(value).items()})
    return value


def check(pair: Pair, func: str, make: Callable[[ModuleType], tuple[Any, ...]]) -> None:
    """Both sides on arguments made by ``make`` from their own module: the same result (or
    exception type and message), and the same arguments afterwards."""
    py_args, native_args = make(pair.python), make(pair.native)
    expected = outcome(getattr(pair.python, func), *py_args)
    got = outcome(getattr(pair.native, func), *native_args)
    call = f"{func}{plain(py_args)}"
    assert expected[0] == got[0], f"{call}: CPython {expected}, compiled {got}"
    if expected[0] == "ok":
        assert same_value(plain(expected[1]), plain(got[1])), \
            f"{call}: CPython {plain(expected[1])!r}, compiled {plain(got[1])!r}"
    else:
        message = without_location(str(got[1]))
        assert type(expected[1]) is type(got[1]) and str(expected[1]) == message, \
            f"{call}: CPython raised {expected[1]!r}, compiled {got[1]!r}"
    assert same_value(plain(py_args), plain(native_args)), \
        f"{call}: arguments after the call: CPython {plain(py_args)}, compiled " \
        f"{plain(native_args)}"


def chain(m: ModuleType, n: int) -> object:
    head = None
    for i in range(n):
        head = m.Node(i * 3, head)
    return head


def no_args(m: ModuleType) -> tuple[()]:
    return ()


CASES: list[tuple[str, Callable[[ModuleType], tuple[Any, ...]]]] = [
    ("linked_sum", lambda m: (0,)),
    ("linked_sum", lambda m: (100,)),
    ("linked_sum", lambda m: (300_000,)),  # freed without one C++ frame per node
    ("list_length", lambda m: (None,)),
    ("list_length", lambda m: (chain(m, 7),)),
    ("reverse_list", lambda m: (chain(m, 5),)),
    ("reverse_list", lambda m: (None,)),
    ("second_value", lambda m: (chain(m, 3),)),
    ("second_value", lambda m: (chain(m, 1),)),  # AttributeError on None
    ("tree_stats", lambda m: ([5, 3, 8, 1, 4, 7, 9, 2],)),
    ("tree_stats", lambda m: ([1, 2, 3, 4, 5],)),
    ("shapes", lambda m: (0,)),
    ("shapes", lambda m: (7,)),
    ("abstract_area", no_args),
    ("vectors", lambda m: (0,)),
    ("reflected", lambda m: (3,)),
    ("vectors", lambda m: (5,)),
    ("identity", lambda m: (3,)),
    ("inherited_dataclass", lambda m: (3.0,)),
    ("warm", lambda m: (20.0, 5.0)),
    ("warm", lambda m: (20.0, -500.0)),  # ValueError from the setter
    ("sort_vectors", lambda m: (0,)),
    ("sort_vectors", lambda m: (9,)),
    ("sort_points", lambda m: (7,)),
    ("bag", lambda m: (5, 2)),
    ("bag", lambda m: (5, 9)),  # IndexError from __getitem__
    ("points", lambda m: (4,)),
    ("money", lambda m: (3, 4, "EUR")),
    ("money", lambda m: (3, 4, "USD")),  # ValueError with an f-string message
    ("deposit", lambda m: (m.Account("ann", 5, [5]), 10)),
    ("deposit", lambda m: (m.Account("bob"), -1)),  # raises: the account is unchanged
    ("move", lambda m: (m.Point(1.0, 2.0, [4]), 0.5)),
    ("make_point", lambda m: (1.5, -2.0)),
    ("make_chain", lambda m: (4,)),
    ("make_chain", lambda m: (0,)),
    ("make_shape", lambda m: (0,)),
    ("make_shape", lambda m: (1,)),
    ("area_of", lambda m: (m.Square(3.0),)),
    ("area_of", lambda m: (m.Circle(2.0),)),
    ("area_of", lambda m: (m.Shape("x"),)),
    ("shift_all", lambda m: ([m.Point(0.5), m.Point(1.5, 1.0, [1])], 0.25)),
    ("shift_all", lambda m: ([], 1.0)),
    ("make_cycle", lambda m: (5,)),
    ("by_key", lambda m: (6,)),
    ("by_key", lambda m: (0,)),  # ValueError: min() of an empty list
]


@pytest.mark.parametrize("func, make", CASES)
def test_same_as_cpython(pair: Pair, func: str, make: Callable[[ModuleType], tuple[Any, ...]]
                         ) -> None:
    check(pair, func, make)


ACYCLIC = [case for case in CASES if case[0] != "make_cycle"]
"""What tests/test_sanitizers.py runs under LeakSanitizer: nothing of it may leak."""


def test_results_are_instances_of_the_users_classes(pair: Pair) -> None:
    p = pair.native.make_point(1.0, 2.0)
    assert type(p) is pair.native.Point and p == pair.native.Point(1.0, 2.0, [1, 2])
    assert repr(p) == "Point(x=1.0, y=2.0, tags=[1, 2])"  # its Python methods work
    s = pair.native.make_shape(0)
    assert type(s) is pair.native.Rect and isinstance(s, pair.native.Shape)
    assert s.area() == 6.0 and s.label == "RECT"


def test_an_argument_returned_is_the_same_object(pair: Pair) -> None:
    p = pair.native.Point(1.0, 2.0)
    assert pair.native.move(p, 1.0) is p and p.x == 2.0 and p.tags == [0]
    head = chain(pair.native, 3)
    tail = head.next.next
    assert pair.native.reverse_list(head) is tail and tail.next.next is head


def test_the_same_object_twice_is_one_object(pair: Pair) -> None:
    p = pair.native.Point(1.0)
    assert pair.native.same_twice(p, p) is True and p.x == 100.0
    assert pair.native.same_twice(pair.native.Point(1.0), pair.native.Point(2.0)) is False


def test_a_frozen_dataclass_comes_back_frozen(pair: Pair) -> None:
    import dataclasses

    m = pair.native.Money
    assert pair.native.money(1, 2, "EUR") == "Money(amount=3, currency='EUR')True"
    with pytest.raises(dataclasses.FrozenInstanceError):
        m(1).amount = 2


def test_unbounded_recursion_through_methods_raises_recursion_error(pair: Pair) -> None:
    for side in (pair.python, pair.native):
        with pytest.raises(RecursionError):
            side.spiral(0)


def test_objects_in_a_list_are_written_back_and_keep_their_identity(pair: Pair) -> None:
    ps = [pair.native.Point(0.5), pair.native.Point(1.5)]
    kept = pair.native.shift_all(ps, 1.0)
    assert [p.x for p in ps] == [1.5, 2.5] and kept[0] is ps[0] and kept[1] is ps[1]


def test_wrong_class_raises_type_error_naming_the_parameter(pair: Pair) -> None:
    with pytest.raises(TypeError, match="argument 'acct' must be Account, not Point"):
        pair.native.deposit(pair.native.Point(1.0), 1)
    with pytest.raises(TypeError, match="argument 'p' must be Point, not int"):
        pair.native.move(3, 1.0)
    with pytest.raises(TypeError, match=r"'acct.balance' must be int, not str"):
        pair.native.deposit(pair.native.Account("ann", "lots"), 1)  # type: ignore[arg-type]


def test_unsupported_classes_stay_python(tmp_path: Path) -> None:
    source = tmp_path / "bad_classes.py"
    source.write_text(
        "from hatch_pyaot import compile\n"
        "class A:\n    pass\n"
        "class B:\n    pass\n"
        "class C(A, B):\n    def f(self) -> int:\n        return 1\n"
        "class D:\n    def __init__(self) -> None:\n        self.x = 1\n"
        "    def grow(self) -> None:\n        self.y = 2\n"
        "@compile\ndef multi() -> int:\n    return C().f()\n"
        "@compile\ndef dynamic() -> int:\n    d = D()\n    d.grow()\n    return d.x\n"
        "@compile\ndef missing() -> int:\n    return D().z\n", encoding="utf-8")
    result = analyze(source)
    assert not any(e.compiled for e in result.entries)
    text = result.format_diagnostics()
    assert "bad_classes.py:6:12: error: multiple inheritance cannot be compiled" in text
    assert "'D' object has no attribute 'y'" in text
    assert "bad_classes.py:24:12: error: 'D' object has no attribute 'z'" in text


def test_a_special_method_that_cannot_be_traced_is_located(tmp_path: Path) -> None:
    """``__eq__(self, other: object)`` (an annotation not compiled): the class's use is a
    diagnostic at the construction, with the annotation's, not an internal error."""
    assert_refused(tmp_path, """from hatch_pyaot import compile
class M:
    def __init__(self, x: int) -> None:
        self.x = x
    def __eq__(self, o: object) -> bool:
        return isinstance(o, M) and self.x == o.x
@compile
def make(x: int) -> int:
    return M(x).x
""", [(9, 12, "'M.__eq__' cannot be compiled (see its errors)"),
      (5, 25, "annotation 'object' is not supported")])


WASM_CASES = [("linked_sum", {"n": 1000}), ("identity", {"n": 3}), ("bag", {"n": 5, "i": 2}),
              ("bag", {"n": 5, "i": 9}), ("spiral", {"n": 0}), ("abstract_area", {}),
              ("make_cycle", {"n": 4})]
"""Class kernels with a command-line form: objects made and used inside the program."""


@pytest.mark.slow
def test_objects_inside_wasm32_wasi_programs(pair: Pair, tmp_path: Path,
                                             cross_cache: Path) -> None:
    """The class kernels whose parameters and results are numbers, built as wasm32-wasi
    programs: the same values, or the same exception type and message, as CPython."""
    from wasm_programs import check_programs

    check_programs(KERNELS, pair.python, WASM_CASES, tmp_path, cross_cache)
