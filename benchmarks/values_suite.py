"""Benchmarks of Python values (lists, str, dicts and sets so far): the kernels of
values_kernels.py compiled by hatch-pyaot, versus CPython, versus mypyc compiling the same file.

Run by ``python benchmarks/run.py --suite values``. Copies values_kernels.py into a temporary
folder, builds it with hatch-pyaot (cold), imports it compiled and as plain Python
(PYAOT_DISABLE=1), compiles a second copy with mypyc (skipped with a note when mypy is not
installed), checks that all three give the same results and times every kernel (median of
repeats; every ratio is between numbers of this run). Also measures the cost per item of
converting ``list[float]``/``list[int]``/``list[str]`` arguments in and ``list[float]`` and
``list[str]`` results out, and a ``dict[int, int]`` in and out.
Writes values.md and values.json.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import types
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from harness import (
    cold_build,
    fmt_ratio,
    fmt_time,
    geomean,
    import_file,
    machine,
    machine_line,
    measure,
    progress,
)

from hatch_pyaot.testing import same_value

HERE = Path(__file__).resolve().parent
KERNELS_FILE = HERE / "values_kernels.py"


def _grid(side: int) -> list[list[int]]:
    n = side * side
    return [[(i + 1) % n, (i + side) % n, (i - 1) % n, (i - side) % n] for i in range(n)]


def _weighted(side: int, rng: random.Random) -> list[list[tuple[int, float]]]:
    return [[(j, rng.random()) for j in row] for row in _grid(side)]


def inputs(quick: bool) -> dict[str, tuple[Any, ...]]:
    """Arguments per kernel, about 0.05 to 0.5 s per call in CPython (a tenth with quick)."""
    rng = random.Random(20261201)
    k = 4 if quick else 1
    xs = [rng.randrange(1000) for _ in range(3000 // (2 * k))]
    runs = sorted(rng.randrange(200) for _ in range(600_000 // k))
    matrix = [[rng.random() for _ in range(100 // k)] for _ in range(100 // k)]
    return {
        "lis_length": (xs,),
        "knapsack": ([rng.randrange(1, 60) for _ in range(200 // k)],
                     [rng.randrange(100) for _ in range(200 // k)], 3000),
        "sieve": (1_000_000 // k,),
        "bfs_grid": (_grid(300 // k), 0),
        "run_length": (runs,),
        "dedupe": ([rng.randrange(50_000) for _ in range(400_000 // k)],),
        "heap_dijkstra": (_weighted(150 // k, rng), 0),
        "matmul": (matrix, matrix),
        "word_counts": (_text(rng, 200_000 // k),),
        "tokenize": (_source(rng, 40_000 // k),),
        "parse_csv": ("\n".join(",".join(f"{rng.uniform(-1e3, 1e3):.4f}" for _ in range(8))
                                for _ in range(10_000 // k)),),
        "rle_encode": ("".join(rng.choice("aab") * rng.randint(1, 6)
                               for _ in range(100_000 // k)),),
        "anagram_groups": ([_word(rng) for _ in range(50_000 // k)],),
        "distinct_ngrams": (_text(rng, 50_000 // k), 4),
        "top_words": (_text(rng, 200_000 // k), 10),
        "bigram_counts": ([rng.randrange(300) for _ in range(400_000 // k)],),
        "group_by_residue": ([rng.randrange(10**6) for _ in range(400_000 // k)], 97),
        "bfs_dict": ({i: row for i, row in enumerate(_grid(300 // k))}, 0),
        "two_sum_count": ([rng.randrange(5000) for _ in range(300_000 // k)], 5000),
        "distinct_ops": ([rng.randrange(100_000) for _ in range(200_000 // k)],
                         [rng.randrange(100_000) for _ in range(200_000 // k)]),
    }


WORDS = ("the", "cat", "sat", "on", "a", "mat", "Straße", "naïve", "café", "über", "ΣΟΦΙΑ",
         "data", "model", "token", "vector", "Hello,", "world!", "(note)", "end.")


def _text(rng: random.Random, n: int) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(n))


def _source(rng: random.Random, n: int) -> str:
    parts = ["x1", "=", "foo_bar", "(", "42", "+", "y", ")", "*", "3.5", ";", "\n", "name_7"]
    return " ".join(rng.choice(parts) for _ in range(n))


def _word(rng: random.Random) -> str:
    return "".join(rng.choice("abcdeilnorst") for _ in range(rng.randint(3, 7)))


@dataclass
class KernelResult:
    name: str
    python_s: float | None = None
    aot_s: float | None = None
    mypyc_s: float | None = None
    same: bool = True
    note: str = ""

    @property
    def vs_python(self) -> float | None:
        return None if not (self.python_s and self.aot_s) else self.python_s / self.aot_s

    @property
    def vs_mypyc(self) -> float | None:
        return None if not (self.mypyc_s and self.aot_s) else self.mypyc_s / self.aot_s


@dataclass
class Report:
    machine: dict[str, Any]
    build_s: float
    kernels: list[KernelResult]
    conversion_ns: dict[str, float] = field(default_factory=dict)
    """Nanoseconds per item at the boundary (compiled), per kind of conversion."""
    mypyc: str = ""
    """The mypyc version, or why it was not run."""


def build_mypyc(folder: Path, kernels_file: Path = KERNELS_FILE) -> types.ModuleType | str:
    """values_kernels.py (or ``kernels_file``) compiled by mypyc under another name, or why
    not."""
    module = f"{kernels_file.stem}_mypyc"
    mypyc = shutil.which("mypyc", path=str(Path(sys.executable).parent)) or shutil.which("mypyc")
    if mypyc is None:
        return "mypyc is not installed (pip install mypy)"
    source = folder / f"{module}.py"
    # The same functions without @compile (mypyc compiles them all; the decorator would only
    # hand each one back).
    text = kernels_file.read_text(encoding="utf-8")
    kept = [line for line in text.splitlines()
            if line.strip() not in ("@compile", "from hatch_pyaot import compile")]
    source.write_text("\n".join(kept) + "\n", encoding="utf-8")
    proc = subprocess.run([mypyc, "--ignore-missing-imports", source.name], cwd=folder,
                          capture_output=True, text=True, timeout=900)
    if proc.returncode != 0:
        return f"mypyc failed: {proc.stdout[-500:]}{proc.stderr[-500:]}"
    sys.path.insert(0, str(folder))
    try:
        return __import__(module)
    finally:
        sys.path.remove(str(folder))


def mypyc_version() -> str:
    try:
        import mypy.version

        return f"mypyc {mypy.version.__version__}"
    except ImportError:
        return ""


def conversion_costs(native: types.ModuleType, n: int) -> dict[str, float]:
    """ns per item: list[float] and list[int] arguments in (the kernel sums them, a fraction
    of a nanosecond per item), a list[float] result out; a dict[int, int] in (its values
    summed) and out (made by a comprehension, which is part of the cost)."""
    floats = [i * 0.25 for i in range(n)]
    ints = list(range(n))
    words = [f"word{i % 1000}" for i in range(n)]
    mapping = {i: i for i in range(n)}
    out = {
        "list[float] in": measure(native.sum_floats, (floats,), 7, 0.2).median_s,
        "list[int] in (as list[float])": measure(native.sum_floats, (ints,), 7, 0.2).median_s,
        "list[float] out": measure(native.make_floats, (n,), 7, 0.2).median_s,
        "list[str] in (7-character words)": measure(native.total_length, (words,), 7,
                                                    0.2).median_s,
        "list[str] out (f-strings made inside)": measure(native.numbered, (n,), 7,
                                                         0.2).median_s,
        "dict[int, int] in": measure(native.sum_dict, (mapping,), 7, 0.2).median_s,
        "dict[int, int] out": measure(native.make_dict, (n,), 7, 0.2).median_s,
    }
    return {k: v / n * 1e9 for k, v in out.items()}


def time_kernels(suite: str, cases: dict[str, tuple[Any, ...]], failed: list[str],
                 python: types.ModuleType, native: types.ModuleType,
                 mypyc: types.ModuleType | None, repeats: int) -> list[KernelResult]:
    """Each kernel on its arguments: CPython, compiled, mypyc; the same results checked."""
    out = []
    for name, args in cases.items():
        progress(f"{suite}: {name}")
        result = KernelResult(name)
        if name in failed:
            result.same, result.note = False, "not compiled"
            out.append(result)
            continue
        runs: list[tuple[str, Callable[..., Any]]] = [
            ("python", getattr(python, name)), ("aot", getattr(native, name))]
        if mypyc is not None:
            runs.append(("mypyc", getattr(mypyc, name)))
        reference = getattr(python, name)(*args)
        for label, fn in runs:
            if not same_value(reference, fn(*args)):
                result.same, result.note = False, f"{label} gave another result"
            timing = measure(fn, args, repeats, 0.2)
            setattr(result, f"{label}_s", timing.median_s)
        out.append(result)
    return out


def kernel_table(kernels: list[KernelResult]) -> list[str]:
    """The Markdown table of the timings, with the geomeans."""
    lines = ["| kernel | CPython | hatch-pyaot | mypyc | vs CPython | vs mypyc |",
             "| --- | --: | --: | --: | --: | --: |"]
    for k in kernels:
        lines.append(f"| `{k.name}` | {fmt_time(k.python_s)} | {fmt_time(k.aot_s)} | "
                     f"{fmt_time(k.mypyc_s)} | {fmt_ratio(k.vs_python)} | "
                     f"{fmt_ratio(k.vs_mypyc)} |" + (f" {k.note}" if k.note else ""))
    lines.append(f"| **geomean** | | | | {fmt_ratio(geomean(k.vs_python for k in kernels))}"
                 f" | {fmt_ratio(geomean(k.vs_mypyc for k in kernels))} |")
    return lines


def run_suite(suite: str, kernels_file: Path, cases: dict[str, tuple[Any, ...]],
              quick: bool, repeats: int,
              extra: Callable[[types.ModuleType, Report], None] | None = None) -> Report:
    """Build ``kernels_file`` (cold) and with mypyc, import it compiled and as Python, and
    time every kernel on its ``cases``; ``extra`` measures more with the compiled module."""
    work = Path(tempfile.mkdtemp(prefix=f"pyaot-{suite}-"))
    module = kernels_file.stem
    try:
        path = work / kernels_file.name
        shutil.copyfile(kernels_file, path)
        progress(f"{suite}: building {kernels_file.name} with hatch-pyaot (cold)")
        build_s, build_report = cold_build(path, work)
        failed = [e.name for e in build_report.failed_entries]
        native = import_file(path, module)
        python = import_file(path, f"{module}_python", disable=True)
        progress(f"{suite}: building {kernels_file.name} with mypyc")
        compiled_mypyc = build_mypyc(work, kernels_file)
        mypyc = compiled_mypyc if isinstance(compiled_mypyc, types.ModuleType) else None
        meta = {**machine(), "quick": quick, "load": os.getloadavg()[0]}
        report = Report(meta, build_s, [], mypyc=mypyc_version() if mypyc else
                        str(compiled_mypyc))
        report.kernels = time_kernels(suite, cases, failed, python, native, mypyc, repeats)
        if extra is not None:
            extra(native, report)
        return report
    finally:
        shutil.rmtree(work, ignore_errors=True)


def run(quick: bool) -> Report:
    def conversions(native: types.ModuleType, report: Report) -> None:
        report.conversion_ns = conversion_costs(native, 100_000 if quick else 1_000_000)

    return run_suite("values", KERNELS_FILE, inputs(quick), quick, 3 if quick else 7,
                     conversions)


def header(title: str, report: Report, kernels_file: str) -> list[str]:
    """The title, the machine and the build of a suite's Markdown."""
    return [f"# {title}: hatch-pyaot vs CPython vs mypyc", "",
            machine_line(report.machine)
            + f" · load average {report.machine['load']:.1f} at the start", "",
            f"Cold build of {kernels_file}: {report.build_s:.1f} s. "
            f"mypyc: {report.mypyc or 'not run'}.", ""]


def write(report: Report, out_dir: Path) -> tuple[str, list[str]]:
    """Write values.md and values.json; (the Markdown, the kernels that failed)."""
    lines = [*header("Values (lists, str)", report, KERNELS_FILE.name),
             *kernel_table(report.kernels)]
    lines += ["", "Conversion at the boundary, per item (compiled):", ""]
    lines += [f"- {kind}: {ns:.1f} ns" for kind, ns in report.conversion_ns.items()]
    text = "\n".join(lines) + "\n"
    out_dir.mkdir(parents=True, exist_ok=True)
    (out_dir / "values.md").write_text(text, encoding="utf-8")
    payload = asdict(report)
    (out_dir / "values.json").write_text(json.dumps(payload, indent=2) + "\n", encoding="utf-8")
    return text, [k.name for k in report.kernels if not k.same]


if __name__ == "__main__":
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    quick = "--quick" in sys.argv
    text, bad = write(run(quick), HERE / "results")
    print(text)
    sys.exit(1 if bad else 0)
