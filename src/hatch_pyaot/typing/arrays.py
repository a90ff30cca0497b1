"""Typing of NumPy arrays: what can be done with an array other than computing with it
(that is typing/numpy_ops.py).

- ``a[i, j]`` reads a NumPy scalar, ``a[1:-1]``/``a[i]``/``a[:, j]`` are views, and
  ``a[...] = v`` writes (one element, or a view with broadcasting);
- ``a.shape``, ``a.ndim``, ``a.size``, ``a.T``, ``len(a)``, ``a.copy()``, ``a.astype(dt)``;
- ``numpy.zeros/ones/empty/full`` and their ``*_like`` forms, ``numpy.float32(x)``...;
- reductions (``a.sum(axis=0)``, ``numpy.max(a)``) with NumPy's result dtypes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import (
    BOOL,
    COMPLEX,
    FLOAT,
    INT,
    NONE,
    SLICE,
    ArrayType,
    CallableType,
    ClosureType,
    DictType,
    DTypeScalar,
    FunctionUnion,
    ListType,
    TupleType,
    Type,
)
from hatch_pyaot.ops.registry import Op, Param
from hatch_pyaot.typing import (
    array_functions,
    array_literal,
    axis_tuples,
    dtypes,
    elementwise_functions,
    numpy_library,
    numpy_ops,
    numpy_random,
    operator_functions,
    sorting,
    ufuncs,
)
from hatch_pyaot.typing.dtypes import DType
from hatch_pyaot.typing.typed import OpCall

if TYPE_CHECKING:
    from hatch_pyaot.typing.infer import FunctionTyper

CREATION = ("numpy.zeros", "numpy.ones", "numpy.empty", "numpy.full")
CREATION_LIKE = ("numpy.zeros_like", "numpy.ones_like", "numpy.empty_like", "numpy.full_like")
# ----- arrays ------------------------------------------------------------------------------


def element(typer: FunctionTyper, e: ir.Expr | ir.Stmt, array: ArrayType,
            indices: list[ir.Expr]) -> Type | None:
    """The type of ``a[...]``: a NumPy scalar when every dimension gets an integer, else a
    view (``a[1:-1]``, ``a[i]`` of a 2-d array, ``a[:, j]``) of the remaining dimensions."""
    indices = _tuple_items(typer, indices)
    expanded = _expand(typer, e, array, indices)
    if expanded is None:
        return None
    indices, new_axes = expanded
    typer.spec.indices[e] = indices
    if new_axes:
        if isinstance(e, ir.Stmt):
            typer.diags.error(e.loc, "None (numpy.newaxis) in the index of an assignment is "
                              "not supported")
            return None
        assert isinstance(e, ir.Expr)
        typer.spec.new_axes[e] = new_axes
    if len(indices) == 1 and not isinstance(indices[0], ir.SliceExpr):
        index_type = typer.expr(indices[0])
        if isinstance(index_type, ArrayType):
            return _advanced(typer, e, array, index_type)
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
        if it is not None and not numpy_ops.is_integer(it):
            typer.diags.error(index.loc, f"array indices must be integers or slices, not {it}")
    if integers == array.ndim and not new_axes:
        return DTypeScalar(array.dtype)
    return ArrayType(array.dtype, array.ndim - integers + len(new_axes))


def _tuple_items(typer: FunctionTyper, indices: list[ir.Expr]) -> list[ir.Expr]:
    """``a[idx]`` of a name holding a tuple of integers (``idx = (i, j)``, a ``tuple[int,
    int]`` parameter): its items are the indices, as NumPy takes a tuple."""
    if len(indices) != 1 or not isinstance(indices[0], ir.Name):
        return indices
    held = indices[0]
    t = typer.expr(held)
    if not (isinstance(t, TupleType) and t.items
            and all(numpy_ops.is_integer(item) for item in t.items)):
        return indices
    return [ir.TupleGet(held.loc, held, k) for k in range(len(t.items))]


def _is_constant(e: ir.Expr, value: object) -> bool:
    return isinstance(e, ir.Const) and e.value is value


def _expand(typer: FunctionTyper, e: ir.Expr | ir.Stmt, array: ArrayType,
            indices: list[ir.Expr]) -> tuple[list[ir.Expr], list[int]] | None:
    """``...`` replaced by the full slices it stands for, and ``None`` taken out: the parts
    that select, and the result positions of the axes ``None`` inserts."""
    ellipses = sum(_is_constant(i, Ellipsis) for i in indices)
    if ellipses > 1:
        typer.diags.error(e.loc, "an index can only have a single ellipsis ('...')")
        return None
    if not ellipses and not any(_is_constant(i, None) for i in indices):
        return indices, []
    selecting = sum(not _is_constant(i, None) and not _is_constant(i, Ellipsis)
                    for i in indices)
    parts: list[ir.Expr] = []
    new_axes: list[int] = []
    position = 0  # the result axis the next part makes
    for index in indices:
        if _is_constant(index, Ellipsis):
            for _ in range(max(array.ndim - selecting, 0)):
                parts.append(ir.SliceExpr(index.loc, None, None, None))
                position += 1
        elif _is_constant(index, None):
            new_axes.append(position)
            position += 1
        else:
            parts.append(index)
            position += isinstance(index, ir.SliceExpr)
    return parts, new_axes


def _advanced(typer: FunctionTyper, e: ir.Expr | ir.Stmt, array: ArrayType,
              index: ArrayType) -> Type | None:
    """``a[mask]`` and ``a[idx]``: new arrays (typed.Specialization.advanced)."""
    if index.dtype == dtypes.BOOL_:
        if index.ndim == array.ndim:
            typer.spec.advanced[e] = "mask"
            return ArrayType(array.dtype, 1)
        if index.ndim == 1:
            typer.spec.advanced[e] = "mask_rows"
            return array
        typer.diags.error(e.loc, f"a boolean index of rank {index.ndim} for an array of rank "
                          f"{array.ndim}: the mask must have the array's shape, or be 1-d "
                          "(rows)")
        return None
    if index.dtype.kind not in "iu" or index.ndim == 0 or array.ndim == 0:
        typer.diags.error(e.loc, "arrays used as indices must be of integer (or boolean) type"
                          if index.dtype.kind not in "iu" else
                          "too many indices for array: array is 0-dimensional, but 1 were "
                          "indexed" if array.ndim == 0 else "a 0-d index array is not "
                          "supported; index with an int")
        return None
    typer.spec.advanced[e] = "take"
    return ArrayType(array.dtype, index.ndim + array.ndim - 1)


def _slice(typer: FunctionTyper, e: ir.SliceExpr) -> None:
    for bound in (e.start, e.stop, e.step):
        if bound is None:
            continue
        t = typer.expr(bound)
        if t is not None and not numpy_ops.is_integer(t) and t != NONE:
            typer.diags.error(bound.loc, f"slice indices must be integers or None, not {t}")
    typer.spec.expr_types[e] = SLICE


def index_list(index: ir.Expr) -> list[ir.Expr]:
    return list(index.items) if isinstance(index, ir.TupleExpr) else [index]


def constant_index(typer: FunctionTyper, e: ir.TupleGet) -> list[ir.Expr]:
    """``a[3]``: the tracer made a TupleGet; the index becomes an expression of its own."""
    known = typer.spec.indices.get(e)
    return known if known is not None else [ir.Const(e.loc, e.index)]


def fits_open_annotation(t: Type, annotation: Type) -> bool:
    """An array passed where ``NDArray[dtype]`` (any rank) is annotated, or a list of arrays
    where ``list[NDArray[dtype]]`` is."""
    if isinstance(annotation, ListType) and isinstance(t, ListType) \
            and t.item is not None and annotation.item is not None:
        return fits_open_annotation(t.item, annotation.item)
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
        if value.ndim > slot.ndim:
            typer.diags.error(s.loc, f"cannot assign a {value.ndim}-d array to a {slot.ndim}-d "
                              "part of an array")
        if s.augmented and isinstance(s.value, ir.BinOp) and \
                not dtypes.can_cast_same_kind(value.dtype, slot.dtype):
            ufunc = numpy_ops.UFUNC_OF_BINOP[s.value.op]
            typer.diags.error(s.loc, f"Cannot cast ufunc '{ufunc}' output from "
                              f"dtype('{value.dtype.name}') to dtype('{slot.dtype.name}') with "
                              "casting rule 'same_kind'")
        return
    if numpy_ops.operand(value) is None:
        typer.diags.error(s.value.loc, f"cannot store a {value} in an array of "
                          f"{target.dtype.name}")
    elif value == COMPLEX and target.dtype.kind != "c":  # NumPy's TypeError
        typer.diags.error(s.value.loc, f"cannot store a complex in an array of "
                          f"{target.dtype.name} (NumPy: TypeError, float() argument must be a "
                          "string or a real number, not 'complex')")


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
    if isinstance(t, ArrayType | DTypeScalar) and e.name in ("real", "imag"):
        return elementwise_functions.part_attribute(typer, e)
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
        if isinstance(t, ArrayType):  # ndarray.__abs__ is numpy.absolute
            return numpy_ops.ufunc_call(typer, e, "numpy.absolute", types, kwtypes)
        assert isinstance(t, DTypeScalar)
        found = ufuncs.ufunc_loop("absolute", (t.dtype,))
        assert not isinstance(found, str)
        op = numpy_ops.scalar_op("absolute", t.dtype, found[1], arity=1)
        typer.spec.calls[e] = OpCall(op, (e.args[0],), (t,))
        return op.result
    dtype = dtypes.numpy_attr_dtype(name.removeprefix("numpy."))
    if dtype is not None:  # numpy.float32(x)
        if len(types) != 1 or kwtypes or numpy_ops.operand(types[0]) is None:
            typer.diags.error(e.loc, f"{name}() takes one number here")
            return None
        op = Op(name=f"numpy.{dtype.name}", params=(Param("x", types[0]),),
                result=DTypeScalar(dtype), cpp=f"pyaot::numpy::scalar::cast<{dtype.cpp}>",
                include=numpy_ops.SCALAR_HEADER)
        typer.spec.calls[e] = OpCall(op, (e.args[0],), (types[0],))
        return op.result
    if name in CREATION:
        return _creation(typer, e, name, types, kwtypes)
    if numpy_ops.ufunc_name(name) is not None:
        return numpy_ops.ufunc_call(typer, e, name, types, kwtypes)
    if name in elementwise_functions.FUNCTIONS:
        return elementwise_functions.call(typer, e, name, types, kwtypes)
    if name not in COMPLEX_FUNCTIONS and any(
            isinstance(t, ArrayType | DTypeScalar) and t.dtype.kind == "c" for t in types):
        return complex_refused(typer, e, f"{name}()")
    if name in operator_functions.NAMES:
        return operator_functions.call(typer, e, name, types, kwtypes)
    if name in array_literal.NAMES:
        return array_literal.call(typer, e, name, types, dict(e.kwargs))
    if name in sorting.FUNCTIONS:
        return sorting.call(typer, e, name, types)
    if name in array_functions.FUNCTIONS:
        return array_functions.call(typer, e, name, types, kwtypes)
    if name in numpy_library.FUNCTIONS:
        return numpy_library.call(typer, e, name)
    if name in REDUCTION_FUNCTIONS:
        if not types or not isinstance(types[0], ArrayType):
            got = f", not {types[0]}" if types else ""
            typer.diags.error(e.loc, f"{name}() needs an array here{got}", hint=ELEMENT_NOT_ROW
                              if types and isinstance(types[0], DTypeScalar) else None)
            return None
        return reduction(typer, e, REDUCTION_FUNCTIONS[name], types[0], list(e.args[1:]),
                         dict(e.kwargs))
    if name in CREATION_LIKE:
        if not types or not isinstance(types[0], ArrayType):
            typer.diags.error(e.loc, f"{name}() needs an array as its first argument")
            return None
        chosen = dtype_argument(e, 2 if name == "numpy.full_like" else 1)
        dtype = dtypes.dtype_named(chosen) if chosen is not None else types[0].dtype
        assert dtype is not None
        return ArrayType(dtype, types[0].ndim)
    return None


def handles(name: str, types: list[Type]) -> bool:
    if name == "builtins.len":
        return len(types) == 1 and isinstance(types[0], ArrayType)
    if name == "builtins.abs":
        return len(types) == 1 and isinstance(types[0], DTypeScalar | ArrayType)
    return (name in CREATION or name in CREATION_LIKE or name in REDUCTION_FUNCTIONS
            or name in array_functions.FUNCTIONS or name in numpy_library.FUNCTIONS
            or numpy_ops.ufunc_name(name) is not None or name in operator_functions.NAMES
            or name in elementwise_functions.FUNCTIONS
            or name in array_literal.NAMES or name in sorting.FUNCTIONS
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
    if numpy_ops.is_integer(shape):
        ndim = 1
    elif isinstance(shape, TupleType) and all(numpy_ops.is_integer(t) for t in shape.items):
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
        fill = numpy_ops.operand(types[1])
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


def refine_result(declared: Type, actual: Type) -> Type:
    """The result type of a function annotated ``declared`` that returns ``actual``: an
    ``NDArray[...]`` annotation leaves the rank open, and a NumPy scalar returned where the
    annotation says float (int, bool) stays that NumPy scalar, as in Python; so do the items
    of a tuple."""
    if isinstance(declared, TupleType) and isinstance(actual, TupleType) \
            and len(declared.items) == len(actual.items):
        return TupleType(tuple(refine_result(d, a)
                               for d, a in zip(declared.items, actual.items, strict=True)))
    if isinstance(declared, ArrayType) and isinstance(actual, ArrayType) \
            and declared.dtype == actual.dtype and declared.ndim < 0:
        return actual
    if isinstance(declared, ListType) and isinstance(actual, ListType) \
            and isinstance(declared.item, ArrayType) and declared.item.ndim < 0:
        return actual if actual.item is None or refine_result(
            declared.item, actual.item) == actual.item else declared  # list[NDArray[dtype]]
    if isinstance(declared, DictType) and isinstance(actual, DictType) and actual.factory \
            and declared.factory is None:  # a Counter or defaultdict stays one for the caller
        return DictType(declared.key, declared.value, actual.factory)
    if isinstance(declared, CallableType) and isinstance(actual, ClosureType | FunctionUnion):
        return actual  # the very function (its environment), as a parameter keeps it
    if isinstance(actual, DTypeScalar) and declared in (FLOAT, INT, BOOL, COMPLEX):
        kinds = {FLOAT: "biuf", INT: "biu", BOOL: "b", COMPLEX: "biufc"}[declared]
        if actual.dtype.kind in kinds:
            return actual
    return declared


# ----- methods and reductions ----------------------------------------------------------------

REDUCTIONS = ("sum", "prod", "min", "max", "mean", "any", "all", "argmin", "argmax")
COMPLEX_REDUCTIONS = ("sum", "prod", "mean", "min", "max", "argmin", "argmax")
"""Those of complex arrays, whole or along one axis (min/max in NumPy's lexicographic order)."""
COMPLEX_METHODS = frozenset({"copy", "astype", "sort", "argsort", "cumsum", "cumprod"})

ELEMENT_NOT_ROW = ("x[i] of an array whose rank the body leaves open is an element where it is "
                   "used as a number (x[i] - y[j]); state the rank in the annotation "
                   "(numpy.ndarray[tuple[int, int], numpy.dtype[numpy.float64]]) to make it a row")
REDUCTION_FUNCTIONS = {f"numpy.{name}": name for name in REDUCTIONS} | {
    "numpy.amin": "min", "numpy.amax": "max"}
COMPLEX_FUNCTIONS = frozenset({*operator_functions.COMPLEX_NAMES, *CREATION_LIKE,
                               *REDUCTION_FUNCTIONS, "numpy.sort", "numpy.argsort",
                               "numpy.cumsum", "numpy.cumprod"})
"""What takes complex arrays besides the operators, the ufuncs of typing/ufuncs.py with
complex loops, numpy.real/imag/angle and creation with ``dtype=``."""


def complex_refused(typer: FunctionTyper, e: ir.Expr, what: str) -> Type | None:
    """A compile error: ``what`` has no complex form yet; None, the diagnosed answer."""
    typer.diags.error(e.loc, f"{what} of a complex array is not supported by the compiler "
                      "yet (docs/values.md, \"complex arrays\")")
    return None


def reduction_dtype(name: str, dtype: DType) -> DType:
    """NumPy 2's result dtype of a reduction (Linux: the default integer is int64)."""
    if name in ("any", "all"):
        return dtypes.BOOL_
    if name in ("argmin", "argmax"):
        return dtypes.INT64
    if name in ("min", "max"):
        return dtype
    if name == "mean":
        return dtype if dtype.kind in "fc" else dtypes.FLOAT64
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
    if isinstance(obj, numpy_random.RandomGeneratorType):
        return numpy_random.method(typer, e)
    if not isinstance(obj, ArrayType):
        typer.diags.error(e.loc, f"'{obj}' has no method '{e.name}' the compiler supports")
        return None
    if e.name == "copy" and not args and not kwargs:
        return obj
    if e.name == "astype" and len(e.args) == 1 and isinstance(e.args[0], ir.DTypeLit):
        dtype = dtypes.dtype_named(e.args[0].dtype)
        assert dtype is not None
        # an elementwise cast: fused with the expression around it (codegen/elementwise.py)
        typer.spec.ops[e] = Op(name="numpy.astype", params=(Param("x", DTypeScalar(obj.dtype)),),
                               result=DTypeScalar(dtype),
                               cpp=f"pyaot::numpy::scalar::cast<{dtype.cpp}>",
                               include=numpy_ops.SCALAR_HEADER)
        return ArrayType(dtype, obj.ndim)
    if e.name in REDUCTIONS:
        return reduction(typer, e, e.name, obj, list(e.args), dict(e.kwargs))
    if e.name in ("conj", "conjugate") and not e.args and not e.kwargs:
        return elementwise_functions.lowered_call(typer, e, "numpy.conjugate", e.obj)
    if obj.dtype.kind == "c" and e.name not in COMPLEX_METHODS:
        return complex_refused(typer, e, f"x.{e.name}()")
    if e.name in sorting.METHODS:
        return sorting.method(typer, e, e.name, obj, list(e.args), dict(e.kwargs),
                              in_place=e.name == "sort")
    if e.name in array_functions.METHODS:
        return array_functions.method(typer, e, e.name, obj, list(e.args), dict(e.kwargs))
    if e.name in numpy_library.METHOD_NAMES:
        return numpy_library.method(typer, e)
    typer.diags.error(e.loc, f"the array method '{e.name}' is not supported yet")
    return None


def reduction(typer: FunctionTyper, e: ir.Expr, name: str, array: ArrayType,
              args: list[ir.Expr], kwargs: dict[str, ir.Expr]) -> Type | None:
    """``a.sum()``, ``np.max(a, axis=1)``: a NumPy scalar, or an array one rank lower."""
    axis_expr = kwargs.pop("axis", args.pop(0) if args else None)
    if array.dtype.kind == "c" and (name not in COMPLEX_REDUCTIONS or args
                                    or isinstance(axis_expr, ir.TupleExpr)
                                    or kwargs.keys() - {"keepdims"}):
        typer.diags.error(e.loc, f"{name}() of a complex array is not supported by the "
                          f"compiler yet ({', '.join(COMPLEX_REDUCTIONS)} are, along one "
                          "axis or all)")
        return None
    chosen: DType | None = reduction_dtype(name, array.dtype)
    if "dtype" in kwargs and name in ("sum", "prod", "mean"):
        chosen = axis_tuples.dtype_of(typer, name, kwargs.pop("dtype"),
                                      reduction_dtype(name, array.dtype))
    keep = array_functions.keepdims(typer, e, kwargs.pop("keepdims", None))
    if args or kwargs:
        typer.diags.error(e.loc, f"{name}() takes only an axis, keepdims and dtype here")
        return None
    if chosen is None or keep is None:
        return None
    if isinstance(axis_expr, ir.TupleExpr):
        return axis_tuples.reduction(typer, e, name, array, axis_expr, chosen, keep)
    axis = array_functions.constant_axis(typer, e, axis_expr, array.ndim)
    if axis is False:
        return None
    typer.spec.axis_ops[e] = (name, axis)
    return array_functions.reduced(typer, e, DTypeScalar(chosen), array.ndim, axis, keep)


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
    rows += [(f"numpy.{name}", "reduction of the whole array or along `axis`, `keepdims=`; "
              f"also the method `x.{name}()`") for name in REDUCTIONS]
    rows += [("numpy.amin", "as `numpy.min`"), ("numpy.amax", "as `numpy.max`")]
    symbols = {k: ir.BINOP_SYMBOL[k] for k in numpy_ops.UFUNC_OF_BINOP}
    for kind, ufunc in numpy_ops.UFUNC_OF_BINOP.items():
        rows.append((f"x {symbols[kind]} y", f"`numpy.{ufunc}` elementwise with broadcasting "
                     "(and `x " + symbols[kind] + "= y` in place)"))
    for cmp_kind, ufunc in numpy_ops.UFUNC_OF_COMPARE.items():
        rows.append((f"x {ir.CMP_SYMBOL[cmp_kind]} y", f"`numpy.{ufunc}`, a bool array"))
    for name, ufunc in operator_functions.BINARY.items():
        same = "" if name == ufunc else f" (`numpy.{ufunc}`)"
        rows.append((f"numpy.{name}", f"binary ufunc{same} by name, on arrays (fused) and "
                     "numbers (a NumPy scalar)"))
    rows += [(f"numpy.{name}", "logical ufunc: the truth of each operand, a bool result")
             for name in (*operator_functions.LOGICAL, "logical_not")]
    rows += [(f"numpy.{name}", "unary ufunc by name, fused")
             for name in operator_functions.UNARY if name != "logical_not"]
    rows += [("numpy.where", "`where(condition, x, y)`, fused; x and y at their common dtype"),
             ("numpy.round, numpy.around", "`decimals=` (negative too), halves to even, fused")]
    rows += [("-x, +x, ~x", "`numpy.negative`, `numpy.positive`, `numpy.invert`"),
             ("x[i, j], x[i, j] = v", "element access, negative indices, IndexError"),
             ("x[a:b:c, i], x[i]", "views (basic slicing); assignment broadcasts"),
             ("x[..., i], x[None, :], x[:, numpy.newaxis]", "ellipsis and new axes (views)"),
             ("x[mask], x[mask] = v", "boolean masks of x's shape, or 1-d on the first axis; "
              "a copy"),
             ("x[idx], x[idx] = v", "integer index arrays on the first axis; a copy"),
             ("x.shape, x.ndim, x.size, x.nbytes, x.itemsize, x.T, len(x)", "attributes"),
             ("x.copy(), x.astype(dtype)", "methods"),
             ("numpy.sort, x.sort(), numpy.argsort, x.argsort()", "`axis=` (None: "
              "flattened); x.sort() in place; argsort is stable"),
             ("numpy.median", "whole array or `axis=`, `keepdims=`"),
             ("numpy.diff", "`n=`, `axis=`"),
             ("numpy.searchsorted, x.searchsorted()", "1-d sorted array, a value or an array "
              "of values, `side=`"),
             ("numpy.unique", "sorted unique values (flattened)"),
             ("numpy.nonzero, x.nonzero(), numpy.flatnonzero, numpy.argwhere, "
              "numpy.count_nonzero", "indices of the nonzero elements"),
             ("numpy.array, numpy.asarray", "from nested lists or tuples of numbers written "
              "out, a tuple of numbers, or an array; `dtype=`"),
             ("numpy.arange", "start, stop, step (bit-identical values; `dtype=`)"),
             ("numpy.linspace", "start, stop, num, endpoint (bit-identical values)"),
             ("numpy.eye, numpy.identity", "`dtype=`"),
             ("numpy.reshape, x.reshape(...)", "shape written out, one -1 allowed; a view of "
              "a C-contiguous array"),
             ("numpy.ravel, x.ravel(), x.flatten()", "1-d; ravel is a view when possible"),
             ("numpy.dot, numpy.matmul, x @ y, x.dot(y)", "ranks 1 and 2; int32, int64, "
              "float32, float64 (others promote); large 2-d float products call the BLAS "
              "NumPy has loaded (Linux, from CPython), others a packed GEMM of our own"),
             ("numpy.outer, numpy.linalg.norm", "outer of 1-d arrays, Frobenius norm"),
             ("numpy.concatenate, numpy.stack, numpy.hstack, numpy.vstack",
              "arrays as a tuple written out, or a `list[NDArray]` value; `axis=`"),
             ("numpy.expand_dims, numpy.squeeze, numpy.flip", "views; the axis written out"),
             ("numpy.cumsum, numpy.cumprod, x.cumsum(), x.cumprod()", "flattened or `axis=`"),
             ("numpy.var, numpy.std, x.var(), x.std()", "of the whole array, `ddof=`"),
             ("numpy.float32(v), numpy.int8(v), ...", "NumPy scalars"),
             ("complex64, complex128 arrays", "`+ - * / **`, comparisons, `abs exp log sqrt "
              "square conj isnan isinf isfinite minimum maximum`, the trigonometric, "
              "hyperbolic and other ufuncs with complex loops, `real imag angle`, `astype`, "
              "`sum prod mean min max argmin argmax` whole or along an axis, `cumsum "
              "cumprod`, `sort argsort` (docs/values.md)"),
             ("numpy.column_stack, numpy.dstack, numpy.row_stack",
              "arrays as a tuple written out (1-d as columns; atleast_3d; vstack), a matrix "
              "with a vector too"),
             ("type aliases", "`F2 = numpy.ndarray[tuple[int, int], numpy.dtype[...]]`, "
              "`Vec = NDArray[...]` at module level, used as annotations")]
    return rows + elementwise_functions.coverage() + numpy_library.coverage()
