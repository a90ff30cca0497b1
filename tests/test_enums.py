"""Enum and IntEnum members: CPython and the compiled module agree on ``.name``, ``.value``,
``Color(v)`` (and its ValueError), iteration, ``len``, ``==``/``is``, dict keys, IntEnum
arithmetic and comparisons with ints, and ``match`` on members; members passed in and
returned are the user's own members.

Every kernel of kernels/enum_kernels.py is compiled once for this file.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from hatch_pyaot.pipeline import analyze
from support import Pair, assert_same_made, build_pair

KERNELS = Path(__file__).parent / "kernels" / "enum_kernels.py"


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory) -> Pair:
    return build_pair(tmp_path_factory.mktemp("enums"), "enum_kernels", KERNELS)


def _plain(value: object) -> object:
    """Members of either module as (enum name, member name)."""
    if isinstance(value, tuple | list):
        return type(value)(_plain(v) for v in value)
    if isinstance(value, dict):
        return {_plain(k): _plain(v) for k, v in value.items()}
    if hasattr(value, "_name_"):
        return (type(value).__name__, value._name_)
    return value


Make = Callable[[ModuleType], tuple[Any, ...]]
CASES: list[tuple[str, Make]] = [
    ("names", lambda m: ()),
    *(("lookup", lambda m, v=v: (v,)) for v in (1, 2, 3, 0, 7, True)),
    *(("suit", lambda m, s=s: (s,)) for s in ("h", "s", "x", "")),
    ("prio", lambda m: (m.Prio.LOW, 5)), ("prio", lambda m: (m.Prio.HIGH, -5)),
    ("prio", lambda m: (m.Prio.MID, 2**62)),
    ("same", lambda m: (m.Color.RED, m.Color.RED)), ("same", lambda m: (m.Color.GREEN, m.Color.BLUE)),
    ("pick", lambda m: (0,)), ("pick", lambda m: (1,)),
    *(("classify", lambda m, c=c: (getattr(m.Color, c),)) for c in ("RED", "GREEN", "BLUE")),
    ("counts", lambda m: ([m.Color.RED, m.Color.BLUE, m.Color.RED],)), ("counts", lambda m: ([],)),
    ("total", lambda m: ([m.Prio.LOW, m.Prio.HIGH, m.Prio.HIGH],)), ("total", lambda m: ([],)),
    *(("by_position", lambda m, i=i: (i,)) for i in (0, 1, -1, 2)),
    *(("planets", lambda m, v=v: (v, 10)) for v in (1, 3, 4, 2)),
]


@pytest.mark.parametrize("func, make", CASES)
def test_same_as_cpython(pair: Pair, func: str, make: Make) -> None:
    assert_same_made(pair, func, make, _plain)


def test_results_are_the_users_members(pair: Pair) -> None:
    m = pair.native
    assert m.pick(0) is m.Color.RED and m.pick(1) is m.Color.BLUE
    assert list(m.counts([m.Color.GREEN])) == [m.Color.GREEN]


def test_a_value_of_another_class_raises_type_error(pair: Pair) -> None:
    with pytest.raises(TypeError, match="argument 'a' must be Color, not int"):
        pair.native.same(1, pair.native.Color.RED)
    with pytest.raises(TypeError, match="argument 'p' must be Prio, not Color"):
        pair.native.prio(pair.native.Color.RED, 1)


def test_unsupported_enums_are_located(tmp_path: Path) -> None:
    source = tmp_path / "bad_enum.py"
    source.write_text(
        "from enum import Enum\n"
        "from hatch_pyaot import compile\n"
        "class Mixed(Enum):\n    A = 1\n    B = 'b'\n"
        "class Alias(Enum):\n    A = 1\n    B = 1\n"
        "class Plain(Enum):\n    A = 1\n"
        "@compile\ndef f() -> int:\n    return Mixed.A.value\n"
        "@compile\ndef g() -> str:\n    return Alias.B.name\n"
        "@compile\ndef h() -> bool:\n    return Plain.A < Plain.A\n", encoding="utf-8")
    result = analyze(source)
    assert [e.name for e in result.entries if e.compiled] == ["g"]  # an alias is its member
    text = result.format_diagnostics()
    assert "bad_enum.py:3:1: error: the members of a compiled enum have values of one type" in text
    assert "bad_enum.py:19:12: error: '<' not supported between instances of 'Plain' and " \
        "'Plain'" in text
