"""Function values (docs/objects.md, "Functions as values") against CPython.

    python benchmarks/closures.py [--quick]

builds the kernels below (a closure passed to a helper and a nonlocal counter; a call that
dispatches on one of several lambdas in a list; reduce over a list with a lambda), imports
them compiled and as plain Python (PYAOT_DISABLE=1), checks that both give the same results
and prints a Markdown table of the median times. Ratios are taken within this one run.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from harness import fmt_time, import_file, machine, machine_line, measure

KERNELS = '''\
from functools import reduce

from hatch_pyaot import compile


def apply(f, x: int) -> int:
    return f(x)


@compile
def closure_loop(n: int) -> int:
    k = 3
    total = 0

    def add(v: int) -> None:
        nonlocal total
        total += v
    for i in range(n):
        add(apply(lambda x: x * k % 7, i))
    return total


@compile
def dispatch(n: int) -> int:
    ops = [lambda v: v + 1, lambda v: v * 2 % 1000, lambda v: v - 3]
    acc = 0
    for i in range(n):
        acc = ops[i % 3](acc)
    return acc


@compile
def reducing(n: int) -> int:
    return reduce(lambda a, b: (a * 31 + b) % 1000003, [v * v for v in range(n)], 0)
'''


def main() -> None:
    from hatch_pyaot import is_compiled
    from hatch_pyaot.pipeline import build
    from hatch_pyaot.toolchains.host import BuildOptions

    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help="fewer, shorter repeats")
    args = parser.parse_args()
    repeats, min_s, n = (3, 0.02, 100_000) if args.quick else (7, 0.2, 1_000_000)
    folder = Path(tempfile.mkdtemp(prefix="pyaot-closures-"))
    try:
        source = folder / "closure_bench.py"
        source.write_text(KERNELS)
        report = build([source], BuildOptions(cache_dir=folder / "c"))
        assert report.built and not report.failed_entries, report.failed_entries
        native = import_file(source, "closure_bench")
        python = import_file(source, "closure_bench_python", disable=True)
        print(machine_line({**machine(), "quick": args.quick}))
        print()
        print("| kernel | CPython | compiled | speed-up |")
        print("| --- | ---: | ---: | ---: |")
        for name in ("closure_loop", "dispatch", "reducing"):
            fast, slow = getattr(native, name), getattr(python, name)
            assert is_compiled(fast) and fast(n) == slow(n), name
            py, nat = (measure(f, (n,), repeats, min_s).median_s for f in (slow, fast))
            print(f"| `{name}({n})` | {fmt_time(py)} | {fmt_time(nat)} | {py / nat:.0f}x |")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
