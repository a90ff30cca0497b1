"""The gain of tuned over untuned variant choice on the NumPy suite's vectorized kernels.

    python benchmarks/tune_gain.py [--kernels softmax,poly,...] [--rounds 3] [--out DIR]

Builds ``numpy_kernels.py`` once with ``isa-variants = ["x86-64-v3", "x86-64-v4"]``, runs
``pyaot tune`` on each ``<kernel>_vec`` at the suite's --quick size and at an eighth of it
(two shape buckets), with a cache folder of its own, then times each kernel in one child
process, untuned (the cpuid default: the highest level, all threads) and tuned (the cache's
picks), alternately, round after round. The gain is the untuned time over the tuned one,
of the rounds' medians and of their minima. Writes ``tune_gain.md`` and ``tune_gain.json``
(docs/variants.md, "Tuning").
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

INPUTS = '''
import sys
sys.path.insert(0, {here!r})
import numpy as np
from numpy_suite import CASES, SEED

def _calls(case):
    n = case.large[1]
    return lambda: [case.make(np.random.default_rng(SEED), m) for m in (n, max(n // 8, 2))]

TUNE_INPUTS = {{f"{{c.name}}_vec": _calls(c) for c in CASES if c.name in {names!r}}}
'''


def child(module_dir: Path, names: list[str], rounds: int) -> dict[str, Any]:
    """In one process, each kernel timed with the module's picks at the cpuid default
    (untuned) and as the cache set them (tuned), alternately, ``rounds`` times: a busy
    machine disturbs both alike."""
    import numpy as np
    from harness import import_file, measure
    from numpy_suite import CASES, MODULE, SEED

    from hatch_pyaot.runtime import tuning

    native = import_file(module_dir / f"{MODULE}.py", MODULE)
    extension = sys.modules[f"_pyaot_native.{MODULE}"]
    functions = tuning.entry_for(tuning.read(extension.__pyaot_tuned_from__),
                                 tuning.cpu_of(extension), extension.__pyaot_build_id__) or {}
    times: dict[str, dict[str, list[float]]] = {"untuned": {}, "tuned": {}}
    calls = []
    for case in CASES:
        if case.name in names:
            for n in (case.large[1], max(case.large[1] // 8, 2)):
                args = case.make(np.random.default_rng(SEED), n)
                calls.append((f"{case.name}_vec", f"{case.name} n={n}", args))
    for _ in range(rounds):
        for function, label, args in calls:
            for mode in ("untuned", "tuned"):
                if mode == "untuned":
                    extension.__pyaot_tune__(function, -1, extension.__pyaot_isa__, 1)
                else:
                    tuning.set_picks(extension, function, functions.get(function, {}))
                seconds = measure(getattr(native, function), args, 5, 0.05).median_s
                times[mode].setdefault(label, []).append(seconds)
    choice = {k: {str(b): list(p) for b, p in v.items()}
              for k, v in extension.__pyaot_choice__.items()}
    return {"times": times, "choice": choice}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--kernels", default="softmax,col_means,matvec,poly,zscore,to_gray")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--out", type=Path, default=HERE / "results")
    parser.add_argument("--child", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    names = args.kernels.split(",")
    if args.child:
        print(json.dumps(child(args.child, names, args.rounds)))
        return 0
    from numpy_suite import KERNELS_FILE

    from hatch_pyaot.pipeline import build
    from hatch_pyaot.toolchains.host import BuildOptions

    with tempfile.TemporaryDirectory(prefix="pyaot-tune-") as tmp:
        module_dir = Path(tmp)
        source = module_dir / KERNELS_FILE.name
        shutil.copyfile(KERNELS_FILE, source)
        build([source], BuildOptions(isa_variants=("x86-64-v3", "x86-64-v4")))
        inputs = module_dir / "tune_inputs.py"
        inputs.write_text(INPUTS.format(here=str(HERE), names=names), encoding="utf-8")
        env = {**os.environ, "XDG_CACHE_HOME": str(module_dir / "cache"),
               "OPENBLAS_NUM_THREADS": "1"}
        env.pop("PYAOT_TUNE", None)
        tuned = subprocess.run([sys.executable, "-m", "hatch_pyaot", "tune", str(source),
                                "--inputs", str(inputs)], env=env, capture_output=True,
                               text=True, check=True).stdout
        proc = subprocess.run([sys.executable, __file__, "--child", str(module_dir),
                               "--kernels", args.kernels, "--rounds", str(args.rounds)],
                              env=env, capture_output=True, text=True, check=True)
    got = json.loads(proc.stdout)
    median = {mode: {k: statistics.median(v) for k, v in t.items()}
              for mode, t in got["times"].items()}
    least = {mode: {k: min(v) for k, v in t.items()} for mode, t in got["times"].items()}
    gains = {k: median["untuned"][k] / median["tuned"][k] for k in median["tuned"]}
    best_gains = {k: least["untuned"][k] / least["tuned"][k] for k in least["tuned"]}
    lines = ["# Tuned over untuned variant choice, NumPy suite vectorized kernels", "",
             f"{args.rounds} alternating rounds; `python benchmarks/tune_gain.py`. Gain: the "
             "untuned time over the tuned one, of the rounds' medians and of their minima.",
             "", "| kernel | untuned (median) | tuned (median) | gain | gain (minima) |",
             "|---|--:|--:|--:|--:|"]
    for name, gain in gains.items():
        lines.append(f"| `{name}` | {median['untuned'][name] * 1e3:.3f} ms | "
                     f"{median['tuned'][name] * 1e3:.3f} ms | {gain:.2f}x | "
                     f"{best_gains[name]:.2f}x |")
    geo = statistics.geometric_mean(gains.values())
    geo_best = statistics.geometric_mean(best_gains.values())
    lines.append(f"| **geometric mean** | | | **{geo:.2f}x** | **{geo_best:.2f}x** |")
    text = "\n".join(lines) + "\n\n```\n" + tuned + "```\n"
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "tune_gain.md").write_text(text, encoding="utf-8")
    (args.out / "tune_gain.json").write_text(json.dumps(
        {**got, "gains": gains, "gains_of_minima": best_gains}, indent=1), encoding="utf-8")
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
