"""Compiling the C++ test programs (tests/cpp/*.cpp, or generated sources) and running them,
shared by the tests of the header-only runtime."""

from __future__ import annotations

import importlib.util
import os
import subprocess
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]
INCLUDE = ROOT / "src" / "hatch_pyaot" / "cpp_runtime" / "include"
CPP = ROOT / "tests" / "cpp"
# The runtime's own build: C++20, no exceptions or RTTI, no contraction, warnings as errors.
FLAGS = ["-std=c++20", "-fno-exceptions", "-fno-rtti", "-ffp-contract=off", "-Wall", "-Wextra",
         "-Werror", f"-I{INCLUDE}"]  # fmt: skip
SANITIZE = ["-fsanitize=address,undefined", "-fno-sanitize-recover=all",
            "-fno-omit-frame-pointer"]  # fmt: skip


def build(
    command: Sequence[str], env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """Runs a compiler command (10 minutes at most), asserting that it succeeds."""
    proc = subprocess.run(list(command), capture_output=True, text=True, timeout=600, env=env)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return proc


def run(
    exe: Path, *, input: str | None = None, asan_options: str | None = None
) -> subprocess.CompletedProcess[str]:
    """Runs a built program (5 minutes at most), with ASAN_OPTIONS when given; no checks."""
    env = None if asan_options is None else {**os.environ, "ASAN_OPTIONS": asan_options}
    return subprocess.run(
        [str(exe)], input=input, capture_output=True, text=True, timeout=300, env=env
    )


def run_ok(exe: Path, *, input: str | None = None) -> list[str]:
    """Runs a built program on ``input``, asserting it exits 0; its stdout lines."""
    proc = run(exe, input=input)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout.splitlines()


def assert_clean_run(proc: subprocess.CompletedProcess[str], passed: str = "checks passed",
                     leaks: bool = True) -> None:  # fmt: skip
    """A unit-test program exited 0 and printed ``passed`` (and, with ``leaks``, LeakSanitizer
    reported nothing)."""
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert passed in proc.stdout
    if leaks:
        assert "LeakSanitizer" not in proc.stderr


def build_and_run(
    cxx: str, source: Path, exe: Path, *options: str, asan_options: str = "detect_leaks=1"
) -> subprocess.CompletedProcess[str]:
    """Builds ``source`` with FLAGS under the sanitizers (``-O1 -g`` unless ``options`` say
    otherwise, as later flags win) and runs it with LeakSanitizer on."""
    build([cxx, *FLAGS, "-O1", "-g", *SANITIZE, *options, str(source), "-o", str(exe)])
    return run(exe, asan_options=asan_options)


def load_extension(name: str, path: Path) -> ModuleType:
    """Imports the extension module built at ``path``."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def statement_mismatches(cxx: str, folder: Path, name: str, prelude: str,
                         cases: Sequence[tuple[str, str]]) -> list[str]:
    """Compile ``prelude`` (which ends inside ``main``) plus one C++ statement per case, each
    printing one line, and run it under the sanitizers; the cases whose line differs from
    the expected one (NumPy's answer), described."""
    body = "\n".join(f"  {statement}" for statement, _ in cases)
    source = folder / f"{name}.cpp"
    source.write_text(
        prelude + body + '\n  std::printf("---\\n");\n  return check_summary();\n}\n',
        encoding="utf-8",
    )
    proc = build_and_run(cxx, source, folder / name, f"-I{CPP}")
    assert_clean_run(proc)
    lines = proc.stdout.splitlines()
    got = lines[: lines.index("---")]
    assert len(got) == len(cases)
    return [f"{statement}\n  numpy: {want}\n  C++:   {have}"
            for (statement, want), have in zip(cases, got, strict=True) if want != have]
