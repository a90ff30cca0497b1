"""The code generator's numbering of exception kinds is the runtime's ``pyaot::Exc``: the bit
masks of ``except`` clauses (``pyaot::error_in``) depend on it."""

from __future__ import annotations

import re
from pathlib import Path

from hatch_pyaot.codegen import exceptions

ERROR_HPP = (Path(exceptions.__file__).resolve().parents[1]
             / "cpp_runtime" / "include" / "pyaot" / "error.hpp")


def _enumerators() -> list[str]:
    body = re.search(r"enum class Exc : int \{(.*?)\};", ERROR_HPP.read_text(), re.S)
    assert body is not None
    code = re.sub(r"//[^\n]*", "", body.group(1))
    return [name.strip() for name in code.split(",") if name.strip()]


def test_numbering_is_the_runtime_enum() -> None:
    assert list(exceptions._NUMBERED) == _enumerators()
    assert len(exceptions._NUMBERED) <= 64


def test_except_exception_is_one_mask_test() -> None:
    test = exceptions._kinds_test(["ValueError", "KeyError", "TypeError"], ["Exception"])
    bits = (1 << exceptions._NUMBERED.index("ValueError")) | (
        1 << exceptions._NUMBERED.index("KeyError")) | (1 << exceptions._NUMBERED.index("TypeError"))
    assert test == f"pyaot::error_in(0x{bits:x}ULL /* Exception: 3 kinds */)"
    assert exceptions._kinds_test(["KeyError"], ["KeyError"]) == "pyaot::error_is(pyaot::Exc::KeyError)"
