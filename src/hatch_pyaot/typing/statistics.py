"""NumPy's counting, binning and comparing functions (``pyaot/numpy/statistics.hpp``):
``bincount``, ``histogram``, ``interp``, ``convolve``, ``cross``, ``isclose``, ``allclose``
and ``average``, each one ArrayCall (``average`` without weights is the mean reduction).

Result dtypes are NumPy 2's: bincount int64 (float64 with weights, even for an empty x,
where NumPy gives int64 zeros), histogram int64 counts
and float64 edges, interp float64, convolve and cross the operands' common dtype, isclose
computed in the result type of its second operand and 1.0 with the first (NEP 50).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import BOOL, FLOAT, ArrayType, DTypeScalar, TupleType, Type
from hatch_pyaot.typing import dtypes
from hatch_pyaot.typing.array_calls import (
    Bound,
    Function,
    array,
    axis_or_none,
    choice,
    flag,
    int_or,
    is_none,
    number,
    type_of,
)
from hatch_pyaot.typing.array_functions import reduced
from hatch_pyaot.typing.dtypes import DType
from hatch_pyaot.typing.typed import ArrayCall, Converted

if TYPE_CHECKING:
    from hatch_pyaot.typing.infer import FunctionTyper

HEADER = "pyaot/numpy/statistics.hpp"
INT64_1D = ArrayType(dtypes.INT64, 1)
FLOAT64_1D = ArrayType(dtypes.FLOAT64, 1)


def _call(typer: FunctionTyper, e: ir.Expr, func: str, *args: Converted | str) -> None:
    assert isinstance(e, ir.Call | ir.MethodCall)
    typer.spec.calls[e] = ArrayCall(f"pyaot::numpy::{func}", HEADER, args)


def _unsupported(typer: FunctionTyper, b: Bound, name: str, *params: str) -> bool:
    """A diagnostic for the first of ``params`` given (and not None): not supported yet."""
    for p in params:
        if not is_none(b.get(p)):
            typer.diags.error(b[p].loc, f"{name}() with {p}= is not supported yet")
            return True
    return False


def _optional_number(typer: FunctionTyper, name: str, param: str,
                     expr: ir.Expr | None) -> list[Converted | str] | None:
    """``has, value`` arguments of an optional float parameter."""
    if is_none(expr):
        return ["false", "0.0"]
    assert expr is not None
    if number(typer, name, param, expr) is None:
        return None
    return ["true", Converted(expr, FLOAT)]


def _bincount(typer: FunctionTyper, e: ir.Expr, b: Bound) -> Type | None:
    x = array(typer, e, "numpy.bincount", b["x"])
    if x is None:
        return None
    if x.ndim != 1:
        typer.diags.error(b["x"].loc, "object too deep for desired array" if x.ndim > 1
                          else "object of too small depth for desired array")
        return None
    if x.dtype.kind not in "biu" or x.dtype == dtypes.UINT64:
        typer.diags.error(b["x"].loc, f"Cannot cast array data from dtype('{x.dtype.name}') "
                          "to dtype('int64') according to the rule 'safe'")
        return None
    minlength = int_or(typer, "numpy.bincount", b, "minlength", "0")
    if minlength is None:
        return None
    counts = Converted(b["x"], INT64_1D)
    if is_none(b.get("weights")):
        _call(typer, e, "bincount", counts, minlength)
        return INT64_1D
    w = array(typer, e, "numpy.bincount", b["weights"], "an array of weights")
    if w is None:
        return None
    if w.ndim != 1:
        typer.diags.error(b["weights"].loc, "numpy.bincount() takes 1-d weights")
        return None
    _call(typer, e, "bincount_weighted", counts, Converted(b["weights"], FLOAT64_1D), minlength)
    return FLOAT64_1D


def _histogram(typer: FunctionTyper, e: ir.Expr, b: Bound) -> Type | None:
    name = "numpy.histogram"
    a = array(typer, e, name, b["a"])
    if a is None or _unsupported(typer, b, name, "density", "weights"):
        return None
    if a.dtype.kind not in "iuf" or a.dtype == dtypes.FLOAT32:
        typer.diags.error(b["a"].loc, f"numpy.histogram() of {a.dtype.name} arrays is not "
                          "supported yet (integer and float64 arrays are)")
        return None
    bins = int_or(typer, name, b, "bins", "10")
    if bins is None:
        return None
    bounds: list[Converted | str] = ["false", "0.0", "1.0"]
    if not is_none(b.get("range")):
        r = b["range"]
        if not isinstance(r, ir.TupleExpr) or len(r.items) != 2 or not all(
                number(typer, name, "range", i) is not None for i in r.items):
            typer.diags.error(r.loc, "numpy.histogram() takes range= as (min, max) written out")
            return None
        bounds = ["true", *(Converted(i, FLOAT) for i in r.items)]
    _call(typer, e, "histogram", Converted(b["a"], a), bins, *bounds)
    return TupleType((INT64_1D, FLOAT64_1D))


def _interp(typer: FunctionTyper, e: ir.Expr, b: Bound) -> Type | None:
    name = "numpy.interp"
    if _unsupported(typer, b, name, "period"):
        return None
    xp = array(typer, e, name, b["xp"], "1-d arrays xp and fp")
    fp = array(typer, e, name, b["fp"], "1-d arrays xp and fp")
    left = _optional_number(typer, name, "left", b.get("left"))
    right = _optional_number(typer, name, "right", b.get("right"))
    if xp is None or fp is None or left is None or right is None:
        return None
    if xp.ndim != 1 or fp.ndim != 1:
        typer.diags.error(e.loc, "numpy.interp() takes 1-d arrays xp and fp")
        return None
    xt = type_of(typer, b["x"])
    samples = [Converted(b["xp"], FLOAT64_1D), Converted(b["fp"], FLOAT64_1D)]
    if isinstance(xt, ArrayType):
        _call(typer, e, "interp", Converted(b["x"], ArrayType(dtypes.FLOAT64, xt.ndim)),
              *samples, *left, *right)
        return ArrayType(dtypes.FLOAT64, xt.ndim)
    if number(typer, name, "x", b["x"]) is None:
        return None
    _call(typer, e, "interp", Converted(b["x"], FLOAT), *samples, *left, *right)
    return DTypeScalar(dtypes.FLOAT64)


def _common(typer: FunctionTyper, e: ir.Expr, name: str, b: Bound, *params: str,
            ranks: tuple[int, ...] | None = None) -> tuple[DType, list[ArrayType]] | None:
    """The arrays ``params`` and their common dtype."""
    arrays = [array(typer, e, name, b[p]) for p in params]
    found = [t for t in arrays if t is not None]
    if len(found) != len(params):
        return None
    if ranks is not None and any(t.ndim not in ranks for t in found):
        typer.diags.error(e.loc, f"{name}() takes arrays of rank {ranks[0]} here")
        return None
    dtype = dtypes.promote(found[0].dtype, found[1].dtype)
    return dtype, found


def _convolve(typer: FunctionTyper, e: ir.Expr, b: Bound) -> Type | None:
    common = _common(typer, e, "numpy.convolve", b, "a", "v", ranks=(1,))
    mode = choice(typer, "numpy.convolve", "mode", b.get("mode"), "full",
                  ("full", "same", "valid"))
    if common is None or mode is None:
        return None
    dtype, _ = common
    _call(typer, e, "convolve", Converted(b["a"], ArrayType(dtype, 1)),
          Converted(b["v"], ArrayType(dtype, 1)), f"pyaot::numpy::ConvolveMode::{mode}")
    return ArrayType(dtype, 1)


def _cross(typer: FunctionTyper, e: ir.Expr, b: Bound) -> Type | None:
    common = _common(typer, e, "numpy.cross", b, "a", "b")
    if common is None or _unsupported(typer, b, "numpy.cross", "axisa", "axisb", "axisc",
                                      "axis"):
        return None
    dtype, (at, bt) = common
    if dtype.kind not in "iuf" or at.ndim == 0 or bt.ndim == 0:
        typer.diags.error(e.loc, f"numpy.cross() of {dtype.name} arrays of vectors is not "
                          "supported")
        return None
    _call(typer, e, "cross", Converted(b["a"], ArrayType(dtype, at.ndim)),
          Converted(b["b"], ArrayType(dtype, bt.ndim)))
    return ArrayType(dtype, max(at.ndim, bt.ndim))


def _as_float(dtype: DType) -> DType:
    return dtype if dtype.kind == "f" else dtypes.FLOAT64


def _close(typer: FunctionTyper, e: ir.Expr, b: Bound, name: str) -> tuple[
        str, int, list[Converted | str]] | None:
    """isclose's dtype, rank and arguments after ``out``."""
    ta, tb = type_of(typer, b["a"]), type_of(typer, b["b"])
    arrays = [t for t in (ta, tb) if isinstance(t, ArrayType)]
    if not arrays:
        typer.diags.error(e.loc, f"{name}() of two numbers: use math.isclose")
        return None
    if any(t.dtype.kind not in "biuf" for t in arrays):
        typer.diags.error(e.loc, f"{name}() compares numeric arrays")
        return None
    operands: list[Converted | str] = []
    for p, t in (("a", ta), ("b", tb)):
        if isinstance(t, ArrayType | DTypeScalar):
            operands.append(Converted(b[p], t))
        elif number(typer, name, p, b[p]) is not None:
            operands.append(Converted(b[p], FLOAT))
        else:
            return None
    cy = _as_float(tb.dtype) if isinstance(tb, ArrayType | DTypeScalar) else None
    if isinstance(ta, ArrayType | DTypeScalar):
        dtype = dtypes.promote(ta.dtype, cy) if cy is not None else _as_float(ta.dtype)
    else:
        assert cy is not None
        dtype = cy
    tolerances: list[Converted | str] = []
    for p, default in (("rtol", "1e-05"), ("atol", "1e-08")):
        if p not in b:
            tolerances.append(default)
        elif number(typer, name, p, b[p]) is None:
            return None
        else:
            tolerances.append(Converted(b[p], FLOAT))
    equal_nan = flag(typer, name, "equal_nan", b.get("equal_nan"), False)
    if equal_nan is None:
        return None
    return dtype.cpp, max(t.ndim for t in arrays), [*operands, *tolerances,
                                                    "true" if equal_nan else "false"]


