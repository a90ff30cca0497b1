"""NumPy benchmarks: the kernels of numpy_kernels.py and numpy_kernels2.py, loop-style and
vectorized.

Run by ``python benchmarks/run.py`` (``--suite numpy`` for this suite alone). Every kernel is
timed four ways, medians of repeats in one run:

- compiled loops (``<name>_loops`` built by hatch-pyaot) and the same function run by the
  CPython interpreter; CPython gets a smaller input (``small``) and the compiled loops are
  timed on that input too, so their ratio compares like with like;
- compiled vectorized (``<name>_vec`` built by hatch-pyaot: fused whole-array expressions)
  and the same function run by NumPy, both on the large input, as are the compiled loops;
- numba's ``njit`` of both functions where numba is importable, and pythran's build of both
  (one module per kernel, pythran_column.py) where pythran is.

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

import functools
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
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import pythran_column
from harness import (
    HERE,
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
)
from numpy_case import Args, Case
from numpy_case import image as _image
from numpy_cases2 import CASES2
from numpy_peers import peer_columns, render_peers

SEED = 20240601
LOOP_AIM = 100.0
"""Aim: compiled loops at least this many times faster than the same loops in CPython."""
VECTOR_AIM = 1.5
"""Aim: geometric mean of compiled vectorized over NumPy at least this; no kernel below 1."""
PEER_AIM = 1.25
"""Aim: no kernel's faster compiled form slower than this times the fastest other column."""
MMAP_THRESHOLD = 128 * 1024


def _histogram_numpy(img: np.ndarray) -> np.ndarray:
    return np.bincount(img.ravel(), minlength=256)


def _mandelbrot_grid(n: int) -> Args:
    return np.linspace(-2.0, 0.6, n), np.linspace(-1.2, 1.2, n), 50


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
PEERS = ("numba", "pythran")
"""The other compilers, each a column per form (``numba_loops``, ``pythran_vec``, ...)."""
VARIANTS = ("compiled_loops", "compiled_vec", "numpy", "cpython",
            *(f"{peer}_{form}" for peer in PEERS for form in ("loops", "vec")))


@dataclass(frozen=True)
class KernelSet:
    file: Path
    cases: tuple[Case, ...]

    @property
    def module(self) -> str:
        """The compiled copy's module name (it must keep the file's: PyInit_<name>)."""
        return self.file.stem


SETS = (KernelSet(HERE / "numpy_kernels.py", CASES),
        KernelSet(HERE / "numpy_kernels2.py", CASES2))
KERNELS_FILE = SETS[0].file
"""The first kernels file (variants_compare.py and tune_gain.py time its kernels)."""
MODULE = SETS[0].module
PYTHON_MODULE = f"{MODULE}_python"
ALL_CASES = {case.name: case for kernel_set in SETS for case in kernel_set.cases}
PeerLookup = Callable[[str], "Callable[..., Any] | str | None"]
"""A peer column: function name -> its compiled function, why there is none, or None."""


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

    def best(self, columns: Iterable[str]) -> float | None:
        times = [t for c in columns if (t := self.median(c))]
        return min(times) if times else None

    def best_ratio(self, peers: tuple[str, ...] = ("numpy", *PEERS)) -> float | None:
        """The fastest of ``peers``' columns over the faster compiled form (NumPy's column
        is its ``_vec`` run by NumPy)."""
        others = [f"{p}_{f}" for p in peers for f in ("loops", "vec")] + ["numpy"] * (
            "numpy" in peers)
        a, b = self.best(others), self.best(("compiled_loops", "compiled_vec"))
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


def probe(module_path: Path, kernel: str, variant: str, n: int,
          pythran_path: str | None = None) -> dict[str, int]:
    """In this (fresh) process: the peak memory of one call of ``variant`` of ``kernel``."""
    case = ALL_CASES[kernel]
    args = case.make(np.random.default_rng(SEED), n)
    form = "_vec" if variant.endswith("_vec") or variant == "numpy" else "_loops"
    module = module_path.stem
    if variant == "numpy" and case.numpy_reference is not None:
        fn = case.numpy_reference
    elif variant.startswith("numba"):
        fn = getattr(numba_module(module_path, f"{module}_numba"), kernel + form)
    elif variant.startswith("pythran"):
        assert pythran_path is not None
        fn = getattr(pythran_column.load(Path(pythran_path)), kernel + form)
    elif variant.startswith("compiled"):
        fn = getattr(import_file(module_path, module), kernel + form)
    else:
        fn = getattr(import_file(module_path, f"{module}_python", disable=True), kernel + form)
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


