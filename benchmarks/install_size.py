"""Installed size of what a package built with hatch-pyaot needs at run time
(hatch-pyaot-runtime) against the whole compiler with its dependencies.

    python benchmarks/install_size.py

builds both wheels of this checkout, installs each into a fresh virtual environment (the
compiler with its dependencies, which pip takes from its index or cache) and sums the sizes
of the files installed below site-packages (pip itself is not installed; byte-compiled
files are left out on both sides).
"""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def installed_size(folder: Path) -> tuple[int, int]:
    """(bytes, files) below ``folder``, without ``__pycache__``."""
    total = count = 0
    for path in folder.rglob("*"):
        if path.is_file() and "__pycache__" not in path.parts:
            total += path.stat().st_size
            count += 1
    return total, count


def install_into(venv: Path, *requirements: str, find_links: Path, deps: bool) -> Path:
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    command = [sys.executable, "-m", "pip", "--python", str(python), "install", "-q",
               "--no-compile", "--find-links", str(find_links), *requirements]
    subprocess.run(command + ([] if deps else ["--no-deps"]), check=True)
    purelib = subprocess.run([str(python), "-c", "import sysconfig; "
                              "print(sysconfig.get_path('purelib'))"],
                             check=True, capture_output=True, text=True).stdout.strip()
    return Path(purelib)


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="pyaot-size-") as tmp:
        root = Path(tmp)
        wheels = root / "wheels"
        subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps",
                        "--no-build-isolation", "-w", str(wheels), str(REPO),
                        str(REPO / "runtime")], check=True, env={**os.environ, "PYTHONPATH": ""})
        runtime = install_into(root / "runtime", "hatch-pyaot-runtime", find_links=wheels,
                               deps=False)
        full = install_into(root / "full", "hatch-pyaot", find_links=wheels, deps=True)
        (r_bytes, r_files), (f_bytes, f_files) = installed_size(runtime), installed_size(full)
        print(f"Python {sysconfig.get_python_version()}, {sysconfig.get_platform()}")
        print(f"hatch-pyaot-runtime:                 {r_bytes / 1e3:10.1f} kB in {r_files} files")
        print(f"hatch-pyaot with its dependencies:   {f_bytes / 1e6:10.1f} MB in {f_files} files")
        print(f"ratio: {f_bytes / r_bytes:.0f}x")


if __name__ == "__main__":
    main()
