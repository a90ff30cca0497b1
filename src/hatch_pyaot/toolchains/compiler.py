"""Finding the C++ compiler, its identity, and the flags every native module is built with."""

from __future__ import annotations

import os
import shutil
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from hatch_pyaot.toolchains import process
from hatch_pyaot.toolchains.process import CompilerNotFound, ToolchainError

POSIX_COMPILERS = ("c++", "g++", "clang++")
WINDOWS_COMPILERS = ("cl", "clang-cl", "clang++", "g++")
LAUNCHERS = ("ccache", "sccache")
OPT_LEVELS = ("0", "1", "2", "3", "s", "z", "g")
"""Allowed ``BuildOptions.opt_level`` values (never ``fast``: it implies -ffast-math)."""
FORBIDDEN_FLAGS = ("-ffast-math", "-Ofast", "-funsafe-math-optimizations", "/fp:fast")
"""Flags that change floating-point results; compiled code must match Python exactly."""

ISA_LEVEL_FLAGS: dict[str, dict[str, tuple[str, ...]]] = {
    "gnu": {"x86-64-v3": ("-march=x86-64-v3", "-fno-weak"),
            "x86-64-v4": ("-march=x86-64-v4", "-mprefer-vector-width=512", "-fno-weak")},
    "clang": {"x86-64-v3": ("-march=x86-64-v3",),
              "x86-64-v4": ("-march=x86-64-v4", "-mprefer-vector-width=512")},
    "msvc": {"x86-64-v3": ("/arch:AVX2",), "x86-64-v4": ("/arch:AVX512",)},
}
"""Compiler flags of each ISA level above baseline (codegen/isa_variants.py), by compiler
family. Every unit keeps the module's own flags, ``-ffp-contract=off`` among them: FMA
contraction would change results (MSVC's ``/fp:precise`` does not contract). GCC's
``-fno-weak`` keeps the unit's copies of inline functions and templates its own (see
pyaot/isa/shared.hpp); elsewhere the linker keeps the lowest unit's copy, which is safe
but runs those at the lower level."""

INSTALL_HINT = (
    "hatch-pyaot needs a C++20 compiler (GCC 10+, Clang 13+ or MSVC 2019 16.10+) to build "
    "native modules: on Debian or Ubuntu run `apt-get install g++`, on Fedora `dnf install "
    "gcc-c++`, on macOS `xcode-select --install`, and on Windows install the Microsoft C++ "
    "Build Tools (https://visualstudio.microsoft.com/visual-cpp-build-tools/) and build from "
    "a Developer Command Prompt. To use a particular compiler, set CXX to its path."
)


@dataclass(frozen=True)
class Compiler:
    path: str
    """Absolute path of the executable (passed to CMake as CMAKE_CXX_COMPILER)."""
    family: str
    """``gnu``, ``clang`` or ``msvc`` (``cl`` and ``clang-cl``, which take MSVC flags)."""
    identity: str
    """Path and version banner: part of every cache key."""


def find_compiler(env: Mapping[str, str] | None = None) -> Compiler:
    """The compiler in ``$CXX``, else the first of the usual names on PATH.

    Raises a ToolchainError whose message is one paragraph saying what to install.
    """
    env = os.environ if env is None else env
    path_var = env.get("PATH")
    wanted = env.get("CXX", "").strip()
    if wanted:
        path = shutil.which(wanted, path=path_var)
        if path is None:
            raise CompilerNotFound(
                f"The C++ compiler named by CXX ({wanted}) was not found. {INSTALL_HINT}"
            )
    else:
        names = WINDOWS_COMPILERS if os.name == "nt" else POSIX_COMPILERS
        path = next((found for name in names if (found := shutil.which(name, path=path_var))), None)
        if path is None:
            raise CompilerNotFound(
                f"No C++ compiler was found (looked for {', '.join(names)} on PATH and "
                f"CXX is not set). {INSTALL_HINT}"
            )
    path = os.path.abspath(path)
    stem = os.path.splitext(os.path.basename(path))[0].lower()
    if stem in ("cl", "clang-cl"):
        banner = _msvc_banner(path)
        family = "msvc"
    else:
        banner = process.run([path, "--version"], timeout=60).stdout
        family = "clang" if "clang" in banner.lower() else "gnu"
    return Compiler(path=path, family=family, identity=f"{path}\n{banner.strip()}")


def _msvc_banner(path: str) -> str:
    # cl prints its version banner when run without arguments (and may exit non-zero).
    try:
        return process.run([path], timeout=60).stdout
    except ToolchainError as exc:
        if not exc.output:
            raise
        return exc.output


def compile_flags(family: str, opt_level: str, debug: bool, extra: Sequence[str] = (),
                  boundscheck: bool = True, editable: bool = False,
                  threads: int = 0) -> list[str]:
    """The compiler flags for one native module (C++20 itself is set through CMake).

    ``boundscheck=False`` defines ``PYAOT_BOUNDSCHECK=0``: the runtime's index checks go away.
    ``editable=True`` defines ``PYAOT_EDITABLE``: the module says it may be rebuilt at import.
    ``threads`` > 0 defines ``PYAOT_DEFAULT_THREADS``: large loops use that many threads
    unless PYAOT_NUM_THREADS says otherwise (pyaot/parallel/pool.hpp).
    """
    if opt_level not in OPT_LEVELS:
        raise ValueError(f"opt_level must be one of {', '.join(OPT_LEVELS)}, not {opt_level!r}")
    bad = [flag for flag in extra if flag in FORBIDDEN_FLAGS]
    if bad:
        raise ValueError(f"{', '.join(bad)} would change floating-point results; not allowed")
    if family == "msvc":
        msvc_opt = {"0": "/Od", "1": "/O1", "s": "/O1", "z": "/O1", "g": "/Od"}
        flags = [
            msvc_opt.get(opt_level, "/O2"),
            "/GR-",
            "/EHs-c-",
            "/D_HAS_EXCEPTIONS=0",
            "/fp:precise",
            "/utf-8",
        ]
        if debug:
            flags.append("/Zi")
        if not boundscheck:
            flags.append("/DPYAOT_BOUNDSCHECK=0")
        if editable:
            flags.append("/DPYAOT_EDITABLE")
        if threads:
            flags.append(f"/DPYAOT_DEFAULT_THREADS={threads}")
    else:
        flags = [
            f"-O{opt_level}",
            "-fno-exceptions",
            "-fno-rtti",
            "-fvisibility=hidden",
            "-ffp-contract=off",
            "-fno-math-errno",
        ]
        if debug:
            flags.append("-g")
        if not boundscheck:
            flags.append("-DPYAOT_BOUNDSCHECK=0")
        if editable:
            flags.append("-DPYAOT_EDITABLE")
        if threads:
            flags.append(f"-DPYAOT_DEFAULT_THREADS={threads}")
    return [*flags, *extra]


def compiler_launcher(env: Mapping[str, str] | None = None) -> str | None:
    """``ccache``/``sccache`` to pass to CMake, unless CMAKE_CXX_COMPILER_LAUNCHER is set
    (CMake then reads that variable itself)."""
    env = os.environ if env is None else env
    if env.get("CMAKE_CXX_COMPILER_LAUNCHER"):
        return None
    for name in LAUNCHERS:
        found = shutil.which(name, path=env.get("PATH"))
        if found:
            return found
    return None
