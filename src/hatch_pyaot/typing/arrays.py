"""Typing of NumPy arrays and NumPy scalars (the first slice of array support).

- element access ``a[i, j]`` (as many indices as the array has dimensions) reads a NumPy
  scalar and ``a[i, j] = v`` writes one, converting ``v`` as NumPy does;
- ``a.shape``, ``a.ndim``, ``a.size``, ``len(a)``;
- ``numpy.zeros/ones/empty/full`` and their ``*_like`` forms, ``numpy.float32(x)``...;
- arithmetic and comparisons on NumPy scalars follow NumPy 2 (NEP 50 promotion, integers
  wrap around): the operation is one of ``pyaot/numpy/scalar.hpp``, called at the dtype the
  operands are promoted to.

The chosen operations are recorded as ``Op`` values made here (they are not in the registry:
one declaration per dtype would be hundreds); codegen/arrays.py emits them.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import (
    BOOL,
    FLOAT,
    INT,
    NONE,
    SLICE,
    ArrayType,
    DTypeScalar,
    TupleType,
    Type,
)
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
CREATION = ("numpy.zeros", "numpy.ones", "numpy.empty", "numpy.full")
CREATION_LIKE = ("numpy.zeros_like", "numpy.ones_like", "numpy.empty_like", "numpy.full_like")
_PY_KIND: dict[Type, dtypes.PyKind] = {BOOL: "bool", INT: "int", FLOAT: "float"}


def involves_numpy(*types: Type) -> bool:
    return any(isinstance(t, DTypeScalar | ArrayType) for t in types)


def scalar_op(ufunc: str, at: DType, result: DType, *, arity: int = 2,
              fallible: bool = False) -> Op:
    """``pyaot::numpy::scalar::<ufunc>`` computed at dtype ``at``."""
    params = tuple(Param(f"x{i + 1}", DTypeScalar(at)) for i in range(arity))
    return Op(name=f"numpy.{ufunc}", params=params, result=DTypeScalar(result),
              cpp=f"pyaot::numpy::scalar::{ufunc}", fallible=fallible,
              include=SCALAR_HEADER)


def _operand(t: Type) -> DType | dtypes.PyKind | None:
    if isinstance(t, DTypeScalar):
        return t.dtype
    return _PY_KIND.get(t)


def binop(typer: FunctionTyper, node: ir.Expr | ir.Stmt, kind: ir.BinOpKind, lt: Type,
          rt: Type) -> Op | None:
    """The NumPy scalar operation for ``lt <kind> rt``, or None after a diagnostic."""
    ufunc = UFUNC_OF_BINOP[kind]
    a, b = _operand(lt), _operand(rt)
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
                   fallible=ufunc == "power" and result.kind in "iu")
    typer.spec.ops[node] = op
    return op


def compare(typer: FunctionTyper, e: ir.Compare, kind: ir.CmpOpKind, lt: Type,
            rt: Type) -> Op | None:
    a, b = _operand(lt), _operand(rt)
    if kind not in UFUNC_OF_COMPARE or a is None or b is None:
        typer.diags.error(e.loc, f"'{ir.CMP_SYMBOL[kind]}' is not supported between "
                          f"'{lt}' and '{rt}'")
        return None
    at = _common(a, b)
    if "int" in (a, b) and at.kind in "iu" and at != dtypes.UINT64:
        # NumPy compares a Python int with an integer scalar by value, even one out of the
        # dtype's range (np.int8(5) < 1000 is True): int64 holds both.
        at = dtypes.INT64
    op = scalar_op(UFUNC_OF_COMPARE[kind], at, dtypes.BOOL_)
    return Op(op.name, op.params, BOOL, op.cpp, include=SCALAR_HEADER)


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


def _common(a: DType | dtypes.PyKind, b: DType | dtypes.PyKind) -> DType:
    if isinstance(a, DType) and isinstance(b, DType):
        return dtypes.promote(a, b)
    if isinstance(a, DType):
        assert isinstance(b, str)
        return dtypes.promote_weak(a, b)
    assert isinstance(b, DType) and isinstance(a, str)
    return dtypes.promote_weak(b, a)


# ----- arrays ------------------------------------------------------------------------------


def element(typer: FunctionTyper, e: ir.Expr | ir.Stmt, array: ArrayType,
            indices: list[ir.Expr]) -> Type | None:
    """The type of ``a[...]``: a NumPy scalar when every dimension gets an integer, else a
    view (``a[1:-1]``, ``a[i]`` of a 2-d array, ``a[:, j]``) of the remaining dimensions."""
    typer.spec.indices[e] = indices
    if len(indices) > array.ndim:
        typer.diags.error(e.loc, f"too many indices for array: array is {array.ndim}-"
                          f"dimensional, but {len(indices)} were indexed")
        return None
    integers = 0
    for index in indices:
        if isinstance(index, ir.SliceExpr):
            _slice(typer, index)
            continue
        integers += 1
        it = typer.expr(index)
        if it is not None and not _is_integer(it):
            typer.diags.error(index.loc, f"array indices must be integers or slices, not {it}")
    if integers == array.ndim:
        return DTypeScalar(array.dtype)
    return ArrayType(array.dtype, array.ndim - integers)


def _slice(typer: FunctionTyper, e: ir.SliceExpr) -> None:
    for bound in (e.start, e.stop, e.step):
        if bound is None:
            continue
        t = typer.expr(bound)
        if t is not None and not _is_integer(t) and t != NONE:
            typer.diags.error(bound.loc, f"slice indices must be integers or None, not {t}")
    typer.spec.expr_types[e] = SLICE


def index_list(index: ir.Expr) -> list[ir.Expr]:
    return list(index.items) if isinstance(index, ir.TupleExpr) else [index]


def constant_index(typer: FunctionTyper, e: ir.TupleGet) -> list[ir.Expr]:
    """``a[3]``: the tracer made a TupleGet; the index becomes an expression of its own."""
    known = typer.spec.indices.get(e)
    return known if known is not None else [ir.Const(e.loc, e.index)]


def fits_open_annotation(t: Type, annotation: Type) -> bool:
    """An array passed where ``NDArray[dtype]`` (any rank) is annotated."""
    return (isinstance(annotation, ArrayType) and annotation.ndim < 0
            and isinstance(t, ArrayType) and t.dtype == annotation.dtype)


def setitem(typer: FunctionTyper, s: ir.SetItem) -> None:
    """``a[i, j] = v`` (one element) or ``a[1:-1] = <array or number>`` (a view, broadcast)."""
    target = typer.expr(s.target)
    value = typer.expr(s.value)
    if target is None:
        return
    if not isinstance(target, ArrayType):
        typer.diags.error(s.loc, f"'{target}' object does not support item assignment")
        return
    slot = element(typer, s, target, index_list(s.index))
    if value is None or slot is None:
        return
    if isinstance(slot, ArrayType) and isinstance(value, ArrayType):
        _check_store(typer, s.value, value.dtype, target.dtype)
        if value.ndim > slot.ndim:
            typer.diags.error(s.loc, f"cannot assign a {value.ndim}-d array to a {slot.ndim}-d "
                              "part of an array")
        return
    if _operand(value) is None:
        typer.diags.error(s.value.loc, f"cannot store a {value} in an array of "
                          f"{target.dtype.name}")


def _check_store(typer: FunctionTyper, e: ir.Expr, src: DType, dst: DType) -> None:
    """Storing an array into an array casts ``same_kind``-free, as ``a[...] = b`` does
    (NumPy's unsafe casting for assignment): nothing to check but supported dtypes."""
    del typer, e, src, dst


def elementwise(typer: FunctionTyper, node: ir.Expr | ir.Stmt, ufunc: str, lt: Type,
                rt: Type) -> Type | None:
    """``a + b`` where an operand is an array: a fused elementwise operation (codegen)."""
    a, b = _element_operand(lt), _element_operand(rt)
    if a is None or b is None:
        typer.diags.error(node.loc, f"unsupported operand types for {ufunc}: '{lt}' and '{rt}'")
        return None
    if ufunc in UFUNC_OF_COMPARE.values():
        at = _common(a, b)
        if "int" in (a, b) and at.kind in "iu" and at != dtypes.UINT64:
            at = dtypes.INT64
        op = scalar_op(ufunc, at, dtypes.BOOL_)
        result = dtypes.BOOL_
    else:
        found = dtypes.arithmetic_result(ufunc, a, b)
        if isinstance(found, str):
            typer.diags.error(node.loc, found)
            return None
        assert found is not None
        result = found
        op = scalar_op(ufunc, result, result, fallible=ufunc == "power" and result.kind in "iu")
        if op.fallible:
            typer.diags.error(node.loc, "integer ** on arrays is not supported yet (a negative "
                              "exponent must raise); use float arrays")
            return None
    typer.spec.ops[node] = op
    return ArrayType(result, max(_ndim(lt), _ndim(rt)))


def _element_operand(t: Type) -> DType | dtypes.PyKind | None:
    return t.dtype if isinstance(t, ArrayType) else _operand(t)


def _ndim(t: Type) -> int:
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


def attribute(typer: FunctionTyper, e: ir.Attribute) -> Type | None:
    t = typer.expr(e.value)
    if t is None:
        return None
    if isinstance(t, ArrayType):
        if e.name == "T":
            return t
        if e.name == "shape":
            return TupleType((INT,) * t.ndim)
        if e.name in ("ndim", "size", "itemsize", "nbytes"):
            return INT
    typer.diags.error(e.loc, f"'{t}' has no attribute '{e.name}' the compiler supports")
    return None


def call(typer: FunctionTyper, e: ir.Call, name: str, types: list[Type],
         kwtypes: dict[str, Type]) -> Type | None:
    """A call the array support handles, or None (not ours: NotImplemented is not used
    because None is also the 'diagnosed' answer; see ``handles``)."""
    if name == "builtins.len":
        (t,) = types
        assert isinstance(t, ArrayType)
        if t.ndim == 0:
            typer.diags.error(e.loc, "len() of unsized object (a 0-d array)")
            return None
        return INT
    if name == "builtins.abs":
        (t,) = types
        assert isinstance(t, DTypeScalar)
        op = scalar_op("absolute", t.dtype, t.dtype, arity=1)
        typer.spec.calls[e] = OpCall(op, (e.args[0],), (t,))
        return op.result
    dtype = dtypes.numpy_attr_dtype(name.removeprefix("numpy."))
    if dtype is not None:  # numpy.float32(x)
        if len(types) != 1 or kwtypes or _operand(types[0]) is None:
            typer.diags.error(e.loc, f"{name}() takes one number here")
            return None
        op = Op(name=f"numpy.{dtype.name}", params=(Param("x", types[0]),),
                result=DTypeScalar(dtype), cpp=f"pyaot::numpy::scalar::cast<{dtype.cpp}>",
                include=SCALAR_HEADER)
        typer.spec.calls[e] = OpCall(op, (e.args[0],), (types[0],))
        return op.result
    if name in CREATION:
        return _creation(typer, e, name, types, kwtypes)
    if _ufunc_name(name) is not None:
        return ufunc_call(typer, e, name, types, kwtypes)
    if name in REDUCTION_FUNCTIONS:
        if not types or not isinstance(types[0], ArrayType):
            typer.diags.error(e.loc, f"{name}() needs an array here")
            return None
        return reduction(typer, e, REDUCTION_FUNCTIONS[name], types[0], list(e.args[1:]),
                         dict(e.kwargs))
    if name in CREATION_LIKE:
        if not types or not isinstance(types[0], ArrayType):
            typer.diags.error(e.loc, f"{name}() needs an array as its first argument")
            return None
        return types[0]
    return None


def handles(name: str, types: list[Type]) -> bool:
    if name == "builtins.len":
        return len(types) == 1 and isinstance(types[0], ArrayType)
    if name == "builtins.abs":
        return len(types) == 1 and isinstance(types[0], DTypeScalar)
    return (name in CREATION or name in CREATION_LIKE or name in REDUCTION_FUNCTIONS
            or _ufunc_name(name) is not None
            or (name.startswith("numpy.")
                and dtypes.numpy_attr_dtype(name.removeprefix("numpy.")) is not None))


def _creation(typer: FunctionTyper, e: ir.Call, name: str, types: list[Type],
              kwtypes: dict[str, Type]) -> Type | None:
    wanted = 2 if name == "numpy.full" else 1
    if len(types) < wanted:
        typer.diags.error(e.loc, f"{name}() needs a shape" + (" and a fill value"
                                                            if wanted == 2 else ""))
        return None
    shape = types[0]
    if _is_integer(shape):
        ndim = 1
    elif isinstance(shape, TupleType) and all(_is_integer(t) for t in shape.items):
        ndim = len(shape.items)
    else:
        typer.diags.error(e.loc, f"the shape of {name}() must be an int or a tuple of ints, "
                          f"not {shape}")
        return None
    dtype_arg = dtype_argument(e, wanted)
    if dtype_arg is None and len(e.args) > wanted:
        typer.diags.error(e.args[wanted].loc, "the dtype must be written out, such as "
                          "numpy.float32 or float")
        return None
    if dtype_arg is not None:
        dtype = dtypes.dtype_named(dtype_arg)
        assert dtype is not None
    elif name == "numpy.full":
        fill = _operand(types[1])
        if fill is None:
            typer.diags.error(e.loc, f"cannot fill an array with {types[1]}")
            return None
        dtype = fill if isinstance(fill, DType) else dtypes.result_of_python_scalar(fill)
    else:
        dtype = dtypes.FLOAT64
    unknown = set(kwtypes) - {"dtype"}
    if unknown:
        typer.diags.error(e.loc, f"{name}() argument '{sorted(unknown)[0]}' is not supported")
        return None
    return ArrayType(dtype, ndim)


def dtype_argument(e: ir.Call, position: int) -> str | None:
    """The dtype a creation call names (``dtype=numpy.int32`` or positional), or None."""
    for key, value in e.kwargs:
        if key == "dtype" and isinstance(value, ir.DTypeLit):
            return value.dtype
    if len(e.args) > position and isinstance(e.args[position], ir.DTypeLit):
        arg = e.args[position]
        assert isinstance(arg, ir.DTypeLit)
        return arg.dtype
    return None


def _is_integer(t: Type) -> bool:
    return t in (INT, BOOL) or (isinstance(t, DTypeScalar) and t.dtype.kind in "biu")


def refine_result(declared: Type, actual: Type) -> Type:
    """The result type of a function annotated ``declared`` that returns ``actual``: an
    ``NDArray[...]`` annotation leaves the rank open, and a NumPy scalar returned where the
    annotation says float (int, bool) stays that NumPy scalar, as in Python."""
    if isinstance(declared, ArrayType) and isinstance(actual, ArrayType) \
            and declared.dtype == actual.dtype and declared.ndim < 0:
        return actual
    if isinstance(actual, DTypeScalar) and declared in (FLOAT, INT, BOOL):
        kinds = {FLOAT: "biuf", INT: "biu", BOOL: "b"}[declared]
        if actual.dtype.kind in kinds:
            return actual
    return declared


# ----- methods and reductions ----------------------------------------------------------------

REDUCTIONS = ("sum", "prod", "min", "max", "mean", "any", "all", "argmin", "argmax")
REDUCTION_FUNCTIONS = {f"numpy.{name}": name for name in REDUCTIONS} | {
    "numpy.amin": "min", "numpy.amax": "max"}


def reduction_dtype(name: str, dtype: DType) -> DType:
    """NumPy 2's result dtype of a reduction (Linux: the default integer is int64)."""
    if name in ("any", "all"):
        return dtypes.BOOL_
    if name in ("argmin", "argmax"):
        return dtypes.INT64
    if name in ("min", "max"):
        return dtype
    if name == "mean":
        return dtype if dtype.kind == "f" else dtypes.FLOAT64
    # sum, prod: small integers accumulate in the default integer of their signedness.
    if dtype.kind in "bi":
        return dtypes.INT64
    if dtype.kind == "u":
        return dtypes.UINT64
    return dtype


def method(typer: FunctionTyper, e: ir.MethodCall) -> Type | None:
    obj = typer.expr(e.obj)
    args = [typer.expr(a) for a in e.args]
    kwargs = {k: typer.expr(v) for k, v in e.kwargs}
    if obj is None or any(a is None for a in args) or any(v is None for v in kwargs.values()):
        return None
    if not isinstance(obj, ArrayType):
        typer.diags.error(e.loc, f"'{obj}' has no method '{e.name}' the compiler supports")
        return None
    if e.name == "copy" and not args and not kwargs:
        return obj
    if e.name == "astype" and len(e.args) == 1 and isinstance(e.args[0], ir.DTypeLit):
        dtype = dtypes.dtype_named(e.args[0].dtype)
        assert dtype is not None
        return ArrayType(dtype, obj.ndim)
    if e.name in REDUCTIONS:
        return reduction(typer, e, e.name, obj, list(e.args), dict(e.kwargs))
    typer.diags.error(e.loc, f"the array method '{e.name}' is not supported yet")
    return None


def reduction(typer: FunctionTyper, e: ir.Expr, name: str, array: ArrayType,
              args: list[ir.Expr], kwargs: dict[str, ir.Expr]) -> Type | None:
    """``a.sum()``, ``np.max(a, axis=1)``: a NumPy scalar, or an array one rank lower."""
    axis_expr = kwargs.pop("axis", args.pop(0) if args else None)
    if args or kwargs:
        typer.diags.error(e.loc, f"{name}() takes only an axis here")
        return None
    result = reduction_dtype(name, array.dtype)
    if axis_expr is None or (isinstance(axis_expr, ir.Const) and axis_expr.value is None):
        typer.spec.reductions[e] = (name, None)
        return DTypeScalar(result)
    axis = axis_expr.value if isinstance(axis_expr, ir.Const) else None
    if not isinstance(axis, int) or isinstance(axis, bool):
        typer.diags.error(axis_expr.loc, "the axis must be an integer written in the code")
        return None
    if not -array.ndim <= axis < array.ndim:
        typer.diags.error(axis_expr.loc, f"axis {axis} is out of bounds for array of "
                          f"dimension {array.ndim}")
        return None
    typer.spec.reductions[e] = (name, axis % array.ndim)
    if array.ndim == 1:
        return DTypeScalar(result)
    return ArrayType(result, array.ndim - 1)



def _ufunc_name(name: str) -> str | None:
    """``numpy.sqrt`` -> ``sqrt`` (``numpy.abs`` -> ``absolute``), or None."""
    if not name.startswith("numpy."):
        return None
    short = name.removeprefix("numpy.")
    short = ufuncs.ALIASES.get(short, short)
    return short if short in ufuncs.UFUNC_NAMES else None


def ufunc_call(typer: FunctionTyper, e: ir.Call, name: str, types: list[Type],
               kwtypes: dict[str, Type]) -> Type | None:
    """``np.sqrt(x)``: a NumPy scalar op on numbers, a fused elementwise op on arrays."""
    ufunc = _ufunc_name(name)
    assert ufunc is not None
    operands = [_element_operand(t) for t in types]
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
        return ArrayType(result, max(_ndim(t) for t in types))
    typer.spec.calls[e] = OpCall(op, tuple(e.args), tuple(p.type for p in params))
    return op.result


def numpy_coverage() -> list[tuple[str, str]]:
    """What the compiler supports of NumPy, for ``pyaot ops numpy`` and docs/operators.md."""
    rows = [(name, "array creation (shape int or tuple, `dtype=`)") for name in CREATION]
    rows += [(name, "array creation like an array") for name in CREATION_LIKE]
    for ufunc in ufuncs.UFUNC_NAMES:
        aliases = sorted(a for a, target in ufuncs.ALIASES.items() if target == ufunc)
        arity, _ = ufuncs.UFUNCS[ufunc]
        also = f" (also `numpy.{'`, `numpy.'.join(aliases)}`)" if aliases else ""
        rows.append((f"numpy.{ufunc}", f"ufunc of {arity} operand(s) on arrays and scalars, "
                     f"fused{also}"))
    rows += [(f"numpy.{name}", "reduction of the whole array or along `axis`; also the "
              f"method `x.{name}()`") for name in REDUCTIONS]
    rows += [("numpy.amin", "as `numpy.min`"), ("numpy.amax", "as `numpy.max`")]
    symbols = {k: ir.BINOP_SYMBOL[k] for k in UFUNC_OF_BINOP}
    for kind, ufunc in UFUNC_OF_BINOP.items():
        rows.append((f"x {symbols[kind]} y", f"`numpy.{ufunc}` elementwise with broadcasting "
                     "(and `x " + symbols[kind] + "= y` in place)"))
    for cmp_kind, ufunc in UFUNC_OF_COMPARE.items():
        rows.append((f"x {ir.CMP_SYMBOL[cmp_kind]} y", f"`numpy.{ufunc}`, a bool array"))
    rows += [("-x, +x, ~x", "`numpy.negative`, `numpy.positive`, `numpy.invert`"),
             ("x[i, j], x[i, j] = v", "element access, negative indices, IndexError"),
             ("x[a:b:c, i], x[i]", "views (basic slicing); assignment broadcasts"),
             ("x.shape, x.ndim, x.size, x.nbytes, x.itemsize, x.T, len(x)", "attributes"),
             ("x.copy(), x.astype(dtype)", "methods"),
             ("numpy.float32(v), numpy.int8(v), ...", "NumPy scalars")]
    return rows
