"""Scalar benchmarks: the kernels of scalar_kernels.py compiled by hatch-pyaot versus CPython.

Run by ``python benchmarks/run.py`` (``--suite scalar`` for this suite alone). Copies
scalar_kernels.py into a temporary folder, builds it with the compiler API (cold, with an
empty build cache), imports it twice (compiled, and as plain Python with PYAOT_DISABLE=1),
checks that both give the same results and times every kernel (median of repeats). Also
times each kernel's compilation alone, the cost of one call into a compiled function, and
the size of the native module. Writes scalar.md, scalar.json (and scalar.png when matplotlib
is installed).
"""

from __future__ import annotations

import json
import math
import shutil
import statistics
import subprocess
import tempfile
import timeit
import types
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from harness import (
    Timing,
    build_described,
    cold_build,
    fmt_ratio,
    fmt_time,
    geomean,
    import_file,
    machine,
    machine_line,
    measure,
    numba_module,
    other_compilers,
    progress,
    single_kernel_source,
    timed_once,
)

from hatch_pyaot.testing import same_value

HERE = Path(__file__).resolve().parent
KERNELS_FILE = HERE / "scalar_kernels.py"
MODULE = KERNELS_FILE.stem  # the compiled copy must keep this name: PyInit_<name>
PYTHON_MODULE = f"{MODULE}_python"


@dataclass(frozen=True)
class Bench:
    name: str
    args: tuple[Any, ...]
    """Benchmark size: roughly 0.2 to 0.8 s per call in CPython on a current x86-64 core."""
    quick: tuple[Any, ...]
    """``--quick`` size: about a tenth of that."""


BENCHES: tuple[Bench, ...] = (
    Bench("leibniz_pi", (5_000_000,), (500_000,)),
    Bench("basel_pi", (5_000_000,), (500_000,)),
    Bench("fib", (32,), (25,)),
    Bench("n_queens", (12,), (9,)),
    Bench("hash_mix", (600_000,), (60_000,)),
    Bench("collatz_longest", (100_000,), (10_000,)),
    Bench("count_primes", (500_000,), (50_000,)),
    Bench("gcd_sum", (1500,), (400,)),
    Bench("armstrong", (500_000,), (50_000,)),
    Bench("mandelbrot", (400, 300, 200), (120, 90, 100)),
    Bench("integrate", (0.0, 10.0, 3_000_000), (0.0, 10.0, 300_000)),
    Bench("newton_sqrt", (500_000,), (50_000,)),
    Bench("monte_carlo_pi", (1_000_000, 12345), (100_000, 12345)),
    Bench("lorenz", (3_000_000, 0.0001), (300_000, 0.0001)),
    Bench("logistic_map", (5000, 1500), (500, 1500)),
)
OVERHEAD_FUNCTION = "add1"  # compiled with the kernels, timed per call


# ----- data ------------------------------------------------------------------------------

@dataclass
class KernelResult:
    name: str
    args: str
    compiled: bool
    result: str
    same_result: bool
    check: str
    """``same``, or what differs."""
    cpython: Timing | None = None
    native: Timing | None = None
    speedup: float | None = None
    compile_alone_s: float | None = None
    others: dict[str, Timing | str] = field(default_factory=dict)
    """numba etc., where installed: the timing, or why it failed."""


@dataclass
class Report:
    meta: dict[str, Any]
    kernels: list[KernelResult]
    geomean_speedup: float | None
    module: dict[str, Any]
    call_overhead: dict[str, Any]
    other_compilers: dict[str, str]
    diagnostics: str
    plot: str


# ----- helpers ---------------------------------------------------------------------------

def describe_difference(expected: object, got: object) -> str:
    exp = expected if isinstance(expected, tuple) else (expected,)
    res = got if isinstance(got, tuple) else (got,)
    if (len(exp) == len(res)
            and all(isinstance(x, float) and isinstance(y, float) for x, y in zip(exp, res, strict=True))):
        rel = max(abs(x - y) / max(abs(x), abs(y), 1e-300) for x, y in zip(exp, res, strict=True))
        return f"differs: max relative difference {rel:.1e}"
    return f"differs: CPython {expected!r}, compiled {got!r}"


