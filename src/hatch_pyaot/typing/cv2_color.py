"""``cv2.cvtColor`` (pyaot/cv2/color.hpp): the code must be written in the code (a
``cv2.COLOR_*`` constant), since it decides the result's rank (HxW for GRAY)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import ArrayType, Type
from hatch_pyaot.typing.array_calls import Bound, Function, constant
from hatch_pyaot.typing.cv2_calls import record, source
from hatch_pyaot.typing.cv2_constants import CONSTANTS
from hatch_pyaot.typing.typed import Converted

if TYPE_CHECKING:
    from hatch_pyaot.typing.infer import FunctionTyper

TO_GRAY = frozenset({6, 7, 10, 11})
CODES = frozenset(v for k, v in CONSTANTS.items() if k.startswith("cv2.COLOR_"))


def _cvt_color(typer: FunctionTyper, e: ir.Expr, b: Bound) -> Type | None:
    name = "cv2.cvtColor"
    src = source(typer, e, name, b)
    if src is None:
        return None
    code = constant(b["code"], int)
    if not isinstance(code, int) or code not in CODES:
        typer.diags.error(b["code"].loc, f"{name}() takes the code as a cv2.COLOR_* constant "
                          "written in the code (see docs/vision.md for the supported ones)")
        return None
    if not (b.get("dstCn") is None or constant(b["dstCn"], int) == 0):
        typer.diags.error(b["dstCn"].loc, f"{name}() takes no dstCn= here")
        return None
    result = ArrayType(src.dtype, 2 if code in TO_GRAY else 3)
    record(typer, e, "cvt_color", "color.hpp", Converted(b["src"], src), str(code))
    return result


FUNCTIONS = {
    "cv2.cvtColor": Function(("src", "code", "dst", "dstCn"), 2, _cvt_color,
                             "BGR/RGB swaps, BGRA, GRAY both ways, HSV, YCrCb and YUV both ways"),
}
