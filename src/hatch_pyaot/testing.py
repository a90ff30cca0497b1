"""Helpers for differential tests of compiled functions against CPython.

Used by the project's own tests and benchmarks, and usable in a package's tests:
``same_value(python_result, native_result)`` is the equality the compiler promises.
"""

from __future__ import annotations

import math


def same_value(a: object, b: object) -> bool:
    """Equal with the same type; floats compared by repr (nan == nan, 0.0 != -0.0); dicts
    item by item in their order (insertion order is part of a dict's value); sets as sets."""
    if type(a) is not type(b):
        return False
    if isinstance(a, float):
        assert isinstance(b, float)
        return (math.isnan(a) and math.isnan(b)) or repr(a) == repr(b)
    if isinstance(a, complex):
        assert isinstance(b, complex)
        return same_value(a.real, b.real) and same_value(a.imag, b.imag)
    if isinstance(a, tuple | list):
        assert isinstance(b, tuple | list)
        return len(a) == len(b) and all(same_value(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, dict):
        assert isinstance(b, dict)
        return same_value(list(a.items()), list(b.items()))
    if isinstance(a, set | frozenset):
        assert isinstance(b, set | frozenset)
        return len(a) == len(b) and same_value(sorted(a, key=repr), sorted(b, key=repr))
    if type(a).__module__ == "numpy":
        return _same_numpy(a, b)
    return a == b


def _same_numpy(a: object, b: object) -> bool:
    """NumPy arrays: same dtype, shape and bytes; NumPy scalars: same type and repr."""
    import numpy as np

    if isinstance(a, np.ndarray):
        assert isinstance(b, np.ndarray)
        return (a.dtype == b.dtype and a.shape == b.shape
                and np.ascontiguousarray(a).tobytes() == np.ascontiguousarray(b).tobytes())
    return repr(a) == repr(b)
