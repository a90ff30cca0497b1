"""Declarations of every operation the compiler can emit (see ``registry``)."""

from __future__ import annotations

import functools

from hatch_pyaot.ops import (
    builtins_ops,
    bytes_ops,
    cmath_ops,
    complex_ops,
    math_ops,
    operator_ops,
    str_ops,
)
from hatch_pyaot.ops.registry import Const, Op, Registry

__all__ = ["Const", "Op", "Registry", "default_registry"]


@functools.cache
def default_registry() -> Registry:
    """The registry of the operator, builtins, math, str and bytes declarations (built once)."""
    registry = Registry()
    for module in (operator_ops, builtins_ops, math_ops, str_ops, bytes_ops, complex_ops,
                   cmath_ops):
        registry.add(module.OPS)
    return registry
