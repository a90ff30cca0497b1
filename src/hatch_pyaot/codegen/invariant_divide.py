"""Integer ``//`` and ``%`` by a number in an elementwise loop: the divisor prepared once.

``(x - lo) * 255 // span`` divides every element by the same ``span``. When the divisor of a
NumPy integer floor_divide or remainder is a leaf of the loop (a number evaluated before it,
not an array), the leaf becomes ``pyaot::numpy::scalar::invariant_divisor(span)`` and the
element calls the overload that multiplies and shifts instead of dividing
(``pyaot/numpy/scalar/invariant_divide.hpp``), which the C++ compiler also vectorizes. A
constant divisor stays a constant: the C++ compiler already divides by it that way.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import ArrayType, DTypeScalar
from hatch_pyaot.ops.registry import Op

if TYPE_CHECKING:
    from hatch_pyaot.codegen.elementwise import Fusion

HEADER = "pyaot/numpy/scalar/invariant_divide.hpp"
DIVISIONS = frozenset({"numpy.floor_divide", "numpy.remainder"})


def prepare_divisor(fusion: Fusion, op: Op, operands: list[ir.Expr], args: list[str]) -> None:
    """Turns the divisor leaf in ``args`` (``[dividend, divisor]``, the C++ of ``operands``)
    into a prepared one when the divisor is a number."""
    if op.name not in DIVISIONS or len(args) != 2:
        return
    if isinstance(fusion.em.spec.type_of(operands[1]), ArrayType):
        return
    t = op.params[1].type
    if not isinstance(t, DTypeScalar) or t.dtype.kind not in "iu":
        return
    if re.fullmatch(r"x\d+", args[1]) is None:
        return
    index = int(args[1][1:])
    cpp = t.dtype.cpp
    fusion.em.headers.add(HEADER)
    fusion.params[index] = f"pyaot::numpy::scalar::Divisor<{cpp}> {args[1]}"
    fusion.args[index] = f"pyaot::numpy::scalar::invariant_divisor<{cpp}>({fusion.args[index]})"
