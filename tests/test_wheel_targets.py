"""The targets besides ``host`` in packaging: a wheel built with ``targets = ["host",
"wasm32-wasi"]`` and ``artifacts-in-wheel = true`` carries ``<package>/_pyaot/wasm32-wasi/``
(programs, library, headers, manifest), ``hatch_pyaot.artifacts("<package>")`` finds it once
installed, and the program from the installed wheel runs under wasmtime; without that setting
the platform wheel holds the host modules only, with zig installed too; the ``all`` builder
writes one archive per target, building each target once. Real ``pip wheel`` runs (without
build isolation, so that zig comes from the test environment and its cache is shared)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tarfile
import textwrap
import zipfile
from pathlib import Path

import pytest

from wasi import run_wasi
from wheels import clean_env, fresh_venv, install

KERNEL = '''\
from hatch_pyaot import compile


@compile(tag="collatz")
def collatz_steps(n: int) -> int:
    steps = 0
    while n != 1:
        n = n // 2 if n % 2 == 0 else 3 * n + 1
        steps += 1
    return steps
'''


def project(root: Path, extra: str = "",
            targets: str = 'targets = ["host", "wasm32-wasi"]') -> Path:
    (root / "cpkg").mkdir(parents=True)
    (root / "cpkg" / "__init__.py").write_text("")
    (root / "cpkg" / "kernels.py").write_text(KERNEL)
    (root / "pyproject.toml").write_text(textwrap.dedent(f"""\
        [build-system]
        requires = ["hatchling", "hatch-pyaot"]
        build-backend = "hatchling.build"

        [project]
        name = "cpkg"
        version = "0.1"

        [tool.hatch.build.hooks.pyaot]
        {targets}
        {extra}
        """))
    return root


SRC = Path(__file__).parents[1] / "src"


def build_env(cache: Path) -> dict[str, str]:
    """A user's shell, with this checkout's hatch-pyaot as the build backend (not another
    one installed in the environment) and the session's zig cache."""
    return clean_env({"ZIG_GLOBAL_CACHE_DIR": str(cache / "zig"), "PYTHONPATH": str(SRC)})


def pip_wheel(root: Path, out: Path, cache: Path) -> Path:
    env = build_env(cache)
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
                    "-w", str(out), str(root)], cwd=root, env=env, check=True,
                   capture_output=True, timeout=1200)
    (wheel,) = out.glob("cpkg-*.whl")
    return wheel


def test_a_named_target_without_its_toolchain_fails_the_build(monkeypatch):
    from hatch_pyaot import wheel_targets
    from hatch_pyaot.settings import Settings
    from hatch_pyaot.toolchains import targets
    from hatch_pyaot.wheelbuild import WheelBuildFailed

    monkeypatch.setattr(targets, "available", lambda name, env=None: "no zig here")
    with pytest.raises(WheelBuildFailed, match="target wasm32-wasi cannot be built here: no "
                       "zig here"):
        wheel_targets.cross_targets(Settings(targets=("host", "wasm32-wasi")))
    assert wheel_targets.cross_targets(Settings(targets=("host",))) == []


def test_default_targets_are_the_available_ones_of_wasm_android_ios(monkeypatch):
    from hatch_pyaot import crossbuild, wheel_targets
    from hatch_pyaot.settings import Settings
    from hatch_pyaot.toolchains import targets
    from hatch_pyaot.wheelbuild import WheelBuildFailed

    found = {"host", "wasm32-wasi", "android-arm64", "ios-arm64", "ios-arm64-simulator",
             "linux-aarch64"}
    monkeypatch.setattr(crossbuild, "available",
                        lambda t, env=None: None if (t if isinstance(t, str) else t.name)
                        in found else "no toolchain")
    monkeypatch.setattr(targets, "available", crossbuild.available)
    assert wheel_targets.cross_targets(Settings()) == ["wasm32-wasi", "android-arm64",
                                                       "ios-arm64"]
    assert crossbuild.expand_targets(["default"]) == ["host", "wasm32-wasi", "android-arm64",
                                                      "ios-arm64"]
    found = {"host"}  # no zig: the host module only, and no error
    assert wheel_targets.cross_targets(Settings()) == []
    with pytest.raises(WheelBuildFailed, match="target ios-arm64 cannot be built here"):
        wheel_targets.cross_targets(Settings(targets=("default", "ios-arm64")))  # named: must


