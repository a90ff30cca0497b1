"""Benchmarks of the cv2 operators: the kernels of vision_kernels.py compiled by hatch-pyaot
(pyaot/cv2/*.hpp) versus the same functions run by CPython calling opencv-python-headless,
on a 640x480 BGR uint8 image (its grayscale for the one-channel kernels).

Run by ``python benchmarks/run.py --suite vision``. cv2 is timed twice: on one thread
(cv2.setNumThreads(1), as the compiled code runs) and with its default threads. Every ratio is
between numbers of this run (median of repeats); the results are checked equal first (uint8
byte for byte, float32 within 1e-5). Writes vision.md and vision.json.
"""

from __future__ import annotations

import json
import tempfile
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np
from harness import (
    cold_build,
    fmt_ratio,
    fmt_time,
    geomean,
    import_file,
    machine,
    machine_line,
    measure,
    progress,
)

HERE = Path(__file__).resolve().parent
KERNELS_FILE = HERE / "vision_kernels.py"


@dataclass
class Row:
    name: str
    aot_s: float
    cv2_one_s: float
    cv2_all_s: float
    same: bool

    @property
    def vs_one(self) -> float:
        """cv2 (one thread) time over compiled time: above 1, compiled is faster."""
        return self.cv2_one_s / self.aot_s


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, tuple):
        return isinstance(b, tuple) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, np.ndarray):
        return a.dtype == b.dtype and a.shape == b.shape and (
            np.array_equal(a, b) if a.dtype.kind in "iu" else np.allclose(a, b, atol=1e-5))
    return bool(a == b)


def run(quick: bool) -> dict[str, Any]:
    import cv2
    import vision_kernels

    folder = Path(tempfile.mkdtemp(prefix="vision-"))
    source = folder / "vision_kernels_aot.py"
    source.write_text(KERNELS_FILE.read_text(encoding="utf-8"), encoding="utf-8")
    progress("building vision_kernels.py")
    build_s, report = cold_build(source, folder)
    native = import_file(source, "vision_kernels_aot")
    python = import_file(source, "vision_kernels_py", disable=True)
    img = np.random.default_rng(20261201).integers(0, 256, (480, 640, 3), dtype=np.uint8)
    gray = cv2.cvtColor(img, cv2.COLOR_BGR2GRAY)
    repeats, min_s = (3, 0.02) if quick else (7, 0.1)
    rows = []
    names = [n for n, f in vars(vision_kernels).items()
             if callable(f) and getattr(f, "__module__", "") == "vision_kernels"]
    threads = cv2.getNumThreads()
    for name in names:
        args = (gray if name in vision_kernels.GRAY_INPUT else img,)
        progress(f"timing {name}")
        ok = _same(getattr(python, name)(*args), getattr(native, name)(*args))
        aot = measure(getattr(native, name), args, repeats, min_s).median_s
        cv2.setNumThreads(1)
        one = measure(getattr(python, name), args, repeats, min_s).median_s
        cv2.setNumThreads(threads)
        every = measure(getattr(python, name), args, repeats, min_s).median_s
        rows.append(Row(name, aot, one, every, ok))
    meta = machine() | {"quick": quick, "cv2": cv2.__version__, "cv2_threads": threads}
    return {"machine": meta, "build_s": build_s, "rows": rows,
            "failed": [e.name for e in report.failed_entries]}


def write(report: dict[str, Any], out: Path) -> tuple[str, list[str]]:
    rows: list[Row] = report["rows"]
    meta = report["machine"]
    lines = ["# Vision suite: cv2 operators compiled vs opencv-python-headless", "",
             machine_line(meta), "",
             f"cv2 {meta['cv2']} · image 640x480x3 uint8 · build {report['build_s']:.1f} s · "
             f"cv2 default threads: {meta['cv2_threads']}", "",
             "| kernel | compiled | cv2, 1 thread | cv2, default threads | cv2 (1 thread) / "
             "compiled | same result |", "| --- | --- | --- | --- | --- | --- |"]
    for r in rows:
        lines.append(f"| {r.name} | {fmt_time(r.aot_s)} | {fmt_time(r.cv2_one_s)} | "
                     f"{fmt_time(r.cv2_all_s)} | {fmt_ratio(r.vs_one)} | "
                     f"{'yes' if r.same else '**no**'} |")
    lines += ["", f"Geometric mean of cv2 (1 thread) / compiled: "
              f"{fmt_ratio(geomean(r.vs_one for r in rows))} (above 1x: compiled faster)", ""]
    text = "\n".join(lines)
    (out / "vision.md").write_text(text, encoding="utf-8")
    data = {**report, "rows": [asdict(r) | {"vs_one": r.vs_one} for r in rows]}
    (out / "vision.json").write_text(json.dumps(data, indent=2), encoding="utf-8")
    bad = report["failed"] + [r.name for r in rows if not r.same]
    return text, bad
