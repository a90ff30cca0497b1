"""What the benchmark suites share: importing a kernels file compiled or as plain Python,
cold builds, timing by medians of repeats, the machine's description and number formats.

Every suite (scalar_suite.py, numpy_suite.py) builds its kernels file in a temporary folder
with an empty build cache, imports it twice and times both; ratios are only ever taken
between numbers measured in the same run.
"""

from __future__ import annotations

import ast
import contextlib
import datetime
import functools
import importlib.util
import math
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
import timeit
import types
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
OTHER_COMPILERS = ("numba", "pythran")


@dataclass
class Timing:
    median_s: float
    repeats: int
    calls_per_repeat: int
    all_s: list[float]
    minor_faults_per_call: float | None = None
    """Page faults (minor) per call over the timed calls; None where getrusage is missing."""


@contextlib.contextmanager
def env_var(name: str, value: str | None) -> Iterator[None]:
    """Set (or, with None, remove) one environment variable for the block."""
    old = os.environ.get(name)
    if value is None:
        os.environ.pop(name, None)
    else:
        os.environ[name] = value
    try:
        yield
    finally:
        if old is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = old


def import_file(path: Path, name: str, *, disable: bool = False) -> types.ModuleType:
    """Import ``path`` as module ``name``; with ``disable`` as plain Python (PYAOT_DISABLE)."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    with env_var("PYAOT_DISABLE", "1" if disable else None):
        spec.loader.exec_module(module)
    return module


def single_kernel_source(source: str, keep: Iterable[str]) -> str:
    """``source`` with the ``@compile`` decorator removed from every function not in ``keep``.

    The other functions stay in the module (as helpers they are still compiled when a kept
    function calls them); lines keep their numbers.
    """
    kept = set(keep)
    lines = source.splitlines(keepends=True)
    for node in ast.parse(source).body:
        if not isinstance(node, ast.FunctionDef) or node.name in kept:
            continue
        for deco in node.decorator_list:
            target = deco.func if isinstance(deco, ast.Call) else deco
            if isinstance(target, ast.Name) and target.id == "compile":
                for i in range(deco.lineno - 1, (deco.end_lineno or deco.lineno)):
                    lines[i] = "\n"
    return "".join(lines)


def cold_build(path: Path, cache_root: Path, options: Any = None) -> tuple[float, Any]:
    """Build ``path`` with a fresh, empty build cache; (seconds, BuildReport). ``options``:
    the ``BuildOptions`` (default ones if None)."""
    from hatch_pyaot.pipeline import build

    cache = Path(tempfile.mkdtemp(prefix="cache-", dir=cache_root))
    with env_var("PYAOT_CACHE_DIR", str(cache)):
        t0 = time.perf_counter()
        report = build([path], options)
        seconds = time.perf_counter() - t0
    return seconds, report


def warm_build(path: Path, cache: Path, options: Any = None) -> float:
    """Seconds to build ``path`` again with the build cache ``cache`` already filled."""
    from hatch_pyaot.pipeline import build

    with env_var("PYAOT_CACHE_DIR", str(cache)):
        t0 = time.perf_counter()
        build([path], options)
        return time.perf_counter() - t0


def build_described(path: Path, caches: Path, options: Any = None) -> tuple[dict[str, Any],
                                                                            str, Any]:
    """A cold build of ``path`` into the empty cache folder ``caches``, then a warm rebuild:
    (what the report says of the build, the compiler's diagnostics, the BuildReport)."""
    cold_s, report = cold_build(path, caches, options)
    warm_s = warm_build(path, next(caches.iterdir()), options)
    diagnostics = "\n".join(m.format_diagnostics() for m in report.modules).strip()
    entries = [e for m in report.modules for e in m.entries]
    info: dict[str, Any] = {
        "entries": len(entries),
        "compiled": sum(e.compiled for e in entries),
        "not_compiled": [e.name for e in entries if not e.compiled],
        "compile_cold_s": cold_s,
        "compile_warm_s": warm_s,
    }
    return info, diagnostics, report


def measure(fn: Callable[..., Any], args: tuple[Any, ...], repeats: int,
            min_repeat_s: float) -> Timing:
    """Median time of one call over ``repeats`` repeats; a repeat makes enough calls to last
    at least ``min_repeat_s`` (after one warm-up call that also sizes the repeats). Garbage
    collection is off while timing (timeit's default)."""
    call = functools.partial(fn, *args)
    t0 = time.perf_counter()
    call()
    once = time.perf_counter() - t0
    number = max(1, math.ceil(min_repeat_s / max(once, 1e-9)))
    faults = minor_faults()
    totals = timeit.Timer(call).repeat(repeat=repeats, number=number)
    per_call = [t / number for t in totals]
    after = minor_faults()
    per_call_faults = None if faults is None or after is None else (after - faults) / (
        repeats * number)
    return Timing(statistics.median(per_call), repeats, number, per_call, per_call_faults)


def minor_faults() -> int | None:
    """Minor page faults of this process so far (None where there is no getrusage)."""
    try:
        import resource
    except ImportError:  # Windows
        return None
    return resource.getrusage(resource.RUSAGE_SELF).ru_minflt


def timed_once(fn: Callable[..., Any], args: tuple[Any, ...]) -> float:
    """Seconds of one call."""
    t0 = time.perf_counter()
    fn(*args)
    return time.perf_counter() - t0


def geomean(values: Iterable[float | None]) -> float | None:
    present = [v for v in values if v]
    return statistics.geometric_mean(present) if present else None


def other_compilers(pythran: bool = False) -> dict[str, str]:
    """numba and pythran: whether each is importable and whether the suite times it
    (``pythran``: whether it runs pythran's column; the NumPy suite does)."""
    status = {}
    for name in OTHER_COMPILERS:
        installed = importlib.util.find_spec(name) is not None
        if not installed:
            status[name] = "not installed"
        elif name == "numba":
            status[name] = ("installed: benchmarked (njit of every function, JIT warm-up "
                            "excluded)")
        elif not pythran:
            status[name] = "installed, not benchmarked by this suite (the NumPy suite does)"
        else:
            status[name] = ("installed: benchmarked (one module per kernel, '#pythran export' "
                            "lines from the annotations and the suite's arguments)")
    return status


def numba_module(path: Path, name: str) -> types.ModuleType:
    """A plain-Python copy of ``path`` with every top-level function wrapped in numba.njit."""
    import numba  # type: ignore[import-not-found, unused-ignore]

    module = import_file(path, name, disable=True)
    for attr, obj in list(vars(module).items()):
        if isinstance(obj, types.FunctionType) and obj.__module__ == module.__name__:
            setattr(module, attr, numba.njit(obj))
    return module


def machine() -> dict[str, Any]:
    cpu = platform.processor() or platform.machine()
    with contextlib.suppress(OSError):
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    try:
        from hatch_pyaot.toolchains.compiler import find_compiler

        lines = find_compiler().identity.splitlines()  # path, then the version banner
        compiler = lines[1] if len(lines) > 1 else lines[0]
    except Exception as exc:  # informational only
        compiler = f"unknown ({exc})"
    try:
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=HERE,
                                capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        commit = "unknown"
    import hatch_pyaot

    return {
        "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "hatch_pyaot": hatch_pyaot.__version__,
        "commit": commit,
        "python": platform.python_version(),
        "platform": platform.platform(),
        "cpu": cpu,
        "cpu_count": os.cpu_count(),
        "compiler": compiler,
    }


def machine_line(meta: dict[str, Any]) -> str:
    return (f"{meta['date']} · Python {meta['python']} · {meta['cpu']} ({meta['cpu_count']} "
            f"logical CPUs) · {meta['compiler']} · {meta['platform']}"
            + (" · **--quick sizes**" if meta["quick"] else ""))


def fmt_time(seconds: float | None) -> str:
    if seconds is None:
        return "-"
    for unit, scale in (("s", 1.0), ("ms", 1e-3), ("µs", 1e-6)):
        if seconds >= scale:
            return f"{seconds / scale:.3g} {unit}"
    return f"{seconds / 1e-9:.3g} ns"


def fmt_ratio(x: float | None) -> str:
    if x is None:
        return "-"
    return f"{x:.0f}x" if x >= 100 else f"{x:.3g}x"


def progress(line: str) -> None:
    print(f"[bench] {line}", file=sys.stderr, flush=True)
