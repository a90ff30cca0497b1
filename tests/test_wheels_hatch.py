"""Wheels from hatchling projects: the one-line opt-in, the two-line form, the backend wrapper,
editable installs, ``hatch build -t all``, the failure policy and reproducibility.

The opt-in forms go through real ``pip wheel`` with build isolation and a fresh venv
(tests/wheels.py). The policy and reproducibility tests run hatchling's own command line
(``python -m hatchling build``, which is what ``hatch build`` runs in its build environment)
in this environment, where hatch-pyaot is installed: the same hook, without a new build
environment per test.
"""

from __future__ import annotations

import hashlib
import math
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

from wheels import (
    REPO,
    fresh_venv,
    install,
    pip_wheel,
    read_wheel,
    run,
    runtime_wheel,
    write_project,
)

pytestmark = pytest.mark.slow

CHECK_INSTALLED = """\
import math, hatch_pyaot
import demo_kernels.kernels as k
assert hatch_pyaot.is_compiled(k.integrate), "integrate is not native"
assert hatch_pyaot.is_compiled(k.collatz_steps), "collatz_steps is not native"
assert not hatch_pyaot.is_compiled(k.dynamic)
print(repr(k.integrate(0.0, 3.0, 1000)), k.collatz_steps(27), k.dynamic(6))
try:
    k.collatz_steps(2.5)
except TypeError as exc:
    print("TypeError")
"""


def _integrate(a: float, b: float, n: int) -> float:
    h = (b - a) / n
    s = 0.0
    for i in range(n):
        x = a + (i + 0.5) * h
        s += math.sin(x) * math.exp(-x)
    return s * h


EXPECTED = f"{_integrate(0.0, 3.0, 1000)!r} 111 42\nTypeError\n"


def native_name(stem: str) -> str:
    import sysconfig

    return f"{stem}.pyaot{sysconfig.get_config_var('EXT_SUFFIX')}"


def assert_platform_wheel(wheel: Path) -> None:
    info = read_wheel(wheel)
    assert info.tags and all(t.startswith("cp311-cp311-") for t in info.tags), info.tags
    assert "py3-none-any" not in wheel.name
    assert not info.root_is_purelib
    native = f"demo_kernels/{native_name('kernels')}"
    assert native in info.names and "demo_kernels/kernels.py" in info.names
    with zipfile.ZipFile(wheel) as zf:
        record = zf.read(next(n for n in info.names if n.endswith("RECORD"))).decode()
    assert native in record


@pytest.mark.parametrize("form", ["one-line", "two-line", "backend"])
def test_pip_wheel_installs_native_functions(form, tmp_path, wheelhouse, pyaot_cache_dir):
    project = write_project(tmp_path / "project", form)
    pip_wheel(project, tmp_path / "out", wheelhouse, env={"PYAOT_CACHE_DIR": str(pyaot_cache_dir)})
    (wheel,) = (tmp_path / "out").glob("*.whl")
    assert_platform_wheel(wheel)
    assert not list(project.rglob("*.so")), "the build wrote into the source tree"

    python = fresh_venv(tmp_path / "venv")
    install(python, wheel, *wheelhouse.glob("*.whl"))
    proc = run([str(python), "-c", CHECK_INSTALLED], cwd=tmp_path)
    assert proc.stdout == EXPECTED


def hatchling_build(project: Path, *args: str, env: dict[str, str] | None = None,
                    check: bool = True):
    """``python -m hatchling build`` in this environment. It has zig, with which the
    default targets include wasm32-wasi, android-arm64 and ios-arm64: the project gets
    ``targets = ["host"]`` (its settings table is the last one) unless it names targets."""
    pyproject = project / "pyproject.toml"
    text = pyproject.read_text()
    if "targets" not in text:
        pyproject.write_text(text.rstrip("\n") + '\ntargets = ["host"]\n')
    # This checkout's hook, also where the environment's hatch-pyaot is another checkout's.
    return run([sys.executable, "-m", "hatchling", "build", *args], cwd=project,
               env={"PYTHONPATH": str(REPO / "src"), **(env or {})}, check=check)


def test_build_log_shows_progress_and_diagnostics(tmp_path, pyaot_cache_dir):
    project = write_project(tmp_path / "p", "two-line")
    proc = hatchling_build(project, "-t", "wheel")
    log = proc.stdout + proc.stderr
    assert "pyaot: src/demo_kernels/kernels.py: 2/3 functions compiled" in log
    assert f"pyaot: built demo_kernels/{native_name('kernels')}" in log
    assert "kernels.py:" in log and "eval" in log and "^" in log
    assert "'dynamic' stays Python" in log


