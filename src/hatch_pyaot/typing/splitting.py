"""NumPy's split family (``pyaot/numpy/split.hpp``): ``split``, ``array_split``, ``hsplit``,
``vsplit`` and ``dsplit``, each one ArrayCall whose result is a ``list[NDArray]`` of views of
the array; and the joins of such a list (``numpy.concatenate(pieces)``, typing/array_functions
hands them here).

The axis is written in the code (the rank of the pieces is the array's); the sections are an
int (computed at run time), or indices as a tuple or list written out, a ``list[int]`` or a
1-d integer array.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import INT, ArrayType, ListType, Type
from hatch_pyaot.typing import dtypes, numpy_ops
from hatch_pyaot.typing.array_calls import Bound, Function, array, constant, is_none, type_of
from hatch_pyaot.typing.typed import ArrayCall, Converted, Ints

if TYPE_CHECKING:
    from hatch_pyaot.typing.infer import FunctionTyper

HEADER = "pyaot/numpy/split.hpp"
FIXED_AXES = {"numpy.vsplit": (2, 0), "numpy.dsplit": (3, 2)}
"""The splits of a fixed axis: (the least rank they take, the axis)."""


def _call(typer: FunctionTyper, e: ir.Expr, func: str, *args: Converted | Ints | str) -> None:
    assert isinstance(e, ir.Call | ir.MethodCall)
    typer.spec.calls[e] = ArrayCall(f"pyaot::numpy::{func}", HEADER, tuple(args))


def _axis(typer: FunctionTyper, name: str, expr: ir.Expr | None, ndim: int) -> int | None:
    """The axis written in the code, normalized; None after a diagnostic (NumPy reads
    ``a.shape[axis]``, so an axis out of range is an IndexError there)."""
    if is_none(expr):
        return 0
    assert expr is not None
    value = constant(expr, int)
    if not isinstance(value, int):
        typer.diags.error(expr.loc, f"{name}() takes the axis as an int written in the code")
        return None
    if not -ndim <= value < ndim:
        typer.diags.error(expr.loc, f"{name}(): axis {value} is out of range for an array of "
                          f"dimension {ndim} (NumPy raises IndexError: tuple index out of range)")
        return None
    return value % ndim


def _sections(typer: FunctionTyper, name: str, expr: ir.Expr) -> Converted | Ints | None:
    """An int (a count of sections), or the indices to split at."""
    if isinstance(expr, ir.TupleExpr | ir.ListExpr):
        items = tuple(expr.items)
        if all(t is not None and numpy_ops.is_integer(t) and not isinstance(t, ArrayType)
               for t in (type_of(typer, i) for i in items)):
            return Ints(items)
    t = type_of(typer, expr)
    if isinstance(t, ListType) and t.item is not None and numpy_ops.is_integer(t.item):
        return Converted(expr, ListType(INT))
    if isinstance(t, ArrayType) and t.ndim == 1 and t.dtype.kind in "iu" \
            and t.dtype != dtypes.UINT64:
        return Converted(expr, ArrayType(dtypes.INT64, 1))
    if t is not None and numpy_ops.is_integer(t) and not isinstance(t, ArrayType):
        return Converted(expr, INT)
    typer.diags.error(expr.loc, f"{name}() takes indices_or_sections as an int, or indices as "
                      f"a tuple or list of ints or a 1-d int array here (not {t})")
    return None


def _split(typer: FunctionTyper, e: ir.Expr, b: Bound, name: str, equal: bool) -> Type | None:
    a = array(typer, e, name, b["ary"])
    if a is None:
        return None
    short = name.removeprefix("numpy.")
    if name == "numpy.hsplit":
        if a.ndim == 0:
            typer.diags.error(e.loc, "hsplit only works on arrays of 1 or more dimensions")
            return None
        axis: int | None = 1 if a.ndim > 1 else 0
    elif name in FIXED_AXES:
        least, axis = FIXED_AXES[name]
        if a.ndim < least:
            typer.diags.error(e.loc, f"{short} only works on arrays of {least} or more "
                              "dimensions")
            return None
    else:
        if a.ndim == 0:
            typer.diags.error(e.loc, f"{name}() of a 0-d array: NumPy raises IndexError "
                              "(tuple index out of range)")
            return None
        axis = _axis(typer, name, b.get("axis"), a.ndim)
    sections = _sections(typer, name, b["indices_or_sections"])
    if axis is None or sections is None:
        return None
    array_arg = Converted(b["ary"], a)
    if isinstance(sections, Converted) and sections.type == INT:
        _call(typer, e, "split_count" if equal else "array_split_count", array_arg, sections,
              str(axis))
    else:
        _call(typer, e, "split_indices", array_arg, sections, str(axis))
    return ListType(ArrayType(a.dtype, a.ndim))


def _rule(name: str, equal: bool) -> Function:
    def rule(typer: FunctionTyper, e: ir.Expr, b: Bound) -> Type | None:
        return _split(typer, e, b, name, equal)

    params = ("ary", "indices_or_sections") + (("axis",) if name in (
        "numpy.split", "numpy.array_split") else ())
    doc = ("views; sections an int (equal ones) or indices (a tuple, list or int array), "
           "`axis=`" if name in ("numpy.split", "numpy.array_split") else
           "views along axis 1 (0 for 1-d)" if name == "numpy.hsplit" else
           f"views along axis {FIXED_AXES[name][1]}")
    if name == "numpy.array_split":
        doc = doc.replace("(equal ones)", "(the first ones longer)")
    return Function(params, 2, rule, doc + "; a `list[NDArray]`")


FUNCTIONS = {name: _rule(name, name != "numpy.array_split") for name in (
    "numpy.split", "numpy.array_split", "numpy.hsplit", "numpy.vsplit", "numpy.dsplit")}

LIST_JOINS = {"numpy.concatenate": "concatenate_list", "numpy.stack": "stack_list",
              "numpy.hstack": "hstack_list", "numpy.vstack": "vstack_list"}


def join_list(typer: FunctionTyper, e: ir.Call, name: str, arrays: ir.Expr, item: ArrayType,
              axis: ir.Expr | None) -> Type | None:
    """``numpy.concatenate(pieces, axis=0)`` (``stack``, ``hstack``, ``vstack``) of a
    ``list[NDArray]`` value."""
    from hatch_pyaot.typing.array_functions import constant_axis

    func = LIST_JOINS[name]
    if name in ("numpy.hstack", "numpy.vstack"):
        if axis is not None:
            typer.diags.error(axis.loc, f"{name}() got an unexpected keyword argument 'axis'")
            return None
        _call(typer, e, func, Converted(arrays, ListType(item)))
        return ArrayType(item.dtype, max(item.ndim, 1 if name == "numpy.hstack" else 2))
    if item.ndim == 0 and name == "numpy.concatenate":
        typer.diags.error(e.loc, "zero-dimensional arrays cannot be concatenated")
        return None
    out_ndim = item.ndim + 1 if name == "numpy.stack" else item.ndim
    normalized = constant_axis(typer, e, axis or ir.Const(e.loc, 0), out_ndim)
    if normalized is False or normalized is None:
        return None
    _call(typer, e, func, Converted(arrays, ListType(item)), str(normalized))
    return ArrayType(item.dtype, out_ndim)
