"""NumPy kernels, ratios from one run (medians of repeats):

- loop-style (tests/kernels/array_kernels.py): compiled vs the same loops in CPython vs
  NumPy's vectorized equivalent;
- vectorized (tests/kernels/vector_kernels.py): whole-array expressions compiled into one
  fused loop vs the very same function run by NumPy.

    python benchmarks/array_loops.py [--quick]
"""

from __future__ import annotations

import argparse
import functools
import importlib.util
import os
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np

from hatch_pyaot.pipeline import build
from hatch_pyaot.testing import same_value

KERNELS = Path(__file__).resolve().parents[1] / "tests" / "kernels" / "array_kernels.py"
VECTOR_KERNELS = KERNELS.with_name("vector_kernels.py")
MORE_KERNELS = Path(__file__).resolve().parent / "numpy_kernels.py"


def load(path: Path, name: str, disable: bool) -> ModuleType:
    os.environ["PYAOT_DISABLE"] = "1" if disable else ""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    os.environ.pop("PYAOT_DISABLE", None)
    return module


def median_time(fn: Callable[[], Any], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    n = 200 if args.quick else 500
    rng = np.random.default_rng(1)
    u = rng.normal(size=(n, n))
    img = rng.integers(0, 256, size=(n, n), dtype=np.uint8)
    x32 = rng.normal(size=n * n).astype(np.float32)

    def lap_numpy(a: np.ndarray) -> np.ndarray:
        out = np.zeros_like(a)
        out[1:-1, 1:-1] = a[:-2, 1:-1] + a[2:, 1:-1] + a[1:-1, :-2] + a[1:-1, 2:] \
            - 4 * a[1:-1, 1:-1]
        return out

    cases: list[tuple[str, tuple[Any, ...], Callable[[], Any]]] = [
        ("total2d", (u,), lambda: u.sum()),
        ("laplacian", (u,), lambda: lap_numpy(u)),
        ("histogram", (img, 256), lambda: np.bincount(img.ravel(), minlength=256)),
        ("scale", (x32, 1.5), lambda: x32 * np.float32(1.5)),
    ]
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "array_kernels.py"
        shutil.copyfile(KERNELS, path)
        start = time.perf_counter()
        report = build([path])
        compile_s = time.perf_counter() - start
        assert not report.failed_entries
        sys.path.insert(0, tmp)
        native = load(path, "array_kernels", disable=False)
        python = load(path, "array_kernels_python", disable=True)
        print(f"compile: {compile_s:.1f} s for {len(report.modules[0].entries)} kernels; "
              f"arrays {n}x{n}\n")
        print("| kernel | compiled | CPython loops | NumPy vectorized | vs CPython | vs NumPy |")
        print("| --- | --- | --- | --- | --- | --- |")
        for name, call_args, vectorized in cases:
            fast, slow = getattr(native, name), getattr(python, name)
            assert same_value(slow(*call_args), fast(*call_args)), name
            t_native = median_time(functools.partial(fast, *call_args), 7)
            t_python = median_time(functools.partial(slow, *call_args), 3)
            t_numpy = median_time(vectorized, 7)
            print(f"| {name} | {t_native * 1e3:.2f} ms | {t_python * 1e3:.0f} ms | "
                  f"{t_numpy * 1e3:.2f} ms | {t_python / t_native:.0f}x | "
                  f"{t_numpy / t_native:.2f}x |")
        vectorized_table(Path(tmp), n, u, img)
        more_table(Path(tmp), n, u, img)


def vectorized_table(folder: Path, n: int, u: np.ndarray, img: np.ndarray) -> None:
    path = folder / "vector_kernels.py"
    shutil.copyfile(VECTOR_KERNELS, path)
    report = build([path])
    assert not report.failed_entries
    native = load(path, "vector_kernels", disable=False)
    numpy_version = load(path, "vector_kernels_python", disable=True)
    line = u[0].copy()
    cases: list[tuple[str, tuple[Any, ...]]] = [
        ("stencil", (line.repeat(n), 0.3)),
        ("scale_columns", (u.astype(np.float32), line.astype(np.float32))),
        ("threshold", (img, 100)),
        ("broadcast_rows", (u, line)),
        ("divide", (img.astype(np.int64), img.astype(np.int64) + 1)),
    ]
    print("\n| vectorized kernel | compiled (fused) | NumPy | vs NumPy |")
    print("| --- | --- | --- | --- |")
    ratios = []
    for name, call_args in cases:
        fast, slow = getattr(native, name), getattr(numpy_version, name)
        assert same_value(slow(*call_args), fast(*call_args)), name
        t_native = median_time(functools.partial(fast, *call_args), 9)
        t_numpy = median_time(functools.partial(slow, *call_args), 9)
        ratios.append(t_numpy / t_native)
        print(f"| {name} | {t_native * 1e3:.2f} ms | {t_numpy * 1e3:.2f} ms | "
              f"{t_numpy / t_native:.2f}x |")
    print(f"\ngeometric mean vs NumPy: {statistics.geometric_mean(ratios):.2f}x")



def more_table(folder: Path, n: int, u: np.ndarray, img: np.ndarray) -> None:
    """benchmarks/numpy_kernels.py: compiled vs the same function run by CPython + NumPy
    (loops in CPython for the loop-style ones, NumPy's vectorized calls for the others)."""
    path = folder / "numpy_kernels.py"
    shutil.copyfile(MORE_KERNELS, path)
    report = build([path])
    assert not report.failed_entries
    native = load(path, "numpy_kernels", disable=False)
    python = load(path, "numpy_kernels_python", disable=True)
    rng = np.random.default_rng(2)
    small = img[: n // 5, : n // 5]
    cases: list[tuple[str, str, tuple[Any, ...]]] = [
        ("box_blur", "loops", (small, 2)),
        ("nbody_energy", "loops", (rng.normal(size=(n // 2, 3)), rng.random(n // 2))),
        ("to_gray", "vectorized", (rng.random((n, n, 3), dtype=np.float32),)),
        ("zscore", "vectorized", (u,)),
        ("jacobi", "vectorized", (u, 10)),
        ("count_in_range", "vectorized", (img.astype(np.int32), 50, 150)),
        ("softmax", "vectorized", (u.ravel(),)),
    ]
    print("\n| kernel | style | compiled | CPython + NumPy | ratio |")
    print("| --- | --- | --- | --- | --- |")
    for name, style, call_args in cases:
        fast, slow = getattr(native, name), getattr(python, name)
        expected, got = slow(*call_args), fast(*call_args)
        assert np.allclose(expected, got, rtol=1e-12), name
        t_native = median_time(functools.partial(fast, *call_args), 7)
        t_python = median_time(functools.partial(slow, *call_args), 3)
        print(f"| {name} | {style} | {t_native * 1e3:.2f} ms | {t_python * 1e3:.2f} ms | "
              f"{t_python / t_native:.1f}x |")


if __name__ == "__main__":
    main()