def test_fallback_error_fails_the_build_with_the_diagnostic(tmp_path):
    project = write_project(tmp_path / "p", "one-line", settings='fallback = "error"\n')
    proc = hatchling_build(project, "-t", "wheel", check=False)
    log = proc.stdout + proc.stderr
    assert proc.returncode != 0
    assert "kernels.py:" in log and "eval" in log and "fallback" in log
    assert "Traceback" not in log
    assert not list((project / "dist").glob("*.whl"))


def test_every_function_compiling_passes_with_fallback_error(tmp_path):
    kernels = "from hatch_pyaot import compile\n\n@compile\ndef f(x: int) -> int:\n    return x + 1\n"
    project = write_project(tmp_path / "p", "two-line", kernels=kernels,
                            settings='fallback = "error"\n')
    hatchling_build(project, "-t", "wheel")
    (wheel,) = (project / "dist").glob("*.whl")
    assert not read_wheel(wheel).root_is_purelib


@pytest.mark.parametrize("fallback", ["python", "error"])
def test_no_compiler(fallback, tmp_path):
    project = write_project(tmp_path / "p", "two-line", settings=f'fallback = "{fallback}"\n')
    proc = hatchling_build(project, "-t", "wheel", check=False,
                           env={"PATH": str(tmp_path / "empty"), "CXX": ""})
    log = proc.stdout + proc.stderr
    assert "No C++ compiler was found" in log and "apt-get install g++" in log
    assert "Traceback" not in log
    wheels = list((project / "dist").glob("*.whl"))
    if fallback == "python":
        assert proc.returncode == 0
        (wheel,) = wheels
        assert wheel.name.endswith("-py3-none-any.whl") and read_wheel(wheel).root_is_purelib
        assert "runs as Python" in log
    else:
        assert proc.returncode != 0 and not wheels


def test_settings_errors_name_the_key(tmp_path):
    project = write_project(tmp_path / "p", "two-line", settings="jobz = 2\n")
    proc = hatchling_build(project, "-t", "wheel", check=False)
    log = proc.stdout + proc.stderr
    assert proc.returncode != 0
    assert "tool.hatch.build.hooks.pyaot.jobz" in log and "jobs" in log
    assert "Traceback" not in log


def test_include_and_exclude_select_modules(tmp_path):
    project = write_project(tmp_path / "p", "two-line",
                            settings='exclude = ["demo_kernels/kernels.py"]\n')
    proc = hatchling_build(project, "-t", "wheel")
    (wheel,) = (project / "dist").glob("*.whl")
    assert read_wheel(wheel).root_is_purelib
    assert "pyaot: 0 native module(s), 0 compiled function(s)" in proc.stdout + proc.stderr


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_wheels_are_reproducible(tmp_path):
    """Two builds of the same source, each compiling from scratch (own cache), are
    byte-identical, and SOURCE_DATE_EPOCH dates the files."""
    digests = []
    for i in range(2):
        project = write_project(tmp_path / f"p{i}", "two-line")
        env = {"PYAOT_CACHE_DIR": str(tmp_path / f"cache{i}"), "SOURCE_DATE_EPOCH": "1700000000"}
        hatchling_build(project, "-t", "wheel", env=env)
        (wheel,) = (project / "dist").glob("*.whl")
        digests.append(_digest(wheel))
        with zipfile.ZipFile(wheel) as zf:
            assert {info.date_time[:3] for info in zf.infolist()} == {(2023, 11, 14)}
    assert digests[0] == digests[1]


def test_all_builder_writes_sdist_and_wheel(tmp_path):
    project = write_project(tmp_path / "p", "two-line")
    proc = hatchling_build(project, "-t", "all")
    (sdist,) = (project / "dist").glob("*.tar.gz")
    (wheel,) = (project / "dist").glob("*.whl")
    assert_platform_wheel(wheel)
    with tarfile.open(sdist) as tf:
        names = tf.getnames()
    assert any(n.endswith("src/demo_kernels/kernels.py") for n in names)
    assert not any(".pyaot" in n or n.endswith(".so") for n in names), names
    assert "pyaot: sdist:" in proc.stdout + proc.stderr


def test_hatch_build_all(tmp_path, wheelhouse, pyaot_cache_dir):
    """The real ``hatch build -t all`` (hatch makes its own build environment)."""
    project = write_project(tmp_path / "p", "two-line")
    hatch = Path(sys.executable).with_name("hatch")
    env = {"PYAOT_CACHE_DIR": str(pyaot_cache_dir), "HATCH_DATA_DIR": str(tmp_path / "data"),
           "HATCH_CACHE_DIR": str(tmp_path / "cache"), "PIP_FIND_LINKS": str(wheelhouse),
           "UV_FIND_LINKS": str(wheelhouse)}
    proc = run([str(hatch), "build", "-t", "all"], cwd=project, env=env)
    assert "pyaot: 1 native module(s), 2 compiled function(s), 1 left in Python" in (
        proc.stdout + proc.stderr)
    (wheel,) = (project / "dist").glob("*.whl")
    assert_platform_wheel(wheel)
    assert len(list((project / "dist").glob("*.tar.gz"))) == 1


