"""NumPy benchmarks: the kernels of numpy_kernels.py, loop-style and vectorized.

Run by ``python benchmarks/run.py`` (``--suite numpy`` for this suite alone). Every kernel is
timed four ways, medians of repeats in one run:

- compiled loops (``<name>_loops`` built by hatch-pyaot) and the same function run by the
  CPython interpreter; CPython gets a smaller input (``small``) and the compiled loops are
  timed on that input too, so their ratio compares like with like;
- compiled vectorized (``<name>_vec`` built by hatch-pyaot: fused whole-array expressions)
  and the same function run by NumPy, both on the large input, as are the compiled loops;
- numba's ``njit`` of both functions where numba is importable.

Results are checked before timing: compiled loops, compiled vectorized and NumPy on the large
input, compiled loops and CPython on the small one (exact for integer results, a relative
tolerance scaled by the largest value for floats).

Peak memory is measured the same way for every variant, in a fresh process per (kernel,
variant): inputs made, one warm-up call, then the kernel's resident-set high-water mark is
reset (``/proc/self/clear_refs``), the call made, and the peak taken as VmHWM after the call
minus VmRSS before it (the result counts: it is alive at the end). glibc's mmap threshold is
fixed at 128 KiB in those processes (``MALLOC_MMAP_THRESHOLD_``) so that every large array is
mapped on allocation and unmapped on release: no freed heap hides an allocation. tracemalloc
is not used: it sees NumPy's arrays but not the compiled runtime's, which allocates with C++
``operator new``. Linux only; elsewhere the memory columns say "n/a".
"""

from __future__ import annotations

import gc
import importlib
import json
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import types
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
from harness import (
    HERE,
    Timing,
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
    warm_build,
)

KERNELS_FILE = HERE / "numpy_kernels.py"
MODULE = KERNELS_FILE.stem  # the compiled copy must keep this name: PyInit_<name>
PYTHON_MODULE = f"{MODULE}_python"
SEED = 20240601
LOOP_AIM = 100.0
"""Aim: compiled loops at least this many times faster than the same loops in CPython."""
VECTOR_AIM = 1.5
"""Aim: geometric mean of compiled vectorized over NumPy at least this; no kernel below 1."""
MMAP_THRESHOLD = 128 * 1024

Args = tuple[Any, ...]


def _image(rng: np.random.Generator, n: int) -> np.ndarray:
    return rng.integers(0, 256, size=(n, n), dtype=np.uint8)


def _histogram_numpy(img: np.ndarray) -> np.ndarray:
    return np.bincount(img.ravel(), minlength=256)


def _mandelbrot_grid(n: int) -> Args:
    return np.linspace(-2.0, 0.6, n), np.linspace(-1.2, 1.2, n), 50


@dataclass(frozen=True)
class Case:
    name: str
    what: str
    make: Callable[[np.random.Generator, int], Args]
    """The arguments for size ``n`` (deterministic for a given generator state)."""
    large: tuple[int, int]
    """``n`` for compiled and NumPy: (full, --quick); arrays of about 1-4 M elements."""
    small: tuple[int, int]
    """``n`` for CPython: (full, --quick); about 0.2 s (full) per CPython call."""
    shape: str
    """The main input's shape and dtype, ``n`` standing for the size."""
    rtol: float = 1e-12
    """Float results: allowed difference, relative to the largest magnitude in the result."""
    numpy_reference: Callable[..., Any] | None = None
    """The NumPy column when the kernel has no ``_vec`` form (one the compiler cannot build)."""


