"""Compiled NumPy kernels that lean on the vectorized math (pyaot/numpy/vmath) against NumPy:
softmax (exp), arc_distance (sin, cos, float64), sin * cos and tanh of float32 arrays, tan of
float32, arctan, arcsin and arccos of float64 and float32, cbrt of float64.

Run: ``python benchmarks/vmath_ufuncs.py [ISA-LEVEL...]`` (e.g. ``x86-64-v4``: the module is
built with that ISA variant too, as ``--isa-variant`` does; docs/variants.md). Prints the
median time of a call, compiled and NumPy's, on this machine.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
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
        ours = measure(compiled, args, 7, 0.1).median_s
        theirs = measure(numpy_fn, args, 7, 0.1).median_s
        print(f"{name}: compiled {ours * 1e3:.2f} ms, numpy {theirs * 1e3:.2f} ms "
              f"({theirs / ours:.2f}x)")
    shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main(tuple(sys.argv[1:]))
