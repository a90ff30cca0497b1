"""``pyaot build FILE --target T`` for the desktop targets zig builds, through the real CLI:
linux-aarch64 (its static programs run under qemu-aarch64 and print what CPython computes;
its glibc 2.17 library is read with lief), macos-arm64 and macos-x86_64 (Mach-O for macOS 11
that needs only libSystem) and windows-x86_64 (PE32+ that needs only Windows' own DLLs).
No macOS or Windows machine runs here: their artifacts are checked by their headers, load
commands, imports and exports. The manifests must list exactly the files written."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import lief
import numpy as np
import pytest

from conftest import missing_tool
from test_targets_build import IMAGE, build_kernels, python_kernels

pytestmark = pytest.mark.slow

TARGETS = ("linux-aarch64", "macos-arm64", "macos-x86_64", "windows-x86_64")
TAGS = ("collatz", "safe_log", "blur", "stats")
C_ABI = {"pyaot_4kern13collatz_steps", "pyaot_4kern8safe_log", "pyaot_4kern4blur",
         "pyaot_4kern5stats", "pyaot_error_type", "pyaot_error_message", "pyaot_array_release",
         "pyaot_value_release"}
RUNTIME_EXPORTS = {"pyaot_error_type", "pyaot_error_message", "pyaot_array_release",
                   "pyaot_value_release"}
"""What every library exports beside its functions."""
LIBRARY = {"linux-aarch64": "libkern.so", "macos-arm64": "libkern.dylib",
           "macos-x86_64": "libkern.dylib", "windows-x86_64": "kern.dll"}
EXE_SUFFIX = {"windows-x86_64": ".exe"}
SIZE_LIMIT = 1 << 20
"""Every program and library is well under 1 MiB (stripped, C++ runtime linked in)."""
GLIBC_LIBRARIES = {"libc.so.6", "libm.so.6", "libpthread.so.0", "libdl.so.2"}
"""What a glibc 2.17 library needs: before glibc 2.34 pthread_* and dl* live in
libpthread and libdl."""
OPERATOR_NEW_DELETE = {
    f"__Z{name}" for name in (
        "nwm", "nam", "nwmSt11align_val_t", "namSt11align_val_t",
        "dlPv", "daPv", "dlPvm", "daPvm", "dlPvSt11align_val_t", "daPvSt11align_val_t",
        "dlPvmSt11align_val_t", "daPvmSt11align_val_t")}
"""Mach-O: the static libc++'s replaceable operators, which a dylib linked by zig exports
as well (zig's Mach-O linker takes no export list; ELF libraries hide them)."""

lief.logging.disable()


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory, cross_cache: Path) -> Path:
    return build_kernels(tmp_path_factory.mktemp("desktop"), TARGETS, cross_cache)


def artifact(built: Path, target: str, tag: str | None = None) -> Path:
    """The library of ``target``, or its program ``tag``."""
    if tag is None:
        return built / "out" / target / "lib" / LIBRARY[target]
    return built / "out" / target / "bin" / (tag + EXE_SUFFIX.get(target, ""))


def parse(path: Path) -> lief.Binary:
    binary = lief.parse(str(path))
    assert binary is not None, path
    return binary


# ---- linux-aarch64 ----------------------------------------------------------------------


def qemu(built: Path, tag: str, *args: str) -> subprocess.CompletedProcess[str]:
    exe = shutil.which("qemu-aarch64")
    if exe is None:
        missing_tool("qemu-aarch64 is not installed (Debian: apt-get install qemu-user)")
    return subprocess.run([str(exe), str(artifact(built, "linux-aarch64", tag)), *args],
                          cwd=built, capture_output=True, text=True, timeout=120)


