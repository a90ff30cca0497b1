"""Constant folding: evaluate operators whose operands are literals, with CPython itself.

Folding uses Python's own operators, so the result is exactly what the interpreter would
compute (``2 ** -1`` folds to ``0.5``). An operation that would raise, or an int result
outside 64 bits, is left for run time, where it raises the same exception.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.walk import rewrite_exprs

_UNARY: dict[ir.UnaryOpKind, Callable[[Any], Any]] = {
    ir.UnaryOpKind.NEG: operator.neg, ir.UnaryOpKind.POS: operator.pos,
    ir.UnaryOpKind.INVERT: operator.invert, ir.UnaryOpKind.NOT: operator.not_,
}

_PARSERS: dict[str, Callable[[str], object]] = {"builtins.float": float, "builtins.int": int}


def fold_constants(fn: ir.Function) -> None:
    rewrite_exprs(fn, _fold)


def _fold(e: ir.Expr) -> ir.Expr:
    if isinstance(e, ir.BinOp) and isinstance(e.left, ir.Const) and isinstance(e.right, ir.Const):
        return _evaluate(e, getattr(operator, e.op.value), e.left.value, e.right.value)
    if isinstance(e, ir.UnaryOp) and isinstance(e.operand, ir.Const):
        return _evaluate(e, _UNARY[e.op], e.operand.value)
    if (isinstance(e, ir.Call) and e.func in _PARSERS and len(e.args) == 1 and not e.kwargs
            and isinstance(e.args[0], ir.Const) and isinstance(e.args[0].value, str)):
        # float("inf"), int("10"): parse the literal now, as Python would at run time.
        return _evaluate(e, _PARSERS[e.func], e.args[0].value, allow_str=True)
    return e


def _evaluate(e: ir.Expr, fn: Callable[..., Any], *args: object,
              allow_str: bool = False) -> ir.Expr:
    if any((isinstance(a, str) and not allow_str) or a is None for a in args):
        return e
    if _too_big(fn, args):
        return e
    try:
        value = fn(*args)
    except (ArithmeticError, ValueError, TypeError, MemoryError):
        return e
    if isinstance(value, bool | float):
        return ir.Const(e.loc, value)
    if isinstance(value, int) and -(2**63) <= value < 2**63:
        return ir.Const(e.loc, value)
    return e


def _too_big(fn: Callable[..., Any], args: tuple[object, ...]) -> bool:
    """``2 ** 9223372036854775807`` or ``1 << 10**18``: an int result far past 64 bits,
    which Python would spend minutes or all memory computing; left for run time (its
    OverflowError) without evaluating it."""
    if fn not in (operator.pow, operator.lshift) or len(args) != 2:
        return False
    base, exponent = args
    if not (isinstance(base, int) and isinstance(exponent, int)) or exponent <= 128:
        return False
    return abs(base) > (0 if fn is operator.lshift else 1)
