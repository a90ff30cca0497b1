"""Cross targets: the target table, toolchain detection, the commands (with faked processes)
and real zig builds run under wasmtime and qemu-aarch64 or read back with lief."""

from __future__ import annotations

import os
import shutil
import struct
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import missing_tool
from hatch_pyaot import cli
from hatch_pyaot.toolchains import bionic, elf, process, targets, zig
from hatch_pyaot.toolchains.process import ToolchainError
from hatch_pyaot.toolchains.targets import Artifact, Found, ToolchainKind
from wasi import run_wasi

DESIGN_NAMES = (
    "host", "linux-x86_64", "linux-aarch64", "macos-arm64", "macos-x86_64", "windows-x86_64",
    "wasm32-wasi", "android-arm64", "ios-arm64", "ios-arm64-simulator",
)  # fmt: skip

PROGRAM = """\
#include <cstdio>
#include "pyaot/error.hpp"
#include "pyaot/numpy/ndarray.hpp"

int main() {
  pyaot::numpy::ndarray<double, 1> a;
  if (!pyaot::numpy::zeros(a, {10})) return 1;
  double sum = 0;
  for (int i = 0; i < 10; ++i) {
    pyaot::numpy::at(a, i) = i * 1.5;
    sum += pyaot::numpy::at(a, i);
  }
  pyaot::numpy::ndarray<double, 1> b;
  pyaot::numpy::zeros(b, {-1});  // numpy's ValueError, through the error state
  std::printf("sum=%g %s\\n", sum, pyaot::exc_name(pyaot::error_state().type));
  return 0;
}
"""

LIBRARY = """\
#include <cstdint>
#include "pyaot/error.hpp"
#include "pyaot/numpy/ndarray.hpp"

#define EXPORT extern "C" __attribute__((visibility("default")))

/// sum(i * 1.5 for i in range(n)) through an ndarray; -1 with an error for n < 0.
EXPORT double pyaot_sum(std::int32_t n) {
  pyaot::numpy::ndarray<double, 1> a;
  if (!pyaot::numpy::zeros(a, {n})) return -1;
  double sum = 0;
  for (std::int32_t i = 0; i < n; ++i) {
    pyaot::numpy::at(a, i) = i * 1.5;
    sum += pyaot::numpy::at(a, i);
  }
  return sum;
}

/// The sum of n doubles the caller wrote at `data`.
EXPORT double pyaot_sum_array(const double* data, std::int32_t n) {
  double sum = 0;
  for (std::int32_t i = 0; i < n; ++i) sum += data[i];
  return sum;
}
"""

EXPECTED = "sum=67.5 ValueError"
WASM_SIZE_LIMIT = 100_000
"""The issue's aim for a wasm artifact, stripped; this program is about 30 KB."""
STATIC_EXE_SIZE_LIMIT = 300_000


# ---- The target table -----------------------------------------------------------------------


def test_target_names_are_design_names():
    assert targets.TARGET_NAMES == DESIGN_NAMES


def test_unknown_target_lists_the_names():
    with pytest.raises(ValueError, match="wasm32-wasi") as info:
        targets.get_target("wasm")
    assert "unknown target 'wasm'" in str(info.value)


@pytest.mark.parametrize(
    ("name", "artifact", "file"),
    [
        ("wasm32-wasi", Artifact.EXECUTABLE, "k.wasm"),
        ("wasm32-wasi", Artifact.SHARED_LIBRARY, "k.wasm"),
        ("wasm32-wasi", Artifact.STATIC_LIBRARY, "libk.a"),
        ("windows-x86_64", Artifact.EXECUTABLE, "k.exe"),
        ("windows-x86_64", Artifact.SHARED_LIBRARY, "k.dll"),
        ("macos-arm64", Artifact.SHARED_LIBRARY, "libk.dylib"),
        ("android-arm64", Artifact.EXECUTABLE, "k"),
        ("android-arm64", Artifact.SHARED_LIBRARY, "libk.so"),
        ("ios-arm64", Artifact.STATIC_LIBRARY, "libk.a"),
    ],
)
def test_file_names(name, artifact, file):
    assert targets.get_target(name).file_name(artifact, "k") == file


