"""The CPython wrapper's choice of variant for an entry compiled once per rank with its
open arrays broadcast (typing/rank_broadcast.py): pad every array to the highest rank given
(python/rank_padding.hpp), then call that rank's variant."""

from __future__ import annotations

from collections.abc import Sequence

from hatch_pyaot.ir.types import ArrayType
from hatch_pyaot.typing.typed import Specialization

HEADER = "#include <pyaot/python/rank_padding.hpp>"



def padded_dispatch(name: str, variants: Sequence[Specialization], positions: list[int],
                    ) -> list[str]:
    """C++ lines after ``rank<i>`` holds each open array's rank (-1: not an array)."""
    ranks = ", ".join(f"rank{i}" for i in positions)
    lines = [f"  const int top = std::max({{{ranks}}});",
             "  pyaot::python::rank_padding padding;"]
    for i in positions:
        lines.append(f"  if (rank{i} >= 0 && !padding.pad(slots[{i}], top - rank{i})) "
                     "return nullptr;")
    for k, variant in enumerate(variants):
        t = variant.param_types[positions[0]]
        assert isinstance(t, ArrayType)
        call = f"call_{name}_{k}(slots)"
        if t.ndim == 0 and isinstance(variant.result, ArrayType):
            call = f"pyaot::python::scalar_if_0d({call})"
        lines.append(f"  if (top == {t.ndim}) return {call};")
    return lines
