"""Integer floor division and remainder of arrays by a loop-invariant divisor, done as a
multiplication and shifts (pyaot/numpy/scalar/invariant_divide.hpp, codegen/invariant_divide.py).

The C++ check (tests/cpp/test_invariant_divide.cpp) runs every dividend with every divisor
for int8, uint8 and int16, and random pairs for the wider dtypes. The compiled kernels of
kernels/division_kernels.py are compared with numpy: every int8 and uint8 dividend with every
divisor, seeded random int16, int32, int64 and uint64 arrays by random, edge, negative and
zero divisors (numpy gives 0 there, with a warning compiled code does not give), and a
divisor out of the dtype's range raises numpy's OverflowError.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from cpp_build import CPP, FLAGS, build, run
from hatch_pyaot.testing import same_value
from support import Pair, build_pair

np = pytest.importorskip("numpy")

KERNELS = Path(__file__).parent / "kernels" / "division_kernels.py"
RNG = np.random.default_rng(20261201)


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory) -> Pair:
    return build_pair(tmp_path_factory.mktemp("division"), "division_kernels", KERNELS)


def numpy_divmod(x: np.ndarray, k: object) -> tuple[np.ndarray, np.ndarray]:
    with np.errstate(divide="ignore", over="ignore"):
        return x // k, x % k


def test_exhaustive_and_random_in_cpp(cxx: str, tmp_path: Path) -> None:
    exe = tmp_path / "check"
    build([cxx, *FLAGS, "-O3", str(CPP / "test_invariant_divide.cpp"), "-o", str(exe)])
    proc = run(exe)
    assert proc.returncode == 0, proc.stdout
    assert proc.stdout.strip() == "0 mismatches"


@pytest.mark.parametrize("dtype", ["int8", "uint8"])
def test_every_pair_of_8_bit_values(pair: Pair, dtype: str) -> None:
    info = np.iinfo(dtype)
    x = np.arange(info.min, info.max + 1).astype(dtype)
    kernel = getattr(pair.native, f"divmod_{dtype}")
    for k in range(int(info.min), int(info.max) + 1):
        got = kernel(x, k)
        assert same_value(got, numpy_divmod(x, k)), (dtype, k)


def divisors(dtype: str) -> list[int]:
    info = np.iinfo(dtype)
    edges = [1, 2, 3, 7, 10, 255, 256, 1000, int(info.max), int(info.max) // 2 + 1, 0]
    if info.min < 0:
        edges += [-1, -2, -3, -7, int(info.min), int(info.min) + 1]
    randoms = [int(v) for v in RNG.integers(info.min, info.max, 40, dtype=dtype, endpoint=True)]
    return edges + randoms


@pytest.mark.parametrize("dtype", ["int16", "int32", "int64", "uint64"])
def test_random_arrays(pair: Pair, dtype: str) -> None:
    info = np.iinfo(dtype)
    x = np.concatenate([np.array([info.min, info.max, 0, 1, -1 if info.min else 2], dtype),
                        RNG.integers(info.min, info.max, 4000, dtype=dtype, endpoint=True)])
    kernel = getattr(pair.native, f"divmod_{dtype}")
    for k in divisors(dtype):
        divisor = np.uint64(k) if dtype == "uint64" else k
        before = x.copy()
        assert same_value(kernel(x, divisor), numpy_divmod(x, divisor)), (dtype, k)
        assert same_value(x, before)


def test_strided_and_in_place(pair: Pair) -> None:
    x = RNG.integers(-10**6, 10**6, (64, 33), dtype=np.int32)
    for k in (7, -7, 0, 1, 2**31 - 1):
        with np.errstate(divide="ignore"):
            want = x.T * 3 + 1
            want //= k
        assert same_value(pair.native.floor_in_place(x.T, k), want)


def test_stretch(pair: Pair) -> None:
    img = RNG.integers(0, 256, (97, 131), dtype=np.uint8)
    for lo, hi in ((30, 220), (0, 255), (100, 101), (5, 5)):
        with np.errstate(divide="ignore"):
            assert same_value(pair.native.stretch(img, lo, hi), pair.python.stretch(img, lo, hi))


def test_a_divisor_out_of_range_raises_as_numpy(pair: Pair) -> None:
    x = np.arange(5, dtype=np.int8)
    with pytest.raises(OverflowError) as expected:
        x // 300
    with pytest.raises(OverflowError) as got:
        pair.native.divmod_int8(x, 300)
    assert str(expected.value) in str(got.value)


def test_the_divisor_is_prepared_once(pair: Pair) -> None:
    cpp = "\n".join(m.cpp or "" for m in pair.report.modules)
    assert "pyaot::numpy::scalar::invariant_divisor<std::int32_t>(" in cpp
    assert "pyaot::numpy::scalar::invariant_divisor<std::uint64_t>(" in cpp