def measure_memory(module_path: Path, kernel: str, variant: str, n: int,
                   pythran_path: Path | None = None) -> Memory | str:
    env = os.environ | {"MALLOC_MMAP_THRESHOLD_": str(MMAP_THRESHOLD)}
    extra = [str(pythran_path)] if pythran_path is not None else []
    command = [sys.executable, str(Path(__file__).resolve()), "--probe",
               json.dumps([str(module_path), kernel, variant, n, *extra])]
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
                   peers: dict[str, PeerLookup], settings: Settings) -> KernelResult:
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
    for peer, lookup in peers.items():
        for form in ("loops", "vec"):
            jit = lookup(f"{case.name}_{form}")
            if jit is None or isinstance(jit, str):
                if jit:
                    result.times[f"{peer}_{form}"] = jit
                continue
            ok, got = try_call(jit, large)  # numba's JIT compilation, not timed
            if not ok:
                result.times[f"{peer}_{form}"] = f"failed: {type(got).__name__}: {got}"[:200]
                continue
            same, note = compare(expected, got, case.rtol)
            if not same:
                result.times[f"{peer}_{form}"] = note
                continue
            timed(f"{peer}_{form}", jit, large, settings.repeats, settings.min_repeat_s)
    return result


def run(quick: bool, per_kernel: bool, isa_variants: tuple[str, ...] = (),
        memory: bool = True) -> Report:
    settings = Settings(quick=quick, repeats=5 if quick else 7,
                        min_repeat_s=0.02 if quick else 0.1, cpython_repeats=3)
    others = other_compilers(pythran=True)
    method = memory_method() if memory else "n/a (--no-memory)"
    results: list[KernelResult] = []
    modules: dict[str, Any] = {}
    diagnostics = []
    with tempfile.TemporaryDirectory(prefix="pyaot-bench-numpy-") as tmp_name:
        tmp = Path(tmp_name)
        (tmp / "caches").mkdir()
        for kernel_set in SETS:
            info, text = run_set(kernel_set, tmp, settings, per_kernel, isa_variants, others,
                                 method, results)
            modules[kernel_set.file.name] = info
            diagnostics += [text] if text else []
    geomeans = summary(results)
    meta = machine() | {"quick": quick, "repeats": settings.repeats,
                        "min_repeat_s": settings.min_repeat_s,
                        "cpython_repeats": settings.cpython_repeats,
                        "numpy": np.__version__, "numpy_simd": numpy_simd(),
                        "isa_variants": list(isa_variants),
                        "isa_running": str(getattr(sys.modules.get(f"_pyaot_native.{MODULE}"),
                                                   "__pyaot_isa__", "baseline")),
                        "blas_threads": os.environ.get("OPENBLAS_NUM_THREADS", "default")}
    return Report(meta, results, geomeans, modules, others, method, "\n".join(diagnostics))


