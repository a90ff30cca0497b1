"""What a compiled function costs that returns a new 3-element array, against np.empty(3)
itself (issue 12, item 5). Run: PYTHONPATH=src python benchmarks/array_return.py

It builds a two-function module into a temporary folder, then times each call with timeit
(best of 7 repeats of 200,000 calls) and prints the costs in microseconds and their ratio."""

from __future__ import annotations

import importlib.util
import sys
import tempfile
import timeit
from pathlib import Path

import numpy as np

SOURCE = '''
import numpy as np
from numpy.typing import NDArray

from hatch_pyaot import compile


@compile
def fresh() -> NDArray[np.float64]:
    return np.empty(3)


@compile
def passed(a: NDArray[np.float64]) -> NDArray[np.float64]:
    return a[1:]
'''


def main() -> None:
    from hatch_pyaot.pipeline import build
    from hatch_pyaot.toolchains.host import BuildOptions

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "array_return_kernels.py"
        path.write_text(SOURCE, encoding="utf-8")
        report = build([path], BuildOptions())
        assert not report.failed_entries, [m.format_diagnostics() for m in report.modules]
        spec = importlib.util.spec_from_file_location("array_return_kernels", path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module
        spec.loader.exec_module(module)
        a = np.zeros(4)
        n = 200_000
        cost = {name: min(timeit.repeat(f, number=n, repeat=7)) / n * 1e6 for name, f in [
            ("np.empty(3)", lambda: np.empty(3)),
            ("compiled fresh()", module.fresh),
            ("compiled passed(a) (a view of an argument)", lambda: module.passed(a))]}
    for name, us in cost.items():
        print(f"{name:45s} {us:6.3f} us")
    print(f"ratio fresh() / np.empty(3): {cost['compiled fresh()'] / cost['np.empty(3)']:.2f}")


if __name__ == "__main__":
    main()
