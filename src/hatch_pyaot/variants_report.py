"""``pyaot explain FILE::FUNC --stage variants``: the ISA variants a built module holds, the
one that runs on this machine (docs/variants.md), and what the tuning cache measured and
picked for FUNC (runtime/tuning.py).

The answer comes from the native module itself, loaded once: its init chose the variant
(from cpuid, lowered by ``PYAOT_ISA`` / ``PYAOT_CPU_FEATURES``) and recorded it.
"""

from __future__ import annotations

import os
import types
from pathlib import Path


def describe(source: Path, native: Path, function: str | None = None) -> str:
    """The report for the module built from ``source`` into ``native`` (and ``function``'s
    tuning)."""
    from hatch_pyaot.runtime.loader import _load

    if not native.is_file():
        return (f"{source}: no native module built yet ({native.name}); build it with ISA "
                "variants: pyaot build --isa-variant x86-64-v3 --isa-variant x86-64-v4 "
                f"{source}")
    module = _load(f"_pyaot_explain.{source.stem}", str(native))
    built = getattr(module, "__pyaot_variants__", None)
    if built is None:
        return (f"{native.name}: one portable variant (baseline), built without "
                "isa-variants")
    chosen = getattr(module, "__pyaot_isa__", "baseline")
    lines = [f"{native.name}: {len(built)} variants"]
    lines += [f"  {name}{'   <- runs here' if name == chosen else ''}" for name in built]
    lines.append(f"this CPU runs up to {getattr(module, '__pyaot_cpu_isa__', '?')}"
                 + _forced())
    if function is not None and hasattr(module, "__pyaot_tune__"):
        lines += _tuned(module, str(native), source, function)
    return "\n".join(lines)


def _tuned(module: types.ModuleType, native: str, source: Path, function: str) -> list[str]:
    """What the tuning cache holds for ``function`` and what the module runs by it."""
    from hatch_pyaot.runtime import tuning

    tuning.apply(module, native)
    where = module.__pyaot_tuned_from__
    if tuning.mode() == "off":
        return ["tuning: off (PYAOT_TUNE=off)"]
    if where is None:
        return [f"tuning: none for this build on this machine (measure: pyaot tune {source})"]
    cpu = tuning.cpu_of(module)
    functions = (tuning.entry_for(tuning.read(where), cpu, module.__pyaot_build_id__,
                                  package=True) or {})
    measured = functions.get(function)
    lines = [f"tuning from {where}:"]
    if not isinstance(measured, dict) or not measured:
        return [*lines, f"  {function}: not measured (it runs the default everywhere)"]
    picked = module.__pyaot_choice__.get(function, {})
    for key, entry in sorted(measured.items(), key=lambda item: int(item[0])
                             if item[0].isdigit() else -1):
        if not key.isdigit() or not isinstance(entry, dict):
            continue
        pick = picked.get(int(key))
        runs = (f"{pick[0]} {'threads' if pick[1] else 'serial'}" if pick else
                f"the default (the cache's {entry.get('isa')} cannot run here)")
        lines.append(f"  bucket {key} (2^{key} elements): runs {runs}"
                     + (f" (untuned: {entry['default']})" if "default" in entry else ""))
        times = entry.get("times_ns")
        if isinstance(times, dict):
            ranked = sorted((t, label) for label, t in times.items()
                            if isinstance(t, int | float))
            lines.append("    " + ", ".join(f"{label} {_format(t)}" for t, label in ranked))
    return lines


def _format(ns: float) -> str:
    return f"{ns / 1e6:.2f} ms" if ns >= 1e6 else (
        f"{ns / 1e3:.1f} us" if ns >= 1e3 else f"{ns:.0f} ns")


def _forced() -> str:
    forced = [f"{name}={os.environ[name]}" for name in ("PYAOT_ISA", "PYAOT_CPU_FEATURES")
              if os.environ.get(name)]
    return f" (lowered by {', '.join(forced)})" if forced else ""