def _isclose(typer: FunctionTyper, e: ir.Expr, b: Bound) -> Type | None:
    found = _close(typer, e, b, "numpy.isclose")
    if found is None:
        return None
    cpp, ndim, args = found
    _call(typer, e, f"isclose<{cpp}>", *args)
    return ArrayType(dtypes.BOOL_, ndim)


def _allclose(typer: FunctionTyper, e: ir.Expr, b: Bound) -> Type | None:
    found = _close(typer, e, b, "numpy.allclose")
    if found is None:
        return None
    cpp, ndim, args = found
    _call(typer, e, f"allclose<{cpp}, {ndim}>", *args)
    return BOOL


def _average(typer: FunctionTyper, e: ir.Expr, b: Bound) -> Type | None:
    name = "numpy.average"
    a = array(typer, e, name, b["a"])
    if a is None or _unsupported(typer, b, name, "keepdims"):
        return None
    if flag(typer, name, "returned", b.get("returned"), False):
        typer.diags.error(b["returned"].loc, "numpy.average() with returned=True is not "
                          "supported yet")
        return None
    axis = axis_or_none(typer, name, b.get("axis"), a.ndim)
    if axis is False:
        return None
    if is_none(b.get("weights")):  # the mean (typing/arrays.py's reduction)
        typer.spec.axis_ops[e] = ("mean", axis)
        return reduced(typer, e, DTypeScalar(_as_float(a.dtype)), a.ndim, axis, False)
    w = array(typer, e, name, b["weights"], "an array of weights")
    if w is None:
        return None
    result = dtypes.promote(a.dtype, w.dtype)
    if a.dtype.kind in "biu" or result.kind != "f":
        result = dtypes.promote(result, dtypes.FLOAT64)
    args = [Converted(b["a"], ArrayType(result, a.ndim)),
            Converted(b["weights"], ArrayType(result, w.ndim))]
    if axis is None or a.ndim == 1:
        _call(typer, e, "average_weighted", *args, "false" if axis is None else "true")
        return DTypeScalar(result)
    _call(typer, e, "average_weighted_axis", *args, str(axis))
    return ArrayType(result, a.ndim - 1)


