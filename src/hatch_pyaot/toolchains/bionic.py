"""Android shared libraries built with zig, for bionic.

zig compiles them for aarch64-linux-musl (it has no bionic headers) and links them against
musl's ``libc.so``; ``cpp_runtime/src/bionic_shims.cpp`` (``SHIM_SOURCE``) defines the few names musl has and
bionic lacks. Here: empty ``libm.so`` and ``libdl.so`` whose sonames put those libraries in
``DT_NEEDED`` (bionic keeps ``log`` and ``dladdr`` there, musl in libc), and the check after
linking that the library needs only ``libc.so``, ``libm.so`` and ``libdl.so`` and imports
only symbols bionic exports (``bionic_arm64.txt``). The runtime's error state and zig's
libc++abi are thread-locals in ELF TLS, which Android loads from API level 29 (Android 10)
on: the minimum for these libraries. With an NDK (``ANDROID_NDK_HOME``) none of this applies.
"""

from __future__ import annotations

import functools
import hashlib
import os
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path

from hatch_pyaot.toolchains import elf, process
from hatch_pyaot.toolchains.process import ToolchainError

SYMBOLS_FILE = Path(__file__).with_name("bionic_arm64.txt")
LIBRARIES = ("libc.so", "libm.so", "libdl.so")
"""What an Android app's native library may need of the system (besides its own)."""
MIN_API_LEVEL = 29
SHIM_SOURCE = Path(__file__).parent.parent / "cpp_runtime" / "src" / "bionic_shims.cpp"


@functools.cache
def exported_symbols() -> dict[str, frozenset[str]]:
    """Library -> the symbols bionic exports from it (a subset: see the file's header)."""
    table: dict[str, set[str]] = {}
    current: set[str] | None = None
    for line in SYMBOLS_FILE.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("[") and line.endswith("]"):
            current = table.setdefault(line[1:-1], set())
        elif current is not None:
            current.add(line)
    return {name: frozenset(names) for name, names in table.items()}


def stub_libraries(zig: Sequence[str], triple: str, folder: Path,
                   env: Mapping[str, str]) -> list[Path]:
    """Link inputs standing for bionic's ``libm.so`` and ``libdl.so``: built once into
    ``folder`` (per version of the symbol list), they define those libraries' functions under their sonames, so that the
    linker records them in ``DT_NEEDED``. (zig would take files named ``libm.so`` for its
    own libc's, hence the prefix.)"""
    digest = hashlib.sha256(SYMBOLS_FILE.read_bytes()).hexdigest()[:12]
    folder = folder / digest  # a changed list makes new stand-ins
    stubs = []
    for name in LIBRARIES[1:]:
        stub = folder / f"pyaot-bionic-{name}"
        if not stub.is_file():
            folder.mkdir(parents=True, exist_ok=True)
            with tempfile.TemporaryDirectory(dir=folder) as tmp:
                source = Path(tmp) / "stub.c"
                source.write_text("".join(f"void {symbol}(void) {{}}\n"
                                          for symbol in sorted(exported_symbols()[name])),
                                  encoding="utf-8")
                built = Path(tmp) / stub.name
                process.run([*zig, "cc", "-target", triple, "-shared", "-nostdlib", "-w",
                             "-fno-builtin", f"-Wl,-soname,{name}", str(source),
                             "-o", str(built)], env=env)
                os.replace(built, stub)  # atomic: concurrent builds share the folder
        stubs.append(stub)
    return stubs


def check_library(path: Path) -> None:
    """ToolchainError unless ``path`` needs only bionic's libraries and symbols."""
    info = elf.dynamic_info(path)
    problems = []
    extra = [n for n in info.needed if n not in LIBRARIES]
    if extra:
        problems.append(f"it needs {', '.join(extra)} (Android provides {', '.join(LIBRARIES)})")
    table = exported_symbols()
    exported = set().union(*(table.get(name, ()) for name in info.needed))
    missing = [s for s in info.undefined if s not in exported]
    if missing:
        problems.append("it imports symbols that the Android libraries it needs do not "
                        "export: " + ", ".join(missing))
    if problems:
        raise ToolchainError(f"{path.name} would not load on Android: " + "; ".join(problems)
                             + f" (the list is {SYMBOLS_FILE.name}; with an NDK, set "
                             "ANDROID_NDK_HOME)")
