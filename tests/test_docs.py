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


def test_settings_page_is_fresh() -> None:
    from hatch_pyaot.settings import settings_markdown

    actual = (DOCS / "settings.md").read_text(encoding="utf-8")
    assert actual == settings_markdown(), "docs/settings.md is stale: run `python -m " \
                                          "hatch_pyaot.settings --markdown > docs/settings.md`"


def test_settings_schema_is_fresh() -> None:
    import json

    from hatch_pyaot.settings import json_schema

    path = DOCS.parent / "src" / "hatch_pyaot" / "settings.schema.json"
    expected = json.dumps(json_schema(), indent=2, sort_keys=True) + "\n"
    assert path.read_text(encoding="utf-8") == expected, \
        "src/hatch_pyaot/settings.schema.json is stale: run `python -m hatch_pyaot.settings " \
        "--schema > src/hatch_pyaot/settings.schema.json`"


def test_onnx_page_lists_every_lowered_op() -> None:
    import re

    from hatch_pyaot.onnx.table import TABLE

    page = (DOCS / "onnx.md").read_text(encoding="utf-8")
    rows = page.split("## Ops", 1)[1].split("\n\n", 2)[1].splitlines()[2:]
    ops = " ".join(re.sub(r"\([^)]*\)", "", row.split("|")[2]) for row in rows)
    assert set(re.findall(r"\b[A-Z]\w*", ops)) == set(TABLE)


def test_ops_onnx_lists_every_op() -> None:
    import subprocess
    import sys

    from hatch_pyaot.onnx.table import TABLE

    out = subprocess.run([sys.executable, "-m", "hatch_pyaot", "ops", "onnx"], check=True,
                         capture_output=True, text=True).stdout
    assert [line.split("    -- ")[0] for line in out.splitlines()[:-1]] == sorted(TABLE)
    assert out.endswith(f"\n{len(TABLE)} ONNX ops\n")
