"""``numpy.linalg.det``, ``slogdet``, ``inv`` and ``solve`` (pyaot/numpy/solve.hpp), and the
products ``kron``, ``inner``, ``vdot`` and ``vecdot`` (pyaot/numpy/products.hpp), each one
ArrayCall.

The linalg functions compute in float32 for float32 arrays and in float64 otherwise (as
NumPy's LAPACK loops); the products in the operands' promoted dtype.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import ArrayType, DTypeScalar, TupleType, Type
from hatch_pyaot.typing import dtypes
from hatch_pyaot.typing.array_calls import Bound, Function, array
from hatch_pyaot.typing.dtypes import DType
from hatch_pyaot.typing.typed import ArrayCall, Converted

if TYPE_CHECKING:
    from hatch_pyaot.typing.infer import FunctionTyper


def _call(typer: FunctionTyper, e: ir.Expr, func: str, header: str, *args: Converted) -> None:
    assert isinstance(e, ir.Call | ir.MethodCall)
    typer.spec.calls[e] = ArrayCall(f"pyaot::numpy::{func}", f"pyaot/numpy/{header}.hpp", args)


def _float(d: DType) -> DType:
    return dtypes.FLOAT32 if d == dtypes.FLOAT32 else dtypes.FLOAT64


def _square(typer: FunctionTyper, e: ir.Expr, name: str, expr: ir.Expr) -> ArrayType | None:
    a = array(typer, e, name, expr)
    if a is None:
        return None
    if a.ndim != 2:
        typer.diags.error(expr.loc, f"{a.ndim}-dimensional array given. Array must be "
                          "two-dimensional" if a.ndim < 2 else
                          f"{name}() of stacks of matrices is not supported yet (2-d here)")
        return None
    if a.dtype.kind not in "biuf":
        typer.diags.error(expr.loc, f"{name}() of {a.dtype.name} arrays is not supported")
        return None
    return ArrayType(_float(a.dtype), 2)


def _det(typer: FunctionTyper, e: ir.Expr, b: Bound) -> Type | None:
    a = _square(typer, e, "numpy.linalg.det", b["a"])
    if a is None:
        return None
    _call(typer, e, "det", "solve", Converted(b["a"], a))
    return DTypeScalar(a.dtype)


def _slogdet(typer: FunctionTyper, e: ir.Expr, b: Bound) -> Type | None:
    a = _square(typer, e, "numpy.linalg.slogdet", b["a"])
    if a is None:
        return None
    _call(typer, e, "slogdet", "solve", Converted(b["a"], a))
    return TupleType((DTypeScalar(a.dtype), DTypeScalar(a.dtype)))


def _inv(typer: FunctionTyper, e: ir.Expr, b: Bound) -> Type | None:
    a = _square(typer, e, "numpy.linalg.inv", b["a"])
    if a is None:
        return None
    _call(typer, e, "inv", "solve", Converted(b["a"], a))
    return a


def _solve(typer: FunctionTyper, e: ir.Expr, b: Bound) -> Type | None:
    a = _square(typer, e, "numpy.linalg.solve", b["a"])
    rhs = array(typer, e, "numpy.linalg.solve", b["b"])
    if a is None or rhs is None:
        return None
    if rhs.ndim not in (1, 2):
        typer.diags.error(b["b"].loc, "numpy.linalg.solve() takes b as a 1-d or 2-d array here")
        return None
    dtype = _float(dtypes.promote(a.dtype, rhs.dtype))
    _call(typer, e, "solve", "solve", Converted(b["a"], ArrayType(dtype, 2)),
          Converted(b["b"], ArrayType(dtype, rhs.ndim)))
    return ArrayType(dtype, rhs.ndim)


def _pair(typer: FunctionTyper, e: ir.Expr, name: str, b: Bound,
          rank: int | None) -> tuple[Converted, Converted, DType] | None:
    """Both operands as arrays of their promoted dtype, of one rank (``rank`` if given)."""
    x, y = (array(typer, e, name, b[k]) for k in ("a", "b"))
    if x is None or y is None:
        return None
    if x.ndim != y.ndim or (rank is not None and x.ndim != rank):
        want = f"{rank}-d arrays" if rank is not None else "arrays of one rank"
        typer.diags.error(e.loc, f"{name}() of {want} only, so far (not {x.ndim}-d and "
                          f"{y.ndim}-d)")
        return None
    dtype = dtypes.promote(x.dtype, y.dtype)
    return (Converted(b["a"], ArrayType(dtype, x.ndim)), Converted(b["b"], ArrayType(dtype, y.ndim)),
            dtype)


def _kron(typer: FunctionTyper, e: ir.Expr, b: Bound) -> Type | None:
    found = _pair(typer, e, "numpy.kron", b, None)
    if found is None:
        return None
    x, y, _dtype = found
    assert isinstance(x.type, ArrayType)
    _call(typer, e, "kron", "products", x, y)
    return x.type


def _dot_1d(name: str):  # type: ignore[no-untyped-def]
    def rule(typer: FunctionTyper, e: ir.Expr, b: Bound) -> Type | None:
        found = _pair(typer, e, f"numpy.{name}", b, 1)
        if found is None:
            return None
        x, y, dtype = found
        _call(typer, e, name, "products", x, y)
        return DTypeScalar(dtype)
    return rule


FUNCTIONS = {
    "numpy.linalg.det": Function(("a",), 1, _det, "LU with partial pivoting, 0.0 if singular"),
    "numpy.linalg.slogdet": Function(("a",), 1, _slogdet, "(sign, log|det|) from the LU"),
    "numpy.linalg.inv": Function(("a",), 1, _inv, "LinAlgError (a ValueError) if singular"),
    "numpy.linalg.solve": Function(("a", "b"), 2, _solve,
                                   "`b` 1-d or 2-d; LinAlgError if singular"),
    "numpy.kron": Function(("a", "b"), 2, _kron, "operands of one rank"),
    "numpy.inner": Function(("a", "b"), 2, _dot_1d("inner"), "of 1-d arrays"),
    "numpy.vdot": Function(("a", "b"), 2, _dot_1d("vdot"), "of 1-d arrays"),
    "numpy.vecdot": Function(("a", "b"), 2, _dot_1d("vecdot"), "of 1-d arrays"),
}
