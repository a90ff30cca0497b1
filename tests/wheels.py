"""End-to-end wheel builds the way a user runs them: real ``pip wheel`` with build isolation,
hatch-pyaot found as a locally built wheel (``--find-links``), each result installed into a
fresh virtual environment.

Nothing here sees the repository's ``src`` on ``PYTHONPATH``: the build environment and the
fresh venv must get hatch-pyaot from its wheel, or the test proves nothing about packaging.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import re
import subprocess
import sys
import textwrap
import zipfile
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from email.parser import HeaderParser
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

KERNELS = '''\
import math

from hatch_pyaot import compile


def _f(x):
    return math.sin(x) * math.exp(-x)


@compile
def integrate(a: float, b: float, n: int) -> float:
    """Midpoint rule for sin(x)·e^-x on [a, b]."""
    h = (b - a) / n
    s = 0.0
    for i in range(n):
        s += _f(a + (i + 0.5) * h)
    return s * h


@compile
def collatz_steps(n: int) -> int:
    steps = 0
    while n != 1:
        n = n // 2 if n % 2 == 0 else 3 * n + 1
        steps += 1
    return steps


@compile
def dynamic(n: int) -> int:
    return eval("n * 7")
'''
"""A realistic module: two functions that compile and one (``eval``) that stays Python."""

FORMS = ("one-line", "two-line", "backend", "setuptools")


def clean_env(extra: Mapping[str, str] | None = None) -> dict[str, str]:
    """The environment of a user's shell: no ``src`` on the path, no pyaot test switches."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "PYAOT_DISABLE", "SOURCE_DATE_EPOCH")}
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    env.update(extra or {})
    return env


def run(argv: list[str], cwd: Path, env: Mapping[str, str] | None = None,
        check: bool = True, timeout: float = 900) -> subprocess.CompletedProcess[str]:
    proc = subprocess.run(argv, cwd=cwd, env=clean_env(env), capture_output=True, text=True,
                          timeout=timeout)
    if check and proc.returncode != 0:
        raise AssertionError(f"{' '.join(argv)} failed ({proc.returncode}):\n"
                             f"{proc.stdout}\n{proc.stderr}")
    return proc


def build_hatch_pyaot_wheel(shared: Path) -> Path:
    """hatch-pyaot's own wheel and that of hatch-pyaot-runtime, which it depends on, built
    once per test session (xdist workers share them); returns the compiler's."""
    wheelhouse = shared / "wheelhouse"
    wheelhouse.mkdir(parents=True, exist_ok=True)
    with _locked(shared / "wheelhouse.lock"):
        found = sorted(wheelhouse.glob("hatch_pyaot-*.whl"))
        if not found:
            run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
                 "-w", str(wheelhouse), str(REPO), str(REPO / "runtime")], cwd=shared)
            found = sorted(wheelhouse.glob("hatch_pyaot-*.whl"))
    assert len(found) == 1, found
    return found[0]


def runtime_wheel(wheelhouse: Path) -> Path:
    """hatch-pyaot-runtime's wheel, which ``build_hatch_pyaot_wheel`` put beside the compiler's."""
    (found,) = wheelhouse.glob("hatch_pyaot_runtime-*.whl")
    return found


@contextlib.contextmanager
def _locked(path: Path) -> Iterator[None]:
    with open(path, "w") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(f, fcntl.LOCK_UN)


def pip_wheel(project: Path, out: Path, wheelhouse: Path,
              env: Mapping[str, str] | None = None,
              check: bool = True) -> subprocess.CompletedProcess[str]:
    """``pip wheel`` with build isolation; hatch-pyaot comes from ``wheelhouse``."""
    return run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--find-links",
                str(wheelhouse), "-w", str(out), str(project)], cwd=project.parent, env=env,
               check=check)


def fresh_venv(path: Path) -> Path:
    """A new virtual environment (no pip of its own: the test's pip installs into it)."""
    run([sys.executable, "-m", "venv", "--without-pip", str(path)], cwd=path.parent)
    return path / "bin" / "python"


def install(python: Path, *wheels: Path) -> None:
    """Install exactly these wheels (``--no-deps``)."""
    run([sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps",
         "--no-index", *map(str, wheels)], cwd=python.parent)


def auditwheel_platform(wheel: Path) -> str:
    """The platform tag ``auditwheel show`` says the wheel is consistent with."""
    out = run([sys.executable, "-m", "auditwheel", "show", str(wheel)], cwd=wheel.parent).stdout
    found = re.search(r'consistent\s+with\s+the\s+following\s+platform\s+tag:\s+"([^"]+)"', out)
    assert found, out
    return found.group(1)


@dataclass(frozen=True)
class WheelInfo:
    path: Path
    tags: tuple[str, ...]
    root_is_purelib: bool
    names: tuple[str, ...]


def read_wheel(path: Path) -> WheelInfo:
    with zipfile.ZipFile(path) as zf:
        names = tuple(zf.namelist())
        wheel_file = next(n for n in names if n.endswith(".dist-info/WHEEL"))
        meta = HeaderParser().parsestr(zf.read(wheel_file).decode())
    return WheelInfo(path, tuple(meta.get_all("Tag") or ()),
                     meta["Root-Is-Purelib"].strip() == "true", names)


def write_project(root: Path, form: str, name: str = "demo_kernels",
                  kernels: str = KERNELS, settings: str = "") -> Path:
    """A small package in src layout that opts in the way ``form`` says; ``settings`` are
    TOML lines for its settings table (the hook table, or ``[tool.pyaot]``)."""
    package = root / "src" / name
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(f'"""{name}: compiled kernels."""\n')
    (package / "kernels.py").write_text(kernels)
    dist = name.replace("_", "-")
    project = textwrap.dedent(f"""\
        [project]
        name = "{dist}"
        version = "1.0"
        requires-python = ">=3.11"
        dependencies = ["hatch-pyaot-runtime"]
        """)
    if form == "one-line":
        toml = ('tool.hatch.build.hooks.pyaot.dependencies = ["hatch-pyaot"]\n\n'
                '[build-system]\nrequires = ["hatchling"]\nbuild-backend = "hatchling.build"\n\n'
                + project + "\n[tool.pyaot]\n")
    elif form == "two-line":
        toml = ('[build-system]\nrequires = ["hatchling", "hatch-pyaot"]\n'
                'build-backend = "hatchling.build"\n\n' + project
                + "\n[tool.hatch.build.hooks.pyaot]\n")
    elif form == "backend":
        toml = ('[build-system]\nrequires = ["hatch-pyaot"]\n'
                'build-backend = "hatch_pyaot.backend"\n\n' + project + "\n[tool.pyaot]\n")
    elif form == "setuptools":
        toml = ('[build-system]\nrequires = ["setuptools>=68", "hatch-pyaot"]\n'
                'build-backend = "setuptools.build_meta"\n\n' + project
                + "\n[tool.setuptools.packages.find]\nwhere = [\"src\"]\n\n[tool.pyaot]\n")
    else:
        raise ValueError(form)
    (root / "pyproject.toml").write_text(toml + settings)
    return root