def call(fn: Callable[..., Any], args: tuple[Any, ...]) -> tuple[bool, Any]:
    try:
        return True, fn(*args)
    except Exception as exc:  # reported, not fatal: the other kernels still run
        return False, exc


def file_sizes(path: Path) -> dict[str, Any]:
    sizes: dict[str, Any] = {"native_file": path.name, "native_bytes": path.stat().st_size,
                             "native_stripped_bytes": None}
    strip = shutil.which("strip")
    if strip is None:
        sizes["strip"] = "strip not found"
        return sizes
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / path.name
        shutil.copyfile(path, copy)
        done = subprocess.run([strip, str(copy)], capture_output=True, text=True, check=False)
        if done.returncode == 0:
            sizes["native_stripped_bytes"] = copy.stat().st_size
        else:
            sizes["strip"] = f"strip failed: {done.stderr.strip()}"
    return sizes


def call_overhead(native_add1: Callable[[float], float], python_add1: Callable[[float], float],
                  number: int, repeats: int) -> dict[str, Any]:
    """ns per call of the compiled add1, math.hypot, math.fabs and the Python add1, each in a
    timeit loop of ``number`` calls (median of ``repeats``); the empty loop for reference."""
    cases: list[tuple[str, str, dict[str, Any]]] = [
        ("compiled add1(1.0)", "f(1.0)", {"f": native_add1}),
        ("math.hypot(3.0, 4.0)", "f(3.0, 4.0)", {"f": math.hypot}),
        ("math.fabs(1.0)", "f(1.0)", {"f": math.fabs}),
        ("Python add1(1.0)", "f(1.0)", {"f": python_add1}),
        ("empty timeit loop", "pass", {}),
    ]
    ns: dict[str, float] = {}
    for label, stmt, env in cases:
        totals = timeit.Timer(stmt, globals=env).repeat(repeat=repeats, number=number)
        ns[label] = statistics.median(totals) / number * 1e9
    return {
        "number": number,
        "repeats": repeats,
        "ns_per_call": ns,
        "ratio_compiled_to_hypot": ns["compiled add1(1.0)"] / ns["math.hypot(3.0, 4.0)"],
        "ratio_compiled_to_fabs": ns["compiled add1(1.0)"] / ns["math.fabs(1.0)"],
        "ratio_compiled_to_python": ns["compiled add1(1.0)"] / ns["Python add1(1.0)"],
    }


# ----- formatting ------------------------------------------------------------------------

