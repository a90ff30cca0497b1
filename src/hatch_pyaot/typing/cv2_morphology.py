"""cv2's morphology (pyaot/cv2/morphology.hpp): ``getStructuringElement``, ``erode``,
``dilate``, ``morphologyEx``. The element is a 2-d array (read as uint8, non-zero taps) or
None (the 3x3 rectangle); ``borderValue=`` is not taken (the default leaves the outside out)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import ArrayType, Type
from hatch_pyaot.typing import dtypes
from hatch_pyaot.typing.array_calls import Bound, Function, Rule, is_none, type_of
from hatch_pyaot.typing.cv2_calls import int_arg, pair_arg, record, source
from hatch_pyaot.typing.typed import Converted

if TYPE_CHECKING:
    from hatch_pyaot.typing.infer import FunctionTyper

ELEMENT = ArrayType(dtypes.UINT8, 2)
NO_ELEMENT = "pyaot::numpy::ndarray<std::uint8_t, 2>{}"


def _element(typer: FunctionTyper, e: ir.Expr, b: Bound) -> Type | None:
    name = "cv2.getStructuringElement"
    ok = record(typer, e, "get_structuring_element", "morphology.hpp",
                int_arg(typer, name, b, "shape", "0"), *pair_arg(typer, name, b, "ksize"),
                *pair_arg(typer, name, b, "anchor", ("-1", "-1")))
    return ELEMENT if ok else None


def _morph(op: int | None) -> Rule:
    name = {0: "cv2.erode", 1: "cv2.dilate", None: "cv2.morphologyEx"}[op]

    def rule(typer: FunctionTyper, e: ir.Expr, b: Bound) -> Type | None:
        src = source(typer, e, name, b, "borderValue")
        if src is None:
            return None
        kernel: Converted | str = NO_ELEMENT
        if not is_none(b.get("kernel")):
            kt = type_of(typer, b["kernel"])
            if not isinstance(kt, ArrayType) or kt.ndim != 2:
                typer.diags.error(b["kernel"].loc, f"{name}() takes the kernel as a 2-d array "
                                  f"or None (not {kt})")
                return None
            kernel = Converted(b["kernel"], ELEMENT)
        ok = record(typer, e, "morphology", "morphology.hpp", Converted(b["src"], src),
                    str(op) if op is not None else int_arg(typer, name, b, "op", "0"), kernel,
                    *pair_arg(typer, name, b, "anchor", ("-1", "-1")),
                    int_arg(typer, name, b, "iterations", "1"),
                    int_arg(typer, name, b, "borderType", "0"))
        return src if ok else None

    return rule


_PARAMS = ("src", "kernel", "dst", "anchor", "iterations", "borderType", "borderValue")
FUNCTIONS = {
    "cv2.getStructuringElement": Function(("shape", "ksize", "anchor"), 2, _element,
                                          "MORPH_RECT, MORPH_CROSS, MORPH_ELLIPSE (uint8)"),
    "cv2.erode": Function(_PARAMS, 2, _morph(0), "a 2-d element or None, `iterations=`, "
                          "`anchor=`, `borderType=`"),
    "cv2.dilate": Function(_PARAMS, 2, _morph(1), "as cv2.erode"),
    "cv2.morphologyEx": Function(("src", "op", *_PARAMS[1:]), 3, _morph(None),
                                 "MORPH_ERODE/DILATE/OPEN/CLOSE/GRADIENT/TOPHAT/BLACKHAT"),
}
