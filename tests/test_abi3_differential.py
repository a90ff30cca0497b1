"""The value, object and array tests again, their kernels built against the 3.11 Limited
API (what ``limited-api = "3.11"`` builds for abi3 wheels): the boundary's stable-ABI paths
(list, dict, str, objects and buffer access through functions, calls through ``tp_call``) give what CPython
gives, as the full API's do. tests/support.py reads PYAOT_TEST_LIMITED_API.

One known difference is left out: the stable ABI does not expose a set's hash table, so a
set argument is not mirrored slot by slot, and a set the function changed can iterate in
another order than CPython's (docs/packaging.md, abi3).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
FILES = ("test_lists.py", "test_dicts.py", "test_str.py", "test_arrays.py", "test_classes.py",
         "test_collections.py", "test_generators.py")
SET_ORDER = "not test_hypothesis_set_order and not tuple_set"
"""The cases whose set arguments are changed and then iterated."""


@pytest.mark.slow
def test_value_and_array_tests_with_limited_api_modules(tmp_path: Path,
                                                         pyaot_cache_dir: Path) -> None:
    env = {**os.environ, "PYAOT_TEST_LIMITED_API": "1"}
    proc = subprocess.run([sys.executable, "-m", "pytest", *(str(TESTS / f) for f in FILES),
                           "-k", SET_ORDER, "-m", "not slow", "-q", "-x", "-n", "0", "-p", "no:cacheprovider",
                           "--basetemp", str(tmp_path / "t")],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=1200)
    assert proc.returncode == 0, proc.stdout[-6000:] + proc.stderr[-6000:]
    assert " passed" in proc.stdout and "failed" not in proc.stdout