CASES: tuple[Case, ...] = (
    Case("pairwise_dist", "euclidean distance matrix of n points in 3-d",
         lambda rng, n: (rng.random((n, 3)),), (1000, 400), (300, 100), "(n, 3) f8"),
    Case("jacobi", "10 Jacobi sweeps of the 5-point Laplace stencil",
         lambda rng, n: (rng.random((n, n)), 10), (1000, 500), (150, 80), "(n, n) f8"),
    Case("blur3", "3x3 box blur of a grey image, uint8",
         lambda rng, n: (_image(rng, n),), (2000, 1000), (250, 100), "(n, n) u1"),
    Case("stretch", "contrast stretch: clip to [40, 200], rescale to 0..255, uint8",
         lambda rng, n: (_image(rng, n), 40, 200), (2000, 1000), (600, 250), "(n, n) u1"),
    Case("to_gray", "RGB to grey, float32",
         lambda rng, n: (rng.random((n, n, 3), dtype=np.float32),), (1000, 500), (400, 150),
         "(n, n, 3) f4", rtol=1e-6),
    Case("histogram", "256-bin histogram of a uint8 image",
         lambda rng, n: (_image(rng, n),), (2000, 1000), (600, 250), "(n, n) u1",
         numpy_reference=_histogram_numpy),
    Case("mandelbrot", "Mandelbrot escape counts (50 steps): loops on complex scalars, the "
         "vectorized form on complex128 arrays",
         lambda rng, n: _mandelbrot_grid(n), (1000, 400), (120, 50), "(n,) f8 x2"),
    Case("softmax", "row-wise softmax (exp, axis max and sum)",
         lambda rng, n: (rng.normal(size=(n, 500)),), (2000, 800), (200, 60), "(n, 500) f8"),
    Case("zscore", "column-wise standardization",
         lambda rng, n: (rng.normal(size=(n, 500)),), (2000, 800), (200, 60), "(n, 500) f8"),
    Case("col_means", "column means (reduction along axis 0)",
         lambda rng, n: (rng.normal(size=(n, 500)),), (4000, 1600), (400, 120), "(n, 500) f8"),
    Case("moving_avg", "moving average (window 100) from a prefix sum",
         lambda rng, n: (rng.normal(size=n), 100), (4_000_000, 1_000_000), (300_000, 60_000),
         "(n,) f8", rtol=1e-9),
    Case("poly", "degree-5 polynomial, elementwise",
         lambda rng, n: (rng.normal(size=n), 1.0, -0.5, 0.25, -0.125, 0.0625, -0.03125),
         (4_000_000, 1_000_000), (200_000, 50_000), "(n,) f8"),
    Case("matvec", "matrix-vector product",
         lambda rng, n: (rng.normal(size=(n, n)), rng.normal(size=n)), (2000, 1000),
         (600, 250), "(n, n) f8"),
    Case("nbody_step", "one Euler step of softened gravity, n bodies",
         lambda rng, n: (rng.normal(size=(n, 6)), rng.random(n), 0.01, 0.05), (1000, 400),
         (200, 80), "(n, 6) f8"),
    Case("arc_distance", "great-circle distances of 4 arrays, their ranks left open",
         lambda rng, n: tuple(rng.random(n) for _ in range(4)), (2_000_000, 500_000),
         (100_000, 25_000), "(n,) f8 x4", rtol=1e-12),
)
VARIANTS = ("compiled_loops", "compiled_vec", "numpy", "cpython", "numba_loops",
            "numba_vec")


# ----- data ------------------------------------------------------------------------------

@dataclass
class Memory:
    peak_bytes: int
    """High-water mark of the resident set during the call, over the resident set before."""
    minor_faults: int
    """Page faults (minor) during the call."""
    result_bytes: int


