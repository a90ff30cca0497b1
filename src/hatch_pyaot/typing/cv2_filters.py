"""cv2's neighbourhood filters and borders (pyaot/cv2/smooth.hpp, pyaot/cv2/border.hpp,
pyaot/cv2/arithmetic.hpp): ``GaussianBlur``, ``blur``, ``boxFilter``, ``copyMakeBorder``,
``convertScaleAbs``. Sizes and anchors are tuples written out; their values and the border
mode may be computed at run time."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import ArrayType, Type
from hatch_pyaot.typing import dtypes
from hatch_pyaot.typing.array_calls import Bound, Function, Rule, constant, flag, is_none
from hatch_pyaot.typing.cv2_calls import (
    depth,
    float_arg,
    int_arg,
    pair_arg,
    record,
    scalar_arg,
    source,
)
from hatch_pyaot.typing.typed import Converted

if TYPE_CHECKING:
    from hatch_pyaot.typing.infer import FunctionTyper

BORDER_DEFAULT = "4"


def _gaussian(typer: FunctionTyper, e: ir.Expr, b: Bound) -> Type | None:
    name = "cv2.GaussianBlur"
    src = source(typer, e, name, b)
    if src is None:
        return None
    ok = record(typer, e, "gaussian_blur", "smooth.hpp", Converted(b["src"], src),
                *pair_arg(typer, name, b, "ksize"), float_arg(typer, name, b, "sigmaX", "0.0"),
                float_arg(typer, name, b, "sigmaY", "0.0"),
                int_arg(typer, name, b, "borderType", BORDER_DEFAULT))
    return src if ok else None


def _box(normalized_only: bool) -> Rule:
    name = "cv2.blur" if normalized_only else "cv2.boxFilter"

    def rule(typer: FunctionTyper, e: ir.Expr, b: Bound) -> Type | None:
        src = source(typer, e, name, b)
        if src is None:
            return None
        if not normalized_only and constant(b["ddepth"], int) != -1:
            typer.diags.error(b["ddepth"].loc, f"{name}() takes ddepth=-1 here (the source's "
                              "dtype)")
            return None
        normalize = True if normalized_only else flag(typer, name, "normalize",
                                                      b.get("normalize"), True)
        if normalize is None:
            return None
        ok = record(typer, e, "box_filter", "smooth.hpp", Converted(b["src"], src),
                    *pair_arg(typer, name, b, "ksize"),
                    *pair_arg(typer, name, b, "anchor", ("-1", "-1")),
                    "true" if normalize else "false",
                    int_arg(typer, name, b, "borderType", BORDER_DEFAULT))
        return src if ok else None

    return rule


def _copy_make_border(typer: FunctionTyper, e: ir.Expr, b: Bound) -> Type | None:
    name = "cv2.copyMakeBorder"
    src = source(typer, e, name, b)
    if src is None:
        return None
    widths = [int_arg(typer, name, b, p, "0") for p in ("top", "bottom", "left", "right")]
    ok = record(typer, e, "copy_make_border", "border.hpp", Converted(b["src"], src), *widths,
                int_arg(typer, name, b, "borderType", "0"), *scalar_arg(typer, name, b, "value"))
    return src if ok else None


def _convert_scale_abs(typer: FunctionTyper, e: ir.Expr, b: Bound) -> Type | None:
    name = "cv2.convertScaleAbs"
    src = source(typer, e, name, b)
    if src is None:
        return None
    ok = record(typer, e, "convert_scale_abs", "arithmetic.hpp", Converted(b["src"], src),
                float_arg(typer, name, b, "alpha", "1.0"),
                float_arg(typer, name, b, "beta", "0.0"))
    return ArrayType(dtypes.UINT8, src.ndim) if ok else None


def _normalize(typer: FunctionTyper, e: ir.Expr, b: Bound) -> Type | None:
    name = "cv2.normalize"
    src = source(typer, e, name, b, "mask")
    if src is None:
        return None
    out = src if is_none(b.get("dtype")) else depth(typer, name, b, src, "dtype")
    ok = out is not None and record(
        typer, e, "normalize", "arithmetic.hpp", Converted(b["src"], src),
        float_arg(typer, name, b, "alpha", "1.0"), float_arg(typer, name, b, "beta", "0.0"),
        int_arg(typer, name, b, "norm_type", "4"))
    return out if ok else None


FUNCTIONS = {
    "cv2.normalize": Function(("src", "dst", "alpha", "beta", "norm_type", "dtype", "mask"), 2,
                              _normalize, "NORM_MINMAX, NORM_INF, NORM_L1, NORM_L2; `dtype=` "
                              "-1/CV_8U/CV_16S/CV_32F/CV_64F"),
    "cv2.GaussianBlur": Function(("src", "ksize", "sigmaX", "dst", "sigmaY", "borderType"), 3,
                                 _gaussian, "odd `ksize` (or (0, 0) from sigma), `sigmaY=`, "
                                 "`borderType=`; uint8 bit-exact"),
    "cv2.blur": Function(("src", "ksize", "dst", "anchor", "borderType"), 2,
                         _box(True), "normalized box, `anchor=`, `borderType=`"),
    "cv2.boxFilter": Function(("src", "ddepth", "ksize", "dst", "anchor", "normalize",
                               "borderType"), 3, _box(False),
                              "`ddepth=-1`, `normalize=`, `anchor=`, `borderType=`"),
    "cv2.copyMakeBorder": Function(("src", "top", "bottom", "left", "right", "borderType",
                                    "dst", "value"), 6, _copy_make_border,
                                   "BORDER_CONSTANT (`value=` a number or up to 4), "
                                   "REPLICATE, REFLECT, WRAP, REFLECT_101"),
    "cv2.convertScaleAbs": Function(("src", "dst", "alpha", "beta"), 1, _convert_scale_abs,
                                    "uint8 result of |src * alpha + beta|"),
}
