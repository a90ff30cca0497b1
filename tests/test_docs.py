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


def test_every_math_function_of_the_scalar_subset_is_declared() -> None:
    import math

    registry = default_registry()
    iterable_only = {"fsum", "prod", "dist", "sumprod"}
    missing = [name for name in dir(math) if not name.startswith("_")
               and name not in iterable_only and not registry.has(f"math.{name}")]
    assert missing == []
