"""``cd tests && python -m fuzz --seed 1 --modules 20``: generate, build and compare modules,
print each mismatch and the figures (docs/fuzzing.md)."""

from __future__ import annotations

import argparse
import signal
import sys
import tempfile
import time
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src"
sys.path.insert(0, str(SRC))

from fuzz import features, program  # noqa: E402
from fuzz.oracle import Figures, Mismatch, check_module, still_fails  # noqa: E402
from fuzz.reduce import reduce, regression_test  # noqa: E402
from fuzz.wasm import WasmFigures, check_wasm  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(prog="python -m fuzz")
    ap.add_argument("--seed", type=int, default=1, help="the first module's seed")
    ap.add_argument("--modules", type=int, default=10)
    ap.add_argument("--functions", type=int, default=12, help="entry functions per module")
    ap.add_argument("--inputs", type=int, default=6, help="calls per function")
    ap.add_argument("--out", type=Path, default=None, help="where modules are written")
    ap.add_argument("--reduce", action="store_true",
                    help="shrink each failing function (its first failure) and write a "
                         "regression test into OUT/regressions")
    ap.add_argument("--features", default="all",
                    help="comma-separated areas of fuzz/features.py to use, 'all' or 'none' "
                         f"({', '.join(features.AREAS)})")
    ap.add_argument("--wasm", type=int, default=0,
                    help="also build the first N modules as wasm32-wasi programs and compare")
    ns = ap.parse_args()
    # A run started in the background (``cmd &`` in a script, a tool's shell) inherits SIGINT
    # ignored, so Python installs no handler and Ctrl-C (or kill -INT) did nothing until it
    # ended: take it back, an interrupt ends the run with the figures so far.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    chosen = _features(ns.features)
    out = ns.out or Path(tempfile.mkdtemp(prefix="pyaot-fuzz-"))
    figures = Figures()
    wasm_figures = WasmFigures()
    mismatches = 0
    start = time.monotonic()
    try:
        for seed in range(ns.seed, ns.seed + ns.modules):
            module = program.generate(seed, ns.functions, ns.inputs, chosen)
            reduced: set[str] = set()
            for m in check_module(module, out / str(seed), figures):
                mismatches += 1
                print(f"seed {seed}: {m}", flush=True)
                if ns.reduce and m.function not in reduced:
                    reduced.add(m.function)
                    print(f"  reduced: {_reduce(module, m, out)}", flush=True)
            if seed < ns.seed + ns.wasm:
                check_wasm(module, out / f"wasm{seed}", wasm_figures)
            print(f"seed {seed} done ({time.monotonic() - start:.0f} s)", file=sys.stderr,
                  flush=True)
    except KeyboardInterrupt:  # Ctrl-C ends a long run early: the figures so far
        print("interrupted")
    print(f"{figures.modules} modules in {time.monotonic() - start:.0f} s, output in {out}")
    for name in ("generated", "compiled", "compared"):
        table = getattr(figures, name)
        print(f"{name}: " + ", ".join(f"{a} {n}" for a, n in sorted(table.items())))
    print(f"calls not compared (CPython past its budget): {figures.skipped}")
    print("refused (first diagnostic):")
    for text, n in sorted(figures.refused.items(), key=lambda t: -t[1])[:25]:
        print(f"  {n:5}  {text}")
    if ns.wasm:
        print(f"wasm32-wasi: {wasm_figures.programs} programs, {wasm_figures.compared} calls "
              f"compared, {len(wasm_figures.mismatches)} mismatches")
        for line in wasm_figures.mismatches:
            print("  " + line)
        mismatches += len(wasm_figures.mismatches)
    print(f"mismatches: {mismatches}")
    return 1 if mismatches else 0


def _features(text: str) -> frozenset[str]:
    if text == "all":
        return frozenset(features.AREAS)
    chosen = frozenset(t for t in text.split(",") if t and t != "none")
    unknown = chosen - set(features.AREAS)
    if unknown:
        raise SystemExit(f"unknown feature areas: {', '.join(sorted(unknown))}")
    return chosen


def _reduce(module: program.Module, m: Mismatch, out: Path) -> Path:
    fn = next(f for f in module.functions if f.name == m.function)
    ask = still_fails(out / "reducing", module.helpers, m)
    small = reduce(fn.source, ask)
    folder = out / "regressions"
    folder.mkdir(parents=True, exist_ok=True)
    return regression_test(folder, module.seed, f"{m.what}: {m.detail}"[:300], module.helpers,
                           small, m.args)


if __name__ == "__main__":
    raise SystemExit(main())