@dataclass
class KernelResult:
    name: str
    what: str
    large_n: int
    small_n: int
    shape: str
    has_vec: bool
    compiled: bool
    checks: dict[str, str] = field(default_factory=dict)
    """What was compared with what: ``identical``, ``max difference …`` or ``DIFFERS …``."""
    ok: bool = True
    times: dict[str, Timing | str] = field(default_factory=dict)
    """Per variant (``compiled_loops``, ``compiled_vec``, ``numpy``, ``cpython``,
    ``compiled_loops_small``, ``numba_loops``, ``numba_vec``): the timing, or why none."""
    memory: dict[str, Memory | str] = field(default_factory=dict)
    compile_alone_s: float | None = None

    def input(self, n: int) -> str:
        """The main input at size ``n``, as ``(1000, 3) f8``."""
        return self.shape.replace("n", str(n))

    def median(self, variant: str) -> float | None:
        t = self.times.get(variant)
        return t.median_s if isinstance(t, Timing) else None

    def ratio(self, slow: str, fast: str) -> float | None:
        a, b = self.median(slow), self.median(fast)
        return a / b if a and b else None


@dataclass
class Report:
    meta: dict[str, Any]
    kernels: list[KernelResult]
    geomeans: dict[str, float | None]
    module: dict[str, Any]
    other_compilers: dict[str, str]
    memory_method: str
    diagnostics: str


# ----- checking --------------------------------------------------------------------------

def compare(expected: Any, got: Any, rtol: float) -> tuple[bool, str]:
    """Equal within ``rtol`` of the largest magnitude (floats) or exactly (everything else)."""
    exp, res = np.asarray(expected), np.asarray(got)
    if exp.shape != res.shape or exp.dtype != res.dtype:
        return False, f"DIFFERS: {exp.dtype}{exp.shape} vs {res.dtype}{res.shape}"
    if np.array_equal(exp, res):
        return True, "identical"
    if exp.dtype.kind != "f":
        return False, f"DIFFERS in {int(np.count_nonzero(exp != res))} elements"
    scale = float(np.max(np.abs(exp))) or 1.0
    worst = float(np.max(np.abs(exp.astype(np.float64) - res.astype(np.float64)))) / scale
    ok = worst <= rtol
    return ok, ("" if ok else "DIFFERS: ") + f"max difference {worst:.1e} (relative)"


def try_call(fn: Callable[..., Any], args: Args) -> tuple[bool, Any]:
    try:
        return True, fn(*args)
    except Exception as exc:  # reported, not fatal: the other kernels still run
        return False, exc


# ----- peak memory (one fresh process per measurement) -----------------------------------

def _proc_status_kib(key: str) -> int:
    text = Path("/proc/self/status").read_text()
    found = re.search(rf"^{key}:\s+(\d+) kB", text, re.MULTILINE)
    if found is None:
        raise OSError(f"no {key} in /proc/self/status")
    return int(found.group(1))


def probe(module_path: Path, kernel: str, variant: str, n: int) -> dict[str, int]:
    """In this (fresh) process: the peak memory of one call of ``variant`` of ``kernel``."""
    case = next(c for c in CASES if c.name == kernel)
    args = case.make(np.random.default_rng(SEED), n)
    form = "_vec" if variant in ("compiled_vec", "numpy", "numba_vec") else "_loops"
    if variant == "numpy" and case.numpy_reference is not None:
        fn = case.numpy_reference
    elif variant.startswith("numba"):
        fn = getattr(numba_module(module_path, f"{MODULE}_numba"), kernel + form)
    elif variant.startswith("compiled"):
        fn = getattr(import_file(module_path, MODULE), kernel + form)
    else:
        fn = getattr(import_file(module_path, PYTHON_MODULE, disable=True), kernel + form)
    fn(*args)  # warm-up: lazy symbol binding, NumPy's first-call set-up, numba's JIT
    gc.collect()
    Path("/proc/self/clear_refs").write_text("5")  # VmHWM := VmRSS
    before_kib = _proc_status_kib("VmRSS")
    faults = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
    result = fn(*args)
    faults = resource.getrusage(resource.RUSAGE_SELF).ru_minflt - faults
    peak_kib = _proc_status_kib("VmHWM")
    return {"peak_bytes": (peak_kib - before_kib) * 1024, "minor_faults": faults,
            "result_bytes": int(np.asarray(result).nbytes)}