def test_linux_aarch64_programs_print_what_cpython_computes(built: Path):
    py = python_kernels(built)
    for n in (1, 6, 27, 97):
        result = qemu(built, "collatz", "--n", str(n))
        assert (result.returncode, json.loads(result.stdout)) == (0, py.collatz_steps(n))
    for args, expected in ((("--x", "1000", "--base=10"), py.safe_log(1000.0, 10.0)),
                           (("--x", "2.5"), py.safe_log(2.5)),
                           (("--x=8", "--base", "2"), py.safe_log(8.0, 2.0))):
        result = qemu(built, "safe_log", *args)
        assert (result.returncode, json.loads(result.stdout)) == (0, expected), args
    result = qemu(built, "blur", "--img", "img.npy")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == py.blur(IMAGE).tolist()
    result = qemu(built, "blur", "--img", "img.npy", "--output", "blurred.npy")
    assert (result.returncode, result.stdout) == (0, "")
    assert np.array_equal(np.load(built / "blurred.npy"), py.blur(IMAGE))
    result = qemu(built, "stats", "--x", "x.npy")
    mean, std, argmax = py.stats(np.array([1.0, 5.0, 2.0]))
    assert json.loads(result.stdout) == [float(mean), float(std), int(argmax)]


def test_linux_aarch64_program_raises_like_python(built: Path):
    result = qemu(built, "safe_log", "--x", "-1")
    assert result.returncode == 1 and result.stdout == ""
    assert result.stderr.startswith("ValueError: math domain error (at kern.py:")


def test_linux_aarch64_programs_are_static(built: Path):
    for tag in TAGS:
        binary = parse(artifact(built, "linux-aarch64", tag))
        assert binary.header.machine_type == lief.ELF.ARCH.AARCH64
        assert binary.header.file_type == lief.ELF.Header.FILE_TYPE.EXEC
        assert not binary.has_interpreter and list(binary.libraries) == []


def test_linux_aarch64_library_is_a_glibc_2_17_shared_object(built: Path):
    binary = parse(artifact(built, "linux-aarch64"))
    assert binary.header.machine_type == lief.ELF.ARCH.AARCH64
    assert binary.header.file_type == lief.ELF.Header.FILE_TYPE.DYN
    assert binary.get(lief.ELF.DynamicEntry.TAG.SONAME).name == "libkern.so"
    assert set(binary.libraries) == GLIBC_LIBRARIES
    # the C ABI and nothing else: not the static libc++'s operator new/delete
    assert {s.name for s in binary.exported_symbols} == C_ABI
    versions = {}
    for symbol in binary.imported_symbols:
        assert symbol.has_version, f"{symbol.name} has no version"
        version = symbol.symbol_version
        assert version.has_auxiliary_version, f"{symbol.name} has no version"
        versions[symbol.name] = version.symbol_version_auxiliary.name
    assert {"malloc", "log", "pthread_mutex_lock"} <= versions.keys()
    too_new = {name: v for name, v in versions.items() if not v.startswith("GLIBC_2.")
               or tuple(map(int, v[len("GLIBC_"):].split("."))) > (2, 17)}
    assert not too_new, too_new
    assert not any(s.name.startswith((".debug", ".symtab")) for s in binary.sections)


# ---- macOS ------------------------------------------------------------------------------


MACHO_CPU = {"macos-arm64": "ARM64", "macos-x86_64": "X86_64"}


def load_commands(binary: lief.MachO.Binary, kind: str) -> list[str]:
    """The dylib names of the load commands of one kind (``LOAD_DYLIB``, ``ID_DYLIB``)."""
    wanted = getattr(lief.MachO.LoadCommand.TYPE, kind)
    return [c.name for c in binary.commands if c.command == wanted]


@pytest.mark.parametrize("target", ["macos-arm64", "macos-x86_64"])
def test_macos_artifacts_are_mach_o_for_macos_11(built: Path, target: str):
    cpu = getattr(lief.MachO.Header.CPU_TYPE, MACHO_CPU[target])
    paths = [artifact(built, target), *(artifact(built, target, tag) for tag in TAGS)]
    for path in paths:
        binary = parse(path)
        is_library = path.suffix == ".dylib"
        assert binary.header.cpu_type == cpu
        assert binary.header.file_type == (lief.MachO.Header.FILE_TYPE.DYLIB if is_library
                                           else lief.MachO.Header.FILE_TYPE.EXECUTE)
        version = binary.build_version
        assert version is not None, path  # LC_BUILD_VERSION
        assert version.platform == lief.MachO.BuildVersion.PLATFORMS.MACOS
        assert list(version.minos) == [11, 0, 0]
        # the C++ runtime is linked in: nothing but the system's C library
        assert load_commands(binary, "LOAD_DYLIB") == ["/usr/lib/libSystem.B.dylib"], path
        assert not load_commands(binary, "LOAD_WEAK_DYLIB")
        # Apple silicon runs only signed code: zig signs ad hoc
        assert binary.has_code_signature == (target == "macos-arm64")
        # stripped: no debug information, no local symbols of the runtime
        assert "__DWARF" not in {segment.name for segment in binary.segments}
        assert not any("5pyaot" in s.name for s in binary.symbols if not s.is_external)


