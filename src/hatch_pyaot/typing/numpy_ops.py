"""NumPy operations on NumPy scalars and arrays: promotion (NEP 50, typing/dtypes.py) and
ufunc loop resolution (typing/ufuncs.py) choose the dtype each operation computes at, and the
operation becomes an ``Op`` of ``pyaot/numpy/scalar.hpp`` at that dtype.

On NumPy scalars the Op is called directly. On arrays (an operand is an array) typing records
the same per-element Op in ``spec.ops`` and gives the node an array type; codegen/arrays.py
fuses every such node of an expression into one loop. These Ops are made on demand, not
registered: one declaration per dtype would be hundreds.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import BOOL, COMPLEX, FLOAT, INT, ArrayType, DTypeScalar, Type
from hatch_pyaot.ops.registry import Op, Param
from hatch_pyaot.typing import dtypes, ufuncs
from hatch_pyaot.typing.dtypes import DType
from hatch_pyaot.typing.typed import OpCall

if TYPE_CHECKING:
    from hatch_pyaot.typing.infer import FunctionTyper

SCALAR_HEADER = "pyaot/numpy/scalar.hpp"

UFUNC_OF_BINOP = {
    ir.BinOpKind.ADD: "add",
    ir.BinOpKind.SUB: "subtract",
    ir.BinOpKind.MUL: "multiply",
    ir.BinOpKind.TRUEDIV: "true_divide",
    ir.BinOpKind.FLOORDIV: "floor_divide",
    ir.BinOpKind.MOD: "remainder",
    ir.BinOpKind.POW: "power",
    ir.BinOpKind.LSHIFT: "left_shift",
    ir.BinOpKind.RSHIFT: "right_shift",
    ir.BinOpKind.BITAND: "bitwise_and",
    ir.BinOpKind.BITOR: "bitwise_or",
    ir.BinOpKind.BITXOR: "bitwise_xor",
}
UFUNC_OF_COMPARE = {
    ir.CmpOpKind.EQ: "equal",
    ir.CmpOpKind.NE: "not_equal",
    ir.CmpOpKind.LT: "less",
    ir.CmpOpKind.LE: "less_equal",
    ir.CmpOpKind.GT: "greater",
    ir.CmpOpKind.GE: "greater_equal",
}
UFUNC_OF_UNARY = {
    ir.UnaryOpKind.NEG: "negative",
    ir.UnaryOpKind.POS: "positive",
    ir.UnaryOpKind.INVERT: "invert",
}
_PY_KIND: dict[Type, dtypes.PyKind] = {BOOL: "bool", INT: "int", FLOAT: "float",
                                      COMPLEX: "complex"}


def involves_numpy(*types: Type) -> bool:
    return any(isinstance(t, DTypeScalar | ArrayType) for t in types)


def scalar_op(ufunc: str, at: DType, result: DType, *, arity: int = 2,
              fallible: bool = False) -> Op:
    """``pyaot::numpy::scalar::<ufunc>`` computed at dtype ``at``."""
    params = tuple(Param(f"x{i + 1}", DTypeScalar(at)) for i in range(arity))
    return Op(name=f"numpy.{ufunc}", params=params, result=DTypeScalar(result),
              cpp=f"pyaot::numpy::scalar::{ufunc}", fallible=fallible,
              include=SCALAR_HEADER)


def operand(t: Type) -> DType | dtypes.PyKind | None:
    if isinstance(t, DTypeScalar):
        return t.dtype
    return _PY_KIND.get(t)


def binop(typer: FunctionTyper, node: ir.Expr | ir.Stmt, kind: ir.BinOpKind, lt: Type,
          rt: Type) -> Op | None:
    """The NumPy scalar operation for ``lt <kind> rt``, or None after a diagnostic."""
    ufunc = UFUNC_OF_BINOP[kind]
    a, b = operand(lt), operand(rt)
    if a is None or b is None:
        typer.diags.error(node.loc, f"unsupported operand types for {ir.BINOP_SYMBOL[kind]}: "
                          f"'{lt}' and '{rt}'")
        return None
    result = dtypes.arithmetic_result(ufunc, a, b)
    if isinstance(result, str):
        typer.diags.error(node.loc, result)
        return None
    assert result is not None
    op = scalar_op(ufunc, result, result,
                   fallible=ufunc == "power" and result.kind == "i")
    typer.spec.ops[node] = op
    return op


def compare(typer: FunctionTyper, e: ir.Compare, kind: ir.CmpOpKind, lt: Type,
            rt: Type) -> Op | None:
    a, b = operand(lt), operand(rt)
    if kind not in UFUNC_OF_COMPARE or a is None or b is None:
        typer.diags.error(e.loc, f"'{ir.CMP_SYMBOL[kind]}' is not supported between "
                          f"'{lt}' and '{rt}'")
        return None
    op = compare_op(UFUNC_OF_COMPARE[kind], a, b)
    return Op(op.name, op.params, BOOL, op.cpp, include=SCALAR_HEADER)


def compare_op(ufunc: str, a: DType | dtypes.PyKind, b: DType | dtypes.PyKind) -> Op:
    """A comparison ufunc on one element: at the operands' common dtype, or for a uint64 and
    a Python int by value (``uint64 > -1`` is true in NumPy)."""
    if {a, b} == {dtypes.UINT64, "int"}:
        params = tuple(Param(f"x{i + 1}", INT if o == "int" else DTypeScalar(dtypes.UINT64))
                       for i, o in enumerate((a, b)))
        return Op(name=f"numpy.{ufunc}", params=params, result=DTypeScalar(dtypes.BOOL_),
                  cpp=f"pyaot::numpy::scalar::{ufunc}_by_value", include=SCALAR_HEADER)
    return scalar_op(ufunc, compare_dtype(a, b), dtypes.BOOL_)


def compare_dtype(a: DType | dtypes.PyKind, b: DType | dtypes.PyKind) -> DType:
    """The dtype two operands are compared at. NumPy compares a Python int with an integer
    by value, even one out of the dtype's range (np.int8(5) < 1000 is True): int64 holds
    both."""
    at = common_dtype(a, b)
    if "int" in (a, b) and at.kind in "iu" and at != dtypes.UINT64:
        return dtypes.INT64
    return at


def unary(typer: FunctionTyper, e: ir.UnaryOp, t: DTypeScalar) -> Type | None:
    ufunc = UFUNC_OF_UNARY[e.op]
    if t.dtype == dtypes.BOOL_ and ufunc == "negative":
        typer.diags.error(e.loc, "The numpy boolean negative, the `-` operator, is not "
                          "supported, use the `~` operator or the logical_not function "
                          "instead.")
        return None
    if t.dtype.kind == "f" and ufunc == "invert":
        typer.diags.error(e.loc, f"bad operand type for unary ~: 'numpy.{t.dtype.name}'")
        return None
    op = scalar_op(ufunc, t.dtype, t.dtype, arity=1)
    typer.spec.ops[e] = op
    return op.result


def common_dtype(a: DType | dtypes.PyKind, b: DType | dtypes.PyKind) -> DType:
    if isinstance(a, DType) and isinstance(b, DType):
        return dtypes.promote(a, b)
    if isinstance(a, DType):
        assert isinstance(b, str)
        return dtypes.promote_weak(a, b)
    assert isinstance(b, DType) and isinstance(a, str)
    return dtypes.promote_weak(b, a)


def elementwise(typer: FunctionTyper, node: ir.Expr | ir.Stmt, ufunc: str, lt: Type,
                rt: Type) -> Type | None:
    """``a + b`` where an operand is an array: a fused elementwise operation (codegen)."""
    a, b = element_operand(lt), element_operand(rt)
    if a is None or b is None:
        typer.diags.error(node.loc, f"unsupported operand types for {ufunc}: '{lt}' and '{rt}'")
        return None
    if ufunc in UFUNC_OF_COMPARE.values():
        op = compare_op(ufunc, a, b)
        result = dtypes.BOOL_
    else:
        found = dtypes.arithmetic_result(ufunc, a, b)
        if isinstance(found, str):
            typer.diags.error(node.loc, found)
            return None
        assert found is not None
        result = found
        op = scalar_op(ufunc, result, result, fallible=ufunc == "power" and result.kind == "i")
        if ufunc == "power" and result.kind == "c" and isinstance(lt, ArrayType) \
                and rt in _FAST_POWER:
            op = dataclasses.replace(op, cpp=f"pyaot::numpy::scalar::{_FAST_POWER[rt]}")
    typer.spec.ops[node] = op
    return ArrayType(result, max(ndim_of(lt), ndim_of(rt)))


_FAST_POWER: dict[Type, str] = {INT: "power_by_int", FLOAT: "power_by_float"}
"""``array ** number`` (``ndarray.__pow__``): NumPy computes ``a ** 2`` as ``np.square``,
``a ** -1`` as ``np.reciprocal`` and ``a ** 0.5`` as ``np.sqrt``, which round differently
from ``np.power`` on complex arrays."""


def element_operand(t: Type) -> DType | dtypes.PyKind | None:
    return t.dtype if isinstance(t, ArrayType) else operand(t)


def ndim_of(t: Type) -> int:
    return t.ndim if isinstance(t, ArrayType) else 0


def augassign(typer: FunctionTyper, s: ir.AugAssign, target: ArrayType, rt: Type) -> None:
    """``a += b`` on an array updates it in place (every alias sees it), computing at the
    promoted dtype and casting back with NumPy's ``same_kind`` rule."""
    ufunc = UFUNC_OF_BINOP[s.op]
    t = elementwise(typer, s, ufunc, target, rt)
    if not isinstance(t, ArrayType):
        return
    if t.ndim > target.ndim:
        typer.diags.error(s.loc, f"non-broadcastable output operand with shape of rank "
                          f"{target.ndim} doesn't match the broadcast shape of rank {t.ndim}")
    if not dtypes.can_cast_same_kind(t.dtype, target.dtype):
        typer.diags.error(s.loc, f"Cannot cast ufunc '{ufunc}' output from "
                          f"dtype('{t.dtype.name}') to dtype('{target.dtype.name}') with "
                          "casting rule 'same_kind'")


