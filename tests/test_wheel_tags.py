"""Wheel tags of hatchling builds: the manylinux level is the one ``auditwheel show`` finds
for the wheel, and ``limited-api = "3.11"`` gives a ``cp311-abi3`` wheel that ``abi3audit``
passes and that runs natively, called as CPython calls the Python functions, with only
hatch-pyaot-runtime installed. (The setuptools side: tests/test_wheels_setuptools.py.)"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from conftest import SRC
from wheels import (
    auditwheel_platform,
    fresh_venv,
    read_wheel,
    run,
    runtime_wheel,
    write_project,
)

pytestmark = pytest.mark.slow

PROBE = """\
import hatch_pyaot, demo_kernels.kernels as k
print(hatch_pyaot.is_compiled(k.integrate), hatch_pyaot.is_compiled(k.collatz_steps))
print(repr(k.integrate(0.0, 3.0, 1000)), repr(k.integrate(a=0.0, n=1000, b=3.0)),
      k.collatz_steps(n=27), k.collatz_steps(97), k.dynamic(n=6))
for call in (lambda: k.collatz_steps(m=1), lambda: k.collatz_steps(1, n=1),
             lambda: k.integrate(1.0, 2.0, 3, 4), lambda: k.integrate(1.0, 2.0)):
    try:
        call()
    except TypeError as exc:
        print("TypeError:", exc)
"""


def _build(root: Path, settings: str, cache_dir: Path) -> Path:
    project = write_project(root, "two-line", settings='targets = ["host"]\n' + settings)
    run([sys.executable, "-m", "hatchling", "build", "-t", "wheel"], cwd=project,
        env={"PYTHONPATH": str(SRC), "PYAOT_CACHE_DIR": str(cache_dir)})
    (wheel,) = (project / "dist").glob("*.whl")
    return wheel


@pytest.fixture(scope="module")
def full_api_wheel(tmp_path_factory: pytest.TempPathFactory, pyaot_cache_dir: Path) -> Path:
    return _build(tmp_path_factory.mktemp("full"), "", pyaot_cache_dir)


@pytest.fixture(scope="module")
def abi3_wheel(tmp_path_factory: pytest.TempPathFactory, pyaot_cache_dir: Path) -> Path:
    return _build(tmp_path_factory.mktemp("abi3"), 'limited-api = "3.11"\n', pyaot_cache_dir)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="manylinux is Linux's")
def test_full_api_wheel_has_the_manylinux_tag_auditwheel_finds(full_api_wheel):
    platform = auditwheel_platform(full_api_wheel)
    assert platform.startswith("manylinux_2_"), platform
    python = f"cp{sys.version_info.major}{sys.version_info.minor}"
    assert read_wheel(full_api_wheel).tags == (f"{python}-{python}-{platform}",)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="manylinux is Linux's")
def test_abi3_wheel_passes_abi3audit_and_auditwheel(abi3_wheel):
    platform = auditwheel_platform(abi3_wheel)
    assert read_wheel(abi3_wheel).tags == (f"cp311-abi3-{platform}",)
    assert "demo_kernels/kernels.pyaot.abi3.so" in read_wheel(abi3_wheel).names
    proc = run([sys.executable, "-m", "abi3audit", "--strict", "--report", str(abi3_wheel)],
               cwd=abi3_wheel.parent)
    (spec,) = json.loads(proc.stdout)["specs"].values()
    (module,) = spec["wheel"]
    result = module["result"]
    assert module["name"] == "kernels.pyaot.abi3.so"
    assert result["is_abi3"] and result["is_abi3_baseline_compatible"], result
    assert result["non_abi3_symbols"] == [] and result["computed"] == "3.11", result


def test_abi3_wheel_runs_natively_with_the_runtime_alone(abi3_wheel, wheelhouse, tmp_path):
    """Through tp_call (the 3.11 stable ABI has no vectorcall): the same results and the
    same TypeErrors as CPython running the Python functions."""
    python = fresh_venv(tmp_path / "venv")
    run([sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps",
         "--no-index", str(runtime_wheel(wheelhouse)), str(abi3_wheel)], cwd=tmp_path)
    native = run([str(python), "-c", PROBE], cwd=tmp_path).stdout
    as_python = run([str(python), "-c", PROBE], cwd=tmp_path, env={"PYAOT_DISABLE": "1"}).stdout
    assert native.startswith("True True\n"), native
    assert as_python.startswith("False False\n"), as_python
    assert native.splitlines()[1:] == as_python.splitlines()[1:]
    assert native.count("TypeError:") == 4


def test_limited_api_newer_than_the_building_python_fails_the_build(tmp_path):
    newer = f"3.{sys.version_info.minor + 1}"
    project = write_project(tmp_path / "p", "two-line",
                            settings=f'targets = ["host"]\nlimited-api = "{newer}"\n')
    from hatch_pyaot.settings import LIMITED_API_VERSIONS

    if newer not in LIMITED_API_VERSIONS:
        pytest.skip(f"no limited-api version newer than this Python ({newer})")
    proc = run([sys.executable, "-m", "hatchling", "build", "-t", "wheel"], cwd=project,
               env={"PYTHONPATH": str(SRC)}, check=False)
    assert proc.returncode != 0
    assert f'limited-api = "{newer}" needs CPython {newer} or later to build' in proc.stderr \
        + proc.stdout


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="ELF and glibc are Linux's")
def test_a_module_that_links_another_library_keeps_the_linux_tag(cxx, tmp_path):
    """Only libraries every manylinux system has: anything else would have to be copied into
    the wheel (auditwheel repair), so the tag stays ``linux_<arch>``."""
    import subprocess
    import sysconfig

    from hatch_pyaot.wheel_tags import linux_platform, manylinux_level

    (tmp_path / "own.cpp").write_text("extern \"C\" int own() { return 1; }\n")
    (tmp_path / "mod.cpp").write_text("extern \"C\" int own();\n"
                                      "extern \"C\" int uses() { return own() + 1; }\n")
    for command in ([cxx, "-shared", "-fPIC", "own.cpp", "-o", "libown.so"],
                    [cxx, "-shared", "-fPIC", "mod.cpp", "-L.", "-lown", "-o", "mod.so"],
                    [cxx, "-shared", "-fPIC", "mod.cpp", "own.cpp", "-o", "alone.so"]):
        subprocess.run(command, cwd=tmp_path, check=True)
    arch = sysconfig.get_platform().split("-", 1)[1]
    assert manylinux_level([tmp_path / "mod.so"]) is None
    assert linux_platform([tmp_path / "mod.so"]) == f"linux_{arch}"
    assert linux_platform([tmp_path / "alone.so"]).startswith("manylinux_2_")
