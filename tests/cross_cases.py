"""What the cross-target differential tests (tests/test_wasm_differential.py,
tests/test_android_differential.py) share: flattening arguments into C values, rebuilding
Python results from out-values, and the tolerance for the C library's transcendental
functions, which another libc may round differently."""

from __future__ import annotations

import math
from collections.abc import Iterator
from pathlib import Path
from typing import Any


def flatten(value: Any) -> Iterator[Any]:
    if isinstance(value, tuple):
        for item in value:
            yield from flatten(item)
    else:
        yield value


def rebuild(annotation: str, values: list[Any]) -> Any:
    """The Python result from the flat out-values (tuples nest as annotated)."""
    items = iter(values)

    def build(text: str) -> Any:
        if _top_level(text, "|"):
            return next(items)  # T | None: one value
        if text.startswith("tuple["):
            inner = text[len("tuple["):-1]
            parts, depth, start = [], 0, 0
            for i, ch in enumerate(inner):
                depth += ch == "["
                depth -= ch == "]"
                if ch == "," and depth == 0:
                    parts.append(inner[start:i].strip())
                    start = i + 1
            parts.append(inner[start:].strip())
            return tuple(build(p) for p in parts if p)
        if text == "None":
            return None
        return next(items)

    return build(annotation)


def _top_level(text: str, char: str) -> bool:
    """Whether ``char`` occurs in ``text`` outside brackets."""
    depth = 0
    for ch in text:
        depth += ch == "["
        depth -= ch == "]"
        if ch == char and depth == 0:
            return True
    return False


LIBM_KERNELS = {"math_mix"}
"""Kernels that call the C library's transcendental functions: WASI's libc (musl's libm) may
round math.atan2 & co. 1 ulp away from the host's glibc, as CPython built for WASI would."""


def within_ulps(expected: Any, got: Any, ulps: int = 2) -> bool:
    if isinstance(expected, tuple) and isinstance(got, tuple):
        return len(expected) == len(got) and all(
            within_ulps(e, g, ulps) for e, g in zip(expected, got, strict=True))
    if isinstance(expected, float) and isinstance(got, float):
        return expected == got or abs(expected - got) <= ulps * math.ulp(expected)
    return type(expected) is type(got) and expected == got


def build_wasm(sources: list[Path], out: Path, library: str, cache_dir: Path,
               programs: bool = False) -> Path:
    """The sources' modules built for wasm32-wasi with crossbuild (one module at a time, so
    that kernels of two modules may share names): its output folder."""
    from hatch_pyaot import crossbuild

    modules = [m for source in sources for m in crossbuild.compile_modules([source])[0]]
    (report,) = crossbuild.build_targets(modules, ["wasm32-wasi"], out, library,
                                         cache_dir=cache_dir, programs=programs)
    assert report.skipped is None, report.skipped
    return out / "wasm32-wasi"
