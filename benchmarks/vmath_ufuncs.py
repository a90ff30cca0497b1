"""Compiled NumPy kernels that lean on the vectorized math (pyaot/numpy/vmath) against NumPy:
softmax (exp), arc_distance (sin, cos, float64), sin * cos and tanh of float32 arrays, tan of
float32, arctan, arcsin and arccos of float64 and float32, cbrt of float64.

Run: ``python benchmarks/vmath_ufuncs.py [ISA-LEVEL...]`` (e.g. ``x86-64-v4``: the module is
built with that ISA variant too, as ``--isa-variant`` does; docs/variants.md). Prints, compiled
and NumPy's, the median time of a call (each of 7 repeats averages the calls of 0.1 s, so a
loaded machine's preemptions are in it) and the best single call (of 30 or more), both also in ns per
element: the best is what compares with ``benchmarks/vmath_loop.cpp``'s figures (best of 30
runs), and on a shared machine only figures taken the same way compare (docs/math.md).
"""

from __future__ import annotations

import shutil
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from hatch_pyaot import compile


@compile
def softmax(x: NDArray[np.float64]) -> NDArray[np.float64]:
    e = np.exp(x - np.expand_dims(x.max(axis=1), 1))
    return e / np.expand_dims(e.sum(axis=1), 1)


@compile
def arc_distance(theta_1: NDArray[np.float64], phi_1: NDArray[np.float64],
                 theta_2: NDArray[np.float64], phi_2: NDArray[np.float64],
                 ) -> NDArray[np.float64]:
    temp = np.sin((theta_2 - theta_1) / 2) ** 2 + np.cos(theta_1) * np.cos(theta_2) * np.sin(
        (phi_2 - phi_1) / 2) ** 2
    return 2 * np.arctan2(np.sqrt(temp), np.sqrt(1 - temp))


@compile
def sin_cos32(x: NDArray[np.float32]) -> NDArray[np.float32]:
    return np.sin(x) * np.cos(x)


@compile
def tanh32(x: NDArray[np.float32]) -> NDArray[np.float32]:
    return np.tanh(x)


@compile
def tan32(x: NDArray[np.float32]) -> NDArray[np.float32]:
    return np.tan(x)


@compile
def arctan64(x: NDArray[np.float64]) -> NDArray[np.float64]:
    return np.arctan(x)


@compile
def arcsin_arccos64(x: NDArray[np.float64]) -> NDArray[np.float64]:
    return np.arcsin(x) * np.arccos(x)


@compile
def arcsin_arccos32(x: NDArray[np.float32]) -> NDArray[np.float32]:
    return np.arcsin(x) * np.arccos(x)


@compile
def cbrt64(x: NDArray[np.float64]) -> NDArray[np.float64]:
    return np.cbrt(x)


def main(levels: tuple[str, ...]) -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from harness import cold_build, import_file, measure

    from hatch_pyaot.toolchains.host import BuildOptions

    tmp = Path(tempfile.mkdtemp(prefix="pyaot-vmath-"))
    (tmp / "caches").mkdir()
    path = tmp / "vmath_ufuncs_kernels.py"
    shutil.copyfile(__file__, path)
    cold_build(path, tmp / "caches", BuildOptions(isa_variants=levels))
    native = import_file(path, "vmath_ufuncs_kernels")
    python = import_file(path, "vmath_ufuncs_python", disable=True)
    rng = np.random.default_rng(0)
    inputs: dict[str, tuple[Any, ...]] = {
        "softmax": (rng.normal(size=(2000, 500)),),
        "arc_distance": tuple(rng.random(2_000_000) for _ in range(4)),
        "sin_cos32": (rng.uniform(-10, 10, 2_000_000).astype(np.float32),),
        "tanh32": (rng.uniform(-5, 5, 2_000_000).astype(np.float32),),
        "tan32": (rng.uniform(-10, 10, 2_000_000).astype(np.float32),),
        "arctan64": (rng.uniform(-20, 20, 2_000_000),),
        "arcsin_arccos64": (rng.uniform(-1, 1, 2_000_000),),
        "arcsin_arccos32": (rng.uniform(-1, 1, 2_000_000).astype(np.float32),),
        "cbrt64": (rng.uniform(-1000, 1000, 2_000_000),),
    }
    for name, args in inputs.items():
        compiled: Callable[..., Any] = getattr(native, name)
        numpy_fn: Callable[..., Any] = getattr(python, name)
        size = args[0].size
        ours = measure(compiled, args, 7, 0.1).median_s
        theirs = measure(numpy_fn, args, 7, 0.1).median_s
        ours_best = best_call(compiled, args, 30)
        theirs_best = best_call(numpy_fn, args, 30)
        print(f"{name}: median compiled {ours * 1e3:.2f} ms ({ours / size * 1e9:.2f} ns/element), "
              f"numpy {theirs * 1e3:.2f} ms ({theirs / ours:.2f}x); best call compiled "
              f"{ours_best / size * 1e9:.2f} ns/element, numpy {theirs_best / size * 1e9:.2f} "
              f"({theirs_best / ours_best:.2f}x)")
    shutil.rmtree(tmp, ignore_errors=True)


def best_call(fn: Callable[..., Any], args: tuple[Any, ...], calls: int,
              budget_s: float = 1.0, most: int = 200) -> float:
    """Seconds of the fastest single call (after one warm-up call): at least ``calls`` calls,
    more while ``budget_s`` lasts (at most ``most``). On a loaded machine a call longer than
    the scheduler's time slice is nearly always preempted, so few samples overstate it."""
    fn(*args)
    best = float("inf")
    start = time.perf_counter()
    done = 0
    while done < calls or (done < most and time.perf_counter() - start < budget_s):
        t0 = time.perf_counter()
        fn(*args)
        best = min(best, time.perf_counter() - t0)
        done += 1
    return best


if __name__ == "__main__":
    main(tuple(sys.argv[1:]))
