"""Benchmarks of hatch-pyaot: every suite, one command.

    python benchmarks/run.py [--quick] [--out DIR]
                             [--suite all|scalar|numpy|values|objects|onnx|vision]
                             [--no-per-kernel]

- scalar (scalar_suite.py): the kernels of scalar_kernels.py, compiled versus CPython;
- numpy (numpy_suite.py): the kernels of numpy_kernels.py, loop-style and vectorized,
  compiled versus CPython loops versus NumPy, with peak memory;
- objects (objects_suite.py): the class and dataclass kernels of objects_kernels.py, compiled
  versus CPython and mypyc;
- values (values_suite.py): the list and str kernels of values_kernels.py, compiled versus CPython
  versus mypyc, and the cost per item of converting lists at the boundary;
- onnx (onnx_suite.py): ONNX models lowered by the compiler, on one thread and on all
  threads, versus onnxruntime on as many.
- vision (vision_suite.py): the cv2 operators of vision_kernels.py compiled versus
  opencv-python-headless itself (one thread and its default threads).

Each suite writes <suite>.md and <suite>.json (scalar also scalar.png when matplotlib is
installed) to DIR (default: benchmarks/results/) and the Markdown is printed. The exit status
is 1 when a kernel was not compiled or gave a result other than the reference's.
"""

from __future__ import annotations

import os

# Every variant runs on one core: the compiled code is single-threaded, and NumPy's BLAS
# threads (matvec) fight with other work on a small shared machine (OpenBLAS spins). Set
# before NumPy is first imported; a value already in the environment is kept.
for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_name, "1")

import argparse  # noqa: E402
import sys  # noqa: E402
from pathlib import Path  # noqa: E402

import numpy_suite  # noqa: E402
import objects_suite  # noqa: E402
import onnx_suite  # noqa: E402
import scalar_suite  # noqa: E402
import values_suite  # noqa: E402
import vision_suite  # noqa: E402
from harness import HERE  # noqa: E402

DEFAULT_OUT = HERE / "results"
SUITES = ("scalar", "numpy", "values", "objects", "onnx", "vision")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true",
                        help="smaller sizes, fewer repeats and no per-kernel builds for the "
                             "NumPy suite: a smoke test (under two minutes on two cores)")
    parser.add_argument("--suite", choices=("all", *SUITES), default="all",
                        help="which suite to run (default: all)")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT,
                        help=f"where the reports go (default: {DEFAULT_OUT})")
    parser.add_argument("--no-per-kernel", dest="per_kernel", action="store_false",
                        help="skip the per-kernel compile times (one cold build per kernel)")
    parser.add_argument("--no-memory", dest="memory", action="store_false",
                        help="NumPy suite: skip the peak-memory probes (a fresh process per "
                             "kernel and column)")
    parser.add_argument("--isa-variant", action="append", default=[], metavar="LEVEL",
                        choices=("x86-64-v3", "x86-64-v4"),
                        help="NumPy suite: also build the kernels for this ISA level (repeat "
                             "it; docs/variants.md)")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    failed: list[str] = []
    if args.suite in ("all", "scalar"):
        report = scalar_suite.run(args.quick, args.out, args.per_kernel)
        text, bad = scalar_suite.write(report, args.out)
        print(text)
        failed += [f"scalar: {name}" for name in bad]
    if args.suite in ("all", "numpy"):
        numpy_report = numpy_suite.run(args.quick, args.per_kernel and not args.quick,
                                       tuple(args.isa_variant), memory=args.memory)
        text, bad = numpy_suite.write(numpy_report, args.out)
        print(text)
        failed += [f"numpy: {name}" for name in bad]
    if args.suite in ("all", "values"):
        text, bad = values_suite.write(values_suite.run(args.quick), args.out)
        print(text)
        failed += [f"values: {name}" for name in bad]
    if args.suite in ("all", "objects"):
        text, bad = objects_suite.write(objects_suite.run(args.quick), args.out)
        print(text)
        failed += [f"objects: {name}" for name in bad]
    if args.suite in ("all", "onnx"):
        text, bad = onnx_suite.write(onnx_suite.run(args.quick), args.out)
        print(text)
        failed += [f"onnx: {name}" for name in bad]
    if args.suite in ("all", "vision"):
        text, bad = vision_suite.write(vision_suite.run(args.quick), args.out)
        print(text)
        failed += [f"vision: {name}" for name in bad]
    if failed:
        print(f"not compiled or different results: {', '.join(failed)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