def run_set(kernel_set: KernelSet, tmp: Path, settings: Settings, per_kernel: bool,
            isa_variants: tuple[str, ...], others: dict[str, str], method: str,
            results: list[KernelResult]) -> tuple[dict[str, Any], str]:
    """Build, check, time and measure one kernels file (results appended to ``results``);
    (what its build reports, its compiler diagnostics)."""
    folder = tmp / kernel_set.module
    folder.mkdir()
    path = folder / kernel_set.file.name
    shutil.copyfile(kernel_set.file, path)
    progress(f"building {path.name} (cold cache)")
    from hatch_pyaot.toolchains.host import BuildOptions

    options = BuildOptions(isa_variants=isa_variants)
    caches = tmp / "caches" / kernel_set.module
    caches.mkdir()
    info, diagnostics, _ = build_described(path, caches, options)
    alone = compile_alone(kernel_set, tmp) if per_kernel else {}
    native = import_file(path, kernel_set.module)
    python = import_file(path, f"{kernel_set.module}_python", disable=True)
    peers: dict[str, PeerLookup] = {}
    if others["numba"].startswith("installed: benchmarked"):
        try:
            numba_mod = numba_module(path, f"{kernel_set.module}_numba")
            peers["numba"] = lambda name: getattr(numba_mod, name, None)
        except Exception as exc:  # reported in the table
            others["numba"] = f"installed, failed to set up: {exc!r}"
    builds: dict[str, pythran_column.PythranBuild] = {}
    if pythran_column.available():
        builds = build_pythran(kernel_set, path, tmp, settings, python)
        peers["pythran"] = functools.partial(pythran_lookup, builds)
        info["pythran_build_s"] = {k: round(b.seconds, 2) for k, b in builds.items()}
        info["pythran_failed"] = {k: b.error for k, b in builds.items() if b.module is None}
    for case in kernel_set.cases:
        progress(f"checking and timing {case.name}")
        kernel = check_and_time(case, native, python, peers, settings)
        kernel.compile_alone_s = alone.get(case.name)
        if kernel.ok and not method.startswith("n/a"):
            progress(f"peak memory of {case.name}")
            built = builds.get(case.name)
            for variant in VARIANTS:
                if not isinstance(kernel.times.get(variant), Timing):
                    continue
                n = kernel.small_n if variant == "cpython" else kernel.large_n
                kernel.memory[variant] = measure_memory(
                    path, case.name, variant, n,
                    built.module if built is not None and variant.startswith("pythran")
                    else None)
        results.append(kernel)
    return info, diagnostics


def build_pythran(kernel_set: KernelSet, path: Path, tmp: Path, settings: Settings,
                  python: types.ModuleType) -> dict[str, pythran_column.PythranBuild]:
    """One pythran module per kernel, exported for the arguments the suite calls it with."""
    kernels = []
    for case in kernel_set.cases:
        args = case.make(np.random.default_rng(SEED), case.large[1 if settings.quick else 0])
        forms = [f"{case.name}_{f}" for f in ("loops", "vec") if hasattr(python, f"{case.name}_{f}")]
        kernels.append((case.name, dict.fromkeys(forms, args)))
    return pythran_column.build_all(path.read_text(encoding="utf-8"), kernels,
                                    tmp / "pythran" / kernel_set.module, progress)


def pythran_lookup(builds: dict[str, pythran_column.PythranBuild],
                   name: str) -> Callable[..., Any] | str | None:
    kernel = name.rsplit("_", 1)[0]
    built = builds.get(kernel)
    if built is None:
        return None
    if built.module is None:
        return f"failed to build: {built.error}"
    return getattr(pythran_column.load(built.module), name, None)


def summary(results: list[KernelResult]) -> dict[str, float | None]:
    """The geometric means of the report, and those against the other compilers: per form
    (compiled loops over numba loops, ...) and best against best (the faster compiled form
    over the fastest other column)."""
    geomeans = {
        "loops_vs_cpython": geomean(k.ratio("cpython", "compiled_loops_small") for k in results),
        "loops_vs_numpy": geomean(k.ratio("numpy", "compiled_loops") for k in results),
        "vec_vs_numpy": geomean(k.ratio("numpy", "compiled_vec") for k in results),
        "best_vs_peers": geomean(k.best_ratio() for k in results),
    }
    for peer in PEERS:
        for form in ("loops", "vec"):
            geomeans[f"{peer}_{form}_vs_numpy"] = geomean(
                k.ratio("numpy", f"{peer}_{form}") for k in results)
            geomeans[f"{form}_vs_{peer}"] = geomean(
                k.ratio(f"{peer}_{form}", f"compiled_{form}") for k in results)
        geomeans[f"best_vs_{peer}"] = geomean(k.best_ratio((peer,)) for k in results)
    return geomeans


