"""Benchmarks of objects (user classes and dataclasses): the kernels of objects_kernels.py
compiled by hatch-pyaot, versus CPython, versus mypyc compiling the same file.

Run by ``python benchmarks/run.py --suite objects``. Builds objects_kernels.py (cold), imports
it compiled and as plain Python (PYAOT_DISABLE=1), compiles a copy with mypyc, checks that
all three give the same results and times every kernel (values_suite.time_kernels).
Writes objects.md and objects.json.
"""

from __future__ import annotations

import json
import sys
from dataclasses import asdict
from pathlib import Path
from typing import Any

from values_suite import Report, header, kernel_table, run_suite

HERE = Path(__file__).resolve().parent
KERNELS_FILE = HERE / "objects_kernels.py"


def inputs(quick: bool) -> dict[str, tuple[Any, ...]]:
    """Arguments per kernel, about 0.1 to 1 s per call in CPython (a tenth with quick)."""
    k = 8 if quick else 1
    return {"nbody": (40_000 // k,), "binary_trees": (14 if not quick else 11,),
            "chaos_game": (400_000 // k,), "n_queens": (9 if not quick else 7,)}


def run(quick: bool) -> Report:
    return run_suite("objects", KERNELS_FILE, inputs(quick), quick, 3 if quick else 5)


def write(report: Report, out_dir: Path) -> tuple[str, list[str]]:
    """Write objects.md and objects.json; (the Markdown, the kernels that failed)."""
    lines = [*header("Objects (classes, dataclasses)", report, KERNELS_FILE.name),
             *kernel_table(report.kernels)]
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
