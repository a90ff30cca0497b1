"""typing.NamedTuple classes: CPython and the compiled module agree on construction with
defaults, methods, ``_replace``, indexing, ``len``, ``==``/``<`` (item by item, as tuples),
``max``/``sorted`` and repr; results are instances of the user's own NamedTuple class.

Every kernel of kernels/named_tuple_kernels.py is compiled once for this file.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from support import Pair, assert_same_made, build_pair

KERNELS = Path(__file__).parent / "kernels" / "named_tuple_kernels.py"


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory) -> Pair:
    return build_pair(tmp_path_factory.mktemp("named_tuples"), "named_tuple_kernels", KERNELS)


def _plain(value: object) -> object:
    if isinstance(value, tuple) and hasattr(value, "_fields"):
        return (type(value).__name__, tuple(_plain(v) for v in value))
    if isinstance(value, tuple | list):
        return type(value)(_plain(v) for v in value)
    return value


Make = Callable[[ModuleType], tuple[Any, ...]]
CASES: list[tuple[str, Make]] = [
    ("make", lambda m: (3,)), ("make", lambda m: (-4,)), ("default", lambda m: (5,)),
    ("use", lambda m: (m.Point(1, 2),)), ("use", lambda m: (m.Point(-3, 7),)),
    ("biggest", lambda m: ([m.Point(1, 9), m.Point(2, 0), m.Point(2, -1)],)),
    ("biggest", lambda m: ([],)),
    ("total", lambda m: ([m.Point(5, 6), m.Point(1)],)),
    ("keep", lambda m: (m.Point(8, 9),)),
    ("cheapest", lambda m: ([m.Item("a", 2.5, []), m.Item("b", 1.5, ["x"])],)),
    ("sort_points", lambda m: ([m.Point(1, 2), m.Point(3, 0), m.Point(1, 5)],)),
    ("unpack", lambda m: ([m.Point(1, 2), m.Point(3, 4)],)),
]


@pytest.mark.parametrize("func, make", CASES)
def test_same_as_cpython(pair: Pair, func: str, make: Make) -> None:
    assert_same_made(pair, func, make, _plain)


def test_results_are_the_users_named_tuples(pair: Pair) -> None:
    m = pair.native
    p = m.make(2)
    assert type(p) is m.Point and p == (2, 4) and p.norm1() == 6
    given = m.Point(1, 1)
    assert m.keep(given) is given
