"""numpy.random.default_rng and the Generator's methods compiled (tests/kernels/
random_kernels.py, runtime pyaot/numpy/random/) against CPython + NumPy running the same
kernels: random, integers and uniform give NumPy's numbers bit for bit over many seeds,
ranges and sizes; normal's ziggurat tables are computed here (tools/ziggurat_tables.py), so
its numbers agree with NumPy's to a few ulps, draw for draw. NumPy's exceptions for bad
arguments."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from support import Pair, assert_refused, build_pair, check_error
from support import check_arrays as check

KERNELS = Path(__file__).parent / "kernels" / "random_kernels.py"
SEEDS = [0, 1, 2, 7, 42, 12345, 2**31 - 1, 2**32, 2**32 + 5, 2**40 + 7, 2**63 - 1]
SEED = st.integers(0, 2**63 - 1)


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory) -> Pair:
    return build_pair(tmp_path_factory.mktemp("random"), "random_kernels", KERNELS)


@pytest.mark.parametrize("seed", SEEDS)
def test_random_bit_identical(pair, seed):
    for n in (0, 1, 5, 1000):
        check(pair, "randoms", seed, n)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("low, high", [(0, 1), (0, 2), (0, 10), (-5, 5), (0, 1000),
                                       (0, 2**31), (0, 2**32 - 1), (0, 2**32), (0, 2**32 + 1),
                                       (-2**40, 2**40 + 3), (-2**63, 2**63 - 1),
                                       (2**62, 2**63 - 1), (-7, -6)])
def test_integers_bit_identical(pair, seed, low, high):
    check(pair, "integer_draws", seed, low, high, 257)


@settings(max_examples=60, deadline=None)
@given(seed=SEED, low=st.integers(-2**62, 2**62), span=st.integers(1, 2**62),
       n=st.integers(0, 300))
def test_integers_any_range(pair, seed, low, span, n):
    check(pair, "integer_draws", seed, low, low + span, n)


@pytest.mark.parametrize("seed", SEEDS[:5])
def test_integers_below_and_halves(pair, seed):
    for high in (1, 3, 2**32, 2**50):
        check(pair, "integers_below", seed, high, 9)
    for n in (0, 1, 2, 7, 100):
        check(pair, "mixed", seed, n)


@pytest.mark.parametrize("seed", SEEDS)
def test_uniform_bit_identical(pair, seed):
    for low, high in ((0.0, 1.0), (-3.5, 2.25), (1e-300, 1e300), (5.0, 5.0)):
        check(pair, "uniforms", seed, low, high, 64)


def test_generator_in_a_helper(pair):
    for seed in SEEDS[:4]:
        check(pair, "walks", seed, 50)
    check(pair, "monte_carlo_pi", 3, 100_000)


@pytest.mark.parametrize("seed", SEEDS)
def test_normal_draw_for_draw(pair, seed):
    """The same draws: equal to a few ulps (NumPy's tables round differently), and some
    numbers identical."""
    args = (seed, 1.5, 2.0, 20_000)
    expected, got = pair.python.normals(*args), pair.native.normals(*args)
    assert type(got[0]) is float
    exact = total = 0
    for want, have in zip(expected, got, strict=True):
        np.testing.assert_allclose(have, want, rtol=1e-13, atol=1e-14)
        exact += int(np.sum(np.asarray(have) == np.asarray(want)))
        total += np.size(want)
    assert exact > total // 10


def test_normal_statistics(pair):
    _, draws, _, _ = pair.native.normals(11, 0.0, 1.0, 200_000)
    assert abs(draws.mean()) < 0.01 and abs(draws.std() - 1.0) < 0.01
    assert abs(np.mean(draws > 3.6541528853610088) - 1.290e-4) < 5e-5  # the tail


def test_fresh_entropy(pair):
    a, b = pair.native.fresh(8), pair.native.fresh(8)
    assert a.dtype == np.float64 and a.shape == (8,) and not np.array_equal(a, b)
    assert ((a >= 0) & (a < 1)).all()


def test_errors(pair):
    check_error(pair, "bad_seed", -1)
    check_error(pair, "integer_draws", 1, 5, 3, 4)
    check_error(pair, "integer_draws", 1, 5, 5, 4)
    check_error(pair, "integer_draws", 1, 0, 5, -1)
    check_error(pair, "integers_below", 1, 0, 3)
    check_error(pair, "integers_below", 1, -4, 3)
    check_error(pair, "randoms", 1, -1)
    check_error(pair, "normals", 1, 0.0, -1.0, 3)
    check_error(pair, "uniforms", 1, 5.0, 2.0, 3)
    check_error(pair, "uniforms", 1, 0.0, float("inf"), 3)
    check_error(pair, "uniforms", 1, float("nan"), 1.0, 3)
    check_error(pair, "uniforms", 1, -1e308, 1e308, 3)


REFUSED = """\
import numpy as np
from hatch_pyaot import compile

@compile
def takes(rng: np.random.Generator) -> float:
    return rng.random()

@compile
def gives(seed: int) -> np.random.Generator:
    return np.random.default_rng(seed)

@compile
def beta(seed: int) -> float:
    return np.random.default_rng(seed).beta(1.0, 2.0)

@compile
def sized(seed: int, n: int) -> float:
    return np.random.default_rng(seed).integers(0, n, dtype=np.int8)
"""


def test_refused(tmp_path):
    assert_refused(tmp_path, REFUSED, [
        (5, 11, "parameter 'rng' of a @compile function is a numpy.random.Generator"),
        (9, 5, "'gives' returns a numpy.random.Generator"),
        (14, 12, "'numpy.random.Generator' object has no attribute 'beta'"),
        (18, 61, "Generator.integers() with dtype= is not supported yet"),
    ])
