"""The ``math`` module of Python 3.11 on scalars.

Errors follow Modules/mathmodule.c: ``ValueError("math domain error")`` for a NaN result
from non-NaN arguments or a singularity, ``OverflowError("math range error")`` when a
function overflows. Results that are ints beyond int64 (``factorial(21)``, large ``comb`` and
``perm``, ``floor(1e300)``) raise the compiled int's OverflowError.

Not declared here, because they take iterables: ``fsum``, ``prod``, ``dist``; the compiler
expands them over tuples (ops/reductions.py).

C++ side: ``pyaot/math/<name>.hpp``, namespace ``pyaot::math``. ``isnan``/``isinf``/
``isfinite`` are ``isnan_``/``isinf_``/``isfinite_`` (the C library may define them as macros).
"""

from __future__ import annotations

import math

from hatch_pyaot.ir.types import BOOL, FLOAT, INT, TupleType
from hatch_pyaot.ops.registry import Const, Op, op

# f(x: float) -> float that never raise.
_TOTAL_1 = ("asinh", "atan", "cbrt", "erf", "erfc", "fabs", "tanh", "degrees", "radians", "ulp")
# f(x: float) -> float that raise ValueError / OverflowError.
_PARTIAL_1 = (
    "acos", "acosh", "asin", "atanh", "cos", "cosh", "exp", "exp2", "expm1", "gamma", "lgamma",
    "log10", "log1p", "log2", "sin", "sinh", "sqrt", "tan",
)  # fmt: skip
_X = (("x", FLOAT),)
_XY = (("x", FLOAT), ("y", FLOAT))
_N = (("n", INT),)
_NK = (("n", INT), ("k", INT))

OPS: tuple[Op | Const, ...] = (
    *(op(f"math.{name}", _X, FLOAT) for name in _TOTAL_1),
    *(op(f"math.{name}", _X, FLOAT, fallible=True) for name in _PARTIAL_1),
    op("math.atan2", (("y", FLOAT), ("x", FLOAT)), FLOAT),
    op("math.copysign", _XY, FLOAT),
    op("math.nextafter", _XY, FLOAT),
    op("math.fmod", _XY, FLOAT, fallible=True),
    op("math.remainder", _XY, FLOAT, fallible=True),
    op("math.pow", _XY, FLOAT, fallible=True),
    op("math.log", _X, FLOAT, fallible=True),
    op("math.log", (("x", FLOAT), ("base", FLOAT)), FLOAT, fallible=True),
    op("math.ldexp", (("x", FLOAT), ("i", INT)), FLOAT, fallible=True),
    op("math.frexp", _X, TupleType((FLOAT, INT))),
    op("math.modf", _X, TupleType((FLOAT, FLOAT))),
    *(
        op(f"math.{name}", _X, INT, fallible=True, doc="OverflowError outside int64")
        for name in ("ceil", "floor", "trunc")
    ),
    *(op(f"math.{name}", _N, INT) for name in ("ceil", "floor", "trunc")),
    op("math.isfinite", _X, BOOL, "pyaot::math::isfinite_"),
    op("math.isinf", _X, BOOL, "pyaot::math::isinf_"),
    op("math.isnan", _X, BOOL, "pyaot::math::isnan_"),
    op(
        "math.isclose",
        (("a", FLOAT), ("b", FLOAT), ("rel_tol", FLOAT, 1e-09), ("abs_tol", FLOAT, 0.0)),
        BOOL,
        fallible=True,
        doc="rel_tol and abs_tol are keyword-only in Python",
    ),
    op("math.hypot", (("coordinates", FLOAT),), FLOAT, variadic=True),
    op("math.gcd", (("integers", INT),), INT, fallible=True, variadic=True),
    op("math.lcm", (("integers", INT),), INT, fallible=True, variadic=True),
    op("math.factorial", _N, INT, fallible=True, doc="OverflowError beyond 20!"),
    op("math.perm", _N, INT, fallible=True),
    op("math.perm", _NK, INT, fallible=True),
    op("math.comb", _NK, INT, fallible=True),
    op("math.isqrt", _N, INT, fallible=True),
    Const("math.pi", FLOAT, math.pi),
    Const("math.e", FLOAT, math.e),
    Const("math.tau", FLOAT, math.tau),
    Const("math.inf", FLOAT, math.inf),
    Const("math.nan", FLOAT, math.nan),
)
