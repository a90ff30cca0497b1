"""Generated documentation stays in step with the code it is generated from."""

from __future__ import annotations

from pathlib import Path

from hatch_pyaot.ops import default_registry
from hatch_pyaot.ops.table import markdown_table

DOCS = Path(__file__).resolve().parents[1] / "docs"


def test_operator_table_is_fresh() -> None:
    expected = markdown_table(default_registry())
    actual = (DOCS / "operators.md").read_text(encoding="utf-8")
    assert actual == expected, "docs/operators.md is stale: run `pyaot ops --markdown > " \
                               "docs/operators.md`"


def test_every_math_function_is_supported() -> None:
    import math

    from hatch_pyaot.ops.reductions import TUPLE_REDUCTIONS

    registry = default_registry()
    on_tuples = {name for name, _ in TUPLE_REDUCTIONS}
    missing = [name for name in dir(math) if not name.startswith("_")
               and not registry.has(f"math.{name}") and f"math.{name}" not in on_tuples]
    assert missing == []
