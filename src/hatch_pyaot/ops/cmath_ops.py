"""The ``cmath`` module on complex numbers (an int or float argument widens to complex).

Results and errors follow Modules/cmathmodule.c of CPython 3.11: its algorithms for finite
arguments (scaled so that nothing overflows early), the C library's Annex G values for
infinities and NaNs (which CPython's special-value tables agree with), ``ValueError("math
domain error")`` and ``OverflowError("math range error")`` where CPython sets EDOM/ERANGE.
C++ side: ``pyaot/cmath/<name>.hpp``, namespace ``pyaot::cmath``.
"""

from __future__ import annotations

import cmath

from hatch_pyaot.ir.types import BOOL, COMPLEX, FLOAT, TupleType
from hatch_pyaot.ops.registry import Const, Op, op

_Z = (("z", COMPLEX),)

OPS: tuple[Op | Const, ...] = (
    *(op(f"cmath.{name}", _Z, COMPLEX, fallible=True) for name in ("exp", "sin", "cos", "sinh",
                                                                    "cosh", "log")),
    op("cmath.log", (("z", COMPLEX), ("base", COMPLEX)), COMPLEX, fallible=True),
    op("cmath.sqrt", _Z, COMPLEX),
    op("cmath.phase", _Z, FLOAT, fallible=True),
    op("cmath.polar", _Z, TupleType((FLOAT, FLOAT)), fallible=True),
    op("cmath.rect", (("r", FLOAT), ("phi", FLOAT)), COMPLEX, fallible=True),
    *(op(f"cmath.{name}", _Z, BOOL, f"pyaot::cmath::{name}_")
      for name in ("isnan", "isinf", "isfinite")),
    Const("cmath.pi", FLOAT, cmath.pi),
    Const("cmath.e", FLOAT, cmath.e),
    Const("cmath.tau", FLOAT, cmath.tau),
    Const("cmath.inf", FLOAT, cmath.inf),
    Const("cmath.nan", FLOAT, cmath.nan),
    Const("cmath.infj", COMPLEX, cmath.infj),
    Const("cmath.nanj", COMPLEX, cmath.nanj),
)
