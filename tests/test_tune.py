"""Tuning (docs/variants.md, "Tuning"): a module built in ISA variants has a pick per
function and shape bucket; every pick gives the baseline's bits; ``pyaot tune`` measures and
writes the machine's cache, which the next import applies; a rebuild (another build id),
``PYAOT_TUNE=off`` and a CPU without the level (``PYAOT_CPU_FEATURES``) leave it unused.

One module (kernels/tune_kernels.py) is built once; imports that must see the cache run in a
child process (a module chooses at import), with its own cache folder (XDG_CACHE_HOME).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import hatch_pyaot
from hatch_pyaot.abi3 import cxx_flags
from hatch_pyaot.pipeline import build
from hatch_pyaot.runtime import tuning
from hatch_pyaot.runtime.loader import _load
from hatch_pyaot.toolchains.host import BuildOptions
from hatch_pyaot.tune import bucket_of
from support import once_for_all_workers

KERNELS = Path(__file__).parent / "kernels" / "tune_kernels.py"
PROBE = Path(__file__).parent / "tune_probe.py"
SRC = Path(hatch_pyaot.__file__).parents[1]
HASWELL = ("sse3,ssse3,sse4_1,sse4_2,popcnt,cx16,lahf,avx,avx2,bmi1,bmi2,f16c,fma,lzcnt,"
           "movbe,xsave,os_avx")

pytestmark = pytest.mark.skipif(
    sys.platform != "linux" or os.uname().machine not in ("x86_64", "amd64"),
    reason="ISA variants are built on x86-64 hosts; the cache folder here is XDG's")


def _build(folder: Path) -> dict[str, Any]:
    """The kernels built with two variants, and again with other flags (a rebuild)."""
    out = {}
    limited = os.environ.get("PYAOT_TEST_LIMITED_API") == "1"  # test_abi3_differential.py
    for name, boundscheck in (("built", True), ("rebuilt", False)):
        (folder / name).mkdir()
        source = folder / name / "tune_kernels.py"
        shutil.copyfile(KERNELS, source)
        report = build([source], BuildOptions(isa_variants=("x86-64-v3", "x86-64-v4"),
                                              boundscheck=boundscheck,
                                              cache_dir=folder / "cache",
                                              extra_cxx_flags=cxx_flags("3.11") if limited
                                              else ()))
        assert not report.failed_entries, [e.diagnostics for e in report.failed_entries]
        (native,) = report.built
        out[name] = {"source": str(source), "native": str(native)}
    return out


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return once_for_all_workers(tmp_path_factory.getbasetemp(), "tune", _build)


@pytest.fixture(scope="module")
def native(built: dict[str, Any]) -> Any:
    return _load("_test_tune.tune_kernels", built["built"]["native"])


def probe(source: str, cache: Path, *more: str, **env: str) -> dict[str, Any]:
    child_env = {k: v for k, v in os.environ.items()
                 if k not in ("PYAOT_ISA", "PYAOT_CPU_FEATURES", "PYAOT_TUNE")}
    child_env.update(env, XDG_CACHE_HOME=str(cache), PYTHONPATH=str(SRC))
    proc = subprocess.run([sys.executable, str(PROBE), source, *more], env=child_env,
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)  # type: ignore[no-any-return]


def write_cache(native: Any, cache: Path, build_id: str, functions: dict[str, Any]) -> None:
    cpu = tuning.cpu_of(native)
    path = Path(tuning.cache_file(cpu).replace(tuning.cache_dir(), str(cache / "pyaot" / "tune")))
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"format": 1, "machines": [
        {"cpu": cpu, "modules": {build_id: {"functions": functions}}}]}))


def _inputs() -> dict[str, list[tuple[Any, ...]]]:
    rng = np.random.default_rng(3)
    return {"poly": [(rng.standard_normal(1000),), (rng.standard_normal((1 << 19) + 7),)],
            "dot": [(rng.standard_normal(4096), rng.standard_normal(4096))],
            "mix": [(1000,), (77777,)]}


def _bits(value: Any) -> Any:
    return value.tobytes() if isinstance(value, np.ndarray) else float(value).hex()


def test_every_pick_gives_the_baselines_bits(native: Any) -> None:
    runnable = native.__pyaot_variants__[:native.__pyaot_variants__.index(native.__pyaot_isa__)
                                         + 1]
    assert len(runnable) >= 1 and native.__pyaot_variants__[0] == "baseline"
    for name, calls in _inputs().items():
        fn = getattr(native, name)
        for args in calls:
            before = [_bits(a) for a in args]
            assert native.__pyaot_tune__(name, -1, "baseline", 0) is True
            expected = _bits(fn(*args))
            for isa in runnable:
                for threads in (0, 1):
                    assert native.__pyaot_tune__(name, bucket_of(args), isa, threads) is True
                    assert native.__pyaot_pick__(name, bucket_of(args)) == (isa, bool(threads))
                    assert _bits(fn(*args)) == expected, (name, isa, threads)
                    assert [_bits(a) for a in args] == before  # arguments untouched
        assert native.__pyaot_tune__(name, -1, native.__pyaot_isa__, 1) is True


def test_the_module_refuses_what_it_cannot_run(native: Any) -> None:
    assert native.__pyaot_tune__("poly", 3, "x86-64-v9", 1) is False
    assert native.__pyaot_tune__("nope", 3, "baseline", 1) is False
    assert native.__pyaot_tune__("poly", 64, "baseline", 1) is False
    with pytest.raises(TypeError):
        native.__pyaot_tune__("poly", "3", "baseline", 1)


def test_the_module_counts_the_loops_threads_could_split(native: Any) -> None:
    """What tells the tuner whether serial and threaded differ for a call."""
    large, small = np.ones((1 << 19) + 7), np.ones(1000)
    before = native.__pyaot_splittable__()
    native.poly(small)
    native.dot(large, large)  # a scalar loop: never split
    assert native.__pyaot_splittable__() == before
    native.poly(large)
    assert native.__pyaot_splittable__() == before + 1


def test_tune_writes_the_cache_and_the_next_import_uses_it(built: dict[str, Any],
                                                           tmp_path: Path) -> None:
    source = built["built"]["source"]
    untuned = probe(source, tmp_path)
    assert untuned["choice"] == {} and untuned["tuned_from"] is None
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path), "PYTHONPATH": str(SRC)}
    proc = subprocess.run([sys.executable, "-m", "hatch_pyaot", "tune", source, "--rounds", "2"],
                          env=env, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert "poly [bucket 19]: picks" in proc.stdout and "mix [bucket 0]: picks" in proc.stdout
    (written,) = (tmp_path / "pyaot" / "tune").glob("*.json")
    (machine,) = json.loads(written.read_text())["machines"]
    functions = machine["modules"][untuned["build_id"]]["functions"]
    assert set(functions) == {"poly", "dot", "mix"} and set(functions["poly"]) == {"9", "19"}
    tuned = probe(source, tmp_path)
    assert tuned["tuned_from"] == str(written)
    for name, buckets in functions.items():
        for bucket, pick in buckets.items():
            assert tuned["choice"][name][bucket] == [pick["isa"], pick["threads"]]
    assert tuned["poly"] == untuned["poly"]


def test_a_pick_from_the_cache_is_what_runs(built: dict[str, Any], native: Any,
                                            tmp_path: Path) -> None:
    build_id = native.__pyaot_build_id__
    write_cache(native, tmp_path, build_id, {
        "poly": {"19": {"isa": "baseline", "threads": False}},
        "dot": {"13": {"isa": "baseline", "threads": True}}})
    got = probe(built["built"]["source"], tmp_path)
    assert got["choice"] == {"poly": {"19": ["baseline", False]},
                             "dot": {"13": ["baseline", True]}}
    # the nearest measured bucket stands for the others; untuned functions keep the default
    assert got["picks"]["poly"] == {b: ["baseline", False] for b in ("0", "9", "13", "19")}
    assert got["picks"]["mix"]["0"] == [got["isa"], True]
    off = probe(built["built"]["source"], tmp_path, PYAOT_TUNE="off")
    assert off["choice"] == {} and off["picks"]["poly"]["19"] == [off["isa"], True]
    assert off["poly"] == got["poly"]


def test_a_rebuild_invalidates_the_cache(built: dict[str, Any], native: Any,
                                         tmp_path: Path) -> None:
    write_cache(native, tmp_path, native.__pyaot_build_id__,
                {"poly": {"19": {"isa": "baseline", "threads": False}}})
    rebuilt = probe(built["rebuilt"]["source"], tmp_path)
    assert rebuilt["build_id"] != native.__pyaot_build_id__
    assert rebuilt["choice"] == {} and rebuilt["picks"]["poly"]["19"] == [rebuilt["isa"], True]


def test_no_cache_picks_a_level_the_cpu_lacks(built: dict[str, Any], native: Any,
                                              tmp_path: Path) -> None:
    everything = {str(b): {"isa": "x86-64-v4", "threads": True} for b in range(64)}
    write_cache(native, tmp_path, native.__pyaot_build_id__,
                {"poly": everything, "dot": everything, "mix": {"0": {"isa": "baseline"}}})
    got = probe(built["built"]["source"], tmp_path, PYAOT_CPU_FEATURES=HASWELL)
    assert got["isa"] == "x86-64-v3"
    assert "poly" not in got["choice"] and "dot" not in got["choice"]
    assert got["choice"]["mix"] == {"0": ["baseline", True]}
    assert all(pick[0] != "x86-64-v4" for picks in got["picks"].values()
               for pick in picks.values())


def test_a_corrupt_cache_is_ignored(built: dict[str, Any], native: Any, tmp_path: Path) -> None:
    path = Path(tuning.cache_file(tuning.cpu_of(native)).replace(
        tuning.cache_dir(), str(tmp_path / "pyaot" / "tune")))
    path.parent.mkdir(parents=True)
    for text in ("{not json", json.dumps({"format": 1, "machines": [
            {"cpu": tuning.cpu_of(native), "modules": {native.__pyaot_build_id__: {
                "functions": {"poly": {"19": {"isa": 3}, "x": 1, "99999999999": {"isa": "baseline"},
                                       "18": {"isa": "base\u0000line"}},
                              "d\u0000t": {"13": {"isa": "baseline"}}, "dot": [1],
                              "mix": {"0": {"isa": "baseline", "threads": 1}}}}}}]})):
        path.write_text(text)
        got = probe(built["built"]["source"], tmp_path)
        assert got["choice"] == {} and got["picks"]["poly"]["19"] == [got["isa"], True]


def test_a_package_ships_defaults(built: dict[str, Any], native: Any, tmp_path: Path) -> None:
    package = tmp_path / "package"  # a copy: other workers probe the shared build meanwhile
    package.mkdir()
    for path in (built["built"]["source"], built["built"]["native"]):
        shutil.copy(path, package)
    source = str(package / Path(built["built"]["source"]).name)
    defaults = Path(tuning.defaults_file(str(package / Path(built["built"]["native"]).name)))
    defaults.write_text(json.dumps({"format": 1, "machines": [{"cpu": "any", "modules": {
        native.__pyaot_build_id__: {"functions": {
            "dot": {"13": {"isa": "baseline", "threads": True}}}}}}]}))
    got = probe(source, tmp_path)
    assert got["choice"] == {"dot": {"13": ["baseline", True]}}
    assert got["tuned_from"] == str(defaults)
    # the machine's own cache comes first
    write_cache(native, tmp_path, native.__pyaot_build_id__,
                {"mix": {"0": {"isa": "baseline", "threads": True}}})
    assert probe(source, tmp_path)["choice"] == {"mix": {"0": ["baseline", True]}}


def test_explain_shows_the_measured_times_and_the_pick(built: dict[str, Any], native: Any,
                                                       tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    from hatch_pyaot.variants_report import describe

    write_cache(native, tmp_path, native.__pyaot_build_id__, {"poly": {"19": {
        "isa": "baseline", "threads": False, "default": "x86-64-v3 threads",
        "times_ns": {"baseline serial": 1500.0, "x86-64-v3 threads": 2.5e6}}}})
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.delenv("PYAOT_TUNE", raising=False)
    source, so = Path(built["built"]["source"]), Path(built["built"]["native"])
    text = describe(source, so, "poly")
    assert "bucket 19 (2^19 elements): runs baseline serial (untuned: x86-64-v3 threads)" in text
    assert "baseline serial 1.5 us, x86-64-v3 threads 2.50 ms" in text
    assert "dot: not measured" in describe(source, so, "dot")
    monkeypatch.setenv("PYAOT_TUNE", "off")
    assert describe(source, so, "poly").endswith("tuning: off (PYAOT_TUNE=off)")


def test_tune_says_what_is_wrong_with_its_inputs(built: dict[str, Any], tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    from hatch_pyaot.cli import main

    source = built["built"]["source"]
    none = tmp_path / "none.py"
    none.write_text("X = 1\n")
    unknown = tmp_path / "unknown.py"
    unknown.write_text("TUNE_INPUTS = {'nope': [(1,)]}\n")
    assert main(["tune", source, "--inputs", str(none)]) == 2
    assert "defines no TUNE_INPUTS" in capsys.readouterr().err
    assert main(["tune", source, "--inputs", str(unknown)]) == 2
    assert "no compiled function nope in tune_kernels.pyaot" in capsys.readouterr().err
    assert main(["tune", str(tmp_path / "missing.py")]) == 2
    assert "is no Python file nor importable module" in capsys.readouterr().err


def test_online_tuning_tries_each_variant_then_keeps_one(built: dict[str, Any],
                                                          tmp_path: Path) -> None:
    from hatch_pyaot.runtime.online import SAMPLES

    got = probe(built["built"]["source"], tmp_path, "40", PYAOT_TUNE="online")
    runnable = 2 * (["baseline", "x86-64-v3", "x86-64-v4"].index(got["isa"]) + 1)
    tried = {(isa, threads) for isa, threads, _ in got["online"][:runnable * SAMPLES]}
    assert len(tried) == runnable  # every level, serial and threaded
    kept = got["online"][runnable * SAMPLES:]
    assert len({(isa, threads) for isa, threads, _ in kept}) == 1
    assert all(same for _, _, same in got["online"])  # every variant: the same bits
