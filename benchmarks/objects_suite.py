"""Benchmarks of objects (user classes and dataclasses): the kernels of objects_kernels.py
compiled by hatch-pyaot, versus CPython, versus mypyc compiling the same file.

Run by ``python benchmarks/run.py --suite objects``. Builds objects_kernels.py (cold), imports
it compiled and as plain Python (PYAOT_DISABLE=1), compiles a copy with mypyc, checks that
all three give the same results and times every kernel (values_suite.time_kernels).
Writes objects.md and objects.json.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import tempfile
import types
from dataclasses import asdict
from pathlib import Path
from typing import Any

from harness import cold_build, import_file, machine, machine_line, progress
from values_suite import Report, build_mypyc, kernel_table, mypyc_version, time_kernels

HERE = Path(__file__).resolve().parent
KERNELS_FILE = HERE / "objects_kernels.py"
MODULE = KERNELS_FILE.stem


def inputs(quick: bool) -> dict[str, tuple[Any, ...]]:
    """Arguments per kernel, about 0.1 to 1 s per call in CPython (a tenth with quick)."""
    k = 8 if quick else 1
    return {"nbody": (40_000 // k,), "binary_trees": (14 if not quick else 11,),
            "chaos_game": (400_000 // k,)}


def run(quick: bool) -> Report:
    work = Path(tempfile.mkdtemp(prefix="pyaot-objects-"))
    try:
        path = work / f"{MODULE}.py"
        shutil.copyfile(KERNELS_FILE, path)
        progress("objects: building objects_kernels.py with hatch-pyaot (cold)")
        build_s, build_report = cold_build(path, work)
        failed = [e.name for e in build_report.failed_entries]
        native = import_file(path, MODULE)
        python = import_file(path, f"{MODULE}_python", disable=True)
        progress("objects: building objects_kernels.py with mypyc")
        compiled_mypyc = build_mypyc(work, KERNELS_FILE)
        mypyc = compiled_mypyc if isinstance(compiled_mypyc, types.ModuleType) else None
        meta = {**machine(), "quick": quick, "load": os.getloadavg()[0]}
        report = Report(meta, build_s, [], mypyc=mypyc_version() if mypyc else
                        str(compiled_mypyc))
        report.kernels = time_kernels("objects", inputs(quick), failed, python, native, mypyc,
                                      3 if quick else 5)
        return report
    finally:
        shutil.rmtree(work, ignore_errors=True)


def write(report: Report, out_dir: Path) -> tuple[str, list[str]]:
    """Write objects.md and objects.json; (the Markdown, the kernels that failed)."""
    lines = ["# Objects (classes, dataclasses): hatch-pyaot vs CPython vs mypyc", "",
             machine_line(report.machine)
             + f" · load average {report.machine['load']:.1f} at the start", "",
             f"Cold build of objects_kernels.py: {report.build_s:.1f} s. "
             f"mypyc: {report.mypyc or 'not run'}.", "", *kernel_table(report.kernels)]
    text = "\n".join(lines) + "\n"
    out_dir.mkdir(parents=True, exist_ok=True)
    (out_dir / "objects.md").write_text(text, encoding="utf-8")
    (out_dir / "objects.json").write_text(json.dumps(asdict(report), indent=2) + "\n",
                                          encoding="utf-8")
    return text, [k.name for k in report.kernels if not k.same]


if __name__ == "__main__":
    text, bad = write(run("--quick" in sys.argv), HERE / "results")
    print(text)
    sys.exit(1 if bad else 0)
