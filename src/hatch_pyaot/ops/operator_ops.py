"""Python's operators on int, float and bool, named as in the ``operator`` module.

Only overloads that differ are declared: the registry widens bool -> int -> float, so
``True + 1.5`` resolves to ``operator.add(float, float)``. Overloads that must not go through
a widening are declared explicitly: the exact mixed int/float comparisons, and ``&``, ``|``,
``^`` on two bools (which stay bool). C++ side: ``pyaot/operator/<name>.hpp``, namespace
``pyaot::op``; int arithmetic raises OverflowError instead of wrapping (the compiled int is
int64).
"""

from __future__ import annotations

from hatch_pyaot.ir.types import BOOL, FLOAT, INT, NONE, Type
from hatch_pyaot.ops.registry import Const, Op, op


def _binary(t1: Type, t2: Type) -> tuple[tuple[str, Type], tuple[str, Type]]:
    return (("a", t1), ("b", t2))


_II = _binary(INT, INT)
_FF = _binary(FLOAT, FLOAT)
_IF = _binary(INT, FLOAT)
_FI = _binary(FLOAT, INT)
_BB = _binary(BOOL, BOOL)
_NN = _binary(NONE, NONE)

_ARITHMETIC: tuple[Op, ...] = (
    op("operator.add", _II, INT, fallible=True, doc="a + b; OverflowError outside int64"),
    op("operator.add", _FF, FLOAT),
    op("operator.sub", _II, INT, fallible=True, doc="a - b; OverflowError outside int64"),
    op("operator.sub", _FF, FLOAT),
    op("operator.mul", _II, INT, fallible=True, doc="a * b; OverflowError outside int64"),
    op("operator.mul", _FF, FLOAT),
    op("operator.truediv", _II, FLOAT, fallible=True, doc="a / b, correctly rounded"),
    op("operator.truediv", _FF, FLOAT, fallible=True),
    op("operator.floordiv", _II, INT, fallible=True, doc="a // b, rounding toward -inf"),
    op("operator.floordiv", _FF, FLOAT, fallible=True),
    op("operator.mod", _II, INT, fallible=True, doc="a % b, with the sign of b"),
    op("operator.mod", _FF, FLOAT, fallible=True),
    op(
        "operator.pow",
        _II,
        INT,
        fallible=True,
        doc="a ** b; a negative b raises ValueError (the result would be a float)",
    ),
    op("operator.pow", _FF, FLOAT, fallible=True),
    op("operator.lshift", _II, INT, fallible=True),
    op("operator.rshift", _II, INT, fallible=True),
    op("operator.and_", _II, INT),
    op("operator.and_", _BB, BOOL),
    op("operator.or_", _II, INT),
    op("operator.or_", _BB, BOOL),
    op("operator.xor", _II, INT, cpp="pyaot::op::xor_"),  # `xor` is a C++ keyword
    op("operator.xor", _BB, BOOL, cpp="pyaot::op::xor_"),
)

_UNARY: tuple[Op, ...] = (
    op("operator.neg", (("a", INT),), INT, fallible=True),
    op("operator.neg", (("a", FLOAT),), FLOAT),
    op("operator.pos", (("a", INT),), INT),
    op("operator.pos", (("a", FLOAT),), FLOAT),
    op("operator.invert", (("a", INT),), INT),
    *(
        op(name, (("a", t),), BOOL)
        for name in ("operator.not_", "operator.truth")
        for t in (BOOL, INT, FLOAT, NONE)
    ),
)

_COMPARISONS: tuple[Op, ...] = (
    *(
        op(f"operator.{name}", params, BOOL)
        for name in ("eq", "ne", "lt", "le", "gt", "ge")
        for params in (_II, _FF, _IF, _FI)  # int/float mixes compare exactly
    ),
    op("operator.eq", _NN, BOOL),
    op("operator.ne", _NN, BOOL),
)

OPS: tuple[Op | Const, ...] = _ARITHMETIC + _UNARY + _COMPARISONS
