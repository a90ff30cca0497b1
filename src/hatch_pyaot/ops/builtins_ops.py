"""The builtins on scalars: abs, min, max, round, divmod, pow, int, float, bool.

C++ side: ``pyaot/builtins/<name>.hpp``, namespace ``pyaot::builtins``. ``int``, ``float`` and
``bool`` are C++ keywords, hence ``to_int``/``to_float``/``to_bool``; ``min``/``max`` are
``min_``/``max_`` so that a ``min()``/``max()`` macro (windows.h) cannot break them.
"""

from __future__ import annotations

from hatch_pyaot.ir.types import BOOL, FLOAT, INT, NONE, TupleType
from hatch_pyaot.ops.registry import Const, Op, op

OPS: tuple[Op | Const, ...] = (
    op("builtins.abs", (("x", INT),), INT, fallible=True, doc="abs(-2**63) raises OverflowError"),
    op("builtins.abs", (("x", FLOAT),), FLOAT),
    *(
        op(
            f"builtins.{name}",
            (("args", t),),
            t,
            f"pyaot::builtins::{name}_",
            variadic=True,
            min_args=2,
        )
        for name in ("min", "max")
        for t in (INT, FLOAT, BOOL)
    ),
    op("builtins.round", (("number", FLOAT),), INT, fallible=True, doc="half-even"),
    op("builtins.round", (("number", FLOAT), ("ndigits", INT)), FLOAT, fallible=True),
    op("builtins.round", (("number", INT),), INT),
    op("builtins.round", (("number", INT), ("ndigits", INT)), INT, fallible=True),
    op("builtins.divmod", (("x", INT), ("y", INT)), TupleType((INT, INT)), fallible=True),
    op("builtins.divmod", (("x", FLOAT), ("y", FLOAT)), TupleType((FLOAT, FLOAT)), fallible=True),
    op("builtins.pow", (("base", INT), ("exp", INT)), INT, fallible=True),
    op("builtins.pow", (("base", FLOAT), ("exp", FLOAT)), FLOAT, fallible=True),
    op(
        "builtins.pow",
        (("base", INT), ("exp", INT), ("mod", INT)),
        INT,
        fallible=True,
        doc="modular power; a negative exp uses the modular inverse",
    ),
    op("builtins.int", (), INT, "pyaot::builtins::to_int"),
    op("builtins.int", (("x", INT),), INT, "pyaot::builtins::to_int"),
    op("builtins.int", (("x", FLOAT),), INT, "pyaot::builtins::to_int", fallible=True),
    op("builtins.float", (), FLOAT, "pyaot::builtins::to_float"),
    op("builtins.float", (("x", INT),), FLOAT, "pyaot::builtins::to_float"),
    op("builtins.float", (("x", FLOAT),), FLOAT, "pyaot::builtins::to_float"),
    op("builtins.bool", (), BOOL, "pyaot::builtins::to_bool"),
    *(
        op("builtins.bool", (("x", t),), BOOL, "pyaot::builtins::to_bool")
        for t in (BOOL, INT, FLOAT, NONE)
    ),
)
