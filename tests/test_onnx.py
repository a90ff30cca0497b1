"""ONNX models inside compiled functions: every op against onnxruntime (abs 1e-5), a small
CNN (abs 1e-4), the checks of the inputs at the call, and the build-time diagnostics of a
model that cannot be compiled. All models are compiled in one module."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from onnx_cases import CASES, Case, branch, kernels_source, save
from support import Pair, assert_refused, build_pair

np = pytest.importorskip("numpy")
pytest.importorskip("onnx")
pytest.importorskip("onnxruntime")


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory) -> Pair:
    folder = tmp_path_factory.mktemp("onnx")
    for case in CASES:
        save(case, folder)
    return build_pair(folder, "onnx_kernels", kernels_source(CASES))


def _inputs(case: Case, seed: int) -> list[Any]:
    rng = np.random.default_rng(seed)
    return [rng.integers(-case.indices[name], case.indices[name], shape)
            if name in case.indices else rng.standard_normal(shape).astype(np.float32)
            for name, shape in case.inputs]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_against_onnxruntime(pair: Pair, case: Case) -> None:
    for seed in range(2):
        args = _inputs(case, seed)
        before = [a.copy() for a in args]
        expected = getattr(pair.python, f"run_{case.name}")(*args)
        got = getattr(pair.native, f"run_{case.name}")(*args)
        if len(case.outputs) == 1:
            expected, got = (expected,), (got,)
        assert len(got) == len(expected)
        for e, g in zip(expected, got, strict=True):
            assert g.dtype == e.dtype and g.shape == e.shape, (g.shape, e.shape)
            np.testing.assert_allclose(g, e, rtol=0, atol=case.tolerance * max(
                1.0, float(np.abs(e).max(initial=0.0)) / 10))
        for a, b in zip(args, before, strict=True):
            assert np.array_equal(a, b), "the model changed its input"


CHILD = r"""
import hashlib, importlib.machinery as m, importlib.util as u, json, sys
import numpy as np
path = sys.argv[1]
loader = m.ExtensionFileLoader("onnx_kernels", path)
mod = u.module_from_spec(u.spec_from_file_location("onnx_kernels", path, loader=loader))
loader.exec_module(mod)
x = np.random.default_rng(7).standard_normal((1, 64, 64, 64)).astype(np.float32)
out = {n: hashlib.sha256(getattr(mod, "run_" + n)(x).tobytes()).hexdigest() for n in sys.argv[2:]}
out["splittable"] = mod.__pyaot_splittable__() if hasattr(mod, "__pyaot_splittable__") else 1
print(json.dumps(out))
"""


def test_threads_give_the_serial_bits(pair: Pair) -> None:
    """Conv (depthwise, 1x1, im2col) and MatMul split over the threads give one thread's
    bits; each count runs in a child process, as the pool reads PYAOT_NUM_THREADS once."""
    (path,) = pair.report.built
    names = [c.name for c in CASES if c.name.startswith("threads_")]
    runs = []
    for threads in ("1", "2", "3"):
        proc = subprocess.run([sys.executable, "-c", CHILD, str(path), *names],
                              env={**os.environ, "PYAOT_NUM_THREADS": threads},
                              capture_output=True, text=True, timeout=300)
        assert proc.returncode == 0, proc.stderr
        runs.append(json.loads(proc.stdout))
    assert runs[0]["splittable"] > 0, "no kernel was large enough for the threads"
    assert runs[0] == runs[1] == runs[2]


FORCED_CHILD = r"""
import importlib.machinery as m, importlib.util as u, sys
import numpy as np
path, out = sys.argv[1], sys.argv[2]
loader = m.ExtensionFileLoader("onnx_kernels", path)
mod = u.module_from_spec(u.spec_from_file_location("onnx_kernels", path, loader=loader))
loader.exec_module(mod)
x = np.random.default_rng(7).standard_normal((1, 64, 64, 64)).astype(np.float32)
np.savez(out, **{n: getattr(mod, "run_" + n)(x) for n in sys.argv[3:]})
"""
HASWELL = ("sse3,ssse3,sse4_1,sse4_2,popcnt,cx16,lahf,avx,avx2,bmi1,bmi2,f16c,fma,lzcnt,"
           "movbe,xsave,os_avx")
"""An x86-64-v3 CPU (AVX2 and FMA, no AVX-512), as PYAOT_CPU_FEATURES names it."""


def test_forced_cpu_features_reach_the_micro_kernels(pair: Pair, tmp_path: Path) -> None:
    """PYAOT_CPU_FEATURES and PYAOT_ISA reach the x86-64 choice of the GEMM and depthwise
    micro-kernels (pyaot/onnx/gemm.hpp asks pyaot/isa/detect.hpp): a CPU forced to none of
    the features, to AVX2 and as detected each give onnxruntime's results within the op's
    tolerance; forcing baseline either way gives the same bits. Each runs in a child process,
    as the choice is read once."""
    (path,) = pair.report.built
    names = [c.name for c in CASES if c.name.startswith("threads_")]
    plain = {k: v for k, v in os.environ.items() if k not in ("PYAOT_ISA", "PYAOT_CPU_FEATURES")}
    runs = {}
    for run, env in (("none", {"PYAOT_CPU_FEATURES": ""}), ("isa", {"PYAOT_ISA": "baseline"}),
                     ("avx2", {"PYAOT_CPU_FEATURES": HASWELL}), ("native", {})):
        out = tmp_path / f"{run}.npz"
        proc = subprocess.run([sys.executable, "-c", FORCED_CHILD, str(path), str(out), *names],
                              env={**plain, **env}, capture_output=True, text=True,
                              timeout=300)
        assert proc.returncode == 0, proc.stderr
        with np.load(out) as arrays:
            runs[run] = {name: arrays[name] for name in names}
    x = np.random.default_rng(7).standard_normal((1, 64, 64, 64)).astype(np.float32)
    for case in (c for c in CASES if c.name in names):
        want = getattr(pair.python, f"run_{case.name}")(x)
        atol = case.tolerance * max(1.0, float(np.abs(want).max()) / 10)
        for run, got in runs.items():
            np.testing.assert_allclose(got[case.name], want, rtol=0, atol=atol,
                                       err_msg=f"{case.name}, {run}")
        assert runs["none"][case.name].tobytes() == runs["isa"][case.name].tobytes(), case.name
    if _cpu_has("avx2") and _cpu_has("fma"):
        # the AVX2 kernels fuse the multiply-add; the baseline ones round the product first
        assert any(runs["none"][n].tobytes() != runs["native"][n].tobytes() for n in names), \
            "forced to baseline, the kernels still gave the native bits"


def _cpu_has(flag: str) -> bool:
    try:
        text = Path("/proc/cpuinfo").read_text(encoding="utf-8")
    except OSError:
        return False
    return any(line.startswith("flags") and flag in line.split() for line in text.splitlines())


def test_the_model_file_is_a_source(pair: Pair) -> None:
    """Another model file makes the native module stale, as an edited source does."""
    sources = dict(pair.native.run_relu.__self__.__pyaot_sources__)
    assert "relu.onnx" in sources and "cnn.onnx" in sources


def test_strided_input(pair: Pair) -> None:
    x = np.random.default_rng(3).standard_normal((2, 9, 4)).astype(np.float32)[:, ::3, :]
    np.testing.assert_allclose(pair.native.run_transpose(x), pair.python.run_transpose(x),
                               atol=0)


def test_wrong_shape_is_value_error(pair: Pair) -> None:
    x = np.zeros((2, 3, 5), np.float32)
    for side in (pair.native, pair.python):
        with pytest.raises(ValueError, match=r"relu\(\) input 'x' must have shape "
                                             r"\(2, 3, 4\), not \(2, 3, 5\)"):
            side.run_relu(x)


def test_gather_index_out_of_range(pair: Pair) -> None:
    with pytest.raises(ValueError, match="Gather: index 7 is out of range for an axis of "
                                         "length 7"):
        pair.native.run_gather_embedding(np.array([0, 7, 1, 2]))


def test_wrong_dtype_is_type_error(pair: Pair) -> None:
    with pytest.raises(TypeError):
        pair.native.run_relu(np.zeros((2, 3, 4), np.float64))


def _refused(tmp_path: Path, model: str, message: str) -> None:
    source = ("import numpy as np\nfrom numpy.typing import NDArray\n"
              "from hatch_pyaot import compile, onnx_model\n\n"
              f'm = onnx_model("{model}")\n\n\n@compile\n'
              "def f(x: NDArray[np.float32]) -> NDArray[np.float32]:\n    return m(x)\n")
    assert_refused(tmp_path, source, [(10, 12, message)])


def test_missing_model_is_a_located_diagnostic(tmp_path: Path) -> None:
    _refused(tmp_path, "nowhere.onnx", "the ONNX model 'm' cannot be compiled: the ONNX model "
             "file")


def test_corrupt_model_is_a_located_diagnostic(tmp_path: Path) -> None:
    (tmp_path / "bad.onnx").write_bytes(b"not a model")
    _refused(tmp_path, "bad.onnx", "the ONNX model 'm' cannot be compiled: 'bad.onnx' is not "
             "a valid ONNX model")


def test_unsupported_op_names_op_and_node(tmp_path: Path) -> None:
    case = Case("unsupported", [("Det", ["x"], ["y"], {})], [("x", (2, 3, 3))])
    save(case, tmp_path)
    _refused(tmp_path, "unsupported.onnx", "the ONNX model 'm' cannot be compiled: node "
             "'unsupported_0' (Det) of 'unsupported.onnx': the op Det is not supported")


def test_if_on_a_run_time_condition_is_refused(tmp_path: Path) -> None:
    case = Case("runtime_if", [
        ("ReduceSum", ["x"], ["total"], {"keepdims": 0}), ("Greater", ["total", "zero"], ["c"], {}),
        ("If", ["c"], ["y"], {"then_branch": branch("then", [("Relu", ["x"], ["t"])], "t"),
                              "else_branch": branch("else", [("Neg", ["x"], ["n"])], "n")})],
        [("x", (2, 3))], {"zero": np.array(0, np.float32)})
    save(case, tmp_path)
    _refused(tmp_path, "runtime_if.onnx", "the ONNX model 'm' cannot be compiled: node "
             "'runtime_if_2' (If) of 'runtime_if.onnx': its "
             "condition is computed at run time; an If is supported only when its condition "
             "folds")
