"""``cv2.threshold`` (pyaot/cv2/threshold.hpp): ``(retval, dst)``, the type (with THRESH_OTSU)
may be computed at run time; ``cv2.adaptiveThreshold`` (pyaot/cv2/adaptive.hpp)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import FLOAT, TupleType, Type
from hatch_pyaot.typing.array_calls import Bound, Function
from hatch_pyaot.typing.cv2_calls import float_arg, int_arg, record, source, uint8_source
from hatch_pyaot.typing.typed import Converted

if TYPE_CHECKING:
    from hatch_pyaot.typing.infer import FunctionTyper


def _threshold(typer: FunctionTyper, e: ir.Expr, b: Bound) -> Type | None:
    name = "cv2.threshold"
    src = source(typer, e, name, b)
    if src is None:
        return None
    ok = record(typer, e, "threshold", "threshold.hpp", Converted(b["src"], src),
                float_arg(typer, name, b, "thresh", "0.0"),
                float_arg(typer, name, b, "maxval", "0.0"), int_arg(typer, name, b, "type", "0"))
    return TupleType((FLOAT, src)) if ok else None


def _adaptive(typer: FunctionTyper, e: ir.Expr, b: Bound) -> Type | None:
    name = "cv2.adaptiveThreshold"
    src = uint8_source(typer, e, name, b)
    if src is None:
        return None
    ok = record(typer, e, "adaptive_threshold", "adaptive.hpp", Converted(b["src"], src),
                float_arg(typer, name, b, "maxValue", "0.0"),
                int_arg(typer, name, b, "adaptiveMethod", "0"),
                int_arg(typer, name, b, "thresholdType", "0"),
                int_arg(typer, name, b, "blockSize", "3"), float_arg(typer, name, b, "C", "0.0"))
    return src if ok else None


FUNCTIONS = {
    "cv2.adaptiveThreshold": Function(("src", "maxValue", "adaptiveMethod", "thresholdType",
                                       "blockSize", "C", "dst"), 6, _adaptive,
                                      "MEAN_C, GAUSSIAN_C; BINARY, BINARY_INV; 1-channel uint8"),
    "cv2.threshold": Function(("src", "thresh", "maxval", "type", "dst"), 4, _threshold,
                              "BINARY, BINARY_INV, TRUNC, TOZERO, TOZERO_INV, with OTSU; "
                              "returns (retval, dst)"),
}
