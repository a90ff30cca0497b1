"""The Limited API (``limited-api`` setting): native modules built against CPython's stable
ABI for a minimum Python version, one wheel for that version and every later one.

The C++ is compiled with ``Py_LIMITED_API`` set to that version; the boundary headers then
use the stable ABI's functions instead of the full API's macros (``python/common.hpp``), and
for 3.11, whose stable ABI has no vectorcall, a compiled function is called through
``tp_call`` (``python/function.hpp``). The module is named ``kernels.pyaot.abi3.so``, which
every later CPython imports, and the wheel is tagged ``cp311-abi3-<platform>``.
"""

from __future__ import annotations

import importlib.machinery
import sys

from hatch_pyaot.runtime.loader import NATIVE_INFIX


def version_tuple(version: str) -> tuple[int, int]:
    major, minor = version.split(".")
    return int(major), int(minor)


def cxx_flags(version: str) -> tuple[str, ...]:
    """``-DPy_LIMITED_API=0x030B0000`` for ``3.11``."""
    major, minor = version_tuple(version)
    return (f"-DPy_LIMITED_API=0x{major:02X}{minor:02X}0000",)


def native_name(stem: str) -> str:
    """``kernels.pyaot.abi3.so`` (``.pyd`` on Windows, where the suffix carries no ABI)."""
    suffix = ".abi3.so" if ".abi3.so" in importlib.machinery.EXTENSION_SUFFIXES else ".pyd"
    return stem + NATIVE_INFIX + suffix


def interpreter_tag(version: str) -> str:
    """``cp311`` for ``3.11``: the oldest CPython the wheel installs on."""
    major, minor = version_tuple(version)
    return f"cp{major}{minor}"


def unbuildable(version: str) -> str | None:
    """Why this interpreter cannot build for ``version``, or None: its headers must have
    that version's stable ABI."""
    if sys.implementation.name != "cpython":
        return f"limited-api builds need CPython, not {sys.implementation.name}"
    if sys.version_info[:2] < version_tuple(version):
        running = ".".join(map(str, sys.version_info[:2]))
        return (f"limited-api = \"{version}\" needs CPython {version} or later to build "
                f"(this is {running})")
    return None
