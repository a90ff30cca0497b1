"""The tuning cache (docs/variants.md, "Tuning"; standard library only): which variant each
function of a module built in several variants runs, per shape bucket, as measured on this
machine by ``pyaot tune``.

One JSON file per machine, ``<user cache>/pyaot/tune/<cpu key>.json``, never sent anywhere:

    {"format": 1, "machines": [{"cpu": {"model": "...", "features": 8388607},
      "modules": {"<build id>": {"module": "kernels", "functions": {"poly": {"19": {
        "isa": "x86-64-v4", "threads": true, "times_ns": {"x86-64-v4 threads": 81000.0}}}}}}}]}

A module's entry is keyed by its build id (``__pyaot_build_id__``, the hash of its build:
sources, compiler, flags), so a rebuild leaves the old entry unused. A package can ship
defaults in the same format next to the native module, ``<stem>.pyaot-tune.json``; the
machine's own cache comes first. ``PYAOT_TUNE=off`` reads neither. Every pick goes through
the module's ``__pyaot_tune__``, which refuses a level this CPU cannot run.
"""

from __future__ import annotations

import os
import sys

TYPE_CHECKING = False
if TYPE_CHECKING:
    import types
    from typing import Any

FORMAT = 1
DEFAULTS_SUFFIX = ".pyaot-tune.json"
"""``<stem>.pyaot-tune.json`` next to ``<stem>.pyaot<EXT_SUFFIX>``: a package's defaults."""


def cache_dir() -> str:
    """``<user cache>/pyaot/tune``: ``$XDG_CACHE_HOME`` or ``~/.cache`` on Linux and the
    other POSIX systems, ``~/Library/Caches`` on macOS, ``%LOCALAPPDATA%`` on Windows."""
    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA") or os.path.expanduser(r"~\AppData\Local")
    elif sys.platform == "darwin":
        base = os.path.expanduser("~/Library/Caches")
    else:
        base = os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache")
    return os.path.join(base, "pyaot", "tune")


def cpu_of(module: types.ModuleType) -> dict[str, Any]:
    model, features = module.__pyaot_cpu__
    return {"model": model, "features": features}


def cache_file(cpu: dict[str, Any]) -> str:
    """This machine's file: named by a hash of its CPU's model and feature bits."""
    import hashlib

    key = f"{cpu['model']}|{cpu['features']}".encode()
    return os.path.join(cache_dir(), hashlib.sha256(key).hexdigest()[:16] + ".json")


def defaults_file(native: str) -> str:
    """Where a package's defaults for the native module at ``native`` lie."""
    folder, name = os.path.split(native)
    return os.path.join(folder, name.split(".", 1)[0] + DEFAULTS_SUFFIX)


def read(path: str) -> dict[str, Any] | None:
    """The file's content, or None when absent or not a tuning file (a corrupt cache is
    ignored, never fatal)."""
    import json

    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except (OSError, ValueError):
        return None
    ok = isinstance(data, dict) and data.get("format") == FORMAT
    return data if ok and isinstance(data.get("machines"), list) else None


def entry_for(data: dict[str, Any] | None, cpu: dict[str, Any], build_id: str,
              package: bool = False) -> dict[str, Any] | None:
    """The functions measured for ``build_id`` on ``cpu``. A package's defaults (``package``)
    may also be for a CPU of the same features or ``"cpu": "any"``, and for ``"any"`` build
    of the module; the closest match wins."""
    if data is None:
        return None
    ranked: list[tuple[int, dict[str, Any]]] = []
    for machine in data["machines"]:
        modules = machine.get("modules") if isinstance(machine, dict) else None
        if not isinstance(modules, dict):
            continue
        theirs = machine.get("cpu")
        if theirs == cpu:
            cpu_rank = 0
        elif package and isinstance(theirs, dict) and theirs.get("features") == cpu["features"]:
            cpu_rank = 1
        elif package and theirs == "any":
            cpu_rank = 2
        else:
            continue
        for build_rank, key in enumerate((build_id, "any") if package else (build_id,)):
            found = modules.get(key)
            if isinstance(found, dict) and isinstance(found.get("functions"), dict):
                ranked.append((2 * cpu_rank + build_rank, found["functions"]))
    return min(ranked, key=lambda r: r[0])[1] if ranked else None


def mode() -> str:
    """``PYAOT_TUNE``: ``on`` (the default: read the cache), ``off``, ``online`` (read it,
    and time real calls: runtime/online.py)."""
    value = os.environ.get("PYAOT_TUNE", "").strip().lower()
    if value in ("", "on", "1"):
        return "on"
    if value in ("off", "0", "online"):
        return value if value != "0" else "off"
    import warnings

    warnings.warn(f"PYAOT_TUNE={value!r} is not understood (on, off, online); it is ignored",
                  RuntimeWarning, stacklevel=3)
    return "on"


def apply(module: types.ModuleType, native: str) -> None:
    """Set ``module``'s picks from the machine's cache, else the package's defaults, and
    record what was applied as ``__pyaot_choice__`` ({function: {bucket: (level,
    threads)}}; empty when nothing was) and where from as ``__pyaot_tuned_from__``."""
    _record(module, {}, None)
    if mode() == "off":
        return
    cpu = cpu_of(module)
    build_id = module.__pyaot_build_id__
    mine = cache_file(cpu)
    functions = entry_for(read(mine), cpu, build_id)
    source = mine
    if functions is None:
        source = defaults_file(native)
        functions = entry_for(read(source), cpu, build_id, package=True)
    if functions is None:
        return
    choice = {name: set_picks(module, name, buckets) for name, buckets in functions.items()
              if isinstance(name, str) and isinstance(buckets, dict)}
    _record(module, {name: picks for name, picks in choice.items() if picks}, source)


def _record(module: types.ModuleType, choice: dict[str, dict[int, tuple[str, bool]]],
            source: str | None) -> None:
    setattr(module, "__pyaot_choice__", choice)  # noqa: B010 - a module's dunder, for mypy
    setattr(module, "__pyaot_tuned_from__", source)  # noqa: B010


def set_picks(module: types.ModuleType, name: str,
              buckets: dict[str, Any]) -> dict[int, tuple[str, bool]]:
    """Apply one function's measured buckets; a bucket not measured gets the pick of the
    nearest measured one (the lower on a tie). Returns the picks the module accepted."""
    measured: dict[int, tuple[str, bool]] = {}
    for key, pick in buckets.items():
        if (isinstance(key, str) and key.isdigit() and len(key) <= 2 and isinstance(pick, dict)
                and isinstance(pick.get("isa"), str)
                and isinstance(pick.get("threads", True), bool)):
            measured[int(key)] = (pick["isa"], pick.get("threads", True))
    accepted = {b: p for b, p in sorted(measured.items()) if _offer(module, name, b, *p)}
    if not accepted:
        return {}
    for bucket in range(64):
        if bucket not in accepted:
            nearest = min(accepted, key=lambda b: (abs(b - bucket), b))
            _offer(module, name, bucket, *accepted[nearest])
    return accepted


def _offer(module: types.ModuleType, name: str, bucket: int, isa: str, threads: bool) -> bool:
    """Whether the module took the pick (it refuses what it cannot run; a name with a NUL
    character is refused here)."""
    try:
        return module.__pyaot_tune__(name, bucket, isa, int(threads)) is True
    except (ValueError, TypeError, OverflowError):
        return False
