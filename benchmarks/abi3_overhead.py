"""Call overhead of native modules built against the Limited API (``limited-api = "3.11"``,
abi3 wheels) against the full C API of the running CPython.

    python benchmarks/abi3_overhead.py [--quick]

builds one kernels file both ways (the same C++, once with ``Py_LIMITED_API=0x030B0000``),
imports both and times calls that are almost all boundary: an int in and out, three floats
by position and by keyword, and a ``list[float]`` of 1000 items (whose items the stable ABI
reads through ``PyList_GetItem`` and ``PyFloat_AsDouble`` instead of macros). The 3.11
stable ABI has no vectorcall, so an abi3 call comes through ``tp_call`` and its argument
tuple. Prints a Markdown table; ratios are taken within this one run.
"""

from __future__ import annotations

import argparse
import functools
import shutil
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from harness import fmt_time, import_file, machine, machine_line, measure

KERNELS = '''\
from hatch_pyaot import compile


@compile
def add1(x: int) -> int:
    return x + 1


@compile
def axpy(a: float, x: float, y: float) -> float:
    return a * x + y


@compile
def total(xs: list[float]) -> float:
    return sum(xs)
'''

CASES: tuple[tuple[str, Callable[[Any], Callable[[], Any]]], ...] = (
    ("add1(1)", lambda k: functools.partial(k.add1, 1)),
    ("axpy(2.0, 3.0, 4.0)", lambda k: functools.partial(k.axpy, 2.0, 3.0, 4.0)),
    ("axpy(a=2.0, x=3.0, y=4.0)", lambda k: functools.partial(k.axpy, a=2.0, x=3.0, y=4.0)),
    ("total(1000 floats)", lambda k: functools.partial(k.total, [float(i) for i in range(1000)])),
)


def build(folder: Path, stem: str, limited: bool) -> Any:
    from hatch_pyaot import abi3
    from hatch_pyaot.pipeline import build as build_modules
    from hatch_pyaot.runtime.loader import native_name
    from hatch_pyaot.toolchains.host import BuildOptions

    source = folder / f"{stem}.py"
    source.write_text(KERNELS)
    name = abi3.native_name(stem) if limited else native_name(stem)
    flags = abi3.cxx_flags("3.11") if limited else ()
    report = build_modules([source], BuildOptions(extra_cxx_flags=flags, cache_dir=folder / "c"),
                           destination=lambda s: s.with_name(name))
    assert report.built == [folder / name], report.built
    module = import_file(source, stem)
    from hatch_pyaot import is_compiled

    assert all(is_compiled(getattr(module, f)) for f in ("add1", "axpy", "total"))
    return module


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help="fewer, shorter repeats")
    args = parser.parse_args()
    repeats, min_s = (3, 0.02) if args.quick else (15, 0.2)
    folder = Path(tempfile.mkdtemp(prefix="pyaot-abi3-"))
    try:
        full, limited = build(folder, "k_full", False), build(folder, "k_abi3", True)
        python = import_file(folder / "k_full.py", "k_python", disable=True)
        print(machine_line({**machine(), "quick": args.quick}))
        print()
        print("| call | CPython | full API | abi3 (3.11) | abi3 / full |")
        print("| --- | ---: | ---: | ---: | ---: |")
        for label, make in CASES:
            py, f, a = (measure(make(m), (), repeats, min_s).median_s
                        for m in (python, full, limited))
            print(f"| `{label}` | {fmt_time(py)} | {fmt_time(f)} | {fmt_time(a)} | "
                  f"{a / f:.2f}x |")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
