"""Wheels from setuptools projects: ``hatch-pyaot`` in ``build-system.requires`` and a
``[tool.pyaot]`` table give the wheel the same native modules as the Hatch forms.

The first test is what a user runs: real ``pip wheel`` with build isolation, the wheel
installed into a fresh venv. Editable installs do the same with ``pip install -e``. The
tests that only look at how a build fails, or that the plugin stays out of the way, build
with ``--no-build-isolation`` in one prepared environment holding what pip's isolation
would install (setuptools and hatch-pyaot's wheel): the same plugin, a second per build
instead of a new environment each.
"""

from __future__ import annotations

import builtins
import sys
import sysconfig
import zipfile
from pathlib import Path
from typing import Any

import pytest

from wheels import (
    KERNELS,
    auditwheel_platform,
    fresh_venv,
    install,
    pip_wheel,
    read_wheel,
    run,
    runtime_wheel,
    write_project,
)

pytestmark = pytest.mark.slow

NATIVE = f"demo_kernels/kernels.pyaot{sysconfig.get_config_var('EXT_SUFFIX')}"

CHECK_INSTALLED = """\
import hatch_pyaot
import demo_kernels.kernels as k
print([hatch_pyaot.is_compiled(f) for f in (k.integrate, k.collatz_steps, k.dynamic)])
print(repr(k.integrate(0.0, 3.0, 1000)), k.collatz_steps(27), k.dynamic(6))
"""


@pytest.fixture
def expected(monkeypatch: pytest.MonkeyPatch) -> str:
    """What CHECK_INSTALLED prints when the first two are native: the values are those of
    KERNELS run by CPython here."""
    monkeypatch.setenv("PYAOT_DISABLE", "1")
    k: dict[str, Any] = {"__name__": "reference_kernels"}
    exec(builtins.compile(KERNELS, "kernels.py", "exec"), k)
    return (f"[True, True, False]\n{k['integrate'](0.0, 3.0, 1000)!r} "
            f"{k['collatz_steps'](27)} {k['dynamic'](6)}\n")


@pytest.fixture(scope="session")
def build_env(tmp_path_factory: pytest.TempPathFactory, wheelhouse: Path) -> Path:
    """The Python of an environment holding what pip's build isolation installs for a
    setuptools project that requires hatch-pyaot."""
    python = fresh_venv(tmp_path_factory.mktemp("setuptools-build-env") / "venv")
    (wheel,) = wheelhouse.glob("hatch_pyaot-*.whl")
    run([sys.executable, "-m", "pip", "--python", str(python), "install", "--find-links",
         str(wheelhouse), "setuptools>=68", str(wheel)], cwd=python.parent)
    return python


def build_in(python: Path, project: Path, out: Path,
             check: bool = True) -> tuple[int, str]:
    """``pip wheel --no-build-isolation`` with ``python``'s environment as the build
    environment; returns the exit status and the output."""
    proc = run([sys.executable, "-m", "pip", "--python", str(python), "wheel", "-v", "--no-deps",
                "--no-build-isolation", "-w", str(out), str(project)], cwd=project.parent,
               check=check)
    return proc.returncode, proc.stdout + proc.stderr


def test_pip_wheel_installs_native_functions(tmp_path, wheelhouse, pyaot_cache_dir, expected):
    project = write_project(tmp_path / "project", "setuptools")
    pip_wheel(project, tmp_path / "out", wheelhouse, env={"PYAOT_CACHE_DIR": str(pyaot_cache_dir)})
    (wheel,) = (tmp_path / "out").glob("*.whl")
    info = read_wheel(wheel)
    assert info.tags and all(t.startswith("cp311-cp311-") for t in info.tags), info.tags
    if sys.platform.startswith("linux"):  # tagged by bdist_wheel's subclass, as auditwheel sees it
        assert info.tags == (f"cp311-cp311-{auditwheel_platform(wheel)}",)
    assert "py3-none-any" not in wheel.name and not info.root_is_purelib
    assert {NATIVE, "demo_kernels/kernels.py"} <= set(info.names), info.names
    with zipfile.ZipFile(wheel) as zf:
        record = zf.read(next(n for n in info.names if n.endswith(".dist-info/RECORD")))
    assert f"{NATIVE},sha256=" in record.decode()
    assert not list((project / "src").rglob("*.so")), "the build wrote into the source tree"

    python = fresh_venv(tmp_path / "venv")
    install(python, wheel, *wheelhouse.glob("*.whl"))
    assert run([str(python), "-c", CHECK_INSTALLED], cwd=tmp_path).stdout == expected


