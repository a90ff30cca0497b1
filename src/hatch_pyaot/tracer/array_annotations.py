"""NumPy's shape typing in an annotation: ``numpy.ndarray[tuple[int, int],
numpy.dtype[numpy.float64]]`` is a 2-d float64 array, its rank checked at the call.

The shape is ``tuple[int, ...]`` with one ``int`` per dimension (``tuple[()]`` for rank 0);
``tuple[int, ...]`` or ``typing.Any`` leave the rank open, as ``NDArray[dtype]`` does, and
the body's uses decide it (typing/ranks.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import libcst as cst

from hatch_pyaot.ir.types import ArrayType, DTypeScalar, Type
from hatch_pyaot.tracer.project import ModuleSource
from hatch_pyaot.tracer.resolve import OpName, Resolver

if TYPE_CHECKING:
    from hatch_pyaot.typing.dtypes import DType

NDARRAY = "numpy.ndarray"
OPEN_RANK = -1
MAX_RANK = 64
"""NumPy's limit on the number of dimensions."""
_EXAMPLE = "numpy.ndarray[tuple[int, int], numpy.dtype[numpy.float64]]"

Annotate = Callable[[Resolver, ModuleSource, cst.BaseExpression], Type]


class ShapeError(Exception):
    def __init__(self, message: str, node: cst.CSTNode) -> None:
        super().__init__(message)
        self.node = node


def ndarray_type(resolver: Resolver, module: ModuleSource, node: cst.Subscript,
                 annotate: Annotate) -> ArrayType:
    """The array type ``numpy.ndarray[shape, numpy.dtype[scalar]]`` names, or ShapeError."""
    parts = _items(node)
    if parts is None or len(parts) != 2:
        raise ShapeError(f"numpy.ndarray[...] takes a shape and a dtype, e.g. {_EXAMPLE}", node)
    shape, dtype = parts
    return ArrayType(_dtype(resolver, module, dtype, annotate), _rank(resolver, module, shape))


def _items(node: cst.Subscript) -> list[cst.BaseExpression] | None:
    out = []
    for el in node.slice:
        if not isinstance(el.slice, cst.Index):
            return None
        out.append(el.slice.value)
    return out


def _qualname(resolver: Resolver, module: ModuleSource, node: cst.BaseExpression) -> str | None:
    if isinstance(node, cst.Subscript):
        node = node.value
    if not isinstance(node, cst.Name | cst.Attribute):
        return None
    res = resolver.expr(module, node)
    return res.qualname if isinstance(res, OpName) else None


def _dtype(resolver: Resolver, module: ModuleSource, node: cst.BaseExpression,
           annotate: Annotate) -> DType:
    items = _items(node) if isinstance(node, cst.Subscript) else None
    if _qualname(resolver, module, node) == "numpy.dtype" and items is not None \
            and len(items) == 1:
        scalar = annotate(resolver, module, items[0])
        if isinstance(scalar, DTypeScalar):
            return scalar.dtype
    raise ShapeError(f"the dtype of a numpy.ndarray[...] annotation is numpy.dtype[<NumPy scalar "
                     f"type>], e.g. {_EXAMPLE}", node)


def _rank(resolver: Resolver, module: ModuleSource, node: cst.BaseExpression) -> int:
    """The rank the shape names, or OPEN_RANK for ``tuple[int, ...]`` and ``Any``."""
    name = _qualname(resolver, module, node)
    if name == "typing.Any" and not isinstance(node, cst.Subscript):
        return OPEN_RANK
    items = _items(node) if isinstance(node, cst.Subscript) else None
    if name in ("builtins.tuple", "typing.Tuple") and items is not None:
        if len(items) == 2 and isinstance(items[1], cst.Ellipsis) and _is_int(
                resolver, module, items[0]):
            return OPEN_RANK
        if len(items) == 1 and isinstance(items[0], cst.Tuple) and not items[0].elements:
            return 0
        if all(_is_int(resolver, module, item) for item in items) and len(items) <= MAX_RANK:
            return len(items)
    raise ShapeError("the shape of a numpy.ndarray[...] annotation is tuple[int, ...] with one "
                     "int per dimension (tuple[()] for rank 0), tuple[int, ...] or Any for any "
                     f"rank, e.g. {_EXAMPLE}", node)


def _is_int(resolver: Resolver, module: ModuleSource, node: cst.BaseExpression) -> bool:
    return _qualname(resolver, module, node) == "builtins.int" and not isinstance(
        node, cst.Subscript)