@pytest.mark.parametrize("target", ["macos-arm64", "macos-x86_64"])
def test_macos_dylib_exports_the_c_abi(built: Path, target: str):
    binary = parse(artifact(built, target))
    assert load_commands(binary, "ID_DYLIB") == ["@rpath/libkern.dylib"]
    exported = {s.name for s in binary.exported_symbols}
    c_abi = {"_" + name for name in C_ABI}
    assert c_abi <= exported
    assert exported - c_abi <= OPERATOR_NEW_DELETE | {"___dso_handle", "__mh_dylib_header"}


# ---- windows-x86_64 ---------------------------------------------------------------------


def imported_dlls(binary: lief.PE.Binary) -> set[str]:
    return {entry.name.lower() for entry in binary.imports}


def test_windows_artifacts_are_pe32_plus_amd64(built: Path):
    for path in [artifact(built, "windows-x86_64"),
                 *(artifact(built, "windows-x86_64", tag) for tag in TAGS)]:
        binary = parse(path)
        is_dll = path.suffix == ".dll"
        assert binary.header.machine == lief.PE.Header.MACHINE_TYPES.AMD64
        assert binary.optional_header.magic == lief.PE.PE_TYPE.PE32_PLUS
        assert binary.header.has_characteristic(lief.PE.Header.CHARACTERISTICS.DLL) == is_dll
        if not is_dll:
            assert binary.optional_header.subsystem == \
                lief.PE.OptionalHeader.SUBSYSTEM.WINDOWS_CUI  # a console program
            # a program exports nothing (and leaves no import library beside it)
            assert not binary.has_exports or not list(binary.get_export().entries)
        # only Windows' own DLLs: KERNEL32 and the Universal CRT's API sets; the C++
        # runtime, unwinder and threads are linked in (no libc++/libunwind/libwinpthread)
        dlls = imported_dlls(binary)
        assert "kernel32.dll" in dlls, path
        assert {d for d in dlls if not d.startswith("api-ms-win-crt-")} == {"kernel32.dll"}


def test_windows_dll_exports_the_c_abi(built: Path):
    binary = parse(artifact(built, "windows-x86_64"))
    export = binary.get_export()
    assert export.name == "kern.dll"
    assert {entry.name for entry in export.entries} == C_ABI
    assert binary.has_tls  # the runtime's error state is thread_local (native TLS)
    implib = built / "out" / "windows-x86_64" / "lib" / "kern.lib"
    assert implib.read_bytes().startswith(b"!<arch>\n")  # the import library, for linking


# ---- every target -----------------------------------------------------------------------


@pytest.mark.parametrize("target", TARGETS)
def test_manifest_lists_the_files_written(built: Path, target: str):
    folder = built / "out" / target
    manifest = json.loads((folder / "manifest.json").read_text())
    assert manifest["target"] == target
    assert {f["symbol"] for f in manifest["functions"]} == C_ABI - RUNTIME_EXPORTS
    listed = {entry["path"]: entry["size"] for entry in manifest["files"]}
    on_disk = {p.relative_to(folder).as_posix(): p.stat().st_size
               for p in folder.rglob("*") if p.is_file() and p.name != "manifest.json"}
    assert listed == on_disk
    expected = {"include/kern.h", f"lib/{LIBRARY[target]}",
                *(f"bin/{tag}{EXE_SUFFIX.get(target, '')}" for tag in TAGS)}
    if target == "windows-x86_64":
        expected.add("lib/kern.lib")
    assert set(listed) == expected


@pytest.mark.parametrize("target", TARGETS)
def test_artifacts_are_small(built: Path, target: str):
    for path in [artifact(built, target), *(artifact(built, target, tag) for tag in TAGS)]:
        assert path.stat().st_size <= SIZE_LIMIT, path