def measure_memory(module_path: Path, kernel: str, variant: str, n: int) -> Memory | str:
    env = os.environ | {"MALLOC_MMAP_THRESHOLD_": str(MMAP_THRESHOLD)}
    command = [sys.executable, str(Path(__file__).resolve()), "--probe",
               json.dumps([str(module_path), kernel, variant, n])]
    done = subprocess.run(command, capture_output=True, text=True, env=env, check=False,
                          timeout=600)
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["no output"])[-1]
        return f"failed: {last}"
    return Memory(**json.loads(done.stdout.strip().splitlines()[-1]))


def memory_method() -> str:
    """How peak memory is measured here, or why it cannot be."""
    if not Path("/proc/self/clear_refs").exists():
        return "n/a (needs Linux's /proc/self/clear_refs)"
    try:
        Path("/proc/self/clear_refs").write_text("5")
    except OSError as exc:
        return f"n/a (cannot reset the high-water mark: {exc})"
    return "VmHWM - VmRSS around one call, fresh process, high-water mark reset"


# ----- running ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Settings:
    quick: bool
    repeats: int
    min_repeat_s: float
    cpython_repeats: int


def check_and_time(case: Case, native: types.ModuleType, python: types.ModuleType,
                   numba_mod: types.ModuleType | None, settings: Settings) -> KernelResult:
    from hatch_pyaot import is_compiled

    large_n = case.large[1 if settings.quick else 0]
    small_n = case.small[1 if settings.quick else 0]
    loops = getattr(native, f"{case.name}_loops")
    vec = getattr(native, f"{case.name}_vec", None)
    reference = case.numpy_reference or getattr(python, f"{case.name}_vec")
    compiled = is_compiled(loops) and (vec is None or is_compiled(vec))
    result = KernelResult(case.name, case.what, large_n, small_n, case.shape, vec is not None,
                          compiled)
    large = case.make(np.random.default_rng(SEED), large_n)
    small = case.make(np.random.default_rng(SEED), small_n)

    # correctness first: nothing is timed that does not agree
    ok_ref, expected = try_call(reference, large)
    ok_small, expected_small = try_call(getattr(python, f"{case.name}_loops"), small)
    if not (ok_ref and ok_small):
        result.ok = False
        result.checks["NumPy/CPython"] = f"raised {expected if not ok_ref else expected_small!r}"
        return result
    to_check: list[tuple[str, Callable[..., Any], Args, Any]] = [
        ("compiled loops vs NumPy", loops, large, expected),
        ("compiled loops vs CPython", loops, small, expected_small),
    ]
    if vec is not None:
        to_check.append(("compiled vectorized vs NumPy", vec, large, expected))
    for label, fn, args, want in to_check:
        ok, got = try_call(fn, args)
        same, note = compare(want, got, case.rtol) if ok else (False, f"raised {got!r}")
        result.checks[label] = note
        result.ok = result.ok and same
    if not result.ok:
        return result

    def timed(variant: str, fn: Callable[..., Any], args: Args, repeats: int,
              min_s: float) -> None:
        result.times[variant] = measure(fn, args, repeats, min_s)

    timed("compiled_loops", loops, large, settings.repeats, settings.min_repeat_s)
    if vec is not None:
        timed("compiled_vec", vec, large, settings.repeats, settings.min_repeat_s)
    timed("numpy", reference, large, settings.repeats, settings.min_repeat_s)
    timed("compiled_loops_small", loops, small, settings.repeats, settings.min_repeat_s)
    timed("cpython", getattr(python, f"{case.name}_loops"), small, settings.cpython_repeats,
          0.0)
    if numba_mod is not None:
        for form in ("loops", "vec"):
            jit = getattr(numba_mod, f"{case.name}_{form}", None)
            if jit is None:
                continue
            ok, got = try_call(jit, large)  # the JIT compilation, not timed
            if not ok:
                result.times[f"numba_{form}"] = f"failed: {type(got).__name__}"
                continue
            same, note = compare(expected, got, case.rtol)
            if not same:
                result.times[f"numba_{form}"] = note
                continue
            timed(f"numba_{form}", jit, large, settings.repeats, settings.min_repeat_s)
    return result


