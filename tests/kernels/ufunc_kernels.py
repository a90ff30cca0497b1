"""NumPy kernels for tests/test_array_ufunc_functions.py: the operators' ufuncs called by
name, the logical ufuncs, numpy.where and numpy.round, on arrays and on numbers, and
integer ** on arrays. The per-dtype kernels are written out one by one (an annotation fixes
the dtype); ``a.shape[1]`` fixes the rank of both operands at 2, so that each is compiled
once."""

import numpy as np
from numpy.typing import NDArray

from hatch_pyaot import compile


@compile
def by_name_int8(
    a: NDArray[np.int8], b: NDArray[np.int8]
) -> tuple[
    NDArray[np.int8],
    NDArray[np.int8],
    NDArray[np.int8],
    NDArray[np.int8],
    NDArray[np.int8],
    NDArray[np.int8],
    NDArray[np.int8],
    NDArray[np.int8],
    NDArray[np.int8],
    NDArray[np.int8],
    NDArray[np.int8],
    NDArray[np.int8],
    NDArray[np.bool_],
    NDArray[np.bool_],
    NDArray[np.bool_],
    NDArray[np.bool_],
    NDArray[np.bool_],
    NDArray[np.bool_],
    NDArray[np.bool_],
    NDArray[np.bool_],
    NDArray[np.bool_],
    NDArray[np.bool_],
    NDArray[np.int8],
    NDArray[np.int64],
    NDArray[np.int8],
    NDArray[np.int8],
    NDArray[np.int8],
    NDArray[np.int8],
    NDArray[np.int8],
    NDArray[np.int8],
    NDArray[np.int8],
    NDArray[np.int8],
]:
    assert a.shape[1] >= 0 and b.shape[1] >= 0
    return (
        np.add(a, b),
        np.subtract(a, b),
        np.multiply(a, b),
        np.floor_divide(a, b),
        np.remainder(a, b),
        np.mod(b, 3),
        np.power(a, 2),
        np.positive(b),
        np.minimum(a, b),
        np.maximum(a, b),
        np.fmin(a, b),
        np.fmax(a, b),
        np.equal(a, b),
        np.not_equal(a, b),
        np.less(a, b),
        np.less_equal(a, 1),
        np.greater(a, b),
        np.greater_equal(b, a),
        np.logical_and(a, b),
        np.logical_or(a, b),
        np.logical_xor(a, b),
        np.logical_not(a),
        np.where(a > b, a, b),
        np.where(a, 1, 0),
        np.bitwise_and(a, b),
        np.bitwise_or(a, b),
        np.bitwise_xor(a, b),
        np.invert(a),
        np.bitwise_not(b),
        np.left_shift(a, 1),
        np.right_shift(b, 1),
        np.negative(a),
    )


@compile
def by_name_uint8(
    a: NDArray[np.uint8], b: NDArray[np.uint8]
) -> tuple[
    NDArray[np.uint8],
    NDArray[np.uint8],
    NDArray[np.uint8],
    NDArray[np.uint8],
    NDArray[np.uint8],
    NDArray[np.uint8],
    NDArray[np.uint8],
    NDArray[np.uint8],
    NDArray[np.uint8],
    NDArray[np.uint8],
    NDArray[np.uint8],
    NDArray[np.uint8],
    NDArray[np.bool_],
    NDArray[np.bool_],
    NDArray[np.bool_],
    NDArray[np.bool_],
    NDArray[np.bool_],
    NDArray[np.bool_],
    NDArray[np.bool_],
    NDArray[np.bool_],
    NDArray[np.bool_],
    NDArray[np.bool_],
    NDArray[np.uint8],
    NDArray[np.int64],
    NDArray[np.uint8],
    NDArray[np.uint8],
    NDArray[np.uint8],
    NDArray[np.uint8],
    NDArray[np.uint8],
    NDArray[np.uint8],
    NDArray[np.uint8],
]:
    assert a.shape[1] >= 0 and b.shape[1] >= 0
    return (
        np.add(a, b),
        np.subtract(a, b),
        np.multiply(a, b),
        np.floor_divide(a, b),
        np.remainder(a, b),
        np.mod(b, 3),
        np.power(a, 2),
        np.positive(b),
        np.minimum(a, b),
        np.maximum(a, b),
        np.fmin(a, b),
        np.fmax(a, b),
        np.equal(a, b),
        np.not_equal(a, b),
        np.less(a, b),
        np.less_equal(a, 1),
        np.greater(a, b),
        np.greater_equal(b, a),
        np.logical_and(a, b),
        np.logical_or(a, b),
        np.logical_xor(a, b),
        np.logical_not(a),
        np.where(a > b, a, b),
        np.where(a, 1, 0),
        np.bitwise_and(a, b),
        np.bitwise_or(a, b),
        np.bitwise_xor(a, b),
        np.invert(a),
        np.bitwise_not(b),
        np.left_shift(a, 1),
        np.right_shift(b, 1),
    )


