"""A generated module's functions as wasm32-wasi programs (one per entry point), run under
wasmtime on the same inputs and compared with CPython: the value the program prints as JSON,
or the exception type and message it prints (``Type: message``) when CPython raises.

Only functions whose parameters and result a program's command line and JSON output carry
(numbers, bool, str, lists of them, ``dict[str, int]``) are taken, and only inputs that an
argv can hold (no NUL in a str)."""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fuzz import kinds as k
from fuzz import program
from fuzz.oracle import Budget, _line_budget, _printed
from support import import_file
from wasi import run_wasi

PORTABLE = {k.INT, k.FLOAT, k.BOOL, k.STR, k.LIST_INT, k.LIST_FLOAT, k.LIST_STR,
            k.DICT_STR_INT}


@dataclass
class WasmFigures:
    programs: int = 0
    compared: int = 0
    mismatches: list[str] = field(default_factory=list)


def check_wasm(module: program.Module, folder: Path, figures: WasmFigures) -> None:
    chosen = [f for f in module.functions
              if {*f.params, f.result} <= PORTABLE and any(map(_fits, f.inputs))]
    if not chosen:
        return
    folder.mkdir(parents=True, exist_ok=True)
    marked = module.marked(chosen)
    name = f"fw_{module.seed}"
    (folder / f"{name}.py").write_text(program.native(marked), encoding="utf-8")
    (folder / f"{name}_oracle.py").write_text(program.oracle(marked), encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "hatch_pyaot", "build", f"{name}.py",
                           "--target", "wasm32-wasi", "--out", "out"], cwd=folder,
                          env=dict(os.environ), capture_output=True, text=True, timeout=1800)
    if proc.returncode != 0 and "error:" not in proc.stderr:
        figures.mismatches.append(f"seed {module.seed}: build failed: {proc.stderr[-2000:]}")
        return
    python = import_file(folder / f"{name}_oracle.py", f"{name}_oracle", disable=True)
    for fn in chosen:
        wasm = folder / "out" / "wasm32-wasi" / "bin" / f"{fn.name}.wasm"
        if not wasm.exists():  # refused (a diagnostic): the module's own run reports those
            continue
        figures.programs += 1
        for args in filter(_fits, fn.inputs):
            problem = _compare(getattr(python, fn.name), wasm, fn, args)
            if problem is not None:
                figures.compared += 1
                if problem:
                    figures.mismatches.append(f"seed {module.seed}: {fn.name}{args!r}: {problem}")


def _fits(args: tuple[Any, ...]) -> bool:
    return "\x00" not in repr(args).replace("\\x00", "\x00")


def _compare(python: Any, wasm: Path, fn: program.Function, args: tuple[Any, ...]) -> str | None:
    """"" when they agree, what differs, or None when CPython ran past its budget."""
    try:
        with _line_budget():
            expected: tuple[str, Any] = ("ok", python(*copy.deepcopy(args)))
    except Budget:
        return None
    except RecursionError:
        return None
    except Exception as exc:
        expected = ("raise", exc)
    argv = [fn.name, *(f"--p{i}={_text(v)}" for i, v in enumerate(args))]
    got = run_wasi(wasm, argv)
    if expected[0] == "ok":
        want = json.loads(json.dumps(expected[1]))
        if got.returncode != 0 or repr(_loaded(got.stdout)) != repr(want):
            return f"CPython {expected[1]!r}, wasm {got.returncode}: {got.stdout[:300]}{got.stderr[:300]}"
        return ""
    exc = expected[1]
    if exc.args == (program.OVERFLOW,):
        head = "OverflowError"
    else:
        head = f"{type(exc).__name__}: {_printed(exc)}"
    if got.returncode != 1 or not got.stderr.startswith(head):
        return f"CPython {exc!r}, wasm {got.returncode}: {got.stdout[:300]}{got.stderr[:300]}"
    return ""


def _loaded(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        return text


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, list | dict):
        return json.dumps(value)
    return str(value)
