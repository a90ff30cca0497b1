"""matmul and dot of 2-d float arrays (issue 12, item 6): numpy's own `a @ b` against a
compiled `a @ b`, which hands large products to the BLAS numpy has loaded
(pyaot/numpy/blas.hpp), and against the same compiled function with PYAOT_BLAS=0, which runs
the packed GEMM of pyaot/numpy/gemm.hpp (what standalone programs and the cross targets
run). Shapes: square, and the `np.dot(x1, x2.T)` of a distance kernel (B transposed).

Run: PYTHONPATH=src python benchmarks/matmul.py [--threads N]
Times are CPU seconds of this thread (time.thread_time, best of 15), so other load on the
machine inflates them less; numpy's OpenBLAS is held to one thread (OPENBLAS_NUM_THREADS=1,
set before numpy loads) unless --threads says otherwise, as is our GEMM, which has none."""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

SOURCE = '''
import numpy as np
from numpy.typing import NDArray

from hatch_pyaot import compile


@compile
def products(a: NDArray[np.float64], b: NDArray[np.float64]) -> NDArray[np.float64]:
    out = a @ b  # 2-d: the result has two axes
    assert out.shape[1] == b.shape[1]
    return out


@compile
def products32(a: NDArray[np.float32], b: NDArray[np.float32]) -> NDArray[np.float32]:
    out = a @ b
    assert out.shape[1] == b.shape[1]
    return out
'''

CASES = [  # (label, n, k, m, B transposed)
    ("256x256 @ 256x256", 256, 256, 256, False),
    ("500x512 @ (500x512).T", 500, 512, 500, True),
    ("1000x64 @ (1000x64).T", 1000, 64, 1000, True),
    ("64x64 @ 64x64", 64, 64, 64, False),
]


def best(fn: Any, *args: Any) -> float:
    times = []
    for _ in range(15):
        start = time.thread_time()
        fn(*args)
        times.append(time.thread_time() - start)
    return min(times)


def measure(path: Path) -> dict[str, dict[str, float]]:
    """Times of this process (its PYAOT_BLAS decides the compiled path)."""
    import numpy as np

    spec = importlib.util.spec_from_file_location("matmul_kernels", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    rng = np.random.default_rng(0)
    out: dict[str, dict[str, float]] = {}
    for dtype, func in [(np.float64, module.products), (np.float32, module.products32)]:
        for label, n, k, m, transposed in CASES:
            a = rng.normal(size=(n, k)).astype(dtype)
            b = rng.normal(size=(m, k)).astype(dtype).T if transposed else \
                rng.normal(size=(k, m)).astype(dtype)
            key = f"{np.dtype(dtype).name} {label}"
            out[key] = {"numpy": best(np.matmul, a, b), "compiled": best(func, a, b)}
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--measure", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure:
        print(json.dumps(measure(args.measure)))
        return
    from hatch_pyaot.pipeline import build
    from hatch_pyaot.toolchains.host import BuildOptions

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "matmul_kernels.py"
        path.write_text(SOURCE, encoding="utf-8")
        report = build([path], BuildOptions())
        assert not report.failed_entries, [m.format_diagnostics() for m in report.modules]
        runs = {}
        for blas in ("1", "0"):
            env = {**os.environ, "PYAOT_BLAS": blas, "OPENBLAS_NUM_THREADS": str(args.threads)}
            proc = subprocess.run([sys.executable, __file__, "--measure", str(path)], env=env,
                                  capture_output=True, text=True, check=True)
            runs[blas] = json.loads(proc.stdout)
    print(f"load average at the end: {os.getloadavg()[0]:.1f}; numpy BLAS threads: {args.threads}")
    print("| product | numpy | compiled (numpy's BLAS) | compiled (gemm.hpp) | gemm.hpp / numpy |")
    print("| --- | --: | --: | --: | --: |")
    for key, t in runs["1"].items():
        ours = runs["0"][key]["compiled"]
        print(f"| {key} | {t['numpy'] * 1e3:.3f} ms | {t['compiled'] * 1e3:.3f} ms | "
              f"{ours * 1e3:.3f} ms | {ours / t['numpy']:.2f}x |")


if __name__ == "__main__":
    main()
