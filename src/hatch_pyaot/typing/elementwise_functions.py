"""NumPy's elementwise functions that are Python functions, not ufuncs (``sinc``, ``fix``,
``isposinf``, ``isneginf``, ``isreal``, ``iscomplex``, ``real``, ``imag``, ``angle``; the
attributes ``x.real`` and ``x.imag`` are lowered to ``numpy.real(x)`` and ``numpy.imag(x)``,
new arrays where NumPy gives views): each typed as a one-operand ufunc of
its own loop rule, so it fuses with the expression around it (codegen/elementwise.py) and
computes on a number as a NumPy scalar. The kernels are in ``pyaot/numpy/scalar/special.hpp``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import ArrayType, DTypeScalar, Type
from hatch_pyaot.ops.registry import Op, Param
from hatch_pyaot.typing import dtypes, numpy_ops
from hatch_pyaot.typing.dtypes import DType
from hatch_pyaot.typing.typed import OpCall

if TYPE_CHECKING:
    from hatch_pyaot.typing.infer import FunctionTyper


def _sinc(d: DType) -> tuple[DType, DType]:
    loop = dtypes.FLOAT32 if d == dtypes.FLOAT32 else dtypes.FLOAT64
    return loop, loop


def _kept(d: DType) -> tuple[DType, DType]:
    return d, d


def _predicate(d: DType) -> tuple[DType, DType]:
    return d, dtypes.BOOL_


_PART: dict[DType, DType] = {dtypes.COMPLEX64: dtypes.FLOAT32, dtypes.COMPLEX128: dtypes.FLOAT64}


def _part(d: DType) -> tuple[DType, DType]:
    return d, _PART.get(d, d)


def _angle(d: DType) -> tuple[DType, DType]:
    if d in _PART:
        return d, _PART[d]
    return _sinc(d)


FUNCTIONS: dict[str, tuple[Callable[[DType], tuple[DType, DType]], str]] = {
    "numpy.sinc": (_sinc, "sin(pi x) / (pi x), 1 at 0; float32 stays float32"),
    "numpy.fix": (_kept, "rounds towards zero, the dtype kept"),
    "numpy.isposinf": (_predicate, "x == +inf, a bool result"),
    "numpy.isneginf": (_predicate, "x == -inf, a bool result"),
    "numpy.isreal": (_predicate, "True for every element of a real array"),
    "numpy.iscomplex": (_predicate, "False for every element of a real array"),
    "numpy.real": (_part, "the real part (a new array where NumPy gives a view)"),
    "numpy.imag": (_part, "the imaginary part, 0 for a real array (a new array)"),
    "numpy.angle": (_angle, "arctan2(imag, real); float32 and complex64 give float32"),
}
"""name -> (the (loop, result) dtypes for an operand's dtype, doc)."""


def call(typer: FunctionTyper, e: ir.Call, name: str, types: list[Type],
         kwtypes: dict[str, Type]) -> Type | None:
    operand = numpy_ops.element_operand(types[0]) if len(types) == 1 else None
    if kwtypes or operand is None:
        typer.diags.error(e.loc, f"{name}() takes one number or array here")
        return None
    dtype = operand if isinstance(operand, DType) else dtypes.result_of_python_scalar(operand)
    if dtype.kind == "c" and name not in _COMPLEX:
        typer.diags.error(e.loc, f"{name}() of a complex operand is not supported by the "
                          "compiler yet")
        return None
    loop, result = FUNCTIONS[name][0](dtype)
    short = name.removeprefix("numpy.")
    op = Op(name=name, params=(Param("x", DTypeScalar(loop)),), result=DTypeScalar(result),
            cpp=f"pyaot::numpy::scalar::{short}", include=numpy_ops.SCALAR_HEADER)
    if isinstance(types[0], ArrayType):
        typer.spec.ops[e] = op
        return ArrayType(result, types[0].ndim)
    typer.spec.calls[e] = OpCall(op, tuple(e.args), (DTypeScalar(loop),))
    return op.result


_COMPLEX = ("numpy.real", "numpy.imag", "numpy.angle", "numpy.isreal", "numpy.iscomplex")
"""The functions here that take complex operands."""


def part_attribute(typer: FunctionTyper, e: ir.Attribute) -> Type | None:
    """``x.real``, ``x.imag`` of an array or NumPy scalar: ``numpy.real(x)``..."""
    return lowered_call(typer, e, f"numpy.{e.name}", e.value)


def lowered_call(typer: FunctionTyper, e: ir.Attribute | ir.MethodCall, name: str,
                 operand: ir.Expr) -> Type | None:
    """``e`` typed and compiled as the call ``name(operand)`` (``x.conj()`` is
    ``numpy.conjugate(x)``)."""
    lowered = typer.spec.lowered.get(e)
    if lowered is None:
        lowered = typer.spec.lowered[e] = ir.Call(e.loc, name, [operand])
    return typer.expr(lowered)


def coverage() -> list[tuple[str, str]]:
    return [(name, doc) for name, (_, doc) in FUNCTIONS.items()]
