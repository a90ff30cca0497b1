"""Bounds-check elimination in loop kernels (codegen/bounds.py), on one compiled module
(tests/kernels/bounds_elision.py): the ``proven_*`` kernels lose their checks, the ``near_*``
ones keep one; both give CPython's results, IndexError and all."""

from __future__ import annotations

import os
import re
from pathlib import Path

import numpy as np
import pytest

from hatch_pyaot.pipeline import analyze
from support import Pair, build_pair, interrupted
from support import check_arrays as check

SOURCE = Path(__file__).parent / "kernels" / "bounds_elision.py"
CHECKED = re.compile(r"pyaot::numpy::(?:getitem|setitem)\(")
READ_ONLY_CHECK = re.compile(r"pyaot::numpy::setitem_in_range\(")


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory) -> Pair:
    return build_pair(tmp_path_factory.mktemp("bounds_elision"), "bounds_elision", SOURCE)


def _kernels() -> dict[str, str]:
    """Each function's C++ definition (its first variant), by Python name."""
    cpp = analyze(SOURCE).cpp or ""
    out: dict[str, str] = {}
    for m in re.finditer(r"\nstatic bool f\d+_bounds_elision_(\w+)\([^;{]*\{", cpp):
        out.setdefault(m.group(1), cpp[m.end():cpp.index("\n}\n", m.end())])
    return out


def test_proven_accesses_are_unchecked_and_near_misses_checked() -> None:
    kernels = _kernels()
    names = [n for n in kernels if n.startswith(("proven_", "near_"))]
    assert len(names) == 14, sorted(kernels)
    for name in names:
        checked = len(CHECKED.findall(kernels[name]))
        assert (checked == 0) == name.startswith("proven_"), (name, kernels[name])
    assert "pyaot::numpy::at(v_out, v_i) = " in kernels["proven_poly"]
    assert not READ_ONLY_CHECK.search(kernels["proven_jacobi"])
    assert READ_ONLY_CHECK.search(kernels["proven_into_parameter"])  # out may be read-only


X = [np.arange(0.0), np.arange(1.0), np.arange(2.0), np.linspace(-1.0, 3.0, 7)]


@pytest.mark.parametrize("x", X, ids=lambda x: f"n{len(x)}")
def test_one_dimensional(pair: Pair, x: np.ndarray) -> None:
    check(pair, "proven_poly", x, 0.5, -1.5)
    check(pair, "proven_len_zeros", x)
    check(pair, "proven_into_parameter", x, x.copy())
    check(pair, "near_past_the_end", x)
    check(pair, "near_off_by_one", x)
    check(pair, "near_negative_start", x)
    check(pair, "near_rebound_in_loop", x)
    check(pair, "near_other_array", x, x[:-1] if len(x) else x)
    check(pair, "near_other_array", x, np.zeros(len(x) + 1))
    check(pair, "near_swapped_shapes", x)


def test_read_only_destination_still_raises(pair: Pair) -> None:
    out = np.arange(3.0)
    out.flags.writeable = False
    check(pair, "proven_into_parameter", np.arange(3.0), out)


@pytest.mark.parametrize("shape", [(0, 0), (1, 1), (2, 3), (3, 2), (4, 4), (5, 7)])
def test_two_dimensional(pair: Pair, shape: tuple[int, int]) -> None:
    u = np.arange(float(shape[0] * shape[1])).reshape(shape) ** 1.5
    check(pair, "proven_jacobi", u, 3)
    check(pair, "near_wrong_axis", u)
    check(pair, "near_wrong_axis", np.asfortranarray(u))


INTERRUPTED = """\
import signal
signal.signal(signal.SIGINT, signal.default_int_handler)  # whatever the parent ignores
import numpy as np
import bounds_elision
print("running", flush=True)
bounds_elision.proven_spin(np.ones(1000), 2**62)
"""


@pytest.mark.skipif(os.name == "nt", reason="SIGINT cannot be sent to a process on Windows")
def test_ctrl_c_stops_a_chunked_loop(pair: Pair) -> None:
    """The inner loop runs in chunks between interrupt checks (codegen/chunked_loops.py)."""
    assert "ticks -= " in _kernels()["proven_spin"]
    err = interrupted(pair, INTERRUPTED).stderr
    assert err.splitlines()[-1] == "KeyboardInterrupt", err


def test_chunks_longer_than_the_interrupt_interval(pair: Pair) -> None:
    x = np.sin(np.arange(200_001.0))
    check(pair, "proven_poly", x, 0.5, -1.5)
    check(pair, "proven_spin", x[:70_000], 3)
    for stop_at in (2.0, 0.999999, 0.5):
        check(pair, "proven_skip_and_stop", x, stop_at)
    check(pair, "proven_last_index", x)
    check(pair, "proven_last_index", x[:0])
