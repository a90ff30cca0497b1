"""The CMake project each native module is built with, and the CMake/Ninja executables."""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

from hatch_pyaot.toolchains.process import ToolchainError

ARTIFACT = "pyaot_artifact.txt"
"""Written by CMake at generate time: the path of the built module."""

TEMPLATE = """\
cmake_minimum_required(VERSION 3.18)
project(pyaot_ext LANGUAGES CXX)
find_package(Python COMPONENTS Interpreter Development.Module REQUIRED)
Python_add_library(pyaot_ext MODULE {sources})
set_target_properties(pyaot_ext PROPERTIES
  OUTPUT_NAME {module}
  CXX_STANDARD 20
  CXX_STANDARD_REQUIRED ON
  CXX_EXTENSIONS OFF
  CXX_VISIBILITY_PRESET hidden
  VISIBILITY_INLINES_HIDDEN ON)
target_include_directories(pyaot_ext PRIVATE {include} "${{CMAKE_CURRENT_SOURCE_DIR}}/src")
target_compile_options(pyaot_ext PRIVATE {flags})
{source_flags}file(GENERATE OUTPUT "${{CMAKE_BINARY_DIR}}/{artifact}" CONTENT "$<TARGET_FILE:pyaot_ext>")
"""
"""``CMakeLists.txt``; part of every cache key, so editing it invalidates the cache."""


def render(module: str, sources: Sequence[str], include_dir: Path, flags: Sequence[str],
           source_flags: Mapping[str, Sequence[str]] | None = None) -> str:
    """``CMakeLists.txt`` for ``module``; ``sources`` are names in the ``src`` folder, linked
    in that order; ``source_flags`` adds flags to some of them (an ISA variant's)."""
    extra = "".join(
        f"set_source_files_properties({quote(f'src/{name}')} PROPERTIES COMPILE_OPTIONS "
        f"{quote(';'.join(more))})\n"
        for name, more in sorted((source_flags or {}).items()))
    return TEMPLATE.format(
        source_flags=extra,
        sources=" ".join(quote(f"src/{name}") for name in sources),
        module=module,
        include=quote(include_dir.as_posix()),
        flags=" ".join(quote(flag) for flag in flags),
        artifact=ARTIFACT,
    )


def configure_command(project: Path, build: Path, compiler: str, launcher: str | None) -> list[str]:
    command = [
        cmake_executable(),
        "-S",
        str(project),
        "-B",
        str(build),
        "-G",
        "Ninja",
        f"-DCMAKE_MAKE_PROGRAM={ninja_executable()}",
        f"-DCMAKE_CXX_COMPILER={compiler}",
        f"-DPython_EXECUTABLE={sys.executable}",
        "-DCMAKE_BUILD_TYPE=",  # no per-configuration flags: ours are the only ones
    ]
    if launcher:
        command.append(f"-DCMAKE_CXX_COMPILER_LAUNCHER={launcher}")
    return command


def build_command(build: Path) -> list[str]:
    return [cmake_executable(), "--build", str(build)]


def artifact(build: Path) -> Path:
    """The module the build produced (CMake wrote its path at generate time)."""
    return Path((build / ARTIFACT).read_text(encoding="utf-8").strip())


def cmake_executable() -> str:
    return _tool("cmake", "CMAKE_BIN_DIR")


def ninja_executable() -> str:
    return _tool("ninja", "BIN_DIR")


def _tool(name: str, attribute: str) -> str:
    """The tool from its PyPI package (``cmake``, ``ninja``), else from PATH."""
    exe = name + (".exe" if os.name == "nt" else "")
    try:
        package = __import__(name)
        candidate = os.path.join(getattr(package, attribute), exe)
        if os.path.isfile(candidate):
            return candidate
    except Exception:  # a broken or missing package: fall back to PATH
        pass
    found = shutil.which(name)
    if found is None:
        raise ToolchainError(
            f"{name} was not found: install it with `pip install {name}` "
            "(hatch-pyaot depends on it)"
        )
    return found


def quote(value: str) -> str:
    """A CMake bracket argument: taken literally, whatever ``value`` contains."""
    level = 1
    while f"]{'=' * level}]" in value:
        level += 1
    return f"[{'=' * level}[{value}]{'=' * level}]"