@compile
def by_name_float32(
    a: NDArray[np.float32], b: NDArray[np.float32]
) -> tuple[
    NDArray[np.float32],
    NDArray[np.float32],
    NDArray[np.float32],
    NDArray[np.float32],
    NDArray[np.float32],
    NDArray[np.float32],
    NDArray[np.float32],
    NDArray[np.float32],
    NDArray[np.float32],
    NDArray[np.float32],
    NDArray[np.float32],
    NDArray[np.float32],
    NDArray[np.bool_],
    NDArray[np.bool_],
    NDArray[np.bool_],
    NDArray[np.bool_],
    NDArray[np.bool_],
    NDArray[np.bool_],
    NDArray[np.bool_],
    NDArray[np.bool_],
    NDArray[np.bool_],
    NDArray[np.bool_],
    NDArray[np.float32],
    NDArray[np.int64],
    NDArray[np.float32],
    NDArray[np.float32],
    NDArray[np.float32],
    NDArray[np.float32],
    NDArray[np.float32],
]:
    assert a.shape[1] >= 0 and b.shape[1] >= 0
    return (
        np.add(a, b),
        np.subtract(a, b),
        np.multiply(a, b),
        np.floor_divide(a, b),
        np.remainder(a, b),
        np.mod(b, 3),
        np.power(a, 2),
        np.positive(b),
        np.minimum(a, b),
        np.maximum(a, b),
        np.fmin(a, b),
        np.fmax(a, b),
        np.equal(a, b),
        np.not_equal(a, b),
        np.less(a, b),
        np.less_equal(a, 1),
        np.greater(a, b),
        np.greater_equal(b, a),
        np.logical_and(a, b),
        np.logical_or(a, b),
        np.logical_xor(a, b),
        np.logical_not(a),
        np.where(a > b, a, b),
        np.where(a, 1, 0),
        np.true_divide(a, b),
        np.divide(a, 2.0),
        np.round(a, 1),
        np.around(b),
        np.negative(a),
    )


@compile
def fused_mix(a: NDArray[np.float32], b: NDArray[np.float32]) -> NDArray[np.float32]:
    return np.minimum(np.add(a, b), np.maximum(a, 0.5)) + np.fmax(a, b) - np.fmin(b, 1.0)


@compile
def where_weak_int(c: NDArray[np.bool_], a: NDArray[np.int8]) -> NDArray[np.int8]:
    return np.where(c, a, 300)


@compile
def where_scalars(c: NDArray[np.bool_]) -> NDArray[np.float64]:
    return np.where(c, 1, 2.5)


@compile
def leaky(a: NDArray[np.float32]) -> NDArray[np.float32]:
    return np.where(a > 0, a, 0.01 * a)


@compile
def rounded(a: NDArray[np.float64], d: int) -> NDArray[np.float64]:
    return np.round(a, d) + np.round(a, decimals=1)


@compile
def rounded_int(a: NDArray[np.int32], d: int) -> NDArray[np.int32]:
    return np.round(a, d)


@compile
def numbers(x: float, y: int) -> tuple[np.float64, np.int64, np.bool_, np.float64, np.bool_]:
    return np.add(x, y), np.subtract(y, 3), np.less(x, y), np.round(x), np.logical_and(y, x)


@compile
def scalar_ops(x: np.int8, y: int) -> tuple[np.int8, np.int8, np.bool_]:
    return np.add(x, y), np.maximum(x, np.int8(3)), np.logical_not(x)


@compile
def int_power(a: NDArray[np.int64], b: NDArray[np.int64]) -> NDArray[np.int64]:
    return a**b + 1


@compile
def int_power_in_place(a: NDArray[np.int32], e: int) -> NDArray[np.int32]:
    a **= e
    return a


@compile
def uint_power(a: NDArray[np.uint8], x: np.uint8) -> NDArray[np.uint8]:
    return a**2 + x ** np.uint8(2)


@compile
def scalar_param(x: np.float32, a: NDArray[np.float32]) -> tuple[np.float32, NDArray[np.float32]]:
    return x * np.float32(2), a + x


@compile
def uint64_against_int(x: NDArray[np.uint64], t: int) -> tuple[NDArray[np.bool_], NDArray[np.bool_],
                                                                NDArray[np.bool_], bool]:
    return x > t, t <= x, np.less(x, t), bool(x[0] != t)
