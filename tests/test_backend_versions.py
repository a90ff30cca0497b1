"""The build hook against the oldest supported and the newest hatchling and setuptools.

The oldest are the minimums ``pyproject.toml`` states (``hatchling>=`` among the compiler's
dependencies, ``setuptools>=`` in its ``setuptools`` extra), so those are the tested ones;
the newest is whatever pip resolves today (the test id says ``newest``; the build log names
the version). Each is installed with pip into a folder of its own (pip's cache makes reruns
offline) that goes first on ``PYTHONPATH``; the PEP 517 hook is called as a frontend calls
it, the hook found through hatch-pyaot's entry points, and the wheel installed into a fresh
venv with hatch-pyaot-runtime and run.
"""

from __future__ import annotations

import re
import sys
import tomllib

import pytest
from packaging.version import Version

from conftest import SRC
from test_wheels_hatch import CHECK_INSTALLED, EXPECTED
from wheels import REPO, fresh_venv, install, read_wheel, run, runtime_wheel, write_project

pytestmark = pytest.mark.slow


def minimum(requirement_name: str) -> str:
    """The ``>=`` version pyproject.toml gives ``requirement_name``."""
    with open(REPO / "pyproject.toml", "rb") as f:
        project = tomllib.load(f)["project"]
    requirements = [*project["dependencies"],
                    *[r for extra in project["optional-dependencies"].values() for r in extra]]
    for requirement in requirements:
        found = re.fullmatch(rf"{requirement_name}>=([\d.]+)", requirement)
        if found:
            return found.group(1)
    raise AssertionError(f"pyproject.toml gives no minimum for {requirement_name}")


BACKENDS = {
    "hatchling": ("two-line", "hatchling.build", ()),
    # Before setuptools 70.1, wheel provides bdist_wheel; wheel 0.46 needs setuptools 70.1.
    "setuptools": ("setuptools", "setuptools.build_meta", ("wheel<0.46",)),
}

BUILD = """\
import importlib, importlib.metadata, sys
backend = importlib.import_module(sys.argv[1])
print(sys.argv[2], importlib.metadata.version(sys.argv[2]))
print(backend.build_wheel(sys.argv[3]))
"""
"""What a frontend does without build isolation: the backend's PEP 517 hook, in the project."""


@pytest.mark.parametrize("which", ["oldest", "newest"])
@pytest.mark.parametrize("backend", sorted(BACKENDS))
def test_build_hook_with(backend, which, tmp_path, wheelhouse, pyaot_cache_dir):
    form, module, extra = BACKENDS[backend]
    version = minimum(backend) if which == "oldest" else None
    requirement = f"{backend}=={version}" if version else backend
    target = tmp_path / "backend"
    run([sys.executable, "-m", "pip", "install", "--quiet", "--target", str(target),
         requirement, *(extra if version else ())], cwd=tmp_path)
    project = write_project(tmp_path / "project", form, settings='targets = ["host"]\n')
    out = tmp_path / "out"
    proc = run([sys.executable, "-c", BUILD, module, backend, str(out)], cwd=project,
               env={"PYTHONPATH": f"{target}:{SRC}", "PYAOT_CACHE_DIR": str(pyaot_cache_dir)})
    used = proc.stdout.splitlines()[0].split()[1]
    if version is not None:
        assert Version(used) == Version(version), proc.stdout
    (wheel,) = out.glob("*.whl")
    info = read_wheel(wheel)
    python = f"cp{sys.version_info.major}{sys.version_info.minor}"
    assert len(info.tags) == 1 and info.tags[0].startswith(f"{python}-{python}-"), info.tags
    if sys.platform.startswith("linux"):
        assert "-manylinux_2_" in info.tags[0], info.tags
    venv = fresh_venv(tmp_path / "venv")
    install(venv, runtime_wheel(wheelhouse), wheel)
    assert run([str(venv), "-c", CHECK_INSTALLED], cwd=tmp_path).stdout == EXPECTED, used
