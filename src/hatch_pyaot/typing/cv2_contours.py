"""``cv2.findContours`` (pyaot/cv2/contours.hpp): the borders of a 1-channel uint8 image as
``(contours, hierarchy)``, contours a list of int32 (k, 1, 2) arrays (cv2: a tuple of them)
and hierarchy an int32 (1, n, 4) array, or None when there are none; ``cv2.boundingRect``
and ``cv2.contourArea`` of a contour (pyaot/cv2/contour_shapes.hpp)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import FLOAT, INT, ArrayType, ListType, OptionalType, TupleType, Type
from hatch_pyaot.typing import dtypes
from hatch_pyaot.typing.array_calls import Bound, Function, type_of
from hatch_pyaot.typing.cv2_calls import int_arg, record, uint8_source, without
from hatch_pyaot.typing.typed import Converted

if TYPE_CHECKING:
    from hatch_pyaot.typing.infer import FunctionTyper

CONTOUR = ArrayType(dtypes.INT32, 3)


def _find(typer: FunctionTyper, e: ir.Expr, b: Bound) -> Type | None:
    name = "cv2.findContours"
    src = uint8_source(typer, e, name, b, "contours", "hierarchy", "offset", gray=True)
    if src is None:
        return None
    ok = record(typer, e, "find_contours", "contours.hpp", Converted(b["src"], src),
                int_arg(typer, name, b, "mode", "0"), int_arg(typer, name, b, "method", "0"))
    return TupleType((ListType(CONTOUR), OptionalType(CONTOUR))) if ok else None


def _points(typer: FunctionTyper, name: str, b: Bound) -> ArrayType | None:
    t = type_of(typer, b["src"])
    if (not isinstance(t, ArrayType) or t.dtype not in (dtypes.INT32, dtypes.FLOAT32)
            or t.ndim not in (2, 3)):
        typer.diags.error(b["src"].loc, f"{name}() takes a contour here: a (k, 1, 2) or (k, 2) "
                          f"array of int32 or float32 (not {t})")
        return None
    return t


def _bounding_rect(typer: FunctionTyper, e: ir.Expr, b: Bound) -> Type | None:
    name = "cv2.boundingRect"
    points = _points(typer, name, b)
    ok = points is not None and record(typer, e, "bounding_rect", "contour_shapes.hpp",
                                       Converted(b["src"], points))
    return TupleType((INT,) * 4) if ok else None


def _contour_area(typer: FunctionTyper, e: ir.Expr, b: Bound) -> Type | None:
    name = "cv2.contourArea"
    points = _points(typer, name, b)
    ok = points is not None and without(typer, name, b) and record(
        typer, e, "contour_area", "contour_shapes.hpp", Converted(b["src"], points),
        int_arg(typer, name, b, "oriented", "0"))
    return FLOAT if ok else None


FUNCTIONS = {
    "cv2.findContours": Function(("src", "mode", "method", "contours", "hierarchy", "offset"),
                                 3, _find,
                                 "1-channel uint8; RETR_EXTERNAL, RETR_LIST, RETR_CCOMP, "
                                 "RETR_TREE; CHAIN_APPROX_NONE, CHAIN_APPROX_SIMPLE; returns "
                                 "(contours, hierarchy), contours a list"),
    "cv2.boundingRect": Function(("src",), 1, _bounding_rect,
                                 "int32 or float32 points (k, 1, 2) or (k, 2); returns "
                                 "(x, y, w, h)"),
    "cv2.contourArea": Function(("src", "oriented"), 1, _contour_area,
                                "int32 or float32 points, `oriented=`"),
}
