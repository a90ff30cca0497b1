"""``pyaot tune FILE.py``: time every variant a built module can run here, per function and
shape bucket, and write the machine's tuning cache (runtime/tuning.py; docs/variants.md,
"Tuning").

The inputs are ``TUNE_INPUTS = {"func": [(args...), ...]}`` in ``--inputs FILE.py``, else in
the module's source; a value may be a function returning the list (large arrays made only
when tuning). Each variant first gives its result, which must equal the default variant's
(else it is dropped); then rounds of interleaved timings, each sample the mean of enough
calls to last about a millisecond, keep the median; after three rounds a candidate slower
than 1.2x the best is dropped. The default stays unless another is more than 5% faster.
"""

from __future__ import annotations

import copy
import json
import math
import os
import runpy
import statistics
import time
import types
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hatch_pyaot.runtime import tuning
from hatch_pyaot.runtime.online import bucket_of

SAMPLE_SECONDS = 1e-3
ROUNDS = 7
EARLY_ROUNDS = 3
DROP_ABOVE = 1.2
KEEP_DEFAULT_WITHIN = 1.05


@dataclass(frozen=True)
class Candidate:
    isa: str
    threads: bool

    @property
    def label(self) -> str:
        return f"{self.isa} {'threads' if self.threads else 'serial'}"


@dataclass
class Measured:
    """One function's bucket: the median seconds per call of each candidate timed."""

    function: str
    bucket: int
    default: Candidate
    times: dict[Candidate, float] = field(default_factory=dict)
    dropped: dict[Candidate, str] = field(default_factory=dict)

    @property
    def best(self) -> Candidate:
        """The fastest candidate not dropped; the default unless another beats it by more
        than KEEP_DEFAULT_WITHIN (a pick needs a measured gain, not noise)."""
        alive = [c for c in self.times if c not in self.dropped]
        fastest = min(alive, key=lambda c: self.times[c])
        keep = self.times[self.default] <= KEEP_DEFAULT_WITHIN * self.times[fastest]
        return self.default if keep else fastest

    @property
    def gain(self) -> float:
        """The default (untuned) choice's time over the tuned one's."""
        return self.times[self.default] / self.times[self.best]


def load_inputs(source: Path, inputs: Path | None) -> dict[str, list[tuple[Any, ...]]]:
    path = inputs or source
    found = runpy.run_path(str(path), run_name=path.stem).get("TUNE_INPUTS")
    if not isinstance(found, dict):
        raise ValueError(f"{path} defines no TUNE_INPUTS = {{'func': [(args...), ...]}}")
    out = {}
    for name, value in found.items():
        calls = value() if callable(value) else value
        out[name] = [tuple(c) if isinstance(c, tuple | list) else (c,) for c in calls]
    return out


def candidates(module: types.ModuleType, threaded: bool) -> list[Candidate]:
    """The variants to time: every level built and runnable here (the module refuses the
    others), and serial apart from threaded where a loop of the calls can use threads."""
    built = module.__pyaot_variants__
    allowed = built[:built.index(module.__pyaot_isa__) + 1]
    splits = (True, False) if threaded and (os.cpu_count() or 1) > 1 else (True,)
    return [Candidate(isa, threads) for isa in allowed for threads in splits]


def _threaded(module: types.ModuleType, fn: Callable[..., Any],
              group: list[tuple[Any, ...]]) -> bool:
    """Whether the calls of ``group`` run a loop large enough for threads (the module counts
    them: pyaot/parallel/pool.hpp); where none does, serial and threaded are the same."""
    before = module.__pyaot_splittable__()
    for args in group:
        fn(*copy.deepcopy(args))
    return bool(module.__pyaot_splittable__() > before)


