"""ISA variants (docs/variants.md): a module built for baseline, x86-64-v3 and x86-64-v4
gives bit-identical results in every variant, runs the one the CPU supports (lowered by
PYAOT_ISA and PYAOT_CPU_FEATURES), and its baseline code holds no AVX instruction.

One module (kernels/variant_kernels.py) is built once for the file; each variant runs in a
child process, since a module chooses its variant when it is imported.
"""

from __future__ import annotations

import json
import os
import platform
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from hatch_pyaot.abi3 import cxx_flags
from hatch_pyaot.pipeline import analyze, build, emit_units
from hatch_pyaot.toolchains.cmake_project import render
from hatch_pyaot.toolchains.host import BuildOptions
from support import import_file, once_for_all_workers

KERNELS = Path(__file__).parent / "kernels" / "variant_kernels.py"
PROBE = Path(__file__).parent / "variants_probe.py"
LEVELS = ("baseline", "x86-64-v3", "x86-64-v4")

V2 = "sse3,ssse3,sse4_1,sse4_2,popcnt,cx16,lahf"
HASWELL = V2 + ",avx,avx2,bmi1,bmi2,f16c,fma,lzcnt,movbe,xsave,os_avx"
SKYLAKE_X = HASWELL + ",avx512f,avx512bw,avx512cd,avx512dq,avx512vl,os_avx512"

pytestmark = pytest.mark.skipif(
    platform.machine().lower() not in ("x86_64", "amd64") or os.name == "nt",
    reason="ISA variants are built on x86-64 hosts only; the probes use POSIX tools")


@dataclass
class Built:
    native: Path
    source: Path
    objects: dict[str, Path]
    """Object file of each unit: ``main``, ``x86-64-v3``, ``x86-64-v4``."""


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Built:
    """Built once for all test workers (a lock in their shared temporary folder): a build of
    three units takes a minute."""
    paths = once_for_all_workers(tmp_path_factory.getbasetemp(), "variants", _build)
    return Built(Path(paths["native"]), Path(paths["source"]),
                 {name: Path(p) for name, p in paths["objects"].items()})


def _build(folder: Path) -> dict[str, Any]:
    source = folder / "variant_kernels.py"
    shutil.copyfile(KERNELS, source)
    cache = folder / "cache"  # its own, and debug: the build folder with the objects is kept
    limited = os.environ.get("PYAOT_TEST_LIMITED_API") == "1"  # test_abi3_differential.py
    report = build([source], BuildOptions(isa_variants=("x86-64-v3", "x86-64-v4"),
                                          debug=True, cache_dir=cache,
                                          extra_cxx_flags=cxx_flags("3.11") if limited else ()))
    assert not report.failed_entries, [e.diagnostics for e in report.failed_entries]
    (native,) = report.built
    objects = {}
    for obj in cache.joinpath("build").rglob("*.o"):
        level = next((lv for lv in LEVELS[1:] if lv.replace("-", "_") in obj.name), "main")
        objects[level] = str(obj)
    return {"native": str(native), "source": str(source), "objects": objects}


def probe(built: Built, **env: str) -> dict[str, Any]:
    child_env = {k: v for k, v in os.environ.items()
                 if k not in ("PYAOT_ISA", "PYAOT_CPU_FEATURES")}
    child_env.update(env)
    proc = subprocess.run([sys.executable, str(PROBE), str(built.native)], env=child_env,
                          capture_output=True, text=True, timeout=120, check=True)
    return json.loads(proc.stdout)  # type: ignore[no-any-return]


def cpu_level(built: Built) -> str:
    return str(probe(built)["cpu"])


def test_every_variant_gives_the_baseline_bits(built: Built) -> None:
    base = probe(built, PYAOT_ISA="baseline")
    assert base["isa"] == "baseline" and base["variants"] == list(LEVELS)
    highest = LEVELS.index(cpu_level(built))
    for level in LEVELS[1:highest + 1]:
        got = probe(built, PYAOT_ISA=level)
        assert got["isa"] == level
        assert got["floats"] == base["floats"] and got["mix"] == base["mix"], level


def test_baseline_matches_cpython(built: Built) -> None:
    """Where NumPy and CPython are exact (a loop's sum, elementwise Horner, int masks), the
    variants give CPython's bits too (the probe's inputs, recomputed here)."""
    python = import_file(built.source, "variant_kernels_python", disable=True)
    rng = np.random.default_rng(7)
    a, b = rng.standard_normal(1001), rng.standard_normal(1001)
    expected = [float(python.dot(a, b)).hex()]
    expected += [float(x).hex() for x in python.horner(a)]
    for level in LEVELS[:LEVELS.index(cpu_level(built)) + 1]:
        got = probe(built, PYAOT_ISA=level)
        assert got["floats"][:1] + got["floats"][2:2 + a.size] == expected, level
        assert got["mix"] == python.mix(100000)


def test_pyaot_isa_lowers_and_never_raises(built: Built) -> None:
    cpu = cpu_level(built)
    assert probe(built)["isa"] == cpu  # unforced: the highest the CPU runs
    for level in LEVELS:
        expected = LEVELS[min(LEVELS.index(level), LEVELS.index(cpu))]
        assert probe(built, PYAOT_ISA=level)["isa"] == expected


