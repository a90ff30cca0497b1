"""The operators' ufuncs called by name (numpy.add, numpy.minimum, numpy.less ...), the
logical ufuncs, numpy.where and numpy.round, integer ** on arrays, and NumPy scalar
parameters, compared with CPython + NumPy running the same kernels
(tests/kernels/ufunc_kernels.py)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from support import Pair, build_pair
from support import check_arrays as check

KERNELS = Path(__file__).parent / "kernels" / "ufunc_kernels.py"
DTYPES = ["int8", "uint8", "float32"]  # the other dtypes share these templates


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory) -> Pair:
    return build_pair(tmp_path_factory.mktemp("ufuncs"), "ufunc_kernels", KERNELS)


def test_every_kernel_compiled(pair):
    from hatch_pyaot import is_compiled

    names = [n for n in dir(pair.python) if callable(getattr(pair.python, n))
             and getattr(getattr(pair.python, n), "__module__", "") == pair.python.__name__]
    assert names and all(is_compiled(getattr(pair.native, n)) for n in names)


def operands(dtype: str) -> st.SearchStrategy[tuple[np.ndarray, np.ndarray]]:
    """Two 2-d arrays that broadcast together."""
    elements = hnp.from_dtype(np.dtype(dtype), allow_infinity=False, allow_subnormal=False)
    shapes = st.sampled_from([((1, 5), (1, 5)), ((3, 4), (1, 4)), ((3, 4), (3, 1)),
                              ((0, 2), (1, 2)), ((2, 3), (2, 3))])
    return shapes.flatmap(lambda s: st.tuples(hnp.arrays(dtype, s[0], elements=elements),
                                              hnp.arrays(dtype, s[1], elements=elements)))


@pytest.mark.parametrize("dtype", DTYPES)
@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_ufuncs_by_name_match_numpy(pair, dtype, data):
    a, b = data.draw(operands(dtype))
    if dtype.startswith(("int", "uint")):
        a = np.abs(a % 7).astype(dtype)  # small, non-negative: power and shifts stay defined
    check(pair, f"by_name_{dtype}", a, b)


@pytest.mark.parametrize("a", [np.array([0.5, -np.inf, np.nan, 3.0], np.float32),
                               np.arange(12, dtype=np.float32).reshape(3, 4)[:, ::-2]],
                         ids=str)
def test_fused_extrema(pair, a):
    check(pair, "fused_mix", a, a[::-1].copy())


def test_where(pair):
    c = np.array([True, False, False, True])
    check(pair, "where_weak_int", c, np.array([1, 2, 3, -4], np.int8))  # 300 wraps to 44
    check(pair, "where_scalars", c)
    check(pair, "leaky", np.array([-2.0, 0.0, 3.5, np.nan], np.float32))
    check(pair, "where_weak_int", c, np.zeros(3, np.int8))  # broadcast error


@pytest.mark.parametrize("d", [0, 1, 2, -1, -2, 400])
def test_round_halves_to_even_like_numpy(pair, d):
    check(pair, "rounded", np.array([0.5, 1.5, 2.5, 2.675, -2.5, 1e300, np.nan, 15.0, -35.0]), d)
    check(pair, "rounded_int", np.array([15, 25, -35, 4, 2**31 - 1], np.int32), d)


@pytest.mark.parametrize("args", [(2.5, 3), (0.0, 0), (-1.5, -2)], ids=str)
def test_numbers_give_numpy_scalars(pair, args):
    check(pair, "numbers", *args)


def test_numpy_scalar_parameters(pair):
    check(pair, "scalar_ops", np.int8(100), 27)  # wraps like NumPy
    check(pair, "scalar_ops", np.int8(1), 300)  # OverflowError (NEP 50)
    check(pair, "scalar_param", np.float32(1.5), np.arange(3, dtype=np.float32))
    for bad in (1.5, np.float64(1.5), np.array(1.5, np.float32)):
        with pytest.raises(TypeError, match=r"argument 'x' must be numpy\.float32, not"):
            pair.native.scalar_param(bad, np.zeros(2, np.float32))


def test_integer_power_on_arrays(pair):
    check(pair, "int_power", np.arange(-3, 4), np.arange(7))
    check(pair, "int_power", np.arange(4), np.array([1, 2, -1, 3]))  # ValueError
    check(pair, "int_power_in_place", np.arange(5, dtype=np.int32), 3)
    check(pair, "int_power_in_place", np.arange(5, dtype=np.int32), -1)  # a stays unchanged
    check(pair, "uint_power", np.arange(250, 256, dtype=np.uint8), np.uint8(20))


@pytest.mark.parametrize("t", [-1, 0, 5, 2**63 - 1, -(2**63)])
def test_uint64_compares_with_python_ints_by_value(pair, t):
    check(pair, "uint64_against_int", np.array([0, 5, 2**64 - 1], np.uint64), t)
