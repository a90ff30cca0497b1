"""cv2's derivative and convolution filters (pyaot/cv2/derivatives.hpp, pyaot/cv2/filter2d.hpp,
pyaot/cv2/median.hpp): ``Sobel``, ``filter2D``, ``medianBlur``. ``ddepth`` is written in the
code, since it is the result's dtype."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import ArrayType, Type
from hatch_pyaot.typing.array_calls import Bound, Function, type_of
from hatch_pyaot.typing.cv2_calls import (
    depth,
    float_arg,
    int_arg,
    pair_arg,
    record,
    source,
)
from hatch_pyaot.typing.cv2_filters import BORDER_DEFAULT
from hatch_pyaot.typing.typed import Converted

if TYPE_CHECKING:
    from hatch_pyaot.typing.infer import FunctionTyper


def _sobel(typer: FunctionTyper, e: ir.Expr, b: Bound) -> Type | None:
    name = "cv2.Sobel"
    src = source(typer, e, name, b)
    if src is None:
        return None
    out = depth(typer, name, b, src)
    ok = out is not None and record(
        typer, e, "sobel", "derivatives.hpp", Converted(b["src"], src),
        int_arg(typer, name, b, "dx", "0"), int_arg(typer, name, b, "dy", "0"),
        int_arg(typer, name, b, "ksize", "3"), float_arg(typer, name, b, "scale", "1.0"),
        float_arg(typer, name, b, "delta", "0.0"),
        int_arg(typer, name, b, "borderType", BORDER_DEFAULT))
    return out if ok else None


def _filter2d(typer: FunctionTyper, e: ir.Expr, b: Bound) -> Type | None:
    name = "cv2.filter2D"
    src = source(typer, e, name, b)
    if src is None:
        return None
    out = depth(typer, name, b, src)
    kernel = type_of(typer, b["kernel"])
    if not isinstance(kernel, ArrayType) or kernel.ndim != 2 or kernel.dtype.kind not in "iuf":
        typer.diags.error(b["kernel"].loc, f"{name}() takes the kernel as a 2-d array of "
                          f"numbers (not {kernel})")
        return None
    ok = out is not None and record(
        typer, e, "filter2d", "filter2d.hpp", Converted(b["src"], src),
        Converted(b["kernel"], kernel), *pair_arg(typer, name, b, "anchor", ("-1", "-1")),
        float_arg(typer, name, b, "delta", "0.0"),
        int_arg(typer, name, b, "borderType", BORDER_DEFAULT))
    return out if ok else None


def _median(typer: FunctionTyper, e: ir.Expr, b: Bound) -> Type | None:
    name = "cv2.medianBlur"
    src = source(typer, e, name, b)
    if src is None:
        return None
    ok = record(typer, e, "median_blur", "median.hpp", Converted(b["src"], src),
                int_arg(typer, name, b, "ksize", "3"))
    return src if ok else None


FUNCTIONS = {
    "cv2.Sobel": Function(("src", "ddepth", "dx", "dy", "dst", "ksize", "scale", "delta",
                           "borderType"), 4, _sobel,
                          "`ddepth` -1/CV_8U/CV_16S/CV_32F/CV_64F, ksize 1-31 or -1 (Scharr)"),
    "cv2.filter2D": Function(("src", "ddepth", "kernel", "dst", "anchor", "delta",
                              "borderType"), 3, _filter2d,
                             "a 2-d kernel array, `anchor=`, `delta=`, `borderType=`"),
    "cv2.medianBlur": Function(("src", "ksize", "dst"), 2, _median,
                               "odd ksize; above 5 for uint8 only"),
}
