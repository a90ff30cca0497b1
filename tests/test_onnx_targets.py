"""A compiled function with an ONNX model on the other targets: the small CNN of
onnx_cases.py built by the CLI for the host, wasm32-wasi and android-arm64, each standalone
program run on a .npy input (under wasmtime for wasm, qemu-aarch64 for android) writing a
.npy output, within 1e-4 of onnxruntime."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import missing_tool
from onnx_cases import CASES, save
from wasi import run_wasi

np = pytest.importorskip("numpy")
pytest.importorskip("onnx")
ort = pytest.importorskip("onnxruntime")

pytestmark = pytest.mark.slow

TARGETS = ["host", "wasm32-wasi", "android-arm64"]

SOURCE = '''\
import numpy as np
from numpy.typing import NDArray

from hatch_pyaot import compile, onnx_model

cnn = onnx_model("cnn.onnx")


@compile(tag="classify")
def classify(x: NDArray[np.float32]) -> NDArray[np.float32]:
    """The CNN's class probabilities."""
    return cnn(x)
'''


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory, cross_cache: Path) -> Path:
    folder = tmp_path_factory.mktemp("onnx_targets")
    save(next(c for c in CASES if c.name == "cnn"), folder)
    (folder / "kern.py").write_text(SOURCE, encoding="utf-8")
    x = np.random.default_rng(5).standard_normal((2, 3, 16, 16)).astype(np.float32)
    np.save(folder / "x.npy", x)
    np.save(folder / "bad.npy", x[:, :, :8])
    env = {**os.environ, "ZIG_GLOBAL_CACHE_DIR": str(cross_cache / "zig")}
    args = [sys.executable, "-m", "hatch_pyaot", "build", "kern.py", "--out", "out",
            "--target", "host", "--target", "wasm32-wasi", "--target", "android-arm64"]
    proc = subprocess.run(args, cwd=folder, env=env, capture_output=True, text=True,
                          timeout=3600)
    assert proc.returncode == 0, proc.stderr
    return folder


def _expected(folder: Path) -> object:
    session = ort.InferenceSession(str(folder / "cnn.onnx"), providers=["CPUExecutionProvider"])
    return session.run(None, {"x": np.load(folder / "x.npy")})[0]


def _program(folder: Path, target: str, *args: str) -> subprocess.CompletedProcess[str]:
    if target == "wasm32-wasi":
        return run_wasi(folder / "out" / "wasm32-wasi" / "bin" / "classify.wasm",
                        ["classify", *args], folder)
    if target == "android-arm64":
        qemu = shutil.which("qemu-aarch64")
        if qemu is None:
            missing_tool("qemu-aarch64 is not installed (Debian: apt-get install qemu-user)")
        return subprocess.run([str(qemu), str(folder / "out" / target / "bin" / "classify"),
                               *args], cwd=folder, capture_output=True, text=True, timeout=120)
    return subprocess.run([str(folder / "out" / "host" / "bin" / "classify"), *args],
                          cwd=folder, capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("target", TARGETS)
def test_program_runs_the_model_on_npy_files(built: Path, target: str) -> None:
    out = f"y_{target}.npy"
    result = _program(built, target, "--x", "x.npy", "--output", out)
    assert result.returncode == 0, result.stderr
    np.testing.assert_allclose(np.load(built / out), _expected(built), rtol=0, atol=1e-4)


@pytest.mark.parametrize("target", TARGETS)
def test_program_refuses_a_wrong_shape(built: Path, target: str) -> None:
    result = _program(built, target, "--x", "bad.npy")
    assert result.returncode != 0
    assert "ValueError: cnn() input 'x' must have shape (2, 3, 16, 16), not (2, 3, 8, 16)" \
        in result.stderr, result.stderr


def test_model_kernels_compile_for_windows(tmp_path: Path, cross_cache: Path) -> None:
    """The Windows C runtime has no std::aligned_alloc: the kernels' headers must still
    compile for windows-x86_64 (a model built for it failed there before)."""
    from hatch_pyaot.toolchains import targets

    zig = targets.find_zig()
    assert zig is not None
    include = Path(targets.__file__).parents[1] / "cpp_runtime" / "include"
    headers = sorted((include / "pyaot" / "onnx").glob("*.hpp"))
    source = tmp_path / "kernels.cpp"
    source.write_text("".join(f'#include "pyaot/onnx/{h.name}"\n' for h in headers),
                      encoding="utf-8")
    env = {**os.environ, "ZIG_GLOBAL_CACHE_DIR": str(cross_cache / "zig")}
    proc = subprocess.run([str(zig.path), "c++", "-target", "x86_64-windows-gnu", "-std=c++20",
                           "-c", "-o", str(tmp_path / "kernels.obj"), "-I", str(include),
                           str(source)], env=env, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr
