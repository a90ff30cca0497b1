"""Integer ``//`` and ``%`` of arrays by a number (tests/test_int_division.py): the divisor
is prepared once before the loop (pyaot/numpy/scalar/invariant_divide.hpp)."""

import numpy as np
from numpy.typing import NDArray

from hatch_pyaot import compile


@compile
def divmod_int8(x: NDArray[np.int8], k: int) -> tuple[NDArray[np.int8], NDArray[np.int8]]:
    return x // k, x % k


@compile
def divmod_uint8(x: NDArray[np.uint8], k: int) -> tuple[NDArray[np.uint8], NDArray[np.uint8]]:
    return x // k, x % k


@compile
def divmod_int16(x: NDArray[np.int16], k: int) -> tuple[NDArray[np.int16], NDArray[np.int16]]:
    return x // k, x % k


@compile
def divmod_int32(x: NDArray[np.int32], k: int) -> tuple[NDArray[np.int32], NDArray[np.int32]]:
    return x // k, x % k


@compile
def divmod_int64(x: NDArray[np.int64], k: int) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    return x // k, x % k


@compile
def divmod_uint64(x: NDArray[np.uint64],
                  k: np.uint64) -> tuple[NDArray[np.uint64], NDArray[np.uint64]]:
    return x // k, x % k


@compile
def stretch(img: NDArray[np.uint8], lo: int, hi: int) -> NDArray[np.uint8]:
    """The contrast stretch of benchmarks/numpy_kernels.py: an int32 array by a Python int."""
    clipped = np.clip(img, lo, hi).astype(np.int32)
    return ((clipped - lo) * 255 // (hi - lo)).astype(np.uint8)


@compile
def floor_in_place(x: NDArray[np.int32], k: int) -> NDArray[np.int32]:
    y = x * 3 + 1
    y //= k
    return y
