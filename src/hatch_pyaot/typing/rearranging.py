"""NumPy's functions that move elements (``pyaot/numpy/rearrange.hpp``): ``roll``,
``repeat``, ``tile``, ``take``, ``put``, ``pad`` and ``meshgrid``, each one ArrayCall.

What the compiler must know is written in the code: axes, the number of ``tile``
repetitions and ``pad`` widths (ints or tuples of ints written out), modes. Values that only
size the result (shifts, repeat counts, widths) may be computed at run time.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import INT, NONE, ArrayType, DTypeScalar, TupleType, Type
from hatch_pyaot.typing import dtypes, numpy_ops
from hatch_pyaot.typing.array_calls import (
    Bound,
    Function,
    array,
    axis_or_none,
    choice,
    int_tuple,
    integer,
    number,
    type_of,
)
from hatch_pyaot.typing.typed import ArrayCall, Converted, Ints

if TYPE_CHECKING:
    from hatch_pyaot.typing.infer import FunctionTyper

HEADER = "pyaot/numpy/rearrange.hpp"
PAD_MODES = ("constant", "edge", "reflect", "wrap")


def _call(typer: FunctionTyper, e: ir.Expr, func: str, *args: Converted | Ints | str,
          returns_none: bool = False) -> None:
    assert isinstance(e, ir.Call | ir.MethodCall)
    typer.spec.calls[e] = ArrayCall(f"pyaot::numpy::{func}", HEADER, tuple(args),
                                    returns_none)


def _roll(typer: FunctionTyper, e: ir.Expr, b: Bound) -> Type | None:
    a = array(typer, e, "numpy.roll", b["a"])
    if a is None or not integer(typer, "numpy.roll", "shift", b["shift"]):
        return None
    axis = axis_or_none(typer, "numpy.roll", b.get("axis"), a.ndim)
    if axis is False:
        return None
    shift = Converted(b["shift"], INT)
    if axis is None:
        _call(typer, e, "roll_flat", Converted(b["a"], a), shift)
    else:
        _call(typer, e, "roll_axis", Converted(b["a"], a), shift, str(axis))
    return a


def _repeat(typer: FunctionTyper, e: ir.Expr, b: Bound) -> Type | None:
    a = array(typer, e, "numpy.repeat", b["a"])
    if a is None:
        return None
    axis = axis_or_none(typer, "numpy.repeat", b.get("axis"), a.ndim)
    if axis is False:
        return None
    counts = type_of(typer, b["repeats"])
    tail = [] if axis is None else [str(axis)]
    suffix = "flat" if axis is None else "axis"
    if isinstance(counts, ArrayType) and counts.dtype.kind in "iub" and counts.ndim <= 1:
        each = Converted(b["repeats"], ArrayType(dtypes.INT64, 1))
        if counts.ndim == 0:
            typer.diags.error(b["repeats"].loc, "numpy.repeat() takes repeats as an int or a "
                              "1-d array of ints here")
            return None
        _call(typer, e, f"repeat_each_{suffix}", Converted(b["a"], a), each, *tail)
    elif integer(typer, "numpy.repeat", "repeats", b["repeats"]):
        _call(typer, e, f"repeat_{suffix}", Converted(b["a"], a),
              Converted(b["repeats"], INT), *tail)
    else:
        return None
    return ArrayType(a.dtype, 1 if axis is None else a.ndim)


def _tile(typer: FunctionTyper, e: ir.Expr, b: Bound) -> Type | None:
    a = array(typer, e, "numpy.tile", b["A"])
    reps = int_tuple(typer, "numpy.tile", "reps", b["reps"])
    if a is None or reps is None:
        return None
    _call(typer, e, "tile", Converted(b["A"], a), Ints(reps))
    return ArrayType(a.dtype, max(a.ndim, len(reps)))


def _indices(typer: FunctionTyper, name: str, expr: ir.Expr) -> Converted | Ints | None:
    """Integer indices: an int array (as int64), or one int."""
    t = type_of(typer, expr)
    if isinstance(t, ArrayType) and t.dtype.kind in "iu" and t.dtype != dtypes.UINT64:
        return Converted(expr, ArrayType(dtypes.INT64, t.ndim))
    if t is not None and numpy_ops.is_integer(t) and not isinstance(t, ArrayType):
        return Ints((expr,))
    typer.diags.error(expr.loc, f"{name}() takes the indices as an array of ints or an int "
                      f"here (not {t})")
    return None


def _take(typer: FunctionTyper, e: ir.Expr, b: Bound) -> Type | None:
    a = array(typer, e, "numpy.take", b["a"])
    indices = _indices(typer, "numpy.take", b["indices"])
    if a is None or indices is None:
        return None
    axis = axis_or_none(typer, "numpy.take", b.get("axis"), a.ndim)
    if axis is False or set(b) - {"a", "indices", "axis"}:
        return None
    if not isinstance(indices, Converted):
        typer.diags.error(b["indices"].loc, "numpy.take() of one int index is a[i] or "
                          "a.flat[i]; take needs an array of indices here")
        return None
    assert isinstance(indices.type, ArrayType)
    rank = indices.type.ndim
    if axis is None:
        _call(typer, e, "take_flat", Converted(b["a"], a), indices)
        return ArrayType(a.dtype, rank)
    _call(typer, e, "take_axis", Converted(b["a"], a), indices, str(axis))
    return ArrayType(a.dtype, a.ndim - 1 + rank)


def _put(typer: FunctionTyper, e: ir.Expr, b: Bound) -> Type | None:
    a = array(typer, e, "numpy.put", b["a"])
    indices = _indices(typer, "numpy.put", b["ind"])
    values = type_of(typer, b["v"])
    if a is None or indices is None or values is None:
        return None
    if b.get("mode") is not None and choice(typer, "numpy.put", "mode", b["mode"], "raise",
                                            ("raise",)) is None:
        return None
    if isinstance(indices, Ints):
        typer.diags.error(b["ind"].loc, "numpy.put() takes the indices as an array here")
        return None
    if isinstance(values, ArrayType):
        v = Converted(b["v"], ArrayType(a.dtype, values.ndim))
    elif number(typer, "numpy.put", "v", b["v"]) is not None:
        v = Converted(b["v"], DTypeScalar(a.dtype))
    else:
        return None
    _call(typer, e, "put", Converted(b["a"], a), indices, v, returns_none=True)
    return NONE


def _pad_widths(typer: FunctionTyper, expr: ir.Expr, ndim: int) -> tuple[ir.Expr, ...] | None:
    """pad_width as (before, after) per axis: ``n``, ``(n,)``, ``(before, after)``,
    ``((before, after),)`` or one pair per axis, written out."""
    def pairs(e: ir.Expr) -> list[tuple[ir.Expr, ir.Expr]] | None:
        if not isinstance(e, ir.TupleExpr):
            return [(e, e)]
        items = e.items
        if all(isinstance(i, ir.TupleExpr) for i in items):
            nested = [pairs(i) for i in items]
            if all(p is not None and len(p) == 1 for p in nested):
                return [p[0] for p in nested if p is not None]
            return None
        if len(items) == 1:
            return [(items[0], items[0])]
        if len(items) == 2:
            return [(items[0], items[1])]
        return None

    found = pairs(expr)
    if found is None or len(found) not in (1, ndim):
        typer.diags.error(expr.loc, "numpy.pad() takes pad_width as an int, (before, after) "
                          "or one (before, after) per axis, written out")
        return None
    if len(found) == 1:
        found = found * ndim
    flat = tuple(x for pair in found for x in pair)
    if not all(integer(typer, "numpy.pad", "pad_width", x) for x in flat):
        return None
    return flat


def _pad(typer: FunctionTyper, e: ir.Expr, b: Bound) -> Type | None:
    a = array(typer, e, "numpy.pad", b["array"])
    if a is None:
        return None
    if a.ndim == 0:
        typer.diags.error(e.loc, "numpy.pad() of a 0-d array is the array itself")
        return None
    widths = _pad_widths(typer, b["pad_width"], a.ndim)
    mode = choice(typer, "numpy.pad", "mode", b.get("mode"), "constant", PAD_MODES)
    if widths is None or mode is None:
        return None
    value = b.get("constant_values")
    if value is not None and mode != "constant":
        typer.diags.error(value.loc, f"unsupported keyword arguments for mode '{mode}': "
                          "{'constant_values'}")
        return None
    fill: Converted | str = "0"
    if value is not None:
        if number(typer, "numpy.pad", "constant_values", value) is None:
            return None
        fill = Converted(value, DTypeScalar(a.dtype))
    _call(typer, e, "pad", Converted(b["array"], a), Ints(widths),
          f"pyaot::numpy::PadMode::{mode}", fill)
    return a


def _meshgrid(typer: FunctionTyper, e: ir.Expr, b: Bound) -> Type | None:
    xs = [b[k] for k in sorted((k for k in b if k.startswith("xi")), key=lambda k: int(k[2:]))]
    indexing = b.get("indexing")
    if indexing is not None and not (isinstance(indexing, ir.Const)
                                     and indexing.value in ("xy", "ij")):
        typer.diags.error(indexing.loc, "Valid values for `indexing` are 'xy' and 'ij'.")
        return None
    extra = set(b) - {k for k in b if k.startswith("xi")} - {"indexing"}
    if extra or not 1 <= len(xs) <= 4:
        typer.diags.error(e.loc, "numpy.meshgrid() takes 1 to 4 arrays and indexing= here")
        return None
    types = [array(typer, e, "numpy.meshgrid", x, "1-d arrays") for x in xs]
    if any(t is None or t.ndim != 1 for t in types):
        typer.diags.error(e.loc, "numpy.meshgrid() of 1-d arrays only, so far")
        return None
    ij = "true" if isinstance(indexing, ir.Const) and indexing.value == "ij" else "false"
    arrays = [t for t in types if t is not None]
    _call(typer, e, "meshgrid", ij, *(Converted(x, t) for x, t in zip(xs, arrays, strict=True)))
    return TupleType(tuple(ArrayType(t.dtype, len(xs)) for t in arrays))


FUNCTIONS = {
    "numpy.roll": Function(("a", "shift", "axis"), 2, _roll,
                           "`shift` an int, flattened or `axis=`"),
    "numpy.repeat": Function(("a", "repeats", "axis"), 2, _repeat,
                             "`repeats` an int or a 1-d int array, flattened or `axis=`",
                             method=True),
    "numpy.tile": Function(("A", "reps"), 2, _tile, "`reps` an int or a tuple written out"),
    "numpy.take": Function(("a", "indices", "axis", "out", "mode"), 2, _take,
                           "an int array of indices, flattened or `axis=`", method=True),
    "numpy.put": Function(("a", "ind", "v", "mode"), 3, _put,
                          "in place, flat int indices, values cycled", method=True),
    "numpy.pad": Function(("array", "pad_width", "mode", "constant_values"), 2, _pad,
                          "modes constant (`constant_values=`), edge, reflect, wrap"),
    "numpy.meshgrid": Function(("indexing",), 0, _meshgrid,
                               "1 to 4 1-d arrays, `indexing='xy'` or `'ij'`", variadic=True),
}