@pytest.mark.parametrize("mode", ["lenient", "strict"])
def test_editable_install_builds_in_place_and_follows_changes(mode, tmp_path, wheelhouse,
                                                               pyaot_cache_dir, expected):
    """``pip install -e``: the default mode (a path entry, for the src layout) and strict
    mode (a link tree, which links the native module through build_ext's output mapping).
    After a change to a kernel the next import rebuilds it (once: that is the loader's)."""
    project = write_project(tmp_path / "project", "setuptools")
    python = fresh_venv(tmp_path / "venv")
    env = {"PYAOT_CACHE_DIR": str(pyaot_cache_dir)}
    run([sys.executable, "-m", "pip", "--python", str(python), "install", "--find-links",
         str(wheelhouse), "--config-settings", f"editable_mode={mode}", "-e", str(project),
         "hatch-pyaot"],  # the developer has the compiler: the loader rebuilds with it
        cwd=tmp_path, env=env)
    source = project / "src" / "demo_kernels" / "kernels.py"
    assert source.with_name(NATIVE.rpartition("/")[2]).is_file()
    assert run([str(python), "-c", CHECK_INSTALLED], cwd=tmp_path, env=env).stdout == expected
    if mode == "strict":
        return

    source.write_text(source.read_text().replace("steps += 1", "steps += 2"))
    probe = ("import hatch_pyaot, demo_kernels.kernels as k\n"
             "print(k.collatz_steps(27), hatch_pyaot.is_compiled(k.collatz_steps))")
    proc = run([str(python), "-W", "error", "-c", probe], cwd=tmp_path, env=env)
    assert proc.stdout == "222 True\n"


def test_fallback_error_fails_the_build_with_the_diagnostic(tmp_path, build_env):
    project = write_project(tmp_path / "p", "setuptools", settings='fallback = "error"\n')
    status, log = build_in(build_env, project, tmp_path / "out", check=False)
    assert status != 0
    assert "pyaot: demo_kernels/kernels.py: 2/3 functions compiled" in log, log
    assert any("kernels.py:" in line and "eval" in line for line in log.splitlines()), log
    assert 'fallback = "error"' in log and "Traceback" not in log
    assert not list((tmp_path / "out").glob("*.whl"))


def test_unknown_setting_fails_the_build_naming_it(tmp_path, build_env):
    project = write_project(tmp_path / "p", "setuptools", settings="fast-math = true\n")
    status, log = build_in(build_env, project, tmp_path / "out", check=False)
    assert status != 0
    assert "tool.pyaot.fast-math: unknown setting" in log, log
    assert "Traceback" not in log


def test_project_without_the_table_gets_a_pure_wheel(tmp_path, build_env):
    """The plugin runs in every setuptools build where hatch-pyaot is installed (the tests
    above fail in this environment because it does); without ``[tool.pyaot]`` it does
    nothing, even for a module using ``@compile``."""
    project = write_project(tmp_path / "p", "setuptools")
    pyproject = project / "pyproject.toml"
    pyproject.write_text(pyproject.read_text().replace("[tool.pyaot]\n", ""))
    assert "[tool.pyaot]" not in pyproject.read_text()
    _, log = build_in(build_env, project, tmp_path / "out")
    (wheel,) = (tmp_path / "out").glob("*.whl")
    info = read_wheel(wheel)
    assert info.tags == ("py3-none-any",) and info.root_is_purelib
    assert not any(".pyaot" in name for name in info.names), info.names
    assert "pyaot:" not in log


def test_limited_api_gives_an_abi3_wheel(tmp_path, build_env, wheelhouse, pyaot_cache_dir,
                                         expected):
    """``limited-api = "3.11"``: ``kernels.pyaot.abi3.so``, tagged ``cp311-abi3-<platform>``,
    running natively where only hatch-pyaot-runtime is installed."""
    project = write_project(tmp_path / "project", "setuptools", settings='limited-api = "3.11"\n')
    build_in(build_env, project, tmp_path / "out")
    (wheel,) = (tmp_path / "out").glob("*.whl")
    info = read_wheel(wheel)
    assert "demo_kernels/kernels.pyaot.abi3.so" in info.names, info.names
    platform = auditwheel_platform(wheel) if sys.platform.startswith("linux") else None
    assert len(info.tags) == 1 and info.tags[0].startswith("cp311-abi3-"), info.tags
    assert platform is None or info.tags == (f"cp311-abi3-{platform}",)
    python = fresh_venv(tmp_path / "venv")
    install(python, runtime_wheel(wheelhouse), wheel)
    assert run([str(python), "-c", CHECK_INSTALLED], cwd=tmp_path).stdout == expected