@pytest.mark.parametrize(("features", "most"), [
    (HASWELL, "x86-64-v3"),  # AVX2 and FMA, no AVX-512
    (SKYLAKE_X.replace(",os_avx512", ""), "x86-64-v3"),  # AVX-512 the OS does not enable
    (SKYLAKE_X.replace(",avx512vl", ""), "x86-64-v3"),  # not all of v4
    (HASWELL.replace(",fma", ""), "baseline"),  # not all of v3
    (V2, "baseline"),
    (SKYLAKE_X, "x86-64-v4"),
])
def test_forced_features_choose_no_higher_variant(built: Built, features: str,
                                                  most: str) -> None:
    """A CPU without (all of) AVX-512 never runs the v4 variant: the detected features are
    cut down to those of a smaller CPU."""
    cpu = cpu_level(built)
    expected = LEVELS[min(LEVELS.index(most), LEVELS.index(cpu))]
    got = probe(built, PYAOT_CPU_FEATURES=features)
    assert (got["isa"], got["cpu"]) == (expected, expected)


def test_unknown_environment_values_warn(built: Built) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYAOT_")}
    for name, value in (("PYAOT_ISA", "x86-64-v9"), ("PYAOT_CPU_FEATURES", "avx,sse9")):
        proc = subprocess.run(
            [sys.executable, "-W", "error::RuntimeWarning", str(PROBE), str(built.native)],
            env={**env, name: value}, capture_output=True, text=True, timeout=120)
        assert proc.returncode != 0 and f"{name} is not understood" in proc.stderr


def _disassembly(obj: Path) -> str:
    return subprocess.run(["objdump", "-d", "--no-show-raw-insn", str(obj)],
                          capture_output=True, text=True, check=True).stdout


@pytest.mark.skipif(shutil.which("objdump") is None or shutil.which("nm") is None,
                    reason="needs binutils (objdump, nm)")
def test_baseline_code_has_no_avx_and_variants_share_no_code(built: Built) -> None:
    """The main unit (wrappers, baseline kernels, init) holds no YMM/ZMM instruction; the v3
    unit no ZMM; and a variant unit defines no weak symbol, so that the linker cannot pick
    one of its AVX copies of an inline function for the baseline unit."""
    assert set(built.objects) == {"main", *LEVELS[1:]}
    assert "%ymm" not in _disassembly(built.objects["main"])
    assert "%zmm" not in _disassembly(built.objects["main"])
    assert "%zmm" not in _disassembly(built.objects["x86-64-v3"])
    assert "%ymm" in _disassembly(built.objects["x86-64-v3"])  # it is an AVX2 build
    for level in LEVELS[1:]:
        symbols = subprocess.run(["nm", str(built.objects[level])], capture_output=True,
                                 text=True, check=True).stdout.splitlines()
        weak = [line for line in symbols if line.split()[-2:-1] in (["W"], ["V"], ["u"])]
        assert not weak, f"{level}: {weak[:5]}"


def test_errors_and_prints_of_a_variant_reach_python(built: Built) -> None:
    code = ("import importlib.machinery as m, importlib.util as u, sys\n"
            "p = sys.argv[1]\n"
            "l = m.ExtensionFileLoader('variant_kernels', p)\n"
            "mod = u.module_from_spec(u.spec_from_file_location('variant_kernels', p, "
            "loader=l)); l.exec_module(mod)\n"
            "print(mod.__pyaot_isa__, mod.first([1.5, 2.5], 1))\n"
            "try:\n    mod.first([1.5], 3)\nexcept IndexError as e:\n    print('IndexError', e)\n")
    proc = subprocess.run([sys.executable, "-c", code, str(built.native)], capture_output=True,
                          text=True, timeout=120, check=True)
    lines = proc.stdout.splitlines()
    assert lines[0] == "first 1" and lines[1].endswith(" 2.5")
    assert lines[2] == "first 3" and lines[3].startswith("IndexError list index out of range")


def test_explain_lists_the_variants(built: Built) -> None:
    env = {**{k: v for k, v in os.environ.items() if not k.startswith("PYAOT_")},
           "PYAOT_ISA": "baseline"}
    proc = subprocess.run([sys.executable, "-m", "hatch_pyaot", "explain",
                           f"{built.source}::dot", "--stage", "variants"],
                          capture_output=True, text=True, timeout=120, env=env)
    assert proc.returncode == 0, proc.stderr
    assert "3 variants" in proc.stdout and "baseline   <- runs here" in proc.stdout
    assert "x86-64-v4" in proc.stdout and "PYAOT_ISA=baseline" in proc.stdout


def test_cmake_project_gives_each_variant_unit_its_flags(tmp_path: Path) -> None:
    text = render("k", ["k.cpp", "k.x86_64_v3.cpp"], tmp_path, ["-O3"],
                  {"k.x86_64_v3.cpp": ("-march=x86-64-v3", "-fno-weak")})
    assert ("set_source_files_properties([=[src/k.x86_64_v3.cpp]=] PROPERTIES "
            "COMPILE_OPTIONS [=[-march=x86-64-v3;-fno-weak]=])") in text
    assert text.index("src/k.cpp") < text.index("src/k.x86_64_v3.cpp")  # link order


def test_units_of_a_module(built: Built) -> None:
    """No variant units unless asked for; with them, the main unit calls through the table
    its pick for the call's shape names (test_tune.py) and each variant unit holds no state; emitting twice gives the same text."""
    result = analyze(built.source)
    assert emit_units(result, ()) is None
    assert emit_units(result, ("baseline",)) is None
    units = emit_units(result, ("x86-64-v4",))
    assert units is not None and units == emit_units(result, ("x86-64-v4",))
    assert list(units) == ["variant_kernels.cpp", "variant_kernels.x86_64_v4.cpp"]
    assert "pyaot_isa::pick(pyaot_isa::picks_f" in units["variant_kernels.cpp"]
    assert "#define PYAOT_VARIANT_UNIT" in units["variant_kernels.x86_64_v4.cpp"]
    assert "Python.h" not in units["variant_kernels.x86_64_v4.cpp"]
    with pytest.raises(ValueError, match="unknown ISA level"):
        emit_units(result, ("x86-64-v2",))
