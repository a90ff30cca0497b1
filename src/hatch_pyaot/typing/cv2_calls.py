"""``cv2.NAME(...)`` in a compiled function: the table of OpenCV functions the compiler
knows (typing/cv2_color.py, typing/cv2_geometry.py...), each a rule that checks the bound
arguments and records one runtime call of ``pyaot/cv2/*.hpp`` (typed.ArrayCall, emitted by
codegen/array_calls.py). Images are NumPy arrays of uint8 or float32, HxW or HxWxC; results
are new C-contiguous arrays. ``pyaot ops cv2`` lists the table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import FLOAT, INT, ArrayType, Type
from hatch_pyaot.typing import dtypes
from hatch_pyaot.typing.array_calls import (
    Bound,
    Function,
    bind,
    constant,
    integer,
    is_none,
    number,
    type_of,
)
from hatch_pyaot.typing.typed import ArrayCall, Converted

if TYPE_CHECKING:
    from hatch_pyaot.typing.infer import FunctionTyper

IMAGE_DTYPES = (dtypes.UINT8, dtypes.FLOAT32)


def image(typer: FunctionTyper, e: ir.Expr, name: str, expr: ir.Expr | None) -> ArrayType | None:
    """The type of an image argument: a uint8 or float32 array of 2 or 3 dimensions."""
    t = type_of(typer, expr) if expr is not None else None
    if not isinstance(t, ArrayType) or t.dtype not in IMAGE_DTYPES or t.ndim not in (2, 3):
        typer.diags.error((expr or e).loc, f"{name}() takes an image here: an HxW or HxWxC "
                          f"array of uint8 or float32 (not {t})")
        return None
    return t


def source(typer: FunctionTyper, e: ir.Expr, name: str, b: Bound,
           *absent: str) -> ArrayType | None:
    """The ``src`` image of a call that takes no ``dst=`` (nor the ``absent`` parameters)."""
    src = image(typer, e, name, b["src"])
    return src if src is not None and without(typer, name, b, "dst", *absent) else None


def uint8_source(typer: FunctionTyper, e: ir.Expr, name: str, b: Bound, *absent: str,
                 gray: bool = False) -> ArrayType | None:
    """``source``, a uint8 image (an HxW one if ``gray``), else None after a diagnostic."""
    src = source(typer, e, name, b, *absent)
    if src is None:
        return None
    if src.dtype != dtypes.UINT8 or (gray and src.ndim != 2):
        what = "a 1-channel uint8 image, an HxW array" if gray else "a uint8 image"
        typer.diags.error(b["src"].loc, f"{name}() takes {what} (not {src})")
        return None
    return src


def without(typer: FunctionTyper, name: str, b: Bound, *params: str) -> bool:
    """Whether the optional parameters the compiler does not take (``dst=``) are left out."""
    for p in params:
        if not is_none(b.get(p)):
            typer.diags.error(b[p].loc, f"{name}() takes no {p}= here (the result is returned)")
            return False
    return True


def int_arg(typer: FunctionTyper, name: str, b: Bound, param: str,
            default: str) -> Converted | str | None:
    """An int parameter as an int, ``default`` (C++) when left out, None after a diagnostic."""
    if is_none(b.get(param)):
        return default
    return Converted(b[param], INT) if integer(typer, name, param, b[param]) else None


def float_arg(typer: FunctionTyper, name: str, b: Bound, param: str,
              default: str) -> Converted | str | None:
    if is_none(b.get(param)):
        return default
    return Converted(b[param], FLOAT) if number(typer, name, param, b[param]) else None


def pair_arg(typer: FunctionTyper, name: str, b: Bound, param: str,
             default: tuple[str, str] | None = None) -> list[Converted | str | None]:
    """``(w, h)`` written out as two ints (ksize=, anchor=); ``default`` (C++) when left out.
    [None] after a diagnostic."""
    expr = b.get(param)
    if is_none(expr) and default is not None:
        return list(default)
    if isinstance(expr, ir.TupleExpr) and len(expr.items) == 2:
        items: list[Converted | str | None] = [
            Converted(i, INT) if integer(typer, name, param, i) else None for i in expr.items]
        return items if None not in items else [None]
    typer.diags.error((expr or b["src"]).loc, f"{name}() takes {param} as two ints written "
                      "out, (width, height)")
    return [None]


def scalar_arg(typer: FunctionTyper, name: str, b: Bound, param: str) -> list[Converted | str | None]:
    """cv2's Scalar: a number (the first channel; the others 0) or up to 4 written out."""
    expr = b.get(param)
    if is_none(expr):
        return ["0.0"] * 4
    assert expr is not None
    items = list(expr.items) if isinstance(expr, ir.TupleExpr) else [expr]
    if len(items) > 4:
        typer.diags.error(expr.loc, f"{name}() takes {param} as up to 4 numbers")
        return [None]
    values: list[Converted | str | None] = [
        Converted(i, FLOAT) if number(typer, name, param, i) else None for i in items]
    return values + ["0.0"] * (4 - len(values))