def compile_alone(kernel_set: KernelSet, tmp: Path) -> dict[str, float]:
    """Per kernel: cold build of the module with only its two forms decorated."""
    source = kernel_set.file.read_text(encoding="utf-8")
    seconds_by_kernel = {}
    for case in kernel_set.cases:
        folder = tmp / "alone" / case.name
        folder.mkdir(parents=True)
        single = folder / kernel_set.file.name
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
    peers = peer_columns(report)
    out = [
        f"# NumPy benchmarks: hatch-pyaot {meta['hatch_pyaot']} ({meta['commit']})",
        "",
        machine_line(meta) + f" · NumPy {meta['numpy']} ({meta['numpy_simd']}; "
        f"OPENBLAS_NUM_THREADS={meta['blas_threads']}) · compiled kernels' ISA variant: "
        f"{meta.get('isa_running', 'baseline')} (built: baseline "
        f"{' '.join(meta.get('isa_variants', []))})",
        "",
        "Median time per call over repeats in one run (compiled, NumPy"
        + "".join(f", {p}" for p in dict.fromkeys(c.split("_")[0] for c in peers))
        + f": {meta['repeats']} repeats of at least "
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
    head += [c.replace("_", " ") for c in peers]
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
        for column in peers:
            t = k.times.get(column)
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
    mean_row = ["**geometric mean**", "", "", "", ""] + [""] * len(peers)
    mean_row += [fmt_ratio(g["loops_vs_numpy"]), f"**{fmt_ratio(g['vec_vs_numpy'])}**", "", "", "",
                 f"**{fmt_ratio(g['loops_vs_cpython'])}**", ""]
    out.append("| " + " | ".join(mean_row) + " |")
    out += ["", *render_peers(report, PEERS, PEER_AIM), ""]
    out += ["", *aims(report), ""]
    out += render_memory(report)
    out += ["", "## Build", "", "| what | " + " | ".join(f"`{f}`" for f in report.module)
            + " |", "|---|" + "--:|" * len(report.module)]
    mods = report.module.values()
    out += [
        "| functions compiled | " + " | ".join(f"{m['compiled']} of {m['entries']}"
                                               for m in mods) + " |",
        "| cold build of the module (empty cache) | "
        + " | ".join(fmt_time(m["compile_cold_s"]) for m in mods) + " |",
        "| warm rebuild (cache hit) | "
        + " | ".join(fmt_time(m["compile_warm_s"]) for m in mods) + " |",
        "| pythran builds, one module per kernel (sum) | "
        + " | ".join(fmt_time(sum(m.get("pythran_build_s", {}).values()) or None)
                     for m in mods) + " |",
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
    large += [v for v in VARIANTS[4:] if any(v in k.memory for k in report.kernels)]
    names = {"compiled_loops": "compiled loops", "compiled_vec": "compiled vec",
             "numpy": "NumPy"} | {v: v.replace("_", " ") for v in VARIANTS[4:]}
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
    (out_dir / "numpy.json").write_text(json.dumps(asdict(report), indent=2) + "\n",
                                        encoding="utf-8")
    text = render_markdown(report)
    (out_dir / "numpy.md").write_text(text, encoding="utf-8")
    failed = [k.name for k in report.kernels if not (k.compiled and k.ok)]
    return text, failed


def load_report(path: Path) -> Report:
    """A report back from its numpy.json (to render it again: ``--render numpy.json``)."""
    data = json.loads(path.read_text(encoding="utf-8"))
    kernels = []
    for k in data["kernels"]:
        k["times"] = {v: Timing(**t) if isinstance(t, dict) else t for v, t in k["times"].items()}
        k["memory"] = {v: Memory(**m) if isinstance(m, dict) else m
                       for v, m in k["memory"].items()}
        kernels.append(KernelResult(**k))
    return Report(**(data | {"kernels": kernels}))


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--render":
        rendered = load_report(Path(sys.argv[2]))
        rendered.geomeans = summary(rendered.kernels)
        print(render_markdown(rendered))
    # the peak-memory probe: run by measure_memory in a fresh process
    elif len(sys.argv) == 3 and sys.argv[1] == "--probe":
        module_path, kernel, variant, n, *pythran_path = json.loads(sys.argv[2])
        print(json.dumps(probe(Path(module_path), kernel, variant, n, *pythran_path)))
    else:
        sys.exit("run benchmarks/run.py (this file is the NumPy suite it runs)")
