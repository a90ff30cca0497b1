"""cv2's affine warps (pyaot/cv2/affine.hpp): ``getRotationMatrix2D``, ``getAffineTransform``
(2x3 float64 matrices) and ``warpAffine``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import FLOAT, ArrayType, Type
from hatch_pyaot.typing import dtypes
from hatch_pyaot.typing.array_calls import Bound, Function, number, type_of
from hatch_pyaot.typing.cv2_calls import (
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

MATRIX = ArrayType(dtypes.FLOAT64, 2)


def _matrix(typer: FunctionTyper, name: str, expr: ir.Expr) -> Converted | None:
    t = type_of(typer, expr)
    if not isinstance(t, ArrayType) or t.ndim != 2 or t.dtype.kind not in "iuf":
        typer.diags.error(expr.loc, f"{name}() takes a 2-d array of numbers here (not {t})")
        return None
    return Converted(expr, t)


def _rotation(typer: FunctionTyper, e: ir.Expr, b: Bound) -> Type | None:
    name = "cv2.getRotationMatrix2D"
    center = b["center"]
    if not (isinstance(center, ir.TupleExpr) and len(center.items) == 2):
        typer.diags.error(center.loc, f"{name}() takes center as (x, y) written out")
        return None
    xy = [Converted(i, FLOAT) if number(typer, name, "center", i) else None
          for i in center.items]
    ok = record(typer, e, "get_rotation_matrix_2d", "affine.hpp", *xy,
                float_arg(typer, name, b, "angle", "0.0"), float_arg(typer, name, b, "scale", "1.0"))
    return MATRIX if ok else None


def _affine(typer: FunctionTyper, e: ir.Expr, b: Bound) -> Type | None:
    name = "cv2.getAffineTransform"
    ok = record(typer, e, "get_affine_transform", "affine.hpp", _matrix(typer, name, b["src"]),
                _matrix(typer, name, b["dst"]))
    return MATRIX if ok else None


def _warp(typer: FunctionTyper, e: ir.Expr, b: Bound) -> Type | None:
    name = "cv2.warpAffine"
    src = source(typer, e, name, b)
    if src is None:
        return None
    ok = record(typer, e, "warp_affine", "affine.hpp", Converted(b["src"], src),
                _matrix(typer, name, b["M"]), *pair_arg(typer, name, b, "dsize"),
                int_arg(typer, name, b, "flags", "1"), int_arg(typer, name, b, "borderMode", "0"),
                *scalar_arg(typer, name, b, "borderValue"))
    return src if ok else None


FUNCTIONS = {
    "cv2.getRotationMatrix2D": Function(("center", "angle", "scale"), 3, _rotation,
                                        "2x3 float64; center (x, y) written out"),
    "cv2.getAffineTransform": Function(("src", "dst"), 2, _affine,
                                       "3x2 point arrays to a 2x3 float64 matrix"),
    "cv2.warpAffine": Function(("src", "M", "dsize", "dst", "flags", "borderMode",
                                "borderValue"), 3, _warp,
                               "INTER_NEAREST/LINEAR (+ WARP_INVERSE_MAP), border modes but "
                               "TRANSPARENT, `borderValue=`"),
}