def render_markdown(report: Report) -> str:
    meta = report.meta
    others = [name for name, status in report.other_compilers.items()
              if status.startswith("installed: benchmarked")]
    out = [
        f"# Scalar benchmarks: hatch-pyaot {meta['hatch_pyaot']} ({meta['commit']})",
        "",
        machine_line(meta),
        "",
        "Times are medians of the per-call time over repeats within one run (CPython: "
        f"{meta['cpython_repeats']} repeats, 3 for kernels slower than 1 s; compiled: "
        f"{meta['native_repeats']} repeats of at least {meta['native_min_repeat_s']} s each). "
        "Speedup = CPython / compiled. Compile alone = cold build (empty cache) of the module "
        "with only that kernel decorated.",
        "",
    ]
    head = ["kernel", "arguments", "CPython", "compiled", "speedup"]
    head += [f"{o} (speedup)" for o in others]
    head += ["compile alone", "same result"]
    out.append("| " + " | ".join(head) + " |")
    out.append("|" + "|".join(["---", "---", "--:", "--:", "--:"] + ["--:"] * len(others)
                              + ["--:", ":-:"]) + "|")
    for k in report.kernels:
        speed = fmt_ratio(k.speedup) if k.compiled else "not compiled"
        row = [f"`{k.name}`", f"`{k.args}`", fmt_time(k.cpython.median_s if k.cpython else None),
               fmt_time(k.native.median_s if k.native else None), speed]
        for o in others:
            t = k.others.get(o)
            if isinstance(t, Timing) and k.cpython:
                row.append(f"{fmt_time(t.median_s)} ({fmt_ratio(k.cpython.median_s / t.median_s)})")
            else:
                row.append(str(t) if t else "-")
        row += [fmt_time(k.compile_alone_s), "yes" if k.same_result else k.check]
        out.append("| " + " | ".join(row) + " |")
    other_means = []
    for o in others:
        ratios = [k.cpython.median_s / t.median_s for k in report.kernels
                  if k.cpython and isinstance(t := k.others.get(o), Timing)]
        other_means.append(f" **{fmt_ratio(statistics.geometric_mean(ratios))}** |" if ratios
                           else " |")
    out.append("| **geometric mean** | | | | **" + fmt_ratio(report.geomean_speedup) + "** |"
               + "".join(other_means) + " | |")
    mod = report.module
    stripped = mod.get("native_stripped_bytes")
    out += [
        "",
        "## Whole module",
        "",
        "| what | value |",
        "|---|--:|",
        f"| functions compiled | {mod['compiled']} of {mod['entries']} |",
        f"| cold build (empty cache) | {fmt_time(mod['compile_cold_s'])} |",
        f"| warm rebuild (cache hit) | {fmt_time(mod['compile_warm_s'])} |",
        f"| sum of per-kernel cold builds | {fmt_time(mod.get('compile_alone_sum_s'))} |",
        f"| native module `{mod['native_file']}` | {mod['native_bytes']:,} bytes |",
        "| stripped copy | "
        + (f"{stripped:,} bytes" if stripped is not None else str(mod.get("strip"))) + " |",
    ]
    co = report.call_overhead
    out += [
        "",
        f"## Call overhead (timeit, {co['number']:,} calls, median of {co['repeats']})",
        "",
        "| call | ns per call |",
        "|---|--:|",
    ]
    out += [f"| `{label}` | {ns:.1f} |" for label, ns in co["ns_per_call"].items()]
    out += [
        "",
        f"Compiled `add1` / `math.hypot`: **{co['ratio_compiled_to_hypot']:.2f}**; "
        f"compiled `add1` / `math.fabs`: {co['ratio_compiled_to_fabs']:.2f}; "
        f"compiled / Python `add1`: {co['ratio_compiled_to_python']:.2f} (the loop itself is "
        "included in every row; `hypot` also does real work, `fabs` almost none).",
        "",
        "## Other compilers",
        "",
    ]
    out += [f"- {name}: {status}" for name, status in report.other_compilers.items()]
    out += ["", f"Plot: {report.plot}"]
    if report.diagnostics:
        out += ["", "## Compiler diagnostics", "", "```", report.diagnostics, "```"]
    return "\n".join(out) + "\n"


def plot(kernels: list[KernelResult], path: Path) -> str:
    try:
        import matplotlib  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        return "skipped (matplotlib is not installed)"
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt  # type: ignore[import-not-found, unused-ignore]

    rows = [(k.name, k.speedup) for k in kernels if k.speedup]
    fig, ax = plt.subplots(figsize=(8, 0.35 * len(rows) + 1.2))
    ax.barh([name for name, _ in rows], [s for _, s in rows], color="tab:blue")
    ax.set_xscale("log")
    ax.invert_yaxis()
    ax.set_xlabel("speedup over CPython (log scale)")
    ax.set_title("hatch-pyaot scalar kernels")
    ax.grid(axis="x", which="both", alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)
    return f"written to {path.name}"


# ----- main ------------------------------------------------------------------------------

