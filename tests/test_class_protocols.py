"""Class protocols: the dunder methods that statements, operators, truth tests and calls
use, class methods and abstract classes. CPython and the compiled module agree on values,
exceptions and the arguments' state after the call (tests/test_classes.py's check); every
kernel of kernels/protocol_kernels.py is compiled once for this file."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from hatch_pyaot.pipeline import analyze
from support import Pair, build_pair
from test_classes import check

KERNELS = Path(__file__).parent / "kernels" / "protocol_kernels.py"


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory) -> Pair:
    return build_pair(tmp_path_factory.mktemp("protocols"), "protocol_kernels", KERNELS)


def grid(m: ModuleType, n: int) -> object:
    g = m.Grid(n)
    for i in range(n):
        g.cells[i] = i
    return g


CASES: list[tuple[str, Callable[[ModuleType], tuple[Any, ...]]]] = [
    ("grid_items", lambda m: (5, 2, 3)),
    ("grid_items", lambda m: (5, 2, -3)),  # ValueError from __setitem__
    ("grid_items", lambda m: (3, 7, 1)),  # IndexError from the list inside
    ("grid_truth", lambda m: (0,)),
    ("grid_truth", lambda m: (4,)),
    ("grid_call", lambda m: (6, 3)),
    ("fill", lambda m: (grid(m, 4), 10)),
    ("fill", lambda m: (grid(m, 4), 2)),  # raises after two writes: the caller sees them
    ("flags", lambda m: (True,)),
    ("flags", lambda m: (False,)),
    ("truths", lambda m: (0,)),
    ("truths", lambda m: (2,)),
    ("numbers", lambda m: (2, -5)),
    ("accumulate", lambda m: (0,)),
    ("accumulate", lambda m: (6,)),
    ("temperatures", lambda m: (300.0,)),
    ("temperatures", lambda m: (-1.0,)),  # ValueError from the class method
    ("meters", lambda m: (3,)),
    ("keyed", lambda m: (7,)),
    ("keyed", lambda m: (0,)),
    ("cells", lambda m: (5,)),
    ("tokens", lambda m: (2,)),
    ("countdown", lambda m: (0,)),
    ("countdown", lambda m: (5,)),
    ("countdown", lambda m: (20,)),  # ValueError from __next__ goes through the loop
    ("consume", lambda m: (0,)),
    ("consume", lambda m: (1,)),
    ("consume", lambda m: (6,)),
    ("next_past_the_end", lambda m: (3,)),
    ("next_past_the_end", lambda m: (1,)),
    ("named_fields", lambda m: (4,)),
    ("aliases", lambda m: (1,)),
    ("aliases", lambda m: (2,)),
    ("aliases", lambda m: (3,)),  # ValueError: 3 is not a valid Shade
    ("matrices", lambda m: (2, 3)),
    ("matrices", lambda m: (-5, 7)),
]


@pytest.mark.parametrize("func, make", CASES)
def test_same_as_cpython(pair: Pair, func: str, make: Callable[[ModuleType], tuple[Any, ...]]
                         ) -> None:
    check(pair, func, make)


def test_what_python_rejects_is_a_located_error_and_stays_python(tmp_path: Path) -> None:
    """An abstract class instantiated, an object whose class has __eq__ but no __hash__ used
    as a key: CPython's TypeError, so the function stays Python (and raises it there). An
    object made to refer to itself compiles, with a warning that the cycle leaks."""
    source = tmp_path / "refused_protocols.py"
    source.write_text(
        "from abc import ABC, abstractmethod\n"
        "from hatch_pyaot import compile\n"
        "class Shape(ABC):\n"
        "    @abstractmethod\n    def area(self) -> float: ...\n"
        "    @abstractmethod\n    def name(self) -> str: ...\n"
        "class P:\n"
        "    def __init__(self, x: int) -> None:\n        self.x = x\n"
        "    def __eq__(self, other: 'P') -> bool:\n        return self.x == other.x\n"
        "@compile\ndef make() -> float:\n    return Shape().area()\n"
        "@compile\ndef keys(n: int) -> int:\n    return len({P(n): 1})\n"
        "class Ring:\n"
        "    def __init__(self) -> None:\n        self.next: Ring | None = None\n"
        "@compile\ndef ring() -> int:\n    r = Ring()\n    r.next = r\n    return 1\n"
        "class Off:\n    def __bool__(self) -> bool:\n        return False\n"
        "@compile\ndef either() -> bool:\n    a = Off()\n    return isinstance(a or Off(), Off)\n",
        encoding="utf-8")
    result = analyze(source)
    assert [e.name for e in result.entries if e.compiled] == ["ring"]
    text = result.format_diagnostics()
    assert "refused_protocols.py:25:5: warning: 'r' refers to itself: compiled objects are " \
        "reference counted, so this cycle is never freed" in text
    assert "refused_protocols.py:15:12: error: Can't instantiate abstract class Shape " in text
    assert "refused_protocols.py:18:17: error: unhashable type: 'P'" in text
    assert "refused_protocols.py:33:23: error: 'or' of a Off as a value (its truth is its " \
        "__bool__) is not compiled yet" in text
    import importlib.util

    spec = importlib.util.spec_from_file_location("refused_protocols", source)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    with pytest.raises(TypeError, match="Can't instantiate abstract class Shape"):
        module.make()
    with pytest.raises(TypeError, match="unhashable type: 'P'"):
        module.keys(1)
