"""Reductions over axis tuples (``a.sum(axis=(0, 2))``, keepdims) and the ``dtype=`` of sum,
prod, mean, cumsum and cumprod, compiled (tests/kernels/axes_kernels.py) and compared with
CPython + NumPy: integer results, min, max, any, all exactly; float sums over several axes
within a few ulps (NumPy's iterator orders those additions its own way)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from support import Pair, build_pair
from support import check_arrays as check

KERNELS = Path(__file__).parent / "kernels" / "axes_kernels.py"
RNG = np.random.default_rng(3)
SHAPES = [(2, 3, 4), (1, 5, 2), (3, 0, 2), (4, 4, 4)]
LAYOUTS = {"c": lambda a: a, "t": lambda a: a.T, "r": lambda a: a[::-1, :, ::-1]}


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory) -> Pair:
    return build_pair(tmp_path_factory.mktemp("axes"), "axes_kernels", KERNELS)


@pytest.mark.parametrize("shape", SHAPES, ids=str)
@pytest.mark.parametrize("layout", LAYOUTS)
def test_axis_tuples(pair, shape, layout):
    a = LAYOUTS[layout](RNG.integers(-9, 9, size=shape))
    check(pair, "tuple_sums", a.astype(np.int32))
    check(pair, "tuple_means", a.astype(np.int16))
    if 0 not in shape:  # (NumPy: no identity for max of nothing)
        check(pair, "tuple_extremes", a / 4.0)


def test_float_mean_over_axes_is_close(pair):
    a = RNG.standard_normal((5, 6, 7)).astype(np.float32)
    got, want = pair.native.float_tuple_mean(a), pair.python.float_tuple_mean(a)
    assert got.dtype == want.dtype == np.float32 and got.shape == want.shape
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-6)  # float32 sums, other order


@pytest.mark.parametrize("shape", [(3, 4), (0, 2), (40, 30)], ids=str)
def test_dtype_keyword(pair, shape):
    a = RNG.integers(0, 255, size=shape).astype(np.uint8)
    check(pair, "dtype_reductions", a)
    check(pair, "dtype_reductions", a.T.copy().T[::-1])
    check(pair, "dtype_cumulative", a.astype(np.int8))
    check(pair, "float_dtype_mean", a.ravel() / 7.0)


BAD = '''
import numpy as np
from numpy.typing import NDArray

from hatch_pyaot import compile


@compile
def out_of_range(a: NDArray[np.float64]) -> NDArray[np.float64]:
    assert a.shape[1] >= 0
    return a.sum(axis=(0, 3))


@compile
def duplicate(a: NDArray[np.float64]) -> NDArray[np.float64]:
    assert a.shape[2] >= 0
    return np.max(a, axis=(1, -2))


@compile
def rolled(a: NDArray[np.float64]) -> NDArray[np.float64]:
    assert a.shape[1] >= 0
    return np.roll(a, 1, axis=2)
'''


def test_bad_axes_are_located_diagnostics(tmp_path):
    """An axis written in the code that NumPy would reject: NumPy's text at the axis, and
    the function stays Python (where NumPy raises it)."""
    from hatch_pyaot.pipeline import build

    path = tmp_path / "bad_axes.py"
    path.write_text(BAD, encoding="utf-8")
    report = build([path])
    text = "\n".join(m.format_diagnostics() for m in report.modules)
    assert sorted(e.name for e in report.failed_entries) == ["duplicate", "out_of_range",
                                                              "rolled"]
    assert "bad_axes.py:11:27: error: axis 3 is out of bounds for array of dimension 2" in text
    assert "bad_axes.py:17:28: error: duplicate value in 'axis'" in text
    assert "bad_axes.py:23:31: error: axis 2 is out of bounds for array of dimension 2" in text
