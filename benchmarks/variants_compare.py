"""The NumPy suite's vectorized kernels in every ISA variant and thread count, one binary.

    python benchmarks/variants_compare.py [--quick] [--out DIR]

Builds ``numpy_kernels.py`` once with ``isa-variants = ["x86-64-v3", "x86-64-v4"]``, then
times each ``<kernel>_vec`` and its NumPy form in a child process per configuration
(``PYAOT_ISA`` x ``PYAOT_NUM_THREADS``), configurations interleaved round by round so that
a busy machine disturbs them alike. Each ratio is NumPy's time over the compiled one, both
from the same child. Writes ``variants.md`` and ``variants.json`` (docs/variants.md).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

CONFIGS: tuple[tuple[str, str], ...] = (
    ("baseline", "1"), ("x86-64-v3", "1"), ("x86-64-v4", "1"), ("x86-64-v4", "2"),
)
"""(PYAOT_ISA, PYAOT_NUM_THREADS)."""


def child(module_dir: Path, quick: bool) -> dict[str, Any]:
    import numpy as np
    from harness import import_file, measure
    from numpy_suite import CASES, MODULE, PYTHON_MODULE, SEED

    native = import_file(module_dir / f"{MODULE}.py", MODULE)
    python = import_file(module_dir / f"{MODULE}.py", PYTHON_MODULE, disable=True)
    extension = sys.modules.get(f"_pyaot_native.{MODULE}")
    out: dict[str, Any] = {"isa": getattr(extension, "__pyaot_isa__", "?"), "kernels": {}}
    for case in CASES:
        vec = getattr(native, f"{case.name}_vec", None)
        if vec is None:
            continue
        args = case.make(np.random.default_rng(SEED), case.large[1 if quick else 0])
        reference = case.numpy_reference or getattr(python, f"{case.name}_vec")
        compiled = measure(vec, args, 5, 0.05 if quick else 0.1).median_s
        numpy = measure(reference, args, 5, 0.05 if quick else 0.1).median_s
        out["kernels"][case.name] = numpy / compiled
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--out", type=Path, default=HERE / "results")
    parser.add_argument("--child", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(child(args.child, args.quick)))
        return 0
    from numpy_suite import KERNELS_FILE

    from hatch_pyaot.pipeline import build
    from hatch_pyaot.toolchains.host import BuildOptions

    with tempfile.TemporaryDirectory(prefix="pyaot-variants-") as tmp:
        module_dir = Path(tmp)
        shutil.copyfile(KERNELS_FILE, module_dir / KERNELS_FILE.name)
        build([module_dir / KERNELS_FILE.name],
              BuildOptions(isa_variants=("x86-64-v3", "x86-64-v4")))
        ratios: dict[str, dict[str, list[float]]] = {}
        for _ in range(args.rounds):
            for isa, threads in CONFIGS:
                env = {**os.environ, "PYAOT_ISA": isa, "PYAOT_NUM_THREADS": threads,
                       "OPENBLAS_NUM_THREADS": "1"}
                command = [sys.executable, __file__, "--child", str(module_dir)]
                proc = subprocess.run(command + (["--quick"] if args.quick else []), env=env,
                                      capture_output=True, text=True, check=True)
                got = json.loads(proc.stdout)
                label = f"{got['isa']}, {threads} thread{'s' if threads != '1' else ''}"
                for name, ratio in got["kernels"].items():
                    ratios.setdefault(label, {}).setdefault(name, []).append(ratio)
    best = {label: {name: statistics.median(values) for name, values in kernels.items()}
            for label, kernels in ratios.items()}
    labels = list(best)
    names = list(best[labels[0]])
    lines = ["# NumPy suite, vectorized kernels: speedup over NumPy by ISA variant and threads",
             "", f"Median of {args.rounds} rounds; `python benchmarks/variants_compare.py`.", "",
             "| kernel | " + " | ".join(labels) + " |",
             "|---|" + "--:|" * len(labels)]
    for name in names:
        lines.append(f"| `{name}` | " + " | ".join(f"{best[lb][name]:.2f}x" for lb in labels)
                     + " |")
    geo = [statistics.geometric_mean(best[lb].values()) for lb in labels]
    lines.append("| **geometric mean** | " + " | ".join(f"**{g:.2f}x**" for g in geo) + " |")
    text = "\n".join(lines) + "\n"
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "variants.md").write_text(text, encoding="utf-8")
    (args.out / "variants.json").write_text(json.dumps(ratios, indent=1), encoding="utf-8")
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
