"""``pyaot build FILE --target T --out DIR``, for real: standalone programs run on the host,
under wasmtime (wasm32-wasi) and under qemu-aarch64 (android-arm64) and must print what
CPython computes; the host library is called through its C ABI with ctypes; the iOS
library's objects must be arm64 Mach-O for platform IOS; the manifest lists it all."""

from __future__ import annotations

import ctypes
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from conftest import missing_tool
from wasi import run_wasi

pytestmark = pytest.mark.slow

KERNELS = '''\
import math

import numpy as np
from numpy.typing import NDArray

from hatch_pyaot import compile


@compile(tag="collatz", description="Steps of the Collatz sequence from n")
def collatz_steps(n: int) -> int:
    steps = 0
    while n != 1:
        n = n // 2 if n % 2 == 0 else 3 * n + 1
        steps += 1
    return steps


@compile
def safe_log(x: float, base: float = 10.0) -> float:
    """The logarithm of x."""
    return math.log(x) / math.log(base)


@compile(tag="blur")
def blur(img: NDArray[np.uint8]) -> NDArray[np.uint8]:
    out = img.copy()
    for i in range(1, img.shape[0] - 1):
        for j in range(1, img.shape[1] - 1):
            s = 0
            for a in range(-1, 2):
                for b in range(-1, 2):
                    s += int(img[i + a, j + b])
            out[i, j] = s // 9
    return out


@compile
def stats(x: NDArray[np.float64]) -> tuple[float, float, np.int64]:
    return float(x.mean()), float(x.std()), np.argmax(x)
'''

TARGETS = ("host", "wasm32-wasi", "android-arm64", "ios-arm64", "ios-arm64-simulator")
IMAGE = (np.arange(30) * 37 % 256).astype(np.uint8).reshape(5, 6)


def build_kernels(folder: Path, targets: tuple[str, ...], cross_cache: Path,
                  source: str = KERNELS) -> Path:
    """``source`` (KERNELS) as kern.py and the .npy inputs of the tests in ``folder``, built
    by the real CLI for ``targets`` into ``folder/out``; zig's cache is the session's shared
    one."""
    (folder / "kern.py").write_text(source, encoding="utf-8")
    np.save(folder / "img.npy", IMAGE)
    np.save(folder / "x.npy", np.array([1.0, 5.0, 2.0]))
    np.save(folder / "x2.npy", np.array([[1.0, 5.0], [2.0, 8.0]]))
    np.save(folder / "x4.npy", np.zeros((1, 2, 1, 2)))
    (folder / "cut.npy").write_bytes((folder / "x.npy").read_bytes()[:-5])
    env = {**os.environ, "ZIG_GLOBAL_CACHE_DIR": str(cross_cache / "zig")}
    args = [sys.executable, "-m", "hatch_pyaot", "build", "kern.py", "--out", "out"]
    for target in targets:
        args += ["--target", target]
    # cold, zig first builds libc and libc++ for each target: a minute or more each
    proc = subprocess.run(args, cwd=folder, env=env, capture_output=True, text=True,
                          timeout=3600)
    assert proc.returncode == 0, proc.stderr
    return folder


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory, cross_cache: Path) -> Path:
    return build_kernels(tmp_path_factory.mktemp("targets"), TARGETS, cross_cache)


IN_PLACE = '''\
import numpy as np
from numpy.typing import NDArray

from hatch_pyaot import compile


@compile(tag="scale")
def scale(x: NDArray[np.float64], k: float) -> None:
    """Multiplies x by k in place."""
    for i in range(x.shape[0]):
        x[i] *= k


@compile
def größe(länge: int) -> int:
    return länge * 2
'''
SMALL_TARGETS = ("host", "wasm32-wasi", "linux-x86_64")
"""The cheap ones to build; linux-x86_64 is a zig-linked ELF library with a version script."""