def run(quick: bool, per_kernel: bool, isa_variants: tuple[str, ...] = ()) -> Report:
    settings = Settings(quick=quick, repeats=5 if quick else 7,
                        min_repeat_s=0.02 if quick else 0.1, cpython_repeats=3)
    with tempfile.TemporaryDirectory(prefix="pyaot-bench-numpy-") as tmp_name:
        tmp = Path(tmp_name)
        (tmp / "caches").mkdir()
        (tmp / "module").mkdir()
        path = tmp / "module" / KERNELS_FILE.name
        shutil.copyfile(KERNELS_FILE, path)
        progress(f"building {path.name} (cold cache)")
        from hatch_pyaot.toolchains.host import BuildOptions

        options = BuildOptions(isa_variants=isa_variants)
        cold_s, build_report = cold_build(path, tmp / "caches", options)
        warm_s = warm_build(path, next((tmp / "caches").iterdir()), options)
        diagnostics = "\n".join(m.format_diagnostics() for m in build_report.modules).strip()
        entries = [e for m in build_report.modules for e in m.entries]
        module_info: dict[str, Any] = {
            "entries": len(entries),
            "compiled": sum(e.compiled for e in entries),
            "not_compiled": [e.name for e in entries if not e.compiled],
            "compile_cold_s": cold_s,
            "compile_warm_s": warm_s,
        }
        alone = compile_alone(tmp) if per_kernel else {}

        native = import_file(path, MODULE)
        python = import_file(path, PYTHON_MODULE, disable=True)
        others = other_compilers()
        numba_mod = None
        if others["numba"].startswith("installed: benchmarked"):
            try:
                numba_mod = numba_module(path, f"{MODULE}_numba")
            except Exception as exc:  # reported in the table
                others["numba"] = f"installed, failed to set up: {exc!r}"

        method = memory_method()
        results = []
        for case in CASES:
            progress(f"checking and timing {case.name}")
            kernel = check_and_time(case, native, python, numba_mod, settings)
            kernel.compile_alone_s = alone.get(case.name)
            if kernel.ok and not method.startswith("n/a"):
                progress(f"peak memory of {case.name}")
                for variant in VARIANTS:
                    if not isinstance(kernel.times.get(variant), Timing):
                        continue
                    n = kernel.small_n if variant == "cpython" else kernel.large_n
                    kernel.memory[variant] = measure_memory(path, case.name, variant, n)
            results.append(kernel)

    geomeans = {
        "loops_vs_cpython": geomean(k.ratio("cpython", "compiled_loops_small") for k in results),
        "loops_vs_numpy": geomean(k.ratio("numpy", "compiled_loops") for k in results),
        "vec_vs_numpy": geomean(k.ratio("numpy", "compiled_vec") for k in results),
        "numba_loops_vs_numpy": geomean(k.ratio("numpy", "numba_loops") for k in results),
        "numba_vec_vs_numpy": geomean(k.ratio("numpy", "numba_vec") for k in results),
    }
    meta = machine() | {"quick": quick, "repeats": settings.repeats,
                        "min_repeat_s": settings.min_repeat_s,
                        "cpython_repeats": settings.cpython_repeats,
                        "numpy": np.__version__, "numpy_simd": numpy_simd(),
                        "isa_variants": list(isa_variants),
                        "isa_running": str(getattr(sys.modules.get(f"_pyaot_native.{MODULE}"),
                                                   "__pyaot_isa__", "baseline")),
                        "blas_threads": os.environ.get("OPENBLAS_NUM_THREADS", "default")}
    return Report(meta, results, geomeans, module_info, others, method, diagnostics)