DEPTHS = {0: dtypes.UINT8, 3: dtypes.INT16, 5: dtypes.FLOAT32, 6: dtypes.FLOAT64}
"""cv2.CV_8U, CV_16S, CV_32F, CV_64F: the result dtypes ``ddepth=`` may name."""


def depth(typer: FunctionTyper, name: str, b: Bound, src: ArrayType,
          param: str = "ddepth") -> ArrayType | None:
    """The result of ``ddepth=`` (or ``dtype=``): -1 (the source's dtype) or a cv2.CV_*
    constant written in the code."""
    value = constant(b.get(param), int)
    if value == -1:
        return src
    if isinstance(value, int) and value in DEPTHS:
        return ArrayType(DEPTHS[value], src.ndim)
    typer.diags.error(b[param].loc, f"{name}() takes {param} as -1, cv2.CV_8U, cv2.CV_16S, "
                      "cv2.CV_32F or cv2.CV_64F written in the code")
    return None


def record(typer: FunctionTyper, e: ir.Expr, cpp: str, header: str,
           *args: Converted | str | None) -> bool:
    """The call as ``pyaot::cv2::cpp(out, args...)``; False when an argument was diagnosed."""
    if any(a is None for a in args):
        return False
    assert isinstance(e, ir.Call)
    typer.spec.calls[e] = ArrayCall(f"pyaot::cv2::{cpp}", f"pyaot/cv2/{header}",
                                    tuple(a for a in args if a is not None))
    return True


def _functions() -> dict[str, Function]:
    from hatch_pyaot.typing import (
        cv2_color,
        cv2_components,
        cv2_contours,
        cv2_convolution,
        cv2_drawing,
        cv2_edges,
        cv2_filters,
        cv2_geometry,
        cv2_morphology,
        cv2_threshold,
        cv2_warp,
    )

    return {**cv2_color.FUNCTIONS, **cv2_geometry.FUNCTIONS, **cv2_threshold.FUNCTIONS,
            **cv2_filters.FUNCTIONS, **cv2_morphology.FUNCTIONS, **cv2_convolution.FUNCTIONS,
            **cv2_warp.FUNCTIONS, **cv2_edges.FUNCTIONS,
            **cv2_components.FUNCTIONS, **cv2_contours.FUNCTIONS,
            **cv2_drawing.FUNCTIONS}


def handles(name: str) -> bool:
    return name.startswith("cv2.") and name in _functions()


def call(typer: FunctionTyper, e: ir.Call) -> Type | None:
    assert isinstance(e.func, str)
    f = _functions()[e.func]
    bound = bind(typer, e, e.func, f, list(e.args), dict(e.kwargs))
    return f.rule(typer, e, bound) if bound is not None else None


def coverage() -> list[tuple[str, str]]:
    """``pyaot ops cv2`` and the table of docs/operators.md."""
    return sorted((name, f.doc) for name, f in _functions().items())
