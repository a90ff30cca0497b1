"""``cv2.connectedComponents`` and ``cv2.connectedComponentsWithStats``
(pyaot/cv2/components.hpp): the labels of a 1-channel uint8 image's 4- or 8-connected
components, int32, numbered as OpenCV numbers them; with stats (int32, n x 5) and centroids
(float64, n x 2)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import INT, ArrayType, TupleType, Type
from hatch_pyaot.typing import dtypes
from hatch_pyaot.typing.array_calls import Bound, Function
from hatch_pyaot.typing.cv2_calls import int_arg, record, uint8_source
from hatch_pyaot.typing.typed import Converted

if TYPE_CHECKING:
    from hatch_pyaot.typing.infer import FunctionTyper

LABELS = ArrayType(dtypes.INT32, 2)


def _components(cpp: str, stats: bool) -> Function:
    name = "cv2.connectedComponentsWithStats" if stats else "cv2.connectedComponents"

    def rule(typer: FunctionTyper, e: ir.Expr, b: Bound) -> Type | None:
        src = uint8_source(typer, e, name, b, "labels", "stats", "centroids", gray=True)
        if src is None:
            return None
        ok = record(typer, e, cpp, "components.hpp", Converted(b["src"], src),
                    int_arg(typer, name, b, "connectivity", "8"),
                    int_arg(typer, name, b, "ltype", "4"))
        if not ok:
            return None
        if stats:
            return TupleType((INT, LABELS, LABELS, ArrayType(dtypes.FLOAT64, 2)))
        return TupleType((INT, LABELS))

    params = ("src", "labels", "stats", "centroids") if stats else ("src", "labels")
    return Function((*params, "connectivity", "ltype"), 1, rule,
                    "1-channel uint8; connectivity 4 or 8, ltype CV_32S; returns (n, labels"
                    + (", stats, centroids)" if stats else ")"))


FUNCTIONS = {
    "cv2.connectedComponents": _components("connected_components", False),
    "cv2.connectedComponentsWithStats": _components("connected_components_with_stats", True),
}
