"""The NumPy functions declared as tables of ``array_calls.Function`` (typing/rearranging.py,
typing/statistics.py, typing/partitioning.py, typing/axes.py, typing/splitting.py, typing/einsum.py): the array typer looks a name up here, binds the
arguments to NumPy's parameter names and runs the function's rule."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import Type
from hatch_pyaot.typing import (
    array_properties,
    array_sets,
    axes,
    einsum,
    finding,
    float_parts,
    linear_algebra,
    nan_functions,
    numpy_random,
    partitioning,
    quantiles,
    rearranging,
    series,
    splitting,
    statistics,
)
from hatch_pyaot.typing.array_calls import Function, bind

if TYPE_CHECKING:
    from hatch_pyaot.typing.infer import FunctionTyper

FUNCTIONS: dict[str, Function] = {**rearranging.FUNCTIONS, **statistics.FUNCTIONS,
                                  **partitioning.FUNCTIONS, **axes.FUNCTIONS,
                                  **nan_functions.FUNCTIONS, **series.FUNCTIONS,
                                  **array_sets.FUNCTIONS, **numpy_random.FUNCTIONS,
                                  **linear_algebra.FUNCTIONS, **quantiles.FUNCTIONS,
                                  **finding.FUNCTIONS, **float_parts.FUNCTIONS,
                                  **array_properties.FUNCTIONS,
                                  **splitting.FUNCTIONS, **einsum.FUNCTIONS}
METHODS = {name.removeprefix("numpy."): f for name, f in FUNCTIONS.items() if f.method}
METHOD_FORMS = axes.METHOD_FORMS
METHOD_NAMES = frozenset(METHODS) | frozenset(METHOD_FORMS)


def call(typer: FunctionTyper, e: ir.Call, name: str) -> Type | None:
    f = FUNCTIONS[name]
    bound = bind(typer, e, name, f, list(e.args), dict(e.kwargs))
    return f.rule(typer, e, bound) if bound is not None else None


def method(typer: FunctionTyper, e: ir.MethodCall) -> Type | None:
    """``a.repeat(2)`` as ``numpy.repeat(a, 2)``."""
    if e.name in METHOD_FORMS:
        return METHOD_FORMS[e.name](typer, e)
    f = METHODS[e.name]
    bound = bind(typer, e, f"numpy.{e.name}", f, [e.obj, *e.args], dict(e.kwargs))
    return f.rule(typer, e, bound) if bound is not None else None


def coverage() -> list[tuple[str, str]]:
    rows = [(name, f.doc) for name, f in FUNCTIONS.items()]
    rows += numpy_random.coverage()
    rows += [(f"x.{name}()", f"as `numpy.{name}(x, ...)`") for name, f in METHODS.items()]
    rows += [("x.transpose()", "as `numpy.transpose(x, axes)`; the axes one by one or a tuple")]
    return rows
