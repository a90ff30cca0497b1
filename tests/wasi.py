"""Running a WASI command module (a wasm32-wasi program) under the wasmtime package."""

from __future__ import annotations

import subprocess
import tempfile
from collections.abc import Sequence
from pathlib import Path

import pytest


def run_wasi(program: Path, argv: Sequence[str], folder: Path | None = None,
             stdin: str = "") -> subprocess.CompletedProcess[str]:
    """``program`` with ``argv`` (``argv[0]`` is its name) and ``stdin``; ``folder``, when
    given, is preopened as its current directory. The exit status, stdout and stderr."""
    wasmtime = pytest.importorskip("wasmtime")
    engine = wasmtime.Engine()
    linker = wasmtime.Linker(engine)
    linker.define_wasi()
    store = wasmtime.Store(engine)
    with tempfile.TemporaryDirectory() as tmp:
        streams = {name: Path(tmp) / name for name in ("stdin", "stdout", "stderr")}
        streams["stdin"].write_text(stdin)
        config = wasmtime.WasiConfig()
        config.argv = list(argv)
        config.stdin_file = str(streams["stdin"])
        config.stdout_file = str(streams["stdout"])
        config.stderr_file = str(streams["stderr"])
        if folder is not None:
            config.preopen_dir(str(folder), ".")
        store.set_wasi(config)
        instance = linker.instantiate(store, wasmtime.Module.from_file(engine, str(program)))
        code = 0
        try:
            instance.exports(store)["_start"](store)
        except wasmtime.ExitTrap as exc:
            code = exc.code
        return subprocess.CompletedProcess(list(argv), code, streams["stdout"].read_text(),
                                           streams["stderr"].read_text())