def compile_alone(tmp: Path) -> dict[str, float]:
    """Per kernel: cold build of the module with only its two forms decorated."""
    source = KERNELS_FILE.read_text(encoding="utf-8")
    seconds_by_kernel = {}
    for case in CASES:
        folder = tmp / "alone" / case.name
        folder.mkdir(parents=True)
        single = folder / KERNELS_FILE.name
        keep = [f"{case.name}_loops", f"{case.name}_vec"]
        single.write_text(single_kernel_source(source, keep), encoding="utf-8")
        progress(f"building {case.name} alone (cold cache)")
        seconds, report = cold_build(single, tmp / "caches")
        if all(e.compiled for m in report.modules for e in m.entries if e.name in keep):
            seconds_by_kernel[case.name] = seconds
    return seconds_by_kernel


def numpy_simd() -> str:
    """The SIMD extensions NumPy dispatches to on this CPU (the compiled code targets the
    compiler's default, baseline x86-64, unless told otherwise)."""
    try:
        umath = importlib.import_module("numpy._core._multiarray_umath")
        baseline, dispatch, features = (umath.__cpu_baseline__, umath.__cpu_dispatch__,
                                        umath.__cpu_features__)
    except (ImportError, AttributeError):
        return "unknown"
    found = [f for f in dispatch if features.get(f)]
    return f"baseline {' '.join(baseline)}; dispatched {' '.join(found) or 'none'}"


# ----- formatting ------------------------------------------------------------------------

def fmt_faults(t: Timing | str | None) -> str:
    if not isinstance(t, Timing) or t.minor_faults_per_call is None:
        return "-"
    return f"{t.minor_faults_per_call:.0f}"


def fmt_bytes(n: int | None) -> str:
    if n is None:
        return "-"
    for unit, scale in (("GiB", 2**30), ("MiB", 2**20), ("KiB", 2**10)):
        if abs(n) >= scale:
            return f"{n / scale:.3g} {unit}"
    return f"{n} B"


def fmt_memory(m: Memory | str | None) -> str:
    if m is None or isinstance(m, str):
        return m or "-"
    return fmt_bytes(m.peak_bytes)