def test_native_files_in_the_source_tree_stay_out_of_the_artifacts(tmp_path):
    """After `pyaot build` (or an editable install) the tree holds a native module: the sdist
    must not carry it, and the wheel carries a fresh build, once."""
    project = write_project(tmp_path / "p", "two-line")
    stale = project / "src" / "demo_kernels" / native_name("kernels")
    stale.write_bytes(b"not a native module")
    hatchling_build(project)
    (sdist,) = (project / "dist").glob("*.tar.gz")
    with tarfile.open(sdist) as tf:
        assert not [n for n in tf.getnames() if ".pyaot" in n]
    (wheel,) = (project / "dist").glob("*.whl")
    with zipfile.ZipFile(wheel) as zf:
        natives = [n for n in zf.namelist() if ".pyaot" in n]
        assert natives == [f"demo_kernels/{native_name('kernels')}"]
        assert zf.read(natives[0]) != b"not a native module"


def test_editable_install_builds_in_place_and_follows_changes(tmp_path, wheelhouse,
                                                               pyaot_cache_dir):
    """``pip install -e``: native modules next to the sources; after a change to a kernel
    the next import rebuilds it: the developer has the compiler, hatch-pyaot, installed
    (the package itself requires hatch-pyaot-runtime only)."""
    project = write_project(tmp_path / "project", "one-line")
    python = fresh_venv(tmp_path / "venv")
    env = {"PYAOT_CACHE_DIR": str(pyaot_cache_dir)}
    pip = [sys.executable, "-m", "pip", "--python", str(python), "install",
           "--find-links", str(wheelhouse)]
    run([*pip, "-e", str(project), "hatch-pyaot"], cwd=tmp_path, env=env)
    package = project / "src" / "demo_kernels"
    assert (package / native_name("kernels")).is_file()
    assert run([str(python), "-c", CHECK_INSTALLED], cwd=tmp_path, env=env).stdout == EXPECTED

    source = package / "kernels.py"
    source.write_text(source.read_text().replace("steps += 1", "steps += 2"))
    probe = ("import hatch_pyaot, demo_kernels.kernels as k\n"
             "print(k.collatz_steps(27), hatch_pyaot.is_compiled(k.collatz_steps))")
    proc = run([str(python), "-W", "error", "-c", probe], cwd=tmp_path, env=env)
    assert proc.stdout == "222 True\n"


def test_hatch_pyaot_wheel_carries_the_runtime_headers_and_plugins(wheelhouse):
    (wheel,) = wheelhouse.glob("hatch_pyaot-*.whl")
    info = read_wheel(wheel)
    assert "hatch_pyaot/cpp_runtime/include/pyaot/runtime.hpp" in info.names
    assert "hatch_pyaot/settings.schema.json" in info.names
    # PEP 561: type checkers read the package; hatch-pyaot-runtime carries the marker
    assert "hatch_pyaot/py.typed" in read_wheel(runtime_wheel(wheelhouse)).names
    with zipfile.ZipFile(wheel) as zf:
        entry_points = zf.read(next(n for n in info.names
                                    if n.endswith("entry_points.txt"))).decode()
    assert "[hatch]\npyaot = hatch_pyaot.hatch.plugin" in entry_points
    assert "setuptools.finalize_distribution_options" in entry_points
    assert (REPO / "pyproject.toml").is_file()


def test_example_package_builds_and_runs_natively(tmp_path, wheelhouse, pyaot_cache_dir):
    """examples/specfun, as its README installs it: one-line opt-in, real pip wheel."""
    import shutil

    project = tmp_path / "specfun"
    shutil.copytree(REPO / "examples" / "specfun", project)
    pip_wheel(project, tmp_path / "out", wheelhouse, env={"PYAOT_CACHE_DIR": str(pyaot_cache_dir)})
    (wheel,) = (tmp_path / "out").glob("specfun-*.whl")
    info = read_wheel(wheel)
    assert not info.root_is_purelib and f"specfun/{native_name('functions')}" in info.names
    python = fresh_venv(tmp_path / "venv")
    install(python, wheel, *wheelhouse.glob("*.whl"))
    proc = run([str(python), str(project / "demo.py")], cwd=tmp_path)
    lines = proc.stdout.splitlines()
    assert len(lines) == 4 and all("native=True" in line for line in lines), proc.stdout
