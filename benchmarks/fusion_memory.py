"""Peak memory and time of kernels that fusion across statements changes.

``pairwise_dist_vec`` and ``nbody_step_vec`` of numpy_kernels.py and a Harris-style corner
response (``harris_vec`` below: eight elementwise statements on 2 MB images), each compiled
and run by NumPy. Peak memory as numpy_suite.py measures it: a fresh process per (kernel,
variant), one warm-up call, the resident-set high-water mark reset (``/proc/self/clear_refs``),
then VmHWM after one call minus VmRSS before it, glibc's mmap threshold at 128 KiB. Time: the
median of repeats. Linux only.

    python benchmarks/fusion_memory.py          # the compiler importable here (PYTHONPATH)
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import numpy as np
from harness import HERE, cold_build, import_file, measure, single_kernel_source

HARRIS = '''

@compile
def harris_vec(img: NDArray[np.float64], k: float) -> NDArray[np.float64]:
    ix = img[1:-1, 2:] - img[1:-1, :-2]
    iy = img[2:, 1:-1] - img[:-2, 1:-1]
    ixx = ix * ix
    iyy = iy * iy
    ixy = ix * iy
    det = ixx * iyy - ixy * ixy
    tr = ixx + iyy
    return det - k * tr * tr
'''

KERNELS = ("pairwise_dist_vec", "nbody_step_vec", "harris_vec")
MODULE = "numpy_kernels"


def inputs(kernel: str, size: str) -> tuple[Any, ...]:
    rng = np.random.default_rng(20240601)
    if kernel == "pairwise_dist_vec":
        return (rng.random((1000, 3)),) if size == "n1000" else (rng.random((200, 100)),)
    if kernel == "nbody_step_vec":
        return rng.normal(size=(1000, 6)), rng.random(1000), 0.01, 0.05
    return rng.random((512, 512)), 0.05


CASES = [("pairwise_dist_vec", "n1000"), ("pairwise_dist_vec", "200x100"),
         ("nbody_step_vec", "n1000"), ("harris_vec", "512x512")]


def kib(key: str) -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(key + ":"):
            return int(line.split()[1])
    raise OSError(key)


def probe(module_path: str, kernel: str, size: str, variant: str) -> None:
    """In a fresh process: peak bytes and median seconds of one call."""
    module = import_file(Path(module_path), MODULE, disable=variant == "numpy")
    fn = getattr(module, kernel)
    args = inputs(kernel, size)
    fn(*args)
    Path("/proc/self/clear_refs").write_text("5")
    before = kib("VmRSS")
    fn(*args)
    peak = (kib("VmHWM") - before) * 1024
    seconds = measure(fn, args, 5, 0.05).median_s
    print(json.dumps({"peak_bytes": peak, "seconds": seconds}))


def main() -> None:
    source = single_kernel_source((HERE / "numpy_kernels.py").read_text(), KERNELS) + HARRIS
    folder = Path(tempfile.mkdtemp(prefix="fusion-memory-"))
    path = folder / f"{MODULE}.py"
    path.write_text(source)
    _, report = cold_build(path, folder)
    assert not report.failed_entries, [e.name for e in report.failed_entries]
    env = os.environ | {"MALLOC_MMAP_THRESHOLD_": str(128 * 1024)}
    print(f"{'kernel':18} {'input':8} {'variant':9} {'peak MB':>8} {'time ms':>8}")
    for kernel, size in CASES:
        for variant in ("compiled", "numpy"):
            done = subprocess.run([sys.executable, __file__, "--probe", str(path), kernel, size,
                                   variant], capture_output=True, text=True, env=env, check=True)
            got = json.loads(done.stdout.strip().splitlines()[-1])
            print(f"{kernel:18} {size:8} {variant:9} {got['peak_bytes'] / 1e6:8.1f} "
                  f"{got['seconds'] * 1e3:8.2f}")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--probe"]:
        probe(*sys.argv[2:6])
    else:
        main()
