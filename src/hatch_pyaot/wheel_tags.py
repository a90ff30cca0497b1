"""The tag of a wheel that carries native modules: ``cp311-cp311-manylinux_2_31_x86_64``,
``cp311-abi3-manylinux_2_31_x86_64`` with ``limited-api``.

On Linux the platform part is the oldest manylinux level (PEP 600) that the modules fit,
read from what they need of the system: the newest ``GLIBC_*`` symbol version, and the
newest ``GLIBCXX_*``, ``CXXABI_*`` and ``GCC_*`` versions of libstdc++ and libgcc_s, which
each level bounds by the libstdc++ of its reference distribution. A module that needs a
library outside the few every manylinux system has gets the plain ``linux_<arch>`` tag
(``auditwheel repair`` would then have to copy the library into the wheel). Against musl
(Alpine) the tag is the ``musllinux_1_<minor>`` of the running musl. Elsewhere the
interpreter's own platform tag.
"""

from __future__ import annotations

import re
import sys
import sysconfig
from collections.abc import Iterable
from pathlib import Path

LEVELS: tuple[tuple[int, dict[str, tuple[int, ...]]], ...] = (
    # (glibc 2.x, the newest versions of libstdc++/libgcc_s that the level allows)
    (17, {"GLIBCXX": (3, 4, 19), "CXXABI": (1, 3, 7), "GCC": (4, 8, 0)}),    # CentOS 7
    (24, {"GLIBCXX": (3, 4, 22), "CXXABI": (1, 3, 10), "GCC": (4, 8, 0)}),   # Debian 9
    (28, {"GLIBCXX": (3, 4, 24), "CXXABI": (1, 3, 11), "GCC": (7, 0, 0)}),   # AlmaLinux 8
    (31, {"GLIBCXX": (3, 4, 28), "CXXABI": (1, 3, 12), "GCC": (7, 0, 0)}),   # Debian 11
    (34, {"GLIBCXX": (3, 4, 29), "CXXABI": (1, 3, 13), "GCC": (7, 0, 0)}),   # AlmaLinux 9
    (35, {"GLIBCXX": (3, 4, 30), "CXXABI": (1, 3, 13), "GCC": (12, 0, 0)}),  # Ubuntu 22.04
    (39, {"GLIBCXX": (3, 4, 33), "CXXABI": (1, 3, 15), "GCC": (14, 0, 0)}),  # Ubuntu 24.04
)
"""The manylinux levels a wheel is given, oldest first."""

SYSTEM_LIBRARIES = frozenset({
    "libc.so.6", "libm.so.6", "libdl.so.2", "libpthread.so.0", "librt.so.1", "libutil.so.1",
    "libstdc++.so.6", "libgcc_s.so.1", "ld-linux-x86-64.so.2", "ld-linux-aarch64.so.1",
})
"""The libraries a manylinux wheel may link without carrying them."""

_VERSION = re.compile(r"^(GLIBC|GLIBCXX|CXXABI|GCC)_(\d+(?:\.\d+)*)$")


def wheel_tag(modules: Iterable[Path], limited_api: str | None) -> str | None:
    """``<interpreter>-<abi>-<platform>`` for a wheel carrying ``modules`` (host native
    modules); None where the backend's own tag is right (full API, not Linux)."""
    platform = linux_platform(list(modules)) if sys.platform.startswith("linux") else None
    if platform is None and limited_api is None:
        return None
    if platform is None:
        platform = _interpreter_platform()
    if limited_api is not None:
        from hatch_pyaot.abi3 import interpreter_tag

        return f"{interpreter_tag(limited_api)}-abi3-{platform}"
    from packaging.tags import interpreter_name, interpreter_version, sys_tags

    abi = next(iter(sys_tags())).abi
    return f"{interpreter_name()}{interpreter_version()}-{abi}-{platform}"


def linux_platform(modules: list[Path]) -> str:
    """``manylinux_2_<n>_<arch>``, ``musllinux_1_<n>_<arch>`` or ``linux_<arch>``."""
    arch = sysconfig.get_platform().split("-", 1)[1].replace("-", "_").replace(".", "_")
    musl = _musllinux()
    if musl is not None:
        return musl
    level = manylinux_level(modules)
    return f"manylinux_2_{level}_{arch}" if level is not None else f"linux_{arch}"


def manylinux_level(modules: list[Path]) -> int | None:
    """The glibc minor version of the oldest level in LEVELS that every module fits, or None."""
    from hatch_pyaot.toolchains.elf import dynamic_info

    newest: dict[str, tuple[int, ...]] = {}
    for module in modules:
        info = dynamic_info(module)
        if not set(info.needed) <= SYSTEM_LIBRARIES:
            return None
        for _, version in info.versions:
            match = _VERSION.match(version)
            if match is not None:
                number = tuple(int(part) for part in match.group(2).split("."))
                newest[match.group(1)] = max(newest.get(match.group(1), ()), number)
    for glibc, limits in LEVELS:
        if newest.get("GLIBC", ()) <= (2, glibc) and all(
                newest.get(name, ()) <= limit for name, limit in limits.items()):
            return glibc
    return None


def _musllinux() -> str | None:
    """The running musl's ``musllinux_1_<n>_<arch>``, or None under glibc."""
    from packaging.tags import sys_tags

    return next((t.platform for t in sys_tags() if t.platform.startswith("musllinux_")), None)


def _interpreter_platform() -> str:
    from packaging.tags import sys_tags

    return next(iter(sys_tags())).platform