@pytest.fixture(scope="module")
def small(tmp_path_factory: pytest.TempPathFactory, cross_cache: Path) -> Path:
    """IN_PLACE built for SMALL_TARGETS."""
    return build_kernels(tmp_path_factory.mktemp("small"), SMALL_TARGETS, cross_cache,
                         IN_PLACE)


def python_kernels(folder: Path):  # type: ignore[no-untyped-def]
    import importlib.util

    spec = importlib.util.spec_from_file_location("kern_reference", folder / "kern.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def run(command: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=120)


def host_command(folder: Path, tag: str) -> list[str]:
    return [str(folder / "out" / "host" / "bin" / tag)]


def qemu_command(folder: Path, tag: str) -> list[str]:
    qemu = shutil.which("qemu-aarch64")
    if qemu is None:
        missing_tool("qemu-aarch64 is not installed (Debian: apt-get install qemu-user)")
    return [str(qemu), str(folder / "out" / "android-arm64" / "bin" / tag)]


def wasm_run(folder: Path, tag: str, args: list[str]) -> subprocess.CompletedProcess[str]:
    """The WASI program under the wasmtime package, with the folder preopened as '.'."""
    return run_wasi(folder / "out" / "wasm32-wasi" / "bin" / f"{tag}.wasm", [tag, *args],
                    folder)


def program(folder: Path, target: str, tag: str, *args: str) -> subprocess.CompletedProcess[str]:
    if target == "wasm32-wasi":
        return wasm_run(folder, tag, list(args))
    command = host_command if target == "host" else qemu_command
    return run([*command(folder, tag), *args], folder)


@pytest.mark.parametrize("target", ["host", "wasm32-wasi", "android-arm64"])
def test_programs_print_what_cpython_computes(built: Path, target: str):
    py = python_kernels(built)
    for n in (1, 27, 97):
        result = program(built, target, "collatz", "--n", str(n))
        assert (result.returncode, json.loads(result.stdout)) == (0, py.collatz_steps(n))
    result = program(built, target, "safe_log", "--x", "1000", "--base=10")
    assert json.loads(result.stdout) == py.safe_log(1000.0, 10.0)
    result = program(built, target, "blur", "--img", "img.npy")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == py.blur(IMAGE).tolist()
    result = program(built, target, "stats", "--x", "x.npy")
    assert json.loads(result.stdout) == [*map(float, py.stats(np.array([1.0, 5.0, 2.0]))[:2]),
                                         1]


@pytest.mark.parametrize("target", ["host", "wasm32-wasi", "android-arm64"])
def test_programs_report_errors_like_python(built: Path, target: str):
    result = program(built, target, "safe_log", "--x", "-1")
    assert result.returncode == 1
    assert result.stderr.startswith("ValueError: math domain error (at kern.py:")
    result = program(built, target, "collatz", "--m", "3")
    assert result.returncode == 2 and "did you mean --n?" in result.stderr
    result = program(built, target, "collatz", "--n", "x")
    assert result.returncode == 2 and "invalid int value: 'x'" in result.stderr
    result = program(built, target, "blur", "--img", "x.npy")
    assert result.returncode == 1
    assert "TypeError: argument 'img' must be a uint8 array of rank 2" in result.stderr
    result = program(built, target, "blur", "--img", "kern.py")
    assert result.returncode == 1 and result.stderr.startswith("ValueError: argument 'img'")
    result = program(built, target, "collatz", "--help")
    assert result.returncode == 0 and "Steps of the Collatz sequence from n" in result.stdout


@pytest.mark.parametrize("target", ["host", "wasm32-wasi", "android-arm64"])
def test_programs_compiled_for_several_ranks(built: Path, target: str):
    """stats leaves the rank of x open (ranks 1 to 3): each rank runs its own variant; a
    file of another dtype, another rank or a truncated one names the parameter and what
    is wrong with it."""
    result = program(built, target, "stats", "--x", "x2.npy")
    assert result.returncode == 0, result.stderr
    py = python_kernels(built)
    assert json.loads(result.stdout) == list(py.stats(np.load(built / "x2.npy")))
    result = program(built, target, "stats", "--x", "img.npy")
    assert result.returncode == 1
    assert result.stderr.startswith("TypeError: argument 'x' must be a float64 array of rank "
                                    "1 to 3, not a uint8 array of rank 2")
    result = program(built, target, "stats", "--x", "x4.npy")
    assert result.stderr.startswith("TypeError: argument 'x' must be a float64 array of rank "
                                    "1 to 3, not a float64 array of rank 4")
    result = program(built, target, "stats", "--x", "cut.npy")
    assert result.returncode == 1
    assert result.stderr.startswith("ValueError: argument 'x' is not a valid .npy file"), \
        result.stderr
    result = program(built, target, "stats", "--help")
    assert "a .npy file of a float64 array of rank 1 to 3" in result.stdout


def test_output_npy_on_the_host(built: Path):
    result = program(built, "host", "blur", "--img", "img.npy", "--output", "blurred.npy")
    assert result.returncode == 0 and result.stdout == ""
    assert np.array_equal(np.load(built / "blurred.npy"),
                          python_kernels(built).blur(IMAGE))


@pytest.mark.parametrize("target", ["host", "wasm32-wasi"])
def test_an_in_place_kernel_writes_its_array_argument_out(small: Path, target: str):
    """scale returns None (printed as null) and changes x: --output-x writes x as the call
    left it; the input file stays as it was."""
    result = program(small, target, "scale", "--x", "x.npy", "--k", "3", "--output-x",
                     "scaled.npy")
    assert (result.returncode, result.stdout, result.stderr) == (0, "null\n", "")
    assert np.load(small / "scaled.npy").tolist() == [3.0, 15.0, 6.0]
    assert np.load(small / "x.npy").tolist() == [1.0, 5.0, 2.0]
    result = program(small, target, "scale", "--help")
    assert "[--output-x FILE.npy]" in result.stdout
    assert "--output-x FILE.npy  write x, as the call left it, to this .npy file" in result.stdout
    result = program(small, target, "scale", "--x", "x.npy", "--k", "3", "--output-x", "a",
                     "--output_x", "b")
    assert result.returncode == 2 and "argument --output-x: may be given only once" in \
        result.stderr
    result = program(small, target, "scale", "--x", "x.npy", "--k", "3", "--outptu-x", "a")
    assert result.returncode == 2 and "(did you mean --output-x?)" in result.stderr


def test_non_ascii_names_are_ascii_in_the_libraries(small: Path):
    """größe is pyaot_4kernu15gr_u00f6_u00dfe in every header, the linux-x86_64 library's
    version script and exports (the library runs here) and the wasm library's exports; the
    program keeps the Python names."""
    symbol = "pyaot_4kernu15gr_u00f6_u00dfe"
    for target in SMALL_TARGETS:
        header = (small / "out" / target / "include" / "kern.h").read_text(encoding="utf-8")
        assert header.isascii()
        assert f"int32_t {symbol}(int64_t l_u00e4nge, int64_t* result);" in header
        manifest = json.loads((small / "out" / target / "manifest.json").read_text())
        assert {f["symbol"] for f in manifest["functions"]} == {symbol, "pyaot_4kern5scale"}
    lib = ctypes.CDLL(str(small / "out" / "linux-x86_64" / "lib" / "libkern.so"))
    out = ctypes.c_int64()
    assert getattr(lib, symbol)(ctypes.c_int64(21), ctypes.byref(out)) == 0 and out.value == 42
    wasmtime = pytest.importorskip("wasmtime")
    module = wasmtime.Module.from_file(wasmtime.Engine(), str(small / "out" / "wasm32-wasi" /
                                                              "lib" / "kern.wasm"))
    assert symbol in {e.name for e in module.exports}
    result = program(small, "host", "größe", "--länge", "21")
    assert (result.returncode, result.stdout) == (0, "42\n")


def test_js_loader_calls_a_non_ascii_function(small: Path):
    """The manifest names größe by its Python name: the loader takes it (and scale's writes
    into its argument come back, as in Python)."""
    node = shutil.which("node")
    if node is None:
        missing_tool("node is not installed (Debian: apt-get install nodejs)")
    lib = small / "out" / "wasm32-wasi" / "lib"
    for name in ("pyaot.mjs", "values.mjs", "wasi.mjs"):
        shutil.copy(Path(__file__).parents[1] / "src" / "hatch_pyaot" / "js" / name, lib)
    (lib / "run.mjs").write_text('''
import { load } from "./pyaot.mjs";
const lib = await load(new URL("./kern.wasm", import.meta.url).pathname);
const x = { data: Float64Array.from([1, 5, 2]), shape: [3] };
lib.scale(x, 2);
console.log(JSON.stringify({ value: lib.größe(21), x: Array.from(x.data) }));
''', encoding="utf-8")
    result = run([node, str(lib / "run.mjs")], small)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == {"value": 42, "x": [2.0, 10.0, 4.0]}


class PyaotArray(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("dtype", ctypes.c_int32), ("ndim", ctypes.c_int32),
                ("shape", ctypes.c_int64 * 8), ("strides", ctypes.c_int64 * 8),
                ("owner", ctypes.c_void_p)]


def test_the_host_library_through_its_c_abi(built: Path):
    lib = ctypes.CDLL(str(built / "out" / "host" / "lib" / "libkern.so"))
    out = ctypes.c_int64()
    assert lib.pyaot_4kern13collatz_steps(ctypes.c_int64(27), ctypes.byref(out)) == 0
    assert out.value == 111
    value = ctypes.c_double()
    status = lib.pyaot_4kern8safe_log(ctypes.c_double(-1.0), ctypes.c_double(10.0),
                                     ctypes.byref(value))
    assert status == 15  # 1 + pyaot::Exc::ValueError
    lib.pyaot_error_type.restype = lib.pyaot_error_message.restype = ctypes.c_char_p
    assert lib.pyaot_error_type() == b"ValueError"
    assert lib.pyaot_error_message().startswith(b"math domain error (at kern.py:")
    image = np.ascontiguousarray(IMAGE[:, ::-1])  # a C-contiguous copy of a reversed view
    arg = PyaotArray(image.ctypes.data, 5, 2)  # PYAOT_UINT8
    arg.shape[:2], arg.strides[:2] = image.shape, (image.shape[1], 1)
    result = PyaotArray()
    assert lib.pyaot_4kern4blur(ctypes.byref(arg), ctypes.byref(result)) == 0
    assert (result.dtype, result.ndim, tuple(result.shape[:2])) == (5, 2, image.shape)
    size = image.size
    got = np.ctypeslib.as_array(ctypes.cast(result.data, ctypes.POINTER(ctypes.c_uint8)),
                                (size,)).reshape(image.shape).copy()
    lib.pyaot_array_release(ctypes.byref(result))
    assert np.array_equal(got, python_kernels(built).blur(image))
    wrong = PyaotArray(image.ctypes.data, 10, 2)  # float64: TypeError
    assert lib.pyaot_4kern4blur(ctypes.byref(wrong), ctypes.byref(result)) == 13
    assert b"must be a uint8 array of rank 2" in lib.pyaot_error_message()
    flat = np.zeros(16)  # stats: compiled for ranks 1 to 3
    four = PyaotArray(flat.ctypes.data, 10, 4)
    four.shape[:4], four.strides[:4] = (2, 2, 2, 2), (8, 4, 2, 1)
    mean, std, where = ctypes.c_double(), ctypes.c_double(), ctypes.c_int64()
    assert lib.pyaot_4kern5stats(ctypes.byref(four), ctypes.byref(mean), ctypes.byref(std),
                                ctypes.byref(where)) == 13
    assert lib.pyaot_error_message() == (b"stats() argument 'x' must be an array of rank 1 to "
                                         b"3 (the ranks it was compiled for), not rank 4")


def test_android_library_needs_only_bionic(built: Path):
    """libkern.so imports math (libm), the unwinder's dl_iterate_phdr (libdl) and libc, and
    nothing that bionic does not export (the list is toolchains/bionic_arm64.txt)."""
    from hatch_pyaot.toolchains import bionic

    lief = pytest.importorskip("lief")
    binary = lief.parse(str(built / "out" / "android-arm64" / "lib" / "libkern.so"))
    assert sorted(binary.libraries) == ["libc.so", "libdl.so", "libm.so"]
    table = bionic.exported_symbols()
    imported = {s.name for s in binary.dynamic_symbols
                if s.shndx == 0 and s.name and s.binding == lief.ELF.Symbol.BINDING.GLOBAL}
    assert "log" in imported
    assert imported <= set().union(*table.values()), imported - set().union(*table.values())
    exported = {f.name for f in binary.exported_functions}
    assert {"pyaot_4kern13collatz_steps", "pyaot_4kern4blur", "pyaot_error_message"} <= exported


def test_ios_library_is_arm64_mach_o_for_ios(built: Path, tmp_path: Path):
    lief = pytest.importorskip("lief")
    archive = built / "out" / "ios-arm64" / "lib" / "libkern.a"
    members = tmp_path / "members"
    members.mkdir()
    subprocess.run(["ar", "x", str(archive)], cwd=members, check=True)
    objects = sorted(members.glob("*.o"))
    assert objects
    for obj in objects:
        binary = lief.parse(str(obj))
        assert binary.header.cpu_type == lief.MachO.Header.CPU_TYPE.ARM64
        version = binary.build_version
        assert version is not None and version.platform == lief.MachO.BuildVersion.PLATFORMS.IOS
        undefined = {s.name for s in binary.symbols
                     if s.type == lief.MachO.Symbol.TYPE.UNDEFINED}
        # in Apple's libc++ from iOS 16.3 only, and the deployment target is 15.0
        assert not any("__libcpp_verbose_abort" in name for name in undefined)
    assert (built / "out" / "ios-arm64" / "include" / "kern.h").is_file()
    assert not (built / "out" / "ios-arm64" / "bin").exists()  # iOS takes no loose programs


def test_xcframework_holds_both_ios_slices(built: Path, tmp_path: Path):
    import plistlib

    lief = pytest.importorskip("lief")
    framework = built / "out" / "kern.xcframework"
    info = plistlib.loads((framework / "Info.plist").read_bytes())
    assert info["CFBundlePackageType"] == "XFWK"
    slices = {s["LibraryIdentifier"]: s for s in info["AvailableLibraries"]}
    assert slices["ios-arm64"]["SupportedPlatform"] == "ios"
    assert slices["ios-arm64-simulator"]["SupportedPlatformVariant"] == "simulator"
    platforms = {"ios-arm64": lief.MachO.BuildVersion.PLATFORMS.IOS,
                 "ios-arm64-simulator": lief.MachO.BuildVersion.PLATFORMS.IOS_SIMULATOR}
    for name, entry in slices.items():
        assert entry["SupportedArchitectures"] == ["arm64"]
        headers = framework / name / entry["HeadersPath"]
        assert (headers / "kern.h").is_file()
        assert 'header "kern.h"' in (headers / "module.modulemap").read_text()
        members = tmp_path / name
        members.mkdir()
        subprocess.run(["ar", "x", str(framework / name / entry["LibraryPath"])], cwd=members,
                       check=True)
        for obj in members.glob("*.o"):
            assert lief.parse(str(obj)).build_version.platform == platforms[name]


def test_manifest_describes_functions_and_files(built: Path):
    for target in TARGETS:
        manifest = json.loads((built / "out" / target / "manifest.json").read_text())
        assert manifest["target"] == target and manifest["version"] == 1
        by_name = {f["name"]: f for f in manifest["functions"]}
        assert by_name["collatz_steps"]["tag"] == "collatz"
        assert by_name["blur"]["params"] == [{"name": "img", "type": "array",
                                              "dtype": "uint8", "ndim": 2}]
        assert by_name["stats"]["results"] == [{"type": "float"}, {"type": "float"},
                                               {"type": "int64"}]
        assert by_name["safe_log"]["description"] == "The logarithm of x."
        assert by_name["safe_log"]["params"] == [{"name": "x", "type": "float"},
                                                 {"name": "base", "type": "float",
                                                  "default": 10.0}]
        # compiled for ranks 1 to 3: no "ndim"
        assert by_name["stats"]["params"] == [{"name": "x", "type": "array",
                                               "dtype": "float64"}]
        for entry in manifest["files"]:
            assert (built / "out" / target / entry["path"]).stat().st_size == entry["size"]


def test_c_header_declares_every_function(built: Path):
    header = (built / "out" / "host" / "include" / "kern.h").read_text()
    assert "int32_t pyaot_4kern13collatz_steps(int64_t n, int64_t* result);" in header
    assert "int32_t pyaot_4kern4blur(const pyaot_array* img, pyaot_array* result);" in header
    compiler = shutil.which("cc") or shutil.which("gcc")
    if compiler is None:
        pytest.skip("no C compiler")
    probe = built / "probe.c"
    probe.write_text('#include "kern.h"\nint main(void) { return 0; }\n')
    subprocess.run([compiler, "-std=c99", "-Wall", "-Werror", "-I",
                    str(built / "out" / "host" / "include"), "-c", str(probe), "-o",
                    str(built / "probe.o")], check=True)



def test_js_loader_calls_the_wasm_library(built: Path):
    node = shutil.which("node")
    if node is None:
        missing_tool("node is not installed (Debian: apt-get install nodejs)")
    lib = built / "out" / "wasm32-wasi" / "lib"
    for name in ("pyaot.mjs", "values.mjs", "wasi.mjs"):
        shutil.copy(Path(__file__).parents[1] / "src" / "hatch_pyaot" / "js" / name, lib)
    (lib / "run.mjs").write_text('''
import { load } from "./pyaot.mjs";
// no manifest given: not kern.json beside it, so ../manifest.json, where pyaot build put it
const lib = await load(new URL("./kern.wasm", import.meta.url).pathname);
const out = { collatz: lib.collatz_steps(27), log: lib.safe_log(1000, 10),
              log10: lib.safe_log(100) };  // base's default from the manifest
try { lib.safe_log(-1, 10); } catch (e) { out.error = [e.name, e.message]; }
try { lib.safe_log(); } catch (e) { out.count = e.message; }
// stats was compiled for ranks 1 to 3: the manifest leaves its rank open
out.stats = lib.stats({ data: Float64Array.from([1, 5, 2, 8]), shape: [2, 2] });
const img = { data: Uint8Array.from(JSON.parse(process.argv[2])), shape: [5, 6] };
const blurred = lib.blur(img);
out.blur = { shape: blurred.shape, data: Array.from(blurred.data) };
console.log(JSON.stringify(out));
''')
    result = run([node, str(lib / "run.mjs"), json.dumps(IMAGE.ravel().tolist())], built)
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    py = python_kernels(built)
    assert out["collatz"] == py.collatz_steps(27) and out["log"] == py.safe_log(1000.0, 10.0)
    assert out["log10"] == py.safe_log(100.0)
    assert out["count"] == "safe_log() takes from 1 to 2 arguments (0 given)"
    assert out["stats"] == list(py.stats(np.array([[1.0, 5.0], [2.0, 8.0]])))
    assert out["error"][0] == "ValueError"
    assert out["error"][1].startswith("math domain error (at kern.py:")
    assert out["blur"] == {"shape": [5, 6], "data": py.blur(IMAGE).ravel().tolist()}
