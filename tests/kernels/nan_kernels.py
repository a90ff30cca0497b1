"""NumPy kernels for tests/test_array_nan_functions.py."""

import numpy as np
from numpy.typing import NDArray

from hatch_pyaot import compile


@compile
def nan_whole(a: NDArray[np.float64]) -> tuple[np.float64, np.float64, np.float64, np.float64,
                                               np.float64, NDArray[np.float64],
                                               NDArray[np.float64]]:
    return (np.nansum(a), np.nanprod(a), np.nanmax(a), np.nanmin(a), np.nanmean(a),
            np.nancumsum(a), np.nancumprod(a))


@compile
def nan_args(a: NDArray[np.float32]) -> tuple[np.int64, np.int64]:
    return np.nanargmax(a), np.nanargmin(a)


@compile
def nan_axis(a: NDArray[np.float32]) -> tuple[NDArray[np.float32], NDArray[np.float32],
                                              NDArray[np.float32], NDArray[np.float32],
                                              NDArray[np.float32]]:
    assert a.shape[1] >= 0
    return (np.nansum(a, axis=0), np.nanmax(a, axis=1), np.nanmin(a, axis=-1),
            np.nanmean(a, axis=0), np.nancumsum(a, axis=1))


@compile
def nan_arg_axis(a: NDArray[np.float64]) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    assert a.shape[1] >= 0
    return np.nanargmax(a, axis=0), np.nanargmin(a, axis=1)


@compile
def nan_ints(a: NDArray[np.int16]) -> tuple[np.int64, np.int16, np.float64, np.int64,
                                            NDArray[np.int64]]:
    assert a.shape[0] >= 0
    return np.nansum(a), np.nanmax(a), np.nanmean(a), np.nanargmin(a), np.nancumsum(a)


@compile
def to_num(a: NDArray[np.float64]) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    return np.nan_to_num(a), np.nan_to_num(a, nan=-1.0, posinf=1e300, neginf=-2.0)


@compile
def to_num_f32(a: NDArray[np.float32]) -> NDArray[np.float32]:
    return np.nan_to_num(a, neginf=0.0)