def run(quick: bool, out_dir: Path, per_kernel: bool) -> Report:
    from hatch_pyaot import is_compiled

    cpython_repeats = 5
    native_repeats = 5 if quick else 7
    native_min_repeat_s = 0.01 if quick else 0.05
    overhead_number = 10**5 if quick else 10**6

    with tempfile.TemporaryDirectory(prefix="pyaot-bench-") as tmp_name:
        tmp = Path(tmp_name)
        (tmp / "caches").mkdir()
        main_dir = tmp / "module"
        main_dir.mkdir()
        path = main_dir / KERNELS_FILE.name
        shutil.copyfile(KERNELS_FILE, path)
        progress(f"building {path.name} (cold cache)")
        module_info, diagnostics, report = build_described(path, tmp / "caches")
        native_file = report.modules[0].native_path
        if native_file.exists():
            module_info |= file_sizes(native_file)
        else:
            module_info |= {"native_file": native_file.name, "native_bytes": 0,
                            "native_stripped_bytes": None, "strip": "no native module"}

        alone: dict[str, float] = {}
        if per_kernel:
            source = KERNELS_FILE.read_text(encoding="utf-8")
            for bench in BENCHES:
                folder = tmp / "alone" / bench.name
                folder.mkdir(parents=True)
                single = folder / KERNELS_FILE.name
                single.write_text(single_kernel_source(source, [bench.name]), encoding="utf-8")
                progress(f"building {bench.name} alone (cold cache)")
                seconds, single_report = cold_build(single, tmp / "caches")
                if any(e.name == bench.name and e.compiled
                       for m in single_report.modules for e in m.entries):
                    alone[bench.name] = seconds
            module_info["compile_alone_sum_s"] = sum(alone.values()) if alone else None

        native = import_file(path, MODULE)
        python = import_file(path, PYTHON_MODULE, disable=True)
        others_status = other_compilers()
        numba_mod: types.ModuleType | None = None
        if others_status["numba"].startswith("installed: benchmarked"):
            try:
                numba_mod = numba_module(path, f"{MODULE}_numba")
            except Exception as exc:  # reported in the table
                others_status["numba"] = f"installed, failed to set up: {exc!r}"

        results: list[KernelResult] = []
        for bench in BENCHES:
            args = bench.quick if quick else bench.args
            py_fn = getattr(python, bench.name)
            nat_fn = getattr(native, bench.name)
            compiled = is_compiled(nat_fn)
            progress(f"timing {bench.name}{args}" + ("" if compiled else " (NOT compiled)"))
            ok_py, expected = call(py_fn, args)
            ok_nat, got = call(nat_fn, args)
            if ok_py and ok_nat and same_value(expected, got):
                same, check = True, "same"
            elif not ok_nat:
                same, check = False, f"compiled raised {got!r}"
            elif not ok_py:
                same, check = False, f"CPython raised {expected!r}"
            else:
                same, check = False, describe_difference(expected, got)
            result = KernelResult(bench.name, ", ".join(repr(a) for a in args), compiled,
                                  repr(expected), same, check,
                                  compile_alone_s=alone.get(bench.name))
            if ok_py and ok_nat:
                once = timed_once(py_fn, args)
                result.cpython = measure(py_fn, args, cpython_repeats if once < 1.0 else 3, 0.0)
                result.native = measure(nat_fn, args, native_repeats, native_min_repeat_s)
                if compiled:
                    result.speedup = result.cpython.median_s / result.native.median_s
                if numba_mod is not None:
                    try:
                        jit_fn = getattr(numba_mod, bench.name)
                        jit_fn(*args)  # JIT compilation
                        result.others["numba"] = measure(jit_fn, args, native_repeats,
                                                         native_min_repeat_s)
                    except Exception as exc:  # reported in the table
                        result.others["numba"] = f"failed: {type(exc).__name__}"
            results.append(result)

        progress("timing call overhead")
        overhead = call_overhead(getattr(native, OVERHEAD_FUNCTION),
                                 getattr(python, OVERHEAD_FUNCTION), overhead_number, 5)
        overhead["add1_compiled"] = is_compiled(getattr(native, OVERHEAD_FUNCTION))

    meta = machine() | {"quick": quick, "cpython_repeats": cpython_repeats,
                        "native_repeats": native_repeats,
                        "native_min_repeat_s": native_min_repeat_s}
    out_dir.mkdir(parents=True, exist_ok=True)
    plot_note = plot(results, out_dir / "scalar.png")
    return Report(meta, results, geomean(k.speedup for k in results), module_info, overhead, others_status, diagnostics,
                  plot_note)


def write(report: Report, out_dir: Path) -> tuple[str, list[str]]:
    """Write scalar.md and scalar.json to ``out_dir``; (the Markdown, the failed kernels)."""
    text = render_markdown(report)
    (out_dir / "scalar.md").write_text(text, encoding="utf-8")
    (out_dir / "scalar.json").write_text(json.dumps(asdict(report), indent=2) + "\n",
                                         encoding="utf-8")
    failed = [k.name for k in report.kernels if not (k.compiled and k.same_result)]
    return text, failed
