"""``cv2.Canny`` (pyaot/cv2/canny.hpp): the edges of a uint8 image of any channel count, an
HxW uint8 array of 0 and 255."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import ArrayType, Type
from hatch_pyaot.typing import dtypes
from hatch_pyaot.typing.array_calls import Bound, Function
from hatch_pyaot.typing.cv2_calls import float_arg, int_arg, record, uint8_source
from hatch_pyaot.typing.typed import Converted

if TYPE_CHECKING:
    from hatch_pyaot.typing.infer import FunctionTyper


def _canny(typer: FunctionTyper, e: ir.Expr, b: Bound) -> Type | None:
    name = "cv2.Canny"
    src = uint8_source(typer, e, name, b, "edges")
    if src is None:
        return None
    ok = record(typer, e, "canny", "canny.hpp", Converted(b["src"], src),
                float_arg(typer, name, b, "threshold1", "0.0"),
                float_arg(typer, name, b, "threshold2", "0.0"),
                int_arg(typer, name, b, "apertureSize", "3"),
                int_arg(typer, name, b, "L2gradient", "0"))
    return ArrayType(dtypes.UINT8, 2) if ok else None


FUNCTIONS = {
    "cv2.Canny": Function(("src", "threshold1", "threshold2", "edges", "apertureSize",
                           "L2gradient"), 3, _canny,
                          "uint8, any channel count; apertureSize 3, 5 or 7, "
                          "`L2gradient=`; returns HxW"),
}
