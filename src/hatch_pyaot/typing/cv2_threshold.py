"""``cv2.threshold`` (pyaot/cv2/threshold.hpp): ``(retval, dst)``, the type (with THRESH_OTSU)
may be computed at run time."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import FLOAT, TupleType, Type
from hatch_pyaot.typing.array_calls import Bound, Function
from hatch_pyaot.typing.cv2_calls import float_arg, image, int_arg, record, without
from hatch_pyaot.typing.typed import Converted

if TYPE_CHECKING:
    from hatch_pyaot.typing.infer import FunctionTyper


def _threshold(typer: FunctionTyper, e: ir.Expr, b: Bound) -> Type | None:
    name = "cv2.threshold"
    src = image(typer, e, name, b["src"])
    if src is None or not without(typer, name, b, "dst"):
        return None
    ok = record(typer, e, "threshold", "threshold.hpp", Converted(b["src"], src),
                float_arg(typer, name, b, "thresh", "0.0"),
                float_arg(typer, name, b, "maxval", "0.0"), int_arg(typer, name, b, "type", "0"))
    return TupleType((FLOAT, src)) if ok else None


FUNCTIONS = {
    "cv2.threshold": Function(("src", "thresh", "maxval", "type", "dst"), 4, _threshold,
                              "BINARY, BINARY_INV, TRUNC, TOZERO, TOZERO_INV, with OTSU; "
                              "returns (retval, dst)"),
}