FUNCTIONS = {
    "numpy.bincount": Function(("x", "weights", "minlength"), 1, _bincount,
                               "`weights=`, `minlength=`"),
    "numpy.histogram": Function(("a", "bins", "range", "density", "weights"), 1, _histogram,
                                "`bins` an int, `range=`; counts and edges as NumPy's"),
    "numpy.interp": Function(("x", "xp", "fp", "left", "right", "period"), 3, _interp,
                             "`left=`, `right=`; bit-identical"),
    "numpy.convolve": Function(("a", "v", "mode"), 2, _convolve,
                               "1-d, modes full, same, valid"),
    "numpy.cross": Function(("a", "b", "axisa", "axisb", "axisc", "axis"), 2, _cross,
                            "3-vectors along the last axis, the others broadcast"),
    "numpy.isclose": Function(("a", "b", "rtol", "atol", "equal_nan"), 2, _isclose,
                              "`rtol=`, `atol=`, `equal_nan=`, broadcast"),
    "numpy.allclose": Function(("a", "b", "rtol", "atol", "equal_nan"), 2, _allclose,
                               "as `all(isclose(...))`, a bool"),
    "numpy.average": Function(("a", "axis", "weights", "returned", "keepdims"), 1, _average,
                              "`weights=` (of a's shape, or 1-d along `axis`), `axis=`"),
}