def test_target_facts():
    get = targets.get_target
    assert get("wasm32-wasi").zig_triple == "wasm32-wasi"
    assert not get("wasm32-wasi").threads
    assert get("android-arm64").zig_exe_triple == "aarch64-linux-musl"
    assert "-static" in get("android-arm64").exe_link_flags
    assert "-static" in get("linux-aarch64").exe_link_flags
    assert get("ios-arm64").zig_triple == "aarch64-ios.15.0"
    assert get("ios-arm64-simulator").zig_triple == "aarch64-ios.15.0-simulator"
    for name in ("ios-arm64", "ios-arm64-simulator"):
        assert get(name).artifacts == {Artifact.STATIC_LIBRARY}
        assert get(name).darwin_headers
        assert get(name).native is ToolchainKind.XCODE
    assert get("android-arm64").native is ToolchainKind.ANDROID_NDK
    assert Artifact.EXECUTABLE not in get("android-arm64").native_artifacts
    assert get("host").zig_triple is None
    assert {t.name for t in targets.TARGETS if t.is_apple} == {
        "macos-arm64", "macos-x86_64", "ios-arm64", "ios-arm64-simulator"}  # fmt: skip


def test_host_target_name_is_a_target():
    name = targets.host_target_name()
    assert name is None or name in targets.TARGET_NAMES
    if sys.platform == "linux" and os.uname().machine == "x86_64":
        assert name == "linux-x86_64"


# ---- Detection and availability ------------------------------------------------------------


@pytest.fixture
def no_zig(monkeypatch):
    monkeypatch.setattr(targets, "find_zig", lambda: None)


@pytest.fixture
def fake_zig(monkeypatch, tmp_path):
    """A zig that is never run (the command tests fake process.run)."""
    exe = tmp_path / "ziglang" / "zig"
    exe.parent.mkdir()
    exe.touch()
    found = Found(ToolchainKind.ZIG, exe, "0.0-test")
    monkeypatch.setattr(targets, "find_zig", lambda: found)
    return found


def fake_ndk(root: Path) -> Path:
    bin_dir = targets.ndk_bin_dir(root)
    bin_dir.mkdir(parents=True)
    (bin_dir / "clang++").touch()
    (root / "source.properties").write_text("Pkg.Desc = Android NDK\nPkg.Revision = 26.1.1\n")
    return root


def test_zig_missing_is_the_reason(no_zig):
    env = {"PATH": ""}
    for name in DESIGN_NAMES[1:]:
        reason = targets.available(name, env)
        assert reason is not None
        assert "ziglang is not installed" in reason
        assert "pip install" in reason
    with pytest.raises(ToolchainError, match="ziglang is not installed"):
        zig.toolchain_for("wasm32-wasi", Artifact.EXECUTABLE, env=env)


def test_host_needs_a_compiler(tmp_path):
    reason = targets.available("host", {"PATH": str(tmp_path), "CXX": "no-such-c++"})
    assert reason is not None and "CXX" in reason


def test_zig_from_the_ziglang_package():
    found = targets.find_zig()
    if found is None:
        missing_tool("ziglang is not installed (pip install -e '.[dev]')")
    assert found.kind is ToolchainKind.ZIG and found.path.is_file()
    assert (targets.zig_lib_dir(found) / "libc" / "include" / "any-darwin-any").is_dir()
    assert targets.available("wasm32-wasi") is None


def test_android_ndk_is_preferred_for_libraries(tmp_path, fake_zig):
    ndk = fake_ndk(tmp_path / "ndk")
    android = targets.get_target("android-arm64")
    for var in ("ANDROID_NDK_HOME", "ANDROID_NDK_ROOT"):
        env = {var: str(ndk), "PATH": ""}
        found = targets.find_android_ndk(env)
        assert found == Found(ToolchainKind.ANDROID_NDK, ndk, "26.1.1")
        assert targets.select_toolchain(android, Artifact.SHARED_LIBRARY, env) == found
        # an NDK executable needs Android's dynamic linker: never run under qemu
        assert targets.select_toolchain(android, Artifact.EXECUTABLE, env) == fake_zig
        assert "Android NDK 26.1.1" in targets.describe(android, env)
    assert targets.find_android_ndk({"ANDROID_NDK_HOME": str(tmp_path / "missing")}) is None
    assert targets.select_toolchain(android, Artifact.SHARED_LIBRARY, {"PATH": ""}) == fake_zig


