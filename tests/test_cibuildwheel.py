"""examples/cibuildwheel's ``[tool.cibuildwheel]`` configuration, as far as this machine
can run it. ``cibuildwheel --platform linux`` builds in manylinux/musllinux containers, and
no container engine runs here (nor in CI, itself a container). So: cibuildwheel reads the
configuration (its own command line, then its option resolver for this interpreter's
identifier), and the steps it would run in the container run here as it spells them — the
build frontend's command, the repair command, then the test command in a fresh environment
with the repaired wheel installed.

One change: the build runs without build isolation (``CIBW_BUILD_FRONTEND``, as a user
could set it), in the test environment, which has the build requirements (``python -m
build`` checks them: hatchling, ``hatch-pyaot[cross]``). An isolated build installs zig
(400 MB unpacked) into a new environment for each wheel and deletes it after: measured at
4 to 5 minutes for this test on a loaded 2-core machine, against seconds for the rest.
Isolated builds of the other opt-in forms are tests/test_wheels_hatch.py's."""

from __future__ import annotations

import platform
import shlex
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from conftest import SRC
from wheels import clean_env, fresh_venv, install, read_wheel, run

pytestmark = pytest.mark.slow
cibuildwheel = pytest.importorskip("cibuildwheel")

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "cibuildwheel"
BIN = Path(sys.executable).parent
IDENTIFIER = f"cp{sys.version_info.major}{sys.version_info.minor}-manylinux_{platform.machine()}"
NO_ISOLATION = {"CIBW_BUILD_FRONTEND": "build; args: --no-isolation"}


def build_options(identifier: str, env: dict[str, str] | None = None) -> Any:
    from cibuildwheel.options import CommandLineArguments, compute_options

    args = CommandLineArguments.defaults()
    args.platform, args.package_dir = "linux", EXAMPLE
    options = compute_options("linux", args, env=env or {})
    assert options.globals.build_selector(identifier)
    return options.build_options(identifier)


def test_cibuildwheel_reads_the_configuration():
    proc = subprocess.run([str(BIN / "cibuildwheel"), "--print-build-identifiers",
                           "--platform", "linux", str(EXAMPLE)], capture_output=True,
                          text=True, timeout=120, env=clean_env())
    assert proc.returncode == 0, proc.stderr
    machine = platform.machine()
    assert proc.stdout.split() == [f"cp3{minor}-{libc}_{machine}" for libc in
                                   ("manylinux", "musllinux") for minor in (11, 12, 13, 14)]
    options = build_options(IDENTIFIER)
    assert options.build_frontend.name == "build"
    assert options.test_command == "python {project}/check.py"


@pytest.mark.skipif(sys.platform != "linux", reason="the Linux steps, with auditwheel")
def test_the_steps_it_runs_in_the_container_work_here(tmp_path, wheelhouse, cross_cache):
    from cibuildwheel.frontend import get_build_frontend_extra_flags, prepare_config_settings
    from cibuildwheel.util.helpers import prepare_command

    options = build_options(IDENTIFIER, NO_ISOLATION)
    assert options.build_frontend.args == ["--no-isolation"]
    project = tmp_path / "project"
    shutil.copytree(EXAMPLE, project)
    env = options.environment.as_dictionary(clean_env({
        "PATH": f"{BIN}:{clean_env()['PATH']}",  # python -m build, auditwheel
        "PYTHONPATH": str(SRC),  # the build's hatch-pyaot: this checkout's
        "PYAOT_CACHE_DIR": str(cross_cache),  # zig's libc for wasm32-wasi, built once
    }))
    flags = get_build_frontend_extra_flags(
        options.build_frontend, options.build_verbosity,
        prepare_config_settings(options.config_settings, project=project, package=project))
    built, repaired = tmp_path / "built", tmp_path / "repaired"
    # cibuildwheel/platforms/linux.py, build frontend "build":
    run([sys.executable, "-m", "build", str(project), "--wheel", f"--outdir={built}", *flags],
        cwd=project, env=env)
    (wheel,) = built.glob("*.whl")
    repair = prepare_command(options.repair_command, wheel=shlex.quote(str(wheel)),
                             dest_dir=shlex.quote(str(repaired)))
    run(["sh", "-c", repair], cwd=tmp_path, env=env)
    (fixed,) = repaired.glob("*.whl")
    info = read_wheel(fixed)
    python_tag = IDENTIFIER.split("-")[0]
    assert info.tags and all(tag.startswith(f"{python_tag}-{python_tag}-manylinux_")
                             for tag in info.tags), info.tags
    assert "primecount/_pyaot/wasm32-wasi/lib/primecount.wasm" in info.names
    python = fresh_venv(tmp_path / "venv")
    install(python, fixed, *wheelhouse.glob("*.whl"))  # hatch-pyaot's own
    test = prepare_command(options.test_command, project=shlex.quote(str(project)),
                           package=shlex.quote(str(project)))
    (tmp_path / "test_cwd").mkdir()
    proc = run(["sh", "-c", test], cwd=tmp_path / "test_cwd",
               env={"PATH": f"{python.parent}:{clean_env()['PATH']}"})
    assert proc.stdout.startswith("primecount: native ([0, 0, 1, 25, 1229], True)"), proc.stdout