def same(a: Any, b: Any) -> bool:
    """Bit for bit (NaN equal to NaN), through tuples and lists."""
    if isinstance(a, tuple | list) and isinstance(b, tuple | list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    if hasattr(a, "__array_interface__") and hasattr(b, "__array_interface__"):
        return bool(a.dtype == b.dtype and a.shape == b.shape and a.tobytes() == b.tobytes())
    if isinstance(a, float) and isinstance(b, float):
        return a == b or (math.isnan(a) and math.isnan(b))
    return bool(a == b)


def measure(module: types.ModuleType, name: str, calls: list[tuple[Any, ...]],
            rounds: int = ROUNDS) -> list[Measured]:
    """Time ``name`` on each bucket of ``calls`` (the calls of one bucket timed together)."""
    fn: Callable[..., Any] = getattr(module, name)
    by_bucket: dict[int, list[tuple[Any, ...]]] = {}
    for args in calls:
        by_bucket.setdefault(bucket_of(args), []).append(args)
    out = []
    for bucket, group in sorted(by_bucket.items()):
        isa, threads = module.__pyaot_pick__(name, bucket)
        result = Measured(name, bucket, Candidate(isa, threads))
        _choose(module, name, result.default)
        offered = candidates(module, _threaded(module, fn, group))
        alive = _checked(module, name, fn, group, offered, result)
        samples: dict[Candidate, list[float]] = {c: [] for c in alive}
        reps = _reps(module, name, fn, group, result.default)
        for done in range(rounds):
            for c in alive:
                _choose(module, name, c)
                samples[c].append(_sample(fn, group, reps))
            if done + 1 >= EARLY_ROUNDS and len(alive) > 1:
                best = min(statistics.median(samples[c]) for c in alive)
                for c in list(alive):
                    if statistics.median(samples[c]) > DROP_ABOVE * best and c != result.default:
                        alive.remove(c)
                        result.dropped[c] = f"slower than {DROP_ABOVE}x the best"
        result.times = {c: statistics.median(s) for c, s in samples.items()}
        module.__pyaot_tune__(name, -1, isa, int(threads))  # back to the default
        out.append(result)
    return out


def _choose(module: types.ModuleType, name: str, c: Candidate) -> None:
    if module.__pyaot_tune__(name, -1, c.isa, int(c.threads)) is not True:
        raise RuntimeError(f"the module refused {c.label} for {name}")


def _checked(module: types.ModuleType, name: str, fn: Callable[..., Any],
             group: list[tuple[Any, ...]], offered: list[Candidate],
             result: Measured) -> list[Candidate]:
    """The candidates whose results equal the default's on every call of ``group``."""
    _choose(module, name, result.default)
    expected = [fn(*copy.deepcopy(args)) for args in group]
    alive = []
    for c in offered:
        _choose(module, name, c)
        if all(same(fn(*copy.deepcopy(args)), e) for args, e in zip(group, expected, strict=True)):
            alive.append(c)
        else:
            result.dropped[c] = "its result differs from the default variant's"
    if result.default not in alive:
        alive.insert(0, result.default)
    return alive


def _reps(module: types.ModuleType, name: str, fn: Callable[..., Any],
          group: list[tuple[Any, ...]], default: Candidate) -> int:
    """Calls per sample: enough for about SAMPLE_SECONDS."""
    _choose(module, name, default)
    once = _sample(fn, group, 1)
    return max(1, min(10_000, math.ceil(SAMPLE_SECONDS / max(once, 1e-9))))


def _sample(fn: Callable[..., Any], group: list[tuple[Any, ...]], reps: int) -> float:
    """Seconds per call over ``reps`` rounds of ``group`` (fresh copies of the arguments,
    made before the clock starts: a kernel may change its arrays)."""
    copies = [copy.deepcopy(args) for _ in range(reps) for args in group]
    start = time.perf_counter()
    for args in copies:
        fn(*args)
    return (time.perf_counter() - start) / len(copies)


def record(module: types.ModuleType, source: Path, measured: list[Measured],
           path: str) -> None:
    """Write ``measured`` into the tuning file at ``path`` (this machine's entry, this build's
    module), keeping the other machines and modules."""
    cpu = tuning.cpu_of(module)
    data = tuning.read(path) or {"format": tuning.FORMAT, "machines": []}
    machine = next((m for m in data["machines"] if isinstance(m, dict) and m.get("cpu") == cpu),
                   None)
    if machine is None:
        machine = {"cpu": cpu, "modules": {}}
        data["machines"].append(machine)
    functions: dict[str, Any] = {}
    for m in measured:
        functions.setdefault(m.function, {})[str(m.bucket)] = {
            "isa": m.best.isa, "threads": m.best.threads,
            "times_ns": {c.label: round(t * 1e9, 1) for c, t in m.times.items()},
            "default": m.default.label}
    machine.setdefault("modules", {})[module.__pyaot_build_id__] = {
        "module": source.stem, "source": str(source), "functions": functions,
        "tuned": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    temporary = f"{path}.{os.getpid()}.tmp"
    with open(temporary, "w", encoding="utf-8") as f:
        json.dump(data, f, indent=1)
    os.replace(temporary, path)


def report(measured: list[Measured]) -> str:
    lines = []
    for m in measured:
        times = ", ".join(f"{c.label} {t * 1e6:.1f} us" for c, t in
                          sorted(m.times.items(), key=lambda item: item[1]))
        lines.append(f"{m.function} [bucket {m.bucket}]: picks {m.best.label} "
                     f"(default {m.default.label}, {m.gain:.2f}x): {times}")
        lines += [f"    dropped {c.label}: {why}" for c, why in m.dropped.items()]
    return "\n".join(lines)
