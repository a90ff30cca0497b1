"""NumPy functions that lower to one runtime call (typed.ArrayCall): the table the array
typer looks names up in, and the helpers their rules share (binding arguments to NumPy's
parameter names, constants written in the code).

A function is declared once, as a ``Function`` in typing/rearranging.py or
typing/statistics.py: its NumPy parameters and a rule that checks the bound arguments and
records the ArrayCall. The same rule types the method form (``a.repeat(2)`` is
``numpy.repeat(a, 2)``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import BOOL, FLOAT, INT, ArrayType, DTypeScalar, Type
from hatch_pyaot.typing import numpy_ops
from hatch_pyaot.typing.typed import Converted

if TYPE_CHECKING:
    from hatch_pyaot.typing.infer import FunctionTyper

Bound = dict[str, ir.Expr]
Rule = Callable[["FunctionTyper", ir.Expr, Bound], Type | None]


@dataclass(frozen=True)
class Function:
    params: tuple[str, ...]
    """NumPy's parameter names in order; the first is the array (``self`` of a method)."""
    required: int
    rule: Rule
    doc: str
    method: bool = False
    """Also a method of arrays, ``a.name(...)``."""
    variadic: bool = False
    """The first parameter repeats (``numpy.meshgrid(*xi)``): bound as ``xi0``, ``xi1``..."""


def bind(typer: FunctionTyper, e: ir.Expr, name: str, f: Function, args: list[ir.Expr],
         kwargs: dict[str, ir.Expr]) -> Bound | None:
    """The call's arguments by NumPy's parameter names, or None after Python's TypeError
    text as a diagnostic."""
    if f.variadic:
        bound = {f"xi{i}": a for i, a in enumerate(args)}
        positional: list[str] = []
    else:
        if len(args) > len(f.params):
            typer.diags.error(e.loc, f"{name}() takes at most {len(f.params)} arguments "
                              f"({len(args)} given)")
            return None
        bound = dict(zip(f.params, args, strict=False))
        positional = list(f.params)
    for key, value in kwargs.items():
        if key not in f.params or key in positional[:len(args)]:
            problem = "multiple values for argument" if key in bound else \
                "an unexpected keyword argument"
            typer.diags.error(value.loc, f"{name}() got {problem} '{key}'")
            return None
        bound[key] = value
    missing = [p for p in f.params[:f.required] if p not in bound and not f.variadic]
    if missing:
        typer.diags.error(e.loc, f"{name}() missing required argument '{missing[0]}'")
        return None
    return bound


def type_of(typer: FunctionTyper, expr: ir.Expr) -> Type | None:
    """The type of an argument, typed once (the array typer has typed most already)."""
    known = typer.spec.expr_types.get(expr)
    return known if known is not None and expr not in typer.spec.unwrapped else typer.expr(expr)


def array(typer: FunctionTyper, e: ir.Expr, name: str, expr: ir.Expr | None,
          what: str = "an array") -> ArrayType | None:
    t = type_of(typer, expr) if expr is not None else None
    if not isinstance(t, ArrayType):
        typer.diags.error((expr or e).loc, f"{name}() needs {what} here (not {t})")
        return None
    return t


def is_none(expr: ir.Expr | None) -> bool:
    return expr is None or (isinstance(expr, ir.Const) and expr.value is None)


def constant(expr: ir.Expr | None, kind: type | tuple[type, ...]) -> object:
    """The value of a constant of ``kind`` written in the code, else None (bools are not
    ints here)."""
    if isinstance(expr, ir.Const) and isinstance(expr.value, kind) and not (
            kind is int and isinstance(expr.value, bool)):
        return expr.value
    if isinstance(expr, ir.UnaryOp) and expr.op == ir.UnaryOpKind.NEG and kind in (int, float):
        inner = constant(expr.operand, kind)
        return -inner if isinstance(inner, int | float) else None
    return None


def choice(typer: FunctionTyper, name: str, param: str, expr: ir.Expr | None, default: str,
           choices: tuple[str, ...]) -> str | None:
    """A string option written in the code (``mode="same"``), None after a diagnostic."""
    if expr is None:
        return default
    value = constant(expr, str)
    if value not in choices:
        options = ", ".join(repr(c) for c in choices)
        typer.diags.error(expr.loc, f"{name}() takes {param}= as one of {options} written "
                          "in the code")
        return None
    assert isinstance(value, str)
    return value


def flag(typer: FunctionTyper, name: str, param: str, expr: ir.Expr | None,
         default: bool) -> bool | None:
    if expr is None:
        return default
    value = constant(expr, bool)
    if not isinstance(value, bool):
        typer.diags.error(expr.loc, f"{name}() takes {param}= as True or False written in "
                          "the code")
        return None
    return value


def integer(typer: FunctionTyper, name: str, param: str, expr: ir.Expr) -> bool:
    """Whether ``expr`` is an int (Python or NumPy); a diagnostic when it is not."""
    t = type_of(typer, expr)
    if t is None or not numpy_ops.is_integer(t):
        typer.diags.error(expr.loc, f"{name}() takes {param} as an int here (not {t})")
        return False
    return True


def number(typer: FunctionTyper, name: str, param: str, expr: ir.Expr) -> Type | None:
    """A Python or NumPy number (int, float, bool), else None after a diagnostic."""
    t = type_of(typer, expr)
    if t in (INT, FLOAT, BOOL) or isinstance(t, DTypeScalar):
        return t
    typer.diags.error(expr.loc, f"{name}() takes {param} as a number here (not {t})")
    return None


def axis_or_none(typer: FunctionTyper, name: str, expr: ir.Expr | None,
                 ndim: int) -> int | bool | None:
    """The axis written in the code, normalized (None: none given); False after NumPy's
    AxisError text as a diagnostic."""
    if is_none(expr):
        return None
    assert expr is not None
    value = constant(expr, int)
    if not isinstance(value, int):
        typer.diags.error(expr.loc, f"{name}() takes the axis as an int written in the code")
        return False
    axis = in_range(typer, expr, value, ndim)
    return False if axis is None else axis


def in_range(typer: FunctionTyper, expr: ir.Expr, value: int, ndim: int) -> int | None:
    """An axis normalized, or None after NumPy's AxisError text as a diagnostic."""
    if not -ndim <= value < ndim:
        typer.diags.error(expr.loc, f"axis {value} is out of bounds for array of dimension "
                          f"{ndim}")
        return None
    return value % ndim


def int_or(typer: FunctionTyper, name: str, b: Bound, param: str,
           default: str) -> Converted | str | None:
    """An optional int parameter: the argument as an int, or ``default`` (C++) when left out;
    None after a diagnostic."""
    if is_none(b.get(param)):
        return default
    return Converted(b[param], INT) if integer(typer, name, param, b[param]) else None


def int_tuple(typer: FunctionTyper, name: str, param: str,
              expr: ir.Expr) -> tuple[ir.Expr, ...] | None:
    """An int, or a tuple of ints written out (``(2, 3)``): the int expressions."""
    items = tuple(expr.items) if isinstance(expr, ir.TupleExpr) else (expr,)
    if all(integer(typer, name, param, i) for i in items):
        return items
    return None
