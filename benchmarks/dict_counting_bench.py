"""CPU time per call (median) of the counting kernels of values_kernels.py (bigram_counts,
top_words, word_counts), built alone with whichever hatch_pyaot is on sys.path: run it with
PYTHONPATH set to one tree's src, then another's, to compare (issue 11, one-probe counting).

    PYTHONPATH=src python benchmarks/dict_counting_bench.py
"""

from __future__ import annotations

import ast
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from harness import cold_build, import_file  # noqa: E402
from values_suite import _text  # noqa: E402

NAMES = ("bigram_counts", "top_words", "word_counts")


def _module_source() -> str:
    text = (HERE / "values_kernels.py").read_text(encoding="utf-8")
    tree = ast.parse(text)
    parts = ["from hatch_pyaot import compile\n"]
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name in NAMES:
            start = node.decorator_list[0].lineno if node.decorator_list else node.lineno
            parts.append("\n".join(text.splitlines()[start - 1:node.end_lineno]) + "\n")
    return "\n\n".join(parts)


def main() -> None:
    rng = random.Random(20261201)
    args = {"bigram_counts": ([rng.randrange(300) for _ in range(400_000)],),
            "top_words": (_text(rng, 200_000), 10), "word_counts": (_text(rng, 200_000),)}
    folder = Path(tempfile.mkdtemp(prefix="dict-counting-"))
    path = folder / "counting_kernels.py"
    path.write_text(_module_source(), encoding="utf-8")
    cold_build(path, folder)
    native = import_file(path, "counting_kernels")
    for name in NAMES:
        fn = getattr(native, name)
        fn(*args[name])
        times = []
        for _ in range(15):
            t0 = time.process_time()
            fn(*args[name])
            times.append(time.process_time() - t0)
        print(f"{name}: {statistics.median(times) * 1e3:.2f} ms CPU per call (median of 15)")


if __name__ == "__main__":
    main()
