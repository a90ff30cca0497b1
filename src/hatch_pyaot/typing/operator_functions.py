"""The ufuncs of Python's operators called by name (``np.add(a, b)``, ``np.minimum``,
``np.less``, ``np.negative`` ...), the logical ufuncs, ``np.where(c, x, y)`` and
``np.round(x, decimals)``.

Each is an elementwise ``Op`` like an operator's: on arrays it is fused into the expression's
loop (codegen/elementwise.py), on numbers it is called once. NumPy returns a NumPy scalar
for numbers, Python numbers included (``np.add(1, 2)`` is ``np.int64(3)``): Python operands
that meet no NumPy dtype count as int64, float64 and bool.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import INT, ArrayType, DTypeScalar, Type
from hatch_pyaot.ops.registry import Op, Param
from hatch_pyaot.typing import dtypes, numpy_ops
from hatch_pyaot.typing.dtypes import DType, PyKind
from hatch_pyaot.typing.typed import OpCall

if TYPE_CHECKING:
    from hatch_pyaot.typing.infer import FunctionTyper

BINARY: Final = {
    **{u: u for u in dtypes.UFUNC_LOOPS}, **{u: u for u in dtypes.COMPARISONS},
    "divide": "true_divide", "mod": "remainder",
}
"""``numpy.<name>`` -> the ufunc of typing/dtypes.py it is."""
LOGICAL: Final = ("logical_and", "logical_or", "logical_xor")
UNARY: Final = {"negative": "negative", "positive": "positive", "invert": "invert",
                "bitwise_not": "invert", "logical_not": "logical_not"}
OTHER: Final = ("where", "round", "around")
NAMES: Final = tuple(f"numpy.{n}" for n in (*BINARY, *LOGICAL, *UNARY, *OTHER))
COMPLEX_NAMES: Final = frozenset(f"numpy.{n}" for n in (
    *BINARY, "negative", "positive", "invert", "bitwise_not", "where"))
"""Those that take complex operands (the binary ones refuse as NumPy does where a ufunc has
no complex loop: ``np.floor_divide``, ``np.bitwise_and``)."""
_DEFAULT: Final[dict[PyKind, DType]] = {"int": dtypes.INT64, "float": dtypes.FLOAT64,
                                        "bool": dtypes.BOOL_}


def call(typer: FunctionTyper, e: ir.Call, name: str, types: list[Type],
         kwtypes: dict[str, Type]) -> Type | None:
    short = name.removeprefix("numpy.")
    operands = [numpy_ops.element_operand(t) for t in types]
    arity = 3 if short == "where" else 2 if short in BINARY or short in LOGICAL else 1
    allowed = {"decimals"} if short in ("round", "around") else set()
    given = len(types) + len(kwtypes)
    if kwtypes.keys() - allowed or None in operands or not (
            len(types) == arity or (arity == 1 and allowed and given == 2)):
        what = "numbers and arrays" if arity > 1 else "a number or an array"
        extra = " and decimals (an int)" if allowed else ""
        typer.diags.error(e.loc, f"{name}() takes {arity if arity > 1 else ''} {what}"
                          f"{extra} here".replace("  ", " "))
        return None
    known = [o for o in operands if o is not None]
    if short in ("round", "around"):
        return _round(typer, e, types, known[0])
    if short == "where":
        return _where(typer, e, types, known)
    if short in UNARY:
        return _unary(typer, e, UNARY[short], types[0], known[0])
    a, b = _strong(known) if all(isinstance(o, str) for o in known) else known
    if short in LOGICAL:
        loop: DType = numpy_ops.compare_dtype(a, b)
        result: DType = dtypes.BOOL_
    elif BINARY[short] in dtypes.COMPARISONS:
        if not all(isinstance(o, str) for o in known):  # a Python pair became int64s
            return _typed(typer, e, types, numpy_ops.compare_op(BINARY[short], a, b))
        loop, result = numpy_ops.compare_dtype(a, b), dtypes.BOOL_
    else:
        found = dtypes.arithmetic_result(BINARY[short], a, b)
        if isinstance(found, str):
            typer.diags.error(e.loc, found)
            return None
        loop = result = found
    fallible = BINARY.get(short) == "power" and result.kind == "i"
    return _typed(typer, e, types, Op(
        f"numpy.{short}", _params(loop, 2), DTypeScalar(result),
        f"pyaot::numpy::scalar::{BINARY.get(short, short)}", fallible=fallible,
        include=numpy_ops.SCALAR_HEADER))


def _strong(kinds: list[DType | PyKind]) -> list[DType | PyKind]:
    """Python numbers meeting no NumPy dtype: the dtypes NumPy gives them (int64, float64,
    bool), promoted together."""
    found = [_DEFAULT[k] for k in kinds if isinstance(k, str)]
    common = found[0]
    for d in found[1:]:
        common = dtypes.promote(common, d)
    return [common] * len(kinds)


def _params(dtype: DType, count: int) -> tuple[Param, ...]:
    return tuple(Param(f"x{i + 1}", DTypeScalar(dtype)) for i in range(count))


def _typed(typer: FunctionTyper, e: ir.Call, types: list[Type], op: Op) -> Type:
    """An array result (fused by codegen) when an operand is an array, else a NumPy scalar."""
    if any(isinstance(t, ArrayType) for t in types):
        typer.spec.ops[e] = op
        assert isinstance(op.result, DTypeScalar)
        return ArrayType(op.result.dtype, max(numpy_ops.ndim_of(t) for t in types))
    args = (*e.args, *(value for _, value in e.kwargs))
    typer.spec.calls[e] = OpCall(op, args, tuple(p.type for p in op.params))
    return op.result


def _unary(typer: FunctionTyper, e: ir.Call, ufunc: str, t: Type,
           operand: DType | PyKind) -> Type | None:
    dtype = _DEFAULT[operand] if isinstance(operand, str) else operand
    if ufunc == "logical_not":
        op = Op("numpy.logical_not", _params(dtype, 1), DTypeScalar(dtypes.BOOL_),
                "pyaot::numpy::scalar::logical_not", include=numpy_ops.SCALAR_HEADER)
        return _typed(typer, e, [t], op)
    if dtype == dtypes.BOOL_ and ufunc == "negative":
        typer.diags.error(e.loc, "The numpy boolean negative, the `-` operator, is not "
                          "supported, use the `~` operator or the logical_not function "
                          "instead.")
        return None
    if dtype.kind in "fc" and ufunc == "invert":
        typer.diags.error(e.loc, "ufunc 'invert' not supported for the input types, and the "
                          "inputs could not be safely coerced to any supported types "
                          "according to the casting rule ''safe''")
        return None
    return _typed(typer, e, [t], numpy_ops.scalar_op(ufunc, dtype, dtype, arity=1))


def _where(typer: FunctionTyper, e: ir.Call, types: list[Type],
           operands: list[DType | PyKind]) -> Type | None:
    """``np.where(condition, x, y)``: the condition's truth, x and y at their common dtype
    (a Python int is converted as a cast, as NumPy does: ``np.where(c, int8, 300)`` wraps)."""
    x, y = operands[1:]
    if isinstance(x, str) and isinstance(y, str):
        x, y = _strong([x, y])
    dtype = numpy_ops.common_dtype(x, y)
    op = Op("numpy.where", (Param("condition", DTypeScalar(dtypes.BOOL_)),
                            *_params(dtype, 2)),
            DTypeScalar(dtype), "pyaot::numpy::scalar::where", include=numpy_ops.SCALAR_HEADER)
    return _typed(typer, e, types, op)


def _round(typer: FunctionTyper, e: ir.Call, types: list[Type],
           operand: DType | PyKind) -> Type | None:
    """``np.round(x, decimals=0)``: the dtype is kept (a Python float gives float64)."""
    decimals = e.args[1] if len(e.args) > 1 else dict(e.kwargs).get("decimals")
    if decimals is not None and not numpy_ops.is_integer(typer.expr(decimals) or types[0]):
        typer.diags.error(decimals.loc, "decimals must be an integer")
        return None
    dtype = _DEFAULT[operand] if isinstance(operand, str) else operand
    params = _params(dtype, 1) + ((Param("decimals", INT),) if decimals is not None else ())
    return _typed(typer, e, types, Op(
        "numpy.round", params, DTypeScalar(dtype), "pyaot::numpy::scalar::round",
        include=numpy_ops.SCALAR_HEADER))
