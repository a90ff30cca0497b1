"""Kernels of a test module built as wasm32-wasi standalone programs (one per entry point
named in the cases) and run under wasmtime: each prints what CPython returns, as JSON, or
fails with CPython's exception type and message (tests/test_classes.py,
tests/test_generators.py)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

from support import outcome
from wasi import run_wasi


def _call(func: Callable[..., Any], **kwargs: Any) -> Any:
    return func(**kwargs)


def check_programs(kernels: Path, python: ModuleType,
                   cases: Sequence[tuple[str, dict[str, Any]]], tmp_path: Path,
                   cross_cache: Path, run: Callable[..., Any] = _call) -> None:
    """``run(func, **kwargs)`` gives the value CPython's side prints (an iterator drained)."""
    wanted = {func for func, _ in cases}  # only these entry points: one program each
    source = re.sub(r"@compile\ndef (\w+)", lambda m: m.group(0) if m.group(1) in wanted
                    else f"def {m.group(1)}", kernels.read_text(encoding="utf-8"))
    (tmp_path / kernels.name).write_text(source, encoding="utf-8")
    env = {**os.environ, "ZIG_GLOBAL_CACHE_DIR": str(cross_cache / "zig")}  # libc++ once
    proc = subprocess.run([sys.executable, "-m", "hatch_pyaot", "build", kernels.name,
                           "--target", "wasm32-wasi", "--out", "out"], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, proc.stderr[-3000:]
    for func, kwargs in cases:
        argv = [func, *(part for k, v in kwargs.items()
                        for part in (f"--{k}", json.dumps(v) if isinstance(v, list | tuple)
                                     else str(v)))]
        got = run_wasi(tmp_path / "out" / "wasm32-wasi" / "bin" / f"{func}.wasm", argv)
        expected = outcome(run, getattr(python, func), **kwargs)
        if expected[0] == "ok":
            assert got.returncode == 0 and json.loads(got.stdout) == json.loads(
                json.dumps(expected[1])), f"{argv}: {got}"
        else:
            exc = expected[1]
            assert got.returncode == 1, f"{argv}: {got}"
            assert got.stderr.startswith(f"{type(exc).__name__}: {exc}"), f"{argv}: {got}"
