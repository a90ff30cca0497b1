"""``pyaot explain FILE::FUNC --stage variants``: the ISA variants a built module holds and
the one that runs on this machine (docs/variants.md).

The answer comes from the native module itself, loaded once: its init chose the variant
(from cpuid, lowered by ``PYAOT_ISA`` / ``PYAOT_CPU_FEATURES``) and recorded it.
"""

from __future__ import annotations

import os
from pathlib import Path


def describe(source: Path, native: Path) -> str:
    """The report for the module built from ``source`` into ``native``."""
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
    return "\n".join(lines)


def _forced() -> str:
    forced = [f"{name}={os.environ[name]}" for name in ("PYAOT_ISA", "PYAOT_CPU_FEATURES")
              if os.environ.get(name)]
    return f" (lowered by {', '.join(forced)})" if forced else ""
