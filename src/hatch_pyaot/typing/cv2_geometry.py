"""cv2's geometric operators (pyaot/cv2/geometry.hpp, pyaot/cv2/resize.hpp): ``resize``,
``flip``, ``rotate``. Codes and sizes may be computed at run time; the result has the
source's rank and dtype."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import INT, Type
from hatch_pyaot.typing.array_calls import Bound, Function, Rule, integer, is_none
from hatch_pyaot.typing.cv2_calls import float_arg, int_arg, record, source
from hatch_pyaot.typing.typed import Converted

if TYPE_CHECKING:
    from hatch_pyaot.typing.infer import FunctionTyper


def _moves(cpp: str, param: str) -> Rule:
    name = f"cv2.{cpp}"

    def rule(typer: FunctionTyper, e: ir.Expr, b: Bound) -> Type | None:
        src = source(typer, e, name, b)
        if src is None:
            return None
        ok = record(typer, e, cpp, "geometry.hpp", Converted(b["src"], src),
                    int_arg(typer, name, b, param, "0"))
        return src if ok else None

    return rule


def _resize(typer: FunctionTyper, e: ir.Expr, b: Bound) -> Type | None:
    name = "cv2.resize"
    src = source(typer, e, name, b)
    if src is None:
        return None
    dsize = b["dsize"]
    if is_none(dsize):
        size: list[Converted | str | None] = ["0", "0"]
    elif isinstance(dsize, ir.TupleExpr) and len(dsize.items) == 2:
        size = [Converted(i, INT) if integer(typer, name, "dsize", i) else None
                for i in dsize.items]
    else:
        typer.diags.error(dsize.loc, f"{name}() takes dsize as (width, height) written out, "
                          "or None with fx= and fy=")
        return None
    ok = record(typer, e, "resize", "resize.hpp", Converted(b["src"], src), *size,
                float_arg(typer, name, b, "fx", "0.0"), float_arg(typer, name, b, "fy", "0.0"),
                int_arg(typer, name, b, "interpolation", "1"))
    return src if ok else None


FUNCTIONS = {
    "cv2.resize": Function(("src", "dsize", "dst", "fx", "fy", "interpolation"), 2, _resize,
                           "INTER_NEAREST, INTER_LINEAR, INTER_CUBIC, INTER_AREA; `dsize` "
                           "(w, h) or None with `fx=`/`fy=`"),
    "cv2.flip": Function(("src", "flipCode", "dst"), 2, _moves("flip", "flipCode"),
                         "0 (rows), > 0 (columns), < 0 (both)"),
    "cv2.rotate": Function(("src", "rotateCode", "dst"), 2, _moves("rotate", "rotateCode"),
                           "ROTATE_90_CLOCKWISE, ROTATE_180, ROTATE_90_COUNTERCLOCKWISE"),
}
