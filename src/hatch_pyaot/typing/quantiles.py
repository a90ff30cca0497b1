"""``numpy.percentile``, ``quantile`` (method 'linear') and their nan forms, ``nanmedian``,
``nanvar``, ``nanstd``, ``cov`` and ``corrcoef`` (pyaot/numpy/quantile.hpp), each one
ArrayCall over all elements (no ``axis=`` yet) in float64: arrays of bools, integers and
float64 (a float32 array, whose result NumPy keeps float32, is not supported yet)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import FLOAT, ArrayType, DTypeScalar, Type
from hatch_pyaot.typing import dtypes
from hatch_pyaot.typing.array_calls import Bound, Function, Rule, array, constant, is_none, number
from hatch_pyaot.typing.typed import ArrayCall, Converted

if TYPE_CHECKING:
    from hatch_pyaot.typing.infer import FunctionTyper

HEADER = "pyaot/numpy/quantile.hpp"
FLOAT64 = DTypeScalar(dtypes.FLOAT64)


def _call(typer: FunctionTyper, e: ir.Expr, func: str, *args: Converted | str) -> None:
    assert isinstance(e, ir.Call | ir.MethodCall)
    typer.spec.calls[e] = ArrayCall(f"pyaot::numpy::{func}", HEADER, args)


def _values(typer: FunctionTyper, e: ir.Expr, name: str, b: Bound,
            rank: int | None = None) -> Converted | None:
    """The array as float64, with no axis= given."""
    a = array(typer, e, name, b["a"])
    if a is None:
        return None
    if a.dtype.kind not in "biuf" or a.dtype == dtypes.FLOAT32:
        typer.diags.error(b["a"].loc, f"{name}() of {a.dtype.name} arrays is not supported yet")
        return None
    if rank is not None and a.ndim != rank:
        typer.diags.error(b["a"].loc, f"{name}() of {rank}-d arrays only, so far")
        return None
    for param in ("axis", "out", "weights", "dtype", "keepdims", "overwrite_input"):
        if not is_none(b.get(param)):
            typer.diags.error(b[param].loc, f"{name}() with {param}= is not supported yet")
            return None
    method = b.get("method")
    if method is not None and constant(method, str) != "linear":
        typer.diags.error(method.loc, f"{name}() takes method='linear' only, so far")
        return None
    return Converted(b["a"], ArrayType(dtypes.FLOAT64, a.ndim))


def _quantile(scale: str, nan: bool) -> Rule:
    def rule(typer: FunctionTyper, e: ir.Expr, b: Bound) -> Type | None:
        name = f"numpy.{'nan' if nan else ''}{'percentile' if scale == '100.0' else 'quantile'}"
        a = _values(typer, e, name, b)
        if a is None or number(typer, name, "q", b["q"]) is None:
            return None
        _call(typer, e, "quantile", a, Converted(b["q"], FLOAT), scale,
              "true" if nan else "false")
        return FLOAT64
    return rule


def _nanmedian(typer: FunctionTyper, e: ir.Expr, b: Bound) -> Type | None:
    a = _values(typer, e, "numpy.nanmedian", b)
    if a is None:
        return None
    _call(typer, e, "nanmedian", a)
    return FLOAT64


def _nanvar(root: bool) -> Rule:
    def rule(typer: FunctionTyper, e: ir.Expr, b: Bound) -> Type | None:
        name = "numpy.nanstd" if root else "numpy.nanvar"
        a = _values(typer, e, name, b)
        if a is None:
            return None
        ddof = b.get("ddof")
        value = 0 if ddof is None else constant(ddof, int)
        if not isinstance(value, int):
            assert ddof is not None
            typer.diags.error(ddof.loc, f"{name}() takes ddof= as an int written in the code")
            return None
        _call(typer, e, "nanvar", a, f"std::int64_t{{{value}}}", "true" if root else "false")
        return FLOAT64
    return rule


def _covariance(func: str) -> Rule:
    def rule(typer: FunctionTyper, e: ir.Expr, b: Bound) -> Type | None:
        name = f"numpy.{func}"
        for param in ("y", "rowvar", "bias", "ddof"):
            if not is_none(b.get(param)):
                typer.diags.error(b[param].loc, f"{name}() with {param}= is not supported yet")
                return None
        b = {"a": b["m"] if "m" in b else b["x"]}
        a = _values(typer, e, name, b, rank=2)
        if a is None:
            return None
        _call(typer, e, func, a)
        return ArrayType(dtypes.FLOAT64, 2)
    return rule


_Q = ("a", "q", "axis", "out", "overwrite_input", "method", "keepdims", "weights")
FUNCTIONS = {
    "numpy.percentile": Function(_Q, 2, _quantile("100.0", False), "all elements, 'linear'"),
    "numpy.quantile": Function(_Q, 2, _quantile("1.0", False), "all elements, 'linear'"),
    "numpy.nanpercentile": Function(_Q, 2, _quantile("100.0", True), "nans dropped"),
    "numpy.nanquantile": Function(_Q, 2, _quantile("1.0", True), "nans dropped"),
    "numpy.nanmedian": Function(("a", "axis", "out"), 1, _nanmedian, "all elements"),
    "numpy.nanvar": Function(("a", "axis", "dtype", "out", "ddof"), 1, _nanvar(False),
                             "all elements, `ddof=` an int"),
    "numpy.nanstd": Function(("a", "axis", "dtype", "out", "ddof"), 1, _nanvar(True),
                             "all elements, `ddof=` an int"),
    "numpy.cov": Function(("m", "y", "rowvar", "bias", "ddof"), 1, _covariance("cov"),
                          "of a 2-d array, rows are variables"),
    "numpy.corrcoef": Function(("x", "y", "rowvar"), 1, _covariance("corrcoef"),
                               "of a 2-d array, rows are variables"),
}
