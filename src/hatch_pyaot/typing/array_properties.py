"""``numpy.ndim``, ``numpy.size``, ``numpy.shape``, ``numpy.isrealobj`` and
``numpy.iscomplexobj`` of an array, each one ArrayCall into pyaot/numpy/properties.hpp
(Python ints, a tuple of ints, Python bools)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import BOOL, INT, TupleType, Type
from hatch_pyaot.typing.array_calls import Bound, Function, Rule, array, is_none
from hatch_pyaot.typing.typed import ArrayCall, Converted

if TYPE_CHECKING:
    from hatch_pyaot.typing.infer import FunctionTyper


def _property(func: str, param: str = "a") -> Rule:
    def rule(typer: FunctionTyper, e: ir.Expr, b: Bound) -> Type | None:
        a = array(typer, e, f"numpy.{func}", b[param])
        if a is None:
            return None
        if not is_none(b.get("axis")):
            typer.diags.error(b["axis"].loc, f"numpy.{func}() with axis= is not supported yet")
            return None
        assert isinstance(e, ir.Call | ir.MethodCall)
        typer.spec.calls[e] = ArrayCall(f"pyaot::numpy::{func}", "pyaot/numpy/properties.hpp",
                                        (Converted(b[param], a),))
        if func == "shape":
            return TupleType((INT,) * a.ndim)
        return BOOL if func.startswith("is") else INT
    return rule


FUNCTIONS = {
    "numpy.ndim": Function(("a",), 1, _property("ndim"), "the rank, an int"),
    "numpy.size": Function(("a", "axis"), 1, _property("size"), "the number of elements"),
    "numpy.shape": Function(("a",), 1, _property("shape"), "a tuple of ints"),
    "numpy.isrealobj": Function(("x",), 1, _property("isrealobj", "x"), "True for real arrays"),
    "numpy.iscomplexobj": Function(("x",), 1, _property("iscomplexobj", "x"),
                                   "False for real arrays"),
}