@pytest.mark.slow
def test_wheel_carries_the_wasm_target_and_artifacts_finds_it(tmp_path, cross_cache):
    root = project(tmp_path / "p", extra="artifacts-in-wheel = true")
    wheel = pip_wheel(root, tmp_path / "dist", cross_cache)
    names = zipfile.ZipFile(wheel).namelist()
    for part in ("cpkg/_pyaot/wasm32-wasi/bin/collatz.wasm",
                 "cpkg/_pyaot/wasm32-wasi/lib/cpkg.wasm",
                 "cpkg/_pyaot/wasm32-wasi/include/cpkg.kernels.h",
                 "cpkg/_pyaot/wasm32-wasi/manifest.json"):
        assert part in names, names
    assert any(n.startswith("cpkg/kernels.pyaot") for n in names)  # the host module too
    python = fresh_venv(tmp_path / "venv")
    install(python, wheel)
    probe = ("import hatch_pyaot, json; print(json.dumps({k: str(v) for k, v in "
             "hatch_pyaot.artifacts('cpkg').items()}))")
    out = subprocess.run([str(python), "-c", probe], env={**os.environ, "PYTHONPATH": str(SRC)},
                         capture_output=True, text=True, check=True)
    found = json.loads(out.stdout)
    assert list(found) == ["wasm32-wasi"]
    program = Path(found["wasm32-wasi"]) / "bin" / "collatz.wasm"
    proc = run_wasi(program, ["collatz", "--n", "27"])
    assert (proc.returncode, proc.stdout) == (0, "111\n")


@pytest.mark.slow
@pytest.mark.parametrize(("targets", "extra"), [
    ("", ""), ('targets = ["host", "wasm32-wasi"]', "artifacts-in-wheel = false")])
def test_the_platform_wheel_holds_no_cross_artifacts_unless_asked(tmp_path, cross_cache,
                                                                   targets, extra):
    """The default targets with zig installed (``--no-build-isolation``: it is in the test
    environment), or a named one: the wheel has the host module only."""
    root = project(tmp_path / "p", extra=extra, targets=targets)
    wheel = pip_wheel(root, tmp_path / "dist", cross_cache)
    names = zipfile.ZipFile(wheel).namelist()
    assert not any("_pyaot/" in n or n.endswith(".wasm") for n in names), names
    assert any(n.startswith("cpkg/kernels.pyaot") for n in names)


@pytest.mark.slow
def test_unset_targets_add_wasm_android_and_ios_where_zig_is_installed(tmp_path, cross_cache):
    """This environment has zig (``--no-build-isolation``): the default targets are all
    available, and the wheel carries them when asked to."""
    root = project(tmp_path / "p", targets="", extra="artifacts-in-wheel = true")
    wheel = pip_wheel(root, tmp_path / "dist", cross_cache)
    names = zipfile.ZipFile(wheel).namelist()
    for part in ("cpkg/_pyaot/wasm32-wasi/bin/collatz.wasm",
                 "cpkg/_pyaot/android-arm64/bin/collatz", "cpkg/_pyaot/android-arm64/lib/libcpkg.so",
                 "cpkg/_pyaot/ios-arm64/lib/libcpkg.a", "cpkg/_pyaot/cpkg.xcframework/Info.plist"):
        assert part in names, names
    assert not any("ios-arm64-simulator" in n or "linux-aarch64" in n for n in names)


@pytest.mark.slow
def test_all_builder_writes_an_archive_per_target(tmp_path, cross_cache):
    """Each target is built once, also when the wheel carries its artifacts too."""
    root = project(tmp_path / "p", extra="artifacts-in-wheel = true")
    env = build_env(cross_cache)
    proc = subprocess.run([sys.executable, "-m", "hatchling", "build", "-t", "all"], cwd=root,
                          env=env, check=True, capture_output=True, text=True, timeout=1200)
    log = proc.stdout + proc.stderr
    assert log.count("wasm32-wasi: built wasm32-wasi/lib/cpkg.wasm") == 1, log
    assert log.count("wasm32-wasi: built wasm32-wasi/bin/collatz.wasm") == 1, log
    archive = root / "dist" / "cpkg-0.1-wasm32-wasi.tar.gz"
    with tarfile.open(archive) as tar:
        names = tar.getnames()
    assert "cpkg/wasm32-wasi/bin/collatz.wasm" in names
    assert "cpkg/wasm32-wasi/manifest.json" in names
    dist = sorted(p.name for p in (root / "dist").iterdir())
    assert "cpkg-0.1.tar.gz" in dist and "cpkg-0.1-wasm32-wasi.tar.gz" in dist
    (wheel,) = (root / "dist").glob("cpkg-0.1-cp3*.whl")
    assert "cpkg/_pyaot/wasm32-wasi/bin/collatz.wasm" in zipfile.ZipFile(wheel).namelist()
