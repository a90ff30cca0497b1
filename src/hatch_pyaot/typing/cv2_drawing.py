"""``cv2.line``, ``cv2.rectangle`` and ``cv2.circle`` (pyaot/cv2/drawing.hpp): drawn in place
on a uint8 image of 1 to 4 channels, which is also the result. Points are ``(x, y)`` ints
written out, the colour a number or up to 4."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import Type
from hatch_pyaot.typing import dtypes
from hatch_pyaot.typing.array_calls import Bound, Function
from hatch_pyaot.typing.cv2_calls import image, int_arg, pair_arg, record, scalar_arg, without
from hatch_pyaot.typing.typed import Converted

if TYPE_CHECKING:
    from hatch_pyaot.typing.infer import FunctionTyper


def _draw(cpp: str, shape: tuple[str, ...]) -> Function:
    name = f"cv2.{cpp}"

    def rule(typer: FunctionTyper, e: ir.Expr, b: Bound) -> Type | None:
        img = image(typer, e, name, b["src"])
        if img is None or not without(typer, name, b, "shift"):
            return None
        if img.dtype != dtypes.UINT8:
            typer.diags.error(b["src"].loc, f"{name}() draws on a uint8 image here (not {img})")
            return None
        where: list[Converted | str | None] = []
        for param in shape:
            where += (pair_arg(typer, name, b, param) if param != "radius"
                      else [int_arg(typer, name, b, param, "0")])
        ok = record(typer, e, f"draw_{cpp}", "drawing.hpp", Converted(b["src"], img), *where,
                    *scalar_arg(typer, name, b, "color"),
                    int_arg(typer, name, b, "thickness", "1"),
                    int_arg(typer, name, b, "lineType", "8"))
        return img if ok else None

    return Function(("src", *shape, "color", "thickness", "lineType", "shift"),
                    len(shape) + 2, rule,
                    "in place on uint8, 1-4 channels; LINE_8, LINE_4; `thickness` " + _THICKNESS[cpp])


_THICKNESS = {
    "line": "1 or more",
    "rectangle": "1 or more, FILLED",
    "circle": "1 or more, FILLED (LINE_4: 2 or more, FILLED)",
}


FUNCTIONS = {
    "cv2.line": _draw("line", ("pt1", "pt2")),
    "cv2.rectangle": _draw("rectangle", ("pt1", "pt2")),
    "cv2.circle": _draw("circle", ("center", "radius")),
}
