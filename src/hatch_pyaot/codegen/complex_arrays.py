"""Conversions to and between NumPy's complex dtypes (complex64, complex128): a number, a
NumPy scalar or Python's complex becomes a complex element, and a complex element another
dtype, through ``pyaot::numpy::scalar::cast`` (pyaot/numpy/scalar/cast.hpp: numpy's astype,
the real part kept), since ``static_cast`` has no such conversions."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatch_pyaot.ir.types import DTypeScalar, Type

if TYPE_CHECKING:
    from hatch_pyaot.codegen.function import FunctionEmitter

CAST_HEADER = "pyaot/numpy/scalar/cast.hpp"


def _complex(t: Type) -> bool:
    return isinstance(t, DTypeScalar) and t.dtype.kind == "c"


def needs_cast(src: Type, dst: Type) -> bool:
    """Whether ``src -> dst`` meets a complex dtype where ``static_cast`` cannot convert."""
    return _complex(dst) or (_complex(src) and isinstance(dst, DTypeScalar))


def cast(em: FunctionEmitter, code: str, dst: Type) -> str:
    em.headers.add(CAST_HEADER)
    return f"pyaot::numpy::scalar::cast<{dst.cpp()}>({code})"