def render_markdown(report: Report) -> str:
    meta = report.meta
    numba = [f for f in ("loops", "vec")
             if any(isinstance(k.times.get(f"numba_{f}"), Timing) for k in report.kernels)]
    out = [
        f"# NumPy benchmarks: hatch-pyaot {meta['hatch_pyaot']} ({meta['commit']})",
        "",
        machine_line(meta) + f" · NumPy {meta['numpy']} ({meta['numpy_simd']}; "
        f"OPENBLAS_NUM_THREADS={meta['blas_threads']}) · compiled kernels' ISA variant: "
        f"{meta.get('isa_running', 'baseline')} (built: baseline "
        f"{' '.join(meta.get('isa_variants', []))})",
        "",
        "Median time per call over repeats in one run (compiled, NumPy"
        + (", numba" if numba else "") + f": {meta['repeats']} repeats of at least "
        f"{meta['min_repeat_s']} s; CPython: {meta['cpython_repeats']} repeats of one call). "
        "*loops* is the kernel written as explicit loops, *vec* as whole-array NumPy "
        "expressions; both are compiled by hatch-pyaot, and NumPy runs the *vec* form "
        "(for `histogram`: `np.bincount`). Ratios are speedups (other / compiled). CPython "
        "runs the *loops* form on the smaller *CPython input*; its ratio is taken against "
        "the compiled loops timed on that same input. *faults per call*: minor page faults "
        "per call while timing (fresh pages the allocator got from the kernel: each costs "
        "a trap and zeroing 4 KiB).",
        "",
    ]
    head = ["kernel", "input", "compiled loops", "compiled vec", "NumPy"]
    head += [f"numba {f}" for f in numba]
    head += ["loops vs NumPy", "**vec vs NumPy**", "faults per call: vec / NumPy",
             "CPython input", "CPython loops", "**loops vs CPython**", "compile alone"]
    out.append("| " + " | ".join(head) + " |")
    out.append("|" + "|".join(["---"] + ["--:"] * (len(head) - 1)) + "|")
    for k in report.kernels:
        if not k.ok:
            failed = "; ".join(f"{what}: {note}" for what, note in k.checks.items()
                               if not note.startswith(("identical", "max")))
            out.append(f"| `{k.name}` | {k.input(k.large_n)} | not timed: {failed} |")
            continue
        row = [f"`{k.name}`", k.input(k.large_n), fmt_time(k.median("compiled_loops")),
               fmt_time(k.median("compiled_vec")), fmt_time(k.median("numpy"))]
        for f in numba:
            t = k.times.get(f"numba_{f}")
            row.append(fmt_time(t.median_s) if isinstance(t, Timing)
                       else t.split(":")[0] if t else "-")
        row += [fmt_ratio(k.ratio("numpy", "compiled_loops")),
                fmt_ratio(k.ratio("numpy", "compiled_vec")),
                " / ".join(fmt_faults(k.times.get(v)) for v in ("compiled_vec", "numpy")),
                k.input(k.small_n),
                fmt_time(k.median("cpython")),
                fmt_ratio(k.ratio("cpython", "compiled_loops_small")),
                fmt_time(k.compile_alone_s)]
        out.append("| " + " | ".join(row) + " |")
    g = report.geomeans
    mean_row = ["**geometric mean**", "", "", "", ""] + [""] * len(numba)
    mean_row += [fmt_ratio(g["loops_vs_numpy"]), f"**{fmt_ratio(g['vec_vs_numpy'])}**", "", "", "",
                 f"**{fmt_ratio(g['loops_vs_cpython'])}**", ""]
    out.append("| " + " | ".join(mean_row) + " |")
    if numba:
        out += ["", "numba vs NumPy, geometric means: "
                + ", ".join(f"{f} {fmt_ratio(g[f'numba_{f}_vs_numpy'])}" for f in numba)
                + ". Not timed: "
                + ("; ".join(f"`{k.name}_{f}` {t}" for k in report.kernels for f in numba
                             if isinstance(t := k.times.get(f"numba_{f}"), str)) or "none")
                + "."]
    out += ["", *aims(report), ""]
    out += render_memory(report)
    mod = report.module
    out += [
        "",
        "## Build",
        "",
        "| what | value |",
        "|---|--:|",
        f"| functions compiled | {mod['compiled']} of {mod['entries']} |",
        f"| cold build of the module (empty cache) | {fmt_time(mod['compile_cold_s'])} |",
        f"| warm rebuild (cache hit) | {fmt_time(mod['compile_warm_s'])} |",
        "",
        "*compile alone*: cold build of a copy of the module with only that kernel's two forms "
        "decorated (mostly the fixed cost of CMake and of compiling the runtime headers).",
        "",
        "## Checks (before timing)",
        "",
        "| kernel | " + " | ".join(CHECK_LABELS) + " |",
        "|---|" + "---|" * len(CHECK_LABELS),
    ]
    for k in report.kernels:
        out.append(f"| `{k.name}` | "
                   + " | ".join(k.checks.get(label, "-") for label in CHECK_LABELS) + " |")
    out += ["", "## Other compilers", ""]
    out += [f"- {name}: {status}" for name, status in report.other_compilers.items()]
    if report.diagnostics:
        out += ["", "## Compiler diagnostics", "", "```", report.diagnostics, "```"]
    return "\n".join(out) + "\n"


CHECK_LABELS = ("compiled loops vs NumPy", "compiled vectorized vs NumPy",
                "compiled loops vs CPython")