def test_static_android_library_needs_the_ndk(fake_zig):
    reason = targets.select_toolchain(
        targets.get_target("android-arm64"), Artifact.STATIC_LIBRARY, {"PATH": ""})
    assert reason == "android-arm64 needs the android-ndk toolchain for a static-library"


def test_xcode_only_on_macos(tmp_path, fake_zig):
    xcrun = tmp_path / "xcrun"
    xcrun.touch()
    xcrun.chmod(0o755)
    env = {"PATH": str(tmp_path)}
    assert targets.find_xcode(env, system="linux") is None
    found = targets.find_xcode(env, system="darwin")
    assert found == Found(ToolchainKind.XCODE, xcrun)


def test_emsdk_is_found_and_shown_but_not_used(tmp_path, fake_zig):
    emxx = tmp_path / "emsdk" / "upstream" / "emscripten" / "em++"
    emxx.parent.mkdir(parents=True)
    emxx.touch()
    env = {"EMSDK": str(tmp_path / "emsdk"), "PATH": ""}
    assert targets.find_emsdk(env) == Found(ToolchainKind.EMSDK, emxx)
    wasm = targets.get_target("wasm32-wasi")
    assert targets.select_toolchain(wasm, Artifact.EXECUTABLE, env) == fake_zig
    line = targets.describe(wasm, env)
    assert line.startswith("available (zig 0.0-test")
    assert f"emsdk at {emxx} found, not used" in line


# ---- `pyaot targets` -----------------------------------------------------------------------


