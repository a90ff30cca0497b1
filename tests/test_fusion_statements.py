"""Fusion across statements (codegen/statement_fusion.py) and reductions of broadcasts
without the broadcast array (codegen/fused_reduction.py), compiled from
tests/kernels/fusion_kernels.py and compared with CPython + NumPy bit for bit, arguments
included; the cases where fusion would change Python's meaning are checked not to fuse."""

from __future__ import annotations

import functools
from pathlib import Path

import numpy as np
import pytest

from hatch_pyaot.codegen.function import FunctionEmitter
from hatch_pyaot.pipeline import ModuleResult, analyze
from support import Pair, build_pair
from support import check_arrays as check

KERNELS = Path(__file__).parent / "kernels" / "fusion_kernels.py"
RNG = np.random.default_rng(12)


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory) -> Pair:
    return build_pair(tmp_path_factory.mktemp("fusion"), "fusion_kernels", KERNELS)


@functools.cache
def analyzed() -> ModuleResult:
    return analyze(KERNELS)


def emitter(function: str) -> FunctionEmitter:
    for entry in analyzed().entries:
        if entry.spec is not None and entry.spec.function.ref.name == function:
            return FunctionEmitter(entry.spec, set())
    raise AssertionError(function)


def substituted(function: str) -> list[str]:
    """The names whose statement the compiler fused into their use."""
    return sorted(emitter(function).substituted)


# shapes: small, one block, several blocks (the last one partial), a long contiguous lane
SHAPES = [(1, 4), (5, 3), (40, 17), (130, 64), (3, 300)]


@pytest.mark.parametrize("shape", SHAPES, ids=str)
def test_broadcast_reductions_bit_for_bit(pair, shape):
    x = RNG.standard_normal(shape)
    check(pair, "pairwise_sq", x)
    check(pair, "named_square_sum", x)
    check(pair, "pairwise_reductions", x)
    check(pair, "pairwise_reductions", x[::-1, ::2])  # strided input: same order
    check(pair, "nbody_acc", x[:, :3] if shape[1] >= 3 else x, RNG.random(shape[0]))


def test_reductions_of_other_dtypes_and_layouts(pair):
    a = RNG.integers(-50, 50, size=(70, 300)).astype(np.int32)
    b = RNG.integers(-50, 50, size=(300,)).astype(np.int32)
    check(pair, "int_reductions", a, b)
    check(pair, "int_reductions", a.T.copy()[:, :70], b[:70])
    check(pair, "keepdims_sum", RNG.standard_normal((600, 50)), RNG.standard_normal(50))
    check(pair, "int_power_sum", RNG.integers(0, 5, (40, 9)), RNG.integers(0, 4, (40, 9)))


def test_reduction_errors(pair):
    check(pair, "int_power_sum", RNG.integers(1, 5, (40, 9)), -RNG.integers(1, 4, (40, 9)))
    check(pair, "keepdims_sum", RNG.standard_normal((600, 50)), RNG.standard_normal(7))
    check(pair, "pairwise_reductions", np.zeros((0, 3)))  # max of nothing: ValueError


def test_chains_bit_for_bit(pair):
    a, b = RNG.standard_normal(1000), RNG.standard_normal(1000)
    check(pair, "chain", a, b)
    check(pair, "chain", a[::3], b[1::3])
    check(pair, "chain_broadcast", a[:50], b[:70])
    check(pair, "chain_int_dtypes", RNG.integers(-300, 300, 40).astype(np.int16),
          RNG.integers(-9, 9, 40).astype(np.int32))
    check(pair, "harris", RNG.standard_normal((60, 90)), 0.05)
    check(pair, "stored_into_target", a, b)
    check(pair, "broadcast_error_later", a, b[:3])  # ValueError, as NumPy's


def test_chains_are_fused():
    assert substituted("chain") == ["t", "u", "v"]
    assert substituted("named_square_sum") == ["d", "s"]
    assert substituted("pairwise_sq") == ["d"]
    assert substituted("harris") == ["det", "ixy", "tr"]  # the others are read twice
    assert substituted("stored_into_target") == ["t"]


NOT_FUSED = ["write_between", "alias_write_between", "rebind_between", "call_between",
             "used_in_two_statements", "returned_intermediate", "in_place_into_input",
             "raise_between"]


@pytest.mark.parametrize("function", NOT_FUSED)
def test_what_must_not_fuse(pair, function):
    assert substituted(function) == []
    a, b = RNG.standard_normal(20), RNG.standard_normal(20)
    binary = ("write_between", "rebind_between", "call_between", "raise_between")
    args = (a, b) if function in binary else (a,)
    check(pair, function, *args)
    if function == "raise_between":  # the broadcasting error comes first, as in CPython
        check(pair, function, a[:3], b[:4])


def test_small_arrays_in_loops(pair):
    assert sorted(emitter("loop_buffer_sum").renewed.values()) == ["v"]
    pts = RNG.standard_normal((50, 3))
    check(pair, "loop_buffer_sum", pts)
    check(pair, "loop_buffer_kept", pts)  # each array kept in a list: never reused
    check(pair, "loop_buffer_view", pts)  # a view keeps the first array: not reused
    check(pair, "loop_buffer_last", 5)
    check(pair, "loop_buffer_last", 0)