def typing_op(op: Op, result: Type) -> Op:
    """The per-element ``op`` as typing sees a whole-array operation: its result is the array
    (``spec.ops`` keeps the per-element op for codegen)."""
    return dataclasses.replace(op, result=result)


def compare_arrays(typer: FunctionTyper, e: ir.Compare, types: list[Type]) -> Type | None:
    if len(e.ops) > 1:
        typer.diags.error(e.loc, "a chained comparison of arrays needs the truth value of an "
                          "array, which is ambiguous (NumPy raises ValueError)")
        return None
    kind = e.ops[0]
    if kind not in UFUNC_OF_COMPARE:
        typer.diags.error(e.loc, f"'{ir.CMP_SYMBOL[kind]}' is not supported between arrays")
        return None
    result = elementwise(typer, e, UFUNC_OF_COMPARE[kind], types[0], types[1])
    if result is not None:
        typer.spec.compare_ops[e] = [typer.spec.ops[e]]
    return result


def unary_array(typer: FunctionTyper, e: ir.UnaryOp, t: ArrayType) -> Type | None:
    element_type = unary(typer, e, DTypeScalar(t.dtype))
    return None if element_type is None else t


def is_integer(t: Type) -> bool:
    return t in (INT, BOOL) or (isinstance(t, DTypeScalar) and t.dtype.kind in "biu")