def test_cli_targets_lists_every_target(capsys, fake_zig):
    assert cli.main(["targets"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines] == list(DESIGN_NAMES)
    for line in lines[1:]:
        assert line.split(None, 1)[1] == "available (zig 0.0-test)"


def test_cli_targets_gives_the_reason(capsys, no_zig):
    assert cli.main(["targets"]) == 0
    lines = dict(line.split(None, 1) for line in capsys.readouterr().out.splitlines())
    assert lines["wasm32-wasi"] == (
        "ziglang is not installed (pip install 'hatch-pyaot[cross]' (or: pip install ziglang))")
    assert lines["ios-arm64"] == lines["wasm32-wasi"]


def test_cli_targets_subprocess(run_python, tmp_path):
    proc = run_python("", tmp_path, args=("-m", "hatch_pyaot", "targets"))
    names = [line.split()[0] for line in proc.stdout.splitlines()]
    assert names == list(DESIGN_NAMES)


# ---- Commands, with faked processes --------------------------------------------------------


@pytest.fixture
def commands(monkeypatch):
    """Records the commands process.run gets and makes the files they would write."""
    calls: list[tuple[list[str], dict[str, str]]] = []

    def fake_run(cmd, *, cwd=None, env=None, timeout=None):
        argv = [os.fspath(part) for part in cmd]
        calls.append((argv, dict(env or {})))
        if "-o" in argv:
            Path(argv[argv.index("-o") + 1]).write_bytes(b"built")
        elif "rcs" in argv:
            next(Path(a) for a in argv if a.endswith(".a")).write_bytes(b"!<arch>\n")
        return subprocess.CompletedProcess(argv, 0, "", "")

    monkeypatch.setattr(process, "run", fake_run)
    return calls


def test_wasm_reactor_command(tmp_path, fake_zig, commands):
    source = tmp_path / "lib.cpp"
    source.write_text(LIBRARY)
    tc = zig.toolchain_for("wasm32-wasi", Artifact.SHARED_LIBRARY, cache_dir=tmp_path / "c")
    out = tc.build([source], Artifact.SHARED_LIBRARY, tmp_path / "out" / "k.wasm",
                   exports=["pyaot_sum"])
    assert out.read_bytes() == b"built"
    ((argv, env),) = commands
    assert argv[:4] == [str(fake_zig.path), "c++", "-target", "wasm32-wasi"]
    for flag in ("-mexec-model=reactor", "-Wl,--export=malloc", "-Wl,--export=free",
                 "-Wl,--export=pyaot_sum", "-std=c++20", "-fno-exceptions", "-g0", "-s"):
        assert flag in argv
    assert [a for a in argv if a.endswith(".cpp")] == [str(source)]  # no shim sources
    assert env["ZIG_GLOBAL_CACHE_DIR"] == str(tmp_path / "c" / "zig")
    assert env["ZIG_LOCAL_CACHE_DIR"] == str(tmp_path / "c" / "zig")


def test_android_executable_is_static_musl(tmp_path, fake_zig, commands):
    source = tmp_path / "main.cpp"
    source.write_text(PROGRAM)
    tc = zig.toolchain_for("android-arm64", Artifact.EXECUTABLE, cache_dir=tmp_path)
    tc.build([source], Artifact.EXECUTABLE, tmp_path / "k")
    ((argv, _),) = commands
    assert argv[2:5] == ["-target", "aarch64-linux-musl", "-static"]
    assert f"-I{zig.runtime_include_dir()}" in argv


def test_ios_static_library_commands(tmp_path, fake_zig, commands):
    sources = [tmp_path / "a.cpp", tmp_path / "b.cpp"]
    for source in sources:
        source.write_text(LIBRARY)
    tc = zig.toolchain_for("ios-arm64", Artifact.STATIC_LIBRARY, cache_dir=tmp_path)
    out = tc.build(sources, Artifact.STATIC_LIBRARY, tmp_path / "libk.a")
    assert out.read_bytes() == b"!<arch>\n"
    compile_a, compile_b, archive = (argv for argv, _ in commands)
    darwin = str(targets.zig_lib_dir(fake_zig) / "libc" / "include" / "any-darwin-any")
    assert compile_a[2:6] == ["-target", "aarch64-ios.15.0", "-isystem", darwin]
    assert "-c" in compile_a and str(sources[1]) in compile_b
    assert archive[:4] == [str(fake_zig.path), "ar", "rcs", "--format=darwin"]
    assert not list(tmp_path.glob(".pyaot-objects-*")), "the object folder is removed"


def test_ndk_shared_library_command(tmp_path, fake_zig, commands):
    ndk = fake_ndk(tmp_path / "ndk")
    env = {"ANDROID_NDK_HOME": str(ndk), "PATH": ""}
    tc = zig.toolchain_for("android-arm64", Artifact.SHARED_LIBRARY, env=env)
    assert tc.found.kind is ToolchainKind.ANDROID_NDK
    source = tmp_path / "lib.cpp"
    source.write_text(LIBRARY)
    tc.build([source], Artifact.SHARED_LIBRARY, tmp_path / "libk.so")
    ((argv, _),) = commands
    assert argv[0] == str(targets.ndk_bin_dir(ndk) / "clang++")
    assert argv[1] == "--target=aarch64-linux-android24"
    assert {"-shared", "-fPIC", "-static-libstdc++"} <= set(argv)


def test_elf_library_exports_only_the_c_functions(tmp_path, fake_zig, commands):
    """zig links libc++ statically: a version script keeps its operator new/delete (and all
    but the given exports) out of the dynamic symbols; it is removed after linking."""
    source = tmp_path / "lib.cpp"
    source.write_text(LIBRARY)
    tc = zig.toolchain_for("linux-aarch64", Artifact.SHARED_LIBRARY, cache_dir=tmp_path)
    out = tmp_path / "out"
    tc.build([source], Artifact.SHARED_LIBRARY, out / "libk.so", exports=["pyaot_sum"])
    tc.build([source], Artifact.SHARED_LIBRARY, out / "libj.so")  # no exports: no script
    (with_exports, _), (without, _) = commands
    assert [a for a in with_exports if a.startswith("-Wl,--version-script,")]
    assert "-Wl,-soname,libk.so" in with_exports
    assert not [a for a in without if a.startswith("-Wl,--version-script,")]
    assert sorted(p.name for p in out.iterdir()) == ["libj.so", "libk.so"]
    script = tc._version_script(Artifact.SHARED_LIBRARY, ["pyaot_sum", "pyaot_error_type"],
                                out / "libk.so")
    assert script is not None
    assert script.read_text() == (
        "{\n  global:\n    pyaot_sum;\n    pyaot_error_type;\n  local: *;\n};\n")


def test_macos_commands_strip_and_name_the_dylib(tmp_path, fake_zig, commands):
    source = tmp_path / "lib.cpp"
    source.write_text(LIBRARY)
    lib = zig.toolchain_for("macos-x86_64", Artifact.SHARED_LIBRARY, cache_dir=tmp_path)
    lib.build([source], Artifact.SHARED_LIBRARY, tmp_path / "libk.dylib", exports=["pyaot_sum"])
    exe = zig.toolchain_for("macos-x86_64", Artifact.EXECUTABLE, cache_dir=tmp_path)
    exe.build([source], Artifact.EXECUTABLE, tmp_path / "k")
    exe.build([source], Artifact.EXECUTABLE, tmp_path / "k", zig.CrossOptions(debug=True))
    (dylib, _), (program, _), (debug, _) = commands
    assert "-Wl,-install_name,@rpath/libk.dylib" in dylib  # not the path it was built at
    assert not [a for a in dylib if "-soname" in a or "--version-script" in a]
    for argv in (dylib, program):  # zig's -s leaves Mach-O local symbols; -x drops them
        assert argv[-4:-2] == ["-s", "-Wl,-x"]
    assert "-s" not in debug and "-Wl,-x" not in debug


def test_artifact_the_target_cannot_make(tmp_path, fake_zig):
    with pytest.raises(ToolchainError, match="ios-arm64 makes no executable"):
        zig.toolchain_for("ios-arm64", Artifact.EXECUTABLE)
    tc = zig.toolchain_for("wasm32-wasi", Artifact.EXECUTABLE)
    with pytest.raises(ValueError, match="no sources"):
        tc.build([], Artifact.EXECUTABLE, tmp_path / "k.wasm")


def test_zig_cache_dir(tmp_path):
    assert zig.zig_cache_dir(tmp_path, {}) == tmp_path / "zig"
    assert zig.zig_cache_dir(None, {"ZIG_GLOBAL_CACHE_DIR": "/z"}) == Path("/z")
    assert zig.zig_cache_dir(None, {"PYAOT_CACHE_DIR": str(tmp_path)}) == tmp_path / "zig"


def test_failed_build_names_target_and_artifact(tmp_path, fake_zig, monkeypatch):
    def failing(cmd, **kwargs):
        raise ToolchainError("zig failed with exit status 1", cmd, "main.cpp:1: error: boom")

    monkeypatch.setattr(process, "run", failing)
    source = tmp_path / "main.cpp"
    source.write_text("int main() {}")
    tc = zig.toolchain_for("linux-aarch64", Artifact.EXECUTABLE)
    with pytest.raises(ToolchainError) as info:
        tc.build([source], Artifact.EXECUTABLE, tmp_path / "k")
    assert info.value.message == "building the linux-aarch64 executable k failed"
    assert "boom" in str(info.value)


# ---- Real builds ----------------------------------------------------------------------------


@pytest.fixture
def sources(tmp_path) -> dict[str, Path]:
    files = {"program": tmp_path / "main.cpp", "library": tmp_path / "lib.cpp"}
    files["program"].write_text(PROGRAM)
    files["library"].write_text(LIBRARY)
    return files


def build(name: str, artifact: Artifact, source: Path, out_dir: Path, cache: Path,
          exports: tuple[str, ...] = ()) -> Path:
    tc = zig.toolchain_for(name, artifact, cache_dir=cache)
    output = out_dir / name / tc.target.file_name(artifact, "kernel")
    return tc.build([source], artifact, output, exports=exports)


def wasi_run(path: Path) -> tuple[int, str]:
    """Runs a WASI command module under wasmtime: its exit code and stdout."""
    proc = run_wasi(path, [path.name])
    return proc.returncode, proc.stdout


@pytest.mark.slow
def test_wasm_executable_runs_under_wasmtime(sources, tmp_path, cross_cache):
    exe = build("wasm32-wasi", Artifact.EXECUTABLE, sources["program"], tmp_path, cross_cache)
    assert exe.name == "kernel.wasm"
    assert exe.read_bytes()[:4] == b"\0asm"
    assert exe.stat().st_size <= WASM_SIZE_LIMIT
    assert wasi_run(exe) == (0, EXPECTED + "\n")


@pytest.mark.slow
def test_wasm_reactor_exports_through_wasmtime(sources, tmp_path, cross_cache):
    wasmtime = pytest.importorskip("wasmtime")
    lib = build("wasm32-wasi", Artifact.SHARED_LIBRARY, sources["library"], tmp_path,
                cross_cache, exports=("pyaot_sum", "pyaot_sum_array"))
    assert lib.stat().st_size <= WASM_SIZE_LIMIT
    engine = wasmtime.Engine()
    module = wasmtime.Module.from_file(engine, str(lib))
    assert {"_initialize", "memory", "malloc", "free", "pyaot_sum", "pyaot_sum_array"} <= {
        export.name for export in module.exports}  # fmt: skip
    assert "_start" not in {export.name for export in module.exports}
    linker = wasmtime.Linker(engine)
    linker.define_wasi()
    store = wasmtime.Store(engine)
    store.set_wasi(wasmtime.WasiConfig())
    exports = linker.instantiate(store, module).exports(store)
    exports["_initialize"](store)
    assert exports["pyaot_sum"](store, 10) == 67.5
    assert exports["pyaot_sum"](store, -1) == -1.0  # ValueError, recorded in the error state
    values = [0.5, 1.25, 2.0, -4.0]
    pointer = exports["malloc"](store, 8 * len(values))
    assert pointer
    exports["memory"].write(store, struct.pack(f"<{len(values)}d", *values), pointer)
    assert exports["pyaot_sum_array"](store, pointer, len(values)) == sum(values)
    exports["free"](store, pointer)


@pytest.mark.slow
@pytest.mark.parametrize("name", ["linux-aarch64", "android-arm64"])
def test_aarch64_static_executable_runs_under_qemu(name, sources, tmp_path, cross_cache):
    lief = pytest.importorskip("lief")
    exe = build(name, Artifact.EXECUTABLE, sources["program"], tmp_path, cross_cache)
    binary = lief.parse(str(exe))
    assert binary.header.machine_type == lief.ELF.ARCH.AARCH64
    assert not binary.has_interpreter and list(binary.libraries) == []  # static
    assert exe.stat().st_size <= STATIC_EXE_SIZE_LIMIT
    qemu = shutil.which("qemu-aarch64")
    if qemu is None:
        missing_tool("qemu-aarch64 is not installed (Debian/Ubuntu: apt-get install qemu-user)")
    proc = subprocess.run([qemu, str(exe)], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == EXPECTED + "\n"


@pytest.mark.slow
def test_android_shared_library_loads_on_bionic(sources, tmp_path, cross_cache):
    """What Android's loader needs: libc/libm/libdl only, bionic's symbols only (the list
    in toolchains/bionic_arm64.txt), and the library's soname."""
    lief = pytest.importorskip("lief")
    lib = build("android-arm64", Artifact.SHARED_LIBRARY, sources["library"], tmp_path,
                cross_cache)
    binary = lief.parse(str(lib))
    assert binary.header.machine_type == lief.ELF.ARCH.AARCH64
    needed = set(binary.libraries)
    assert "libc.so" in needed and needed <= {"libc.so", "libm.so", "libdl.so"}
    assert binary.get(lief.ELF.DynamicEntry.TAG.SONAME).name == "libkernel.so"
    table = bionic.exported_symbols()
    provided = set().union(*(table[name] for name in needed))  # by what it needs, only
    imported = {s.name for s in binary.dynamic_symbols  # undefined, not weak
                if s.shndx == 0 and s.name and s.binding == lief.ELF.Symbol.BINDING.GLOBAL}
    assert imported and imported <= provided, imported - provided
    assert {"__errno_location", "aligned_alloc", "bcmp"}.isdisjoint(imported)  # the shims'
    exported = {symbol.name for symbol in binary.exported_functions}
    assert {"pyaot_sum", "pyaot_sum_array"} <= exported
    assert not any(name.startswith("_ZN5pyaot") for name in exported), "runtime stays hidden"
    assert not exported & {"__errno_location", "aligned_alloc", "bcmp"}
    info = elf.dynamic_info(lib)  # the reader the build's own check uses agrees with lief
    assert set(info.needed) == set(binary.libraries)
    assert set(info.undefined) == imported
    assert exported <= set(info.defined)


MUSL_ONLY = """#include <sys/random.h>
extern "C" __attribute__((visibility("default"))) long pyaot_random() {
  long value = 0;
  return getrandom(&value, sizeof value, 0) == sizeof value ? value : -1;
}
"""


@pytest.mark.slow
def test_android_library_importing_what_bionic_lacks_fails(tmp_path, cross_cache):
    source = tmp_path / "lib.cpp"
    source.write_text(MUSL_ONLY)  # getrandom: musl has it, bionic from API 28 only
    with pytest.raises(ToolchainError) as info:
        build("android-arm64", Artifact.SHARED_LIBRARY, source, tmp_path, cross_cache)
    assert "libkernel.so would not load on Android" in info.value.message
    assert "getrandom" in info.value.message


def test_elf_reader_rejects_what_is_not_elf(tmp_path):
    (tmp_path / "x.so").write_bytes(b"MZ not an ELF file")
    with pytest.raises(ValueError, match="not a 64-bit little-endian ELF"):
        elf.dynamic_info(tmp_path / "x.so")


def test_bionic_list_has_the_three_libraries():
    table = bionic.exported_symbols()
    assert sorted(table) == ["libc.so", "libdl.so", "libm.so"]
    assert {"malloc", "__errno", "pthread_key_create", "stderr"} <= table["libc.so"]
    assert {"log", "exp", "atan2"} <= table["libm.so"]
    assert {"dladdr", "dl_iterate_phdr"} <= table["libdl.so"]
    assert "__errno_location" not in table["libc.so"]  # musl's name


def ar_members(path: Path) -> dict[str, bytes]:
    """The members of a GNU or BSD (Darwin) ``ar`` archive, without the symbol tables."""
    data = path.read_bytes()
    assert data[:8] == b"!<arch>\n", "not an ar archive"
    members: dict[str, bytes] = {}
    pos = 8
    while pos + 60 <= len(data):
        header = data[pos : pos + 60]
        name = header[:16].decode().rstrip()
        size = int(header[48:58].decode())
        body = data[pos + 60 : pos + 60 + size]
        if name.startswith("#1/"):  # BSD: the name follows the header
            length = int(name[3:])
            name, body = body[:length].rstrip(b"\0").decode(), body[length:]
        if name not in ("/", "//", "__.SYMDEF", "__.SYMDEF SORTED", "/SYM64/"):
            members[name.rstrip("/")] = body
        pos += 60 + size + (size & 1)
    return members


@pytest.mark.slow
@pytest.mark.parametrize(("name", "platform"),
                         [("ios-arm64", "IOS"), ("ios-arm64-simulator", "IOS_SIMULATOR")])
def test_ios_static_library_is_arm64_macho_for_ios(name, platform, sources, tmp_path,
                                                   cross_cache):
    lief = pytest.importorskip("lief")
    lib = build(name, Artifact.STATIC_LIBRARY, sources["library"], tmp_path, cross_cache)
    assert lib.name == "libkernel.a"
    members = ar_members(lib)
    assert len(members) == 1
    (body,) = members.values()
    binary = lief.parse(body)
    assert binary.header.cpu_type == lief.MachO.Header.CPU_TYPE.ARM64
    assert binary.build_version.platform == getattr(lief.MachO.BuildVersion.PLATFORMS, platform)
    assert list(binary.build_version.minos) == [15, 0, 0]
    defined = {s.name for s in binary.symbols if s.type == lief.MachO.Symbol.TYPE.SECTION}
    assert {"_pyaot_sum", "_pyaot_sum_array"} <= defined


@pytest.mark.slow
def test_macos_executable_is_arm64_macho(sources, tmp_path, cross_cache):
    lief = pytest.importorskip("lief")
    exe = build("macos-arm64", Artifact.EXECUTABLE, sources["program"], tmp_path, cross_cache)
    binary = lief.parse(str(exe))
    assert binary.header.file_type == lief.MachO.Header.FILE_TYPE.EXECUTE
    assert binary.header.cpu_type == lief.MachO.Header.CPU_TYPE.ARM64
    assert binary.build_version.platform == lief.MachO.BuildVersion.PLATFORMS.MACOS
    assert list(binary.build_version.minos) == [11, 0, 0]


@pytest.mark.slow
def test_host_executable_runs(sources, tmp_path, cxx):
    exe = build("host", Artifact.EXECUTABLE, sources["program"], tmp_path, tmp_path / "cache")
    proc = subprocess.run([str(exe)], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == EXPECTED + "\n"