def aims(report: Report) -> list[str]:
    timed = [k for k in report.kernels if k.ok]
    slow_loops = [(k.name, r) for k in timed
                  if (r := k.ratio("cpython", "compiled_loops_small")) and r < LOOP_AIM]
    slower_vec = [(k.name, r) for k in timed
                  if (r := k.ratio("numpy", "compiled_vec")) and r < 1.0]
    vec_mean = report.geomeans["vec_vs_numpy"]

    def names(pairs: list[tuple[str, float]]) -> str:
        return ", ".join(f"`{name}` ({fmt_ratio(r)})" for name, r in pairs) or "none"

    return [
        "## Aims",
        "",
        f"- Loops at least {LOOP_AIM:.0f}x faster than CPython: "
        f"{len(timed) - len(slow_loops)} of {len(timed)}; below: {names(slow_loops)}.",
        f"- Vectorized never slower than NumPy: below 1x: {names(slower_vec)}.",
        f"- Vectorized geometric mean over NumPy at least {VECTOR_AIM}x: "
        f"{fmt_ratio(vec_mean)} ({'met' if vec_mean and vec_mean >= VECTOR_AIM else 'missed'}).",
    ]


def render_memory(report: Report) -> list[str]:
    large = ["compiled_loops", "compiled_vec", "numpy"]
    large += [v for v in ("numba_loops", "numba_vec")
              if any(v in k.memory for k in report.kernels)]
    names = {"compiled_loops": "compiled loops", "compiled_vec": "compiled vec",
             "numpy": "NumPy", "numba_loops": "numba loops", "numba_vec": "numba vec"}
    out = [
        "## Peak memory",
        "",
        f"Method: {report.memory_method} (see the top of `numpy_suite.py`). The peak includes "
        "the result, whose size is given for reference. Resolution: about 0.25 MiB (Linux "
        "keeps the resident-set counters per CPU and sums them approximately), so small "
        "peaks read as 0. CPython runs on its smaller input. *faults*: minor page faults "
        "during that call (NumPy asks for transparent huge pages on arrays of 4 MiB and "
        "more; the compiled runtime does not).",
        "",
        "| kernel | result | " + " | ".join(names[v] for v in large)
        + " | CPython loops (its input) | faults: " + " / ".join(names[v] for v in large) + " |",
        "|---|" + "--:|" * (len(large) + 3),
    ]
    for k in report.kernels:
        if not k.memory:
            continue
        memories = [k.memory.get(v) for v in large]
        result = next((m.result_bytes for m in memories if isinstance(m, Memory)), None)
        faults = " / ".join(str(m.minor_faults) if isinstance(m, Memory) else "-"
                            for m in memories)
        row = [f"`{k.name}`", fmt_bytes(result), *(fmt_memory(m) for m in memories),
               f"{fmt_memory(k.memory.get('cpython'))} ({k.input(k.small_n)})", faults]
        out.append("| " + " | ".join(row) + " |")
    return out


def write(report: Report, out_dir: Path) -> tuple[str, list[str]]:
    """Write numpy.md and numpy.json to ``out_dir``; (the Markdown, the failed kernels)."""
    text = render_markdown(report)
    (out_dir / "numpy.md").write_text(text, encoding="utf-8")
    (out_dir / "numpy.json").write_text(json.dumps(asdict(report), indent=2) + "\n",
                                        encoding="utf-8")
    failed = [k.name for k in report.kernels if not (k.compiled and k.ok)]
    return text, failed


if __name__ == "__main__":
    # the peak-memory probe: run by measure_memory in a fresh process
    if len(sys.argv) == 3 and sys.argv[1] == "--probe":
        module_path, kernel, variant, n = json.loads(sys.argv[2])
        print(json.dumps(probe(Path(module_path), kernel, variant, n)))
    else:
        sys.exit("run benchmarks/run.py (this file is the NumPy suite it runs)")