def ufunc_name(name: str) -> str | None:
    """``numpy.sqrt`` -> ``sqrt`` (``numpy.abs`` -> ``absolute``), or None."""
    if not name.startswith("numpy."):
        return None
    short = name.removeprefix("numpy.")
    short = ufuncs.ALIASES.get(short, short)
    return short if short in ufuncs.UFUNC_NAMES else None


def ufunc_call(typer: FunctionTyper, e: ir.Call, name: str, types: list[Type],
               kwtypes: dict[str, Type]) -> Type | None:
    """``np.sqrt(x)``: a NumPy scalar op on numbers, a fused elementwise op on arrays."""
    ufunc = ufunc_name(name)
    assert ufunc is not None
    operands = [element_operand(t) for t in types]
    if kwtypes or any(o is None for o in operands):
        typer.diags.error(e.loc, f"{name}() takes numbers and arrays here (no keywords)")
        return None
    try:
        found = ufuncs.ufunc_loop(ufunc, tuple(o for o in operands if o is not None))
    except ValueError as exc:
        typer.diags.error(e.loc, str(exc))
        return None
    if isinstance(found, str):
        typer.diags.error(e.loc, found)
        return None
    loop, result = found
    params = tuple(Param(f"x{i + 1}", DTypeScalar(loop)) for i in range(len(types)))
    op = Op(name=f"numpy.{ufunc}", params=params, result=DTypeScalar(result),
            cpp=f"pyaot::numpy::scalar::{ufunc}", include=SCALAR_HEADER)
    if any(isinstance(t, ArrayType) for t in types):
        typer.spec.ops[e] = op
        return ArrayType(result, max(ndim_of(t) for t in types))
    typer.spec.calls[e] = OpCall(op, tuple(e.args), tuple(p.type for p in params))
    return op.result
