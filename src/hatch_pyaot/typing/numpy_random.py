"""``numpy.random.default_rng(seed)`` and the Generator's methods (``random``, ``integers``,
``uniform``, ``normal``, ``standard_normal``), each one ArrayCall into
``pyaot/numpy/random/generator.hpp``: a seed gives NumPy's PCG64 stream bit for bit.

A Generator is a value of its own (``RandomGeneratorType``): held in a local, passed to
compiled helpers (annotated ``numpy.random.Generator``), shared as Python shares it. Each
method takes ``size=`` as None (a Python float, or a NumPy int64 for ``integers``), an int or
a tuple of ints written out (an array of that rank). ``integers`` draws int64 with
``endpoint=False``; ``dtype=`` and ``endpoint=`` are not supported yet.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from hatch_pyaot.errors import Diagnostic, Loc
from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import FLOAT, INT, ArrayType, DTypeScalar, Type
from hatch_pyaot.typing import closures, dtypes
from hatch_pyaot.typing.array_calls import (
    Bound,
    Function,
    bind,
    int_tuple,
    integer,
    is_none,
    number,
)
from hatch_pyaot.typing.typed import ArrayCall, Converted, Ints

if TYPE_CHECKING:
    from hatch_pyaot.typing.infer import FunctionTyper

HEADER = "pyaot/numpy/random/generator.hpp"


@dataclass(frozen=True, slots=True)
class RandomGeneratorType(Type):
    """``numpy.random.Generator`` over PCG64: a handle to a shared state."""

    def cpp(self) -> str:
        return "pyaot::numpy::random::Generator"

    def __str__(self) -> str:
        return "numpy.random.Generator"


GENERATOR = RandomGeneratorType()
QUALNAME = "numpy.random.Generator"


def _call(typer: FunctionTyper, e: ir.Expr, func: str, *args: Converted | Ints | str) -> None:
    assert isinstance(e, ir.Call | ir.MethodCall)
    typer.spec.calls[e] = ArrayCall(f"pyaot::numpy::random::{func}", HEADER, tuple(args))


def _default_rng(typer: FunctionTyper, e: ir.Expr, b: Bound) -> Type | None:
    seed = b.get("seed")
    if is_none(seed):
        _call(typer, e, "default_rng_fresh")
    elif seed is not None and integer(typer, "numpy.random.default_rng", "seed", seed):
        _call(typer, e, "default_rng", Converted(seed, INT))
    else:
        return None
    return GENERATOR


def _drawn(typer: FunctionTyper, e: ir.Expr, name: str, b: Bound, func: str,
           scalar: Type, args: list[Converted | str]) -> Type | None:
    """The call of ``func`` with the generator, ``args`` and size=, and its result type."""
    size = b.get("size")
    receiver = Converted(b["self"], GENERATOR)
    if is_none(size):
        _call(typer, e, func, receiver, *args)
        return scalar
    assert size is not None
    dims = int_tuple(typer, f"Generator.{name}", "size", size)
    if dims is None:
        return None
    dtype = dtypes.INT64 if scalar != FLOAT else dtypes.FLOAT64
    _call(typer, e, func, receiver, *args, Ints(dims))
    return ArrayType(dtype, len(dims))


def _floats(typer: FunctionTyper, name: str, b: Bound,
            params: tuple[tuple[str, str], ...]) -> list[Converted | str] | None:
    """Float parameters, each given or its default (a C++ literal)."""
    out: list[Converted | str] = []
    for param, default in params:
        expr = b.get(param)
        if expr is None:
            out.append(default)
        elif number(typer, f"Generator.{name}", param, expr) is None:
            return None
        else:
            out.append(Converted(expr, FLOAT))
    return out


def _random(typer: FunctionTyper, e: ir.Expr, b: Bound) -> Type | None:
    if not is_none(b.get("dtype")) or not is_none(b.get("out")):
        typer.diags.error(e.loc, "Generator.random() with dtype= or out= is not supported yet")
        return None
    return _drawn(typer, e, "random", b, "rng_random", FLOAT, [])


def _standard_normal(typer: FunctionTyper, e: ir.Expr, b: Bound) -> Type | None:
    if not is_none(b.get("dtype")) or not is_none(b.get("out")):
        typer.diags.error(e.loc, "Generator.standard_normal() with dtype= or out= is not "
                          "supported yet")
        return None
    return _drawn(typer, e, "standard_normal", b, "rng_standard_normal", FLOAT, [])


def _uniform(typer: FunctionTyper, e: ir.Expr, b: Bound) -> Type | None:
    args = _floats(typer, "uniform", b, (("low", "0.0"), ("high", "1.0")))
    return None if args is None else _drawn(typer, e, "uniform", b, "rng_uniform", FLOAT, args)


def _normal(typer: FunctionTyper, e: ir.Expr, b: Bound) -> Type | None:
    args = _floats(typer, "normal", b, (("loc", "0.0"), ("scale", "1.0")))
    return None if args is None else _drawn(typer, e, "normal", b, "rng_normal", FLOAT, args)


def _integers(typer: FunctionTyper, e: ir.Expr, b: Bound) -> Type | None:
    for param in ("dtype", "endpoint"):
        if param in b:
            typer.diags.error(b[param].loc, f"Generator.integers() with {param}= is not "
                              "supported yet (int64, high excluded)")
            return None
    low, high = b["low"], b.get("high")
    if not integer(typer, "Generator.integers", "low", low):
        return None
    args: list[Converted | str] = [Converted(low, INT)]
    if is_none(high):  # integers(high): [0, high)
        return _drawn(typer, e, "integers", b, "rng_integers_below", DTypeScalar(dtypes.INT64),
                      args)
    if high is not None and integer(typer, "Generator.integers", "high", high):
        args.append(Converted(high, INT))
    else:
        return None
    return _drawn(typer, e, "integers", b, "rng_integers", DTypeScalar(dtypes.INT64), args)


FUNCTIONS = {
    "numpy.random.default_rng": Function(
        ("seed",), 0, _default_rng, "a PCG64 Generator: `seed` a non-negative int or None"),
}
METHODS = {
    "random": Function(("self", "size", "dtype", "out"), 1, _random,
                       "floats in [0, 1), NumPy's stream for the seed"),
    "integers": Function(("self", "low", "high", "size", "dtype", "endpoint"), 2, _integers,
                         "int64 in [low, high), Lemire's method as NumPy"),
    "uniform": Function(("self", "low", "high", "size"), 1, _uniform,
                        "`low + (high - low) * random()`"),
    "normal": Function(("self", "loc", "scale", "size"), 1, _normal,
                       "the ziggurat: NumPy's numbers within a few ulps"),
    "standard_normal": Function(("self", "size", "dtype", "out"), 1, _standard_normal,
                                "`normal(0, 1)`"),
}


def method(typer: FunctionTyper, e: ir.MethodCall) -> Type | None:
    """``rng.random(3)``: the Generator's method by NumPy's parameter names."""
    f = METHODS.get(e.name)
    if f is None:
        typer.diags.error(e.loc, f"'numpy.random.Generator' object has no attribute "
                          f"'{e.name}' the compiler supports")
        return None
    bound = bind(typer, e, f"Generator.{e.name}", f, [e.obj, *e.args], dict(e.kwargs))
    return f.rule(typer, e, bound) if bound is not None else None


def coverage() -> list[tuple[str, str]]:
    return [(f"{QUALNAME}.{name}", f.doc) for name, f in METHODS.items()]


def _holds_generator(t: Type | None) -> bool:
    return closures.holds(t, RandomGeneratorType)


def boundary_errors(fn: ir.Function, param_types: Sequence[Type | None], result: Type | None,
                    loc: Loc) -> list[Diagnostic]:
    """A Generator lives in compiled code: it is made there and passed to compiled helpers,
    never taken from CPython nor handed to it (so far)."""
    errors = [Diagnostic(p.loc, f"parameter '{p.name}' of a @compile function is a "
                         f"{t}: a Generator cannot be passed from CPython to compiled code yet",
                         hint="pass the seed and call numpy.random.default_rng(seed) inside")
              for p, t in zip(fn.params, param_types, strict=False) if _holds_generator(t)]
    if _holds_generator(result):
        errors.append(Diagnostic(loc, f"'{fn.ref.name}' returns a {result}, which cannot be "
                                 "handed to CPython yet", hint="return what it draws instead"))
    return errors
