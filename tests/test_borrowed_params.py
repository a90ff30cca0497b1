"""Parameters passed by const reference (codegen/borrowed_params.py) and the objects' free
lists: CPython and the compiled module agree where a borrowed handle's owner changes during
the call (a field, an Optional field, a closure's cell passed as the argument), where the
callee rebinds or returns its parameter, on list parameters changed in place, and on many
objects made, freed and made again. Every kernel of kernels/borrowed_kernels.py is compiled
once for this file; tests/test_sanitizers.py runs them under ASan, UBSan and LSan."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from hatch_pyaot.pipeline import analyze
from support import Pair, build_pair

KERNELS = Path(__file__).parent / "kernels" / "borrowed_kernels.py"

CASES: list[tuple[str, tuple[Any, ...]]] = [
    ("field_argument", (5,)),
    ("optional_field_argument", (4,)),
    ("optional_field_argument", (1,)),
    ("cell_argument", (7,)),
    ("rebound_parameter", (3, 5)),
    ("returned_parameter", (4,)),
    ("list_parameter", (5,)),
    ("many_live_objects", (20_000,)),
    ("churn", (50, 300)),
]


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory) -> Pair:
    return build_pair(tmp_path_factory.mktemp("borrowed"), "borrowed_kernels", KERNELS)


@pytest.mark.parametrize(("func", "args"), CASES, ids=[f"{f}{a}" for f, a in CASES])
def test_same_as_cpython(pair: Pair, func: str, args: tuple[Any, ...]) -> None:
    assert getattr(pair.native, func)(*args) == getattr(pair.python, func)(*args)


def test_which_parameters_are_borrowed() -> None:
    """Objects and lists a function never rebinds are borrowed; a rebound one and a scalar
    are not."""
    cpp = analyze(KERNELS).cpp or ""
    item = "pyaot::ref<pyaot_gen::C_borrowed_kernels_Item>"
    holder = "pyaot::ref<pyaot_gen::C_borrowed_kernels_Holder>"
    assert f"const {holder}& v_self, const {item}& v_old)" in cpp
    assert "const std::optional<pyaot::ref<pyaot_gen::C_borrowed_kernels_Link>>& v_rest)" in cpp
    assert f"_rebind(std::int64_t& out, {item} v_item, std::int64_t v_n)" in cpp
    assert "const pyaot::list<std::int64_t>& v_values, std::int64_t v_extra)" in cpp
