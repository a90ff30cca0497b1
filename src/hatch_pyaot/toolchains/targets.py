"""The cross targets: their stable names, how each is built, and whether it can be built here.

A target is data: the zig target triples, the extra flags, the artifacts it can make and
their file names. Which compiler builds it is decided per target and artifact: an Android
NDK, Xcode or emsdk found on this machine where it is the better tool, else zig from the
``ziglang`` PyPI package (clang plus libc/libc++ for every target, no SDK downloads), and the
system C++ compiler for ``host``. This module only looks; ``zig.py`` runs the compilers.

Facts the table encodes (measured with ziglang 0.17 on Linux x86_64):

- Linux and Android executables are static musl binaries: they run on any kernel of that
  architecture (and under ``qemu-aarch64``). Linux libraries use glibc 2.17 so that a glibc
  process can load them; an Android ``.so`` links musl dynamically, whose ``libc.so`` soname
  is also bionic's; bionic.py makes it load on Android 10+ (API 29).
- zig has no iOS libc headers; the macOS ones (``any-darwin-any``) serve for objects, and no
  iOS executable or dylib can be linked without Apple's SDK: iOS is a static library.
- wasm32-wasi has no threads and no C++ exceptions; its library is a WASI reactor.
"""

from __future__ import annotations

import enum
import importlib.metadata
import importlib.util
import os
import platform
import shutil
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

ZIG_INSTALL_HINT = "pip install 'hatch-pyaot[cross]' (or: pip install ziglang)"


class Artifact(enum.Enum):
    EXECUTABLE = "executable"
    SHARED_LIBRARY = "shared-library"
    """A library with the C ABI that a program loads: ``.so``/``.dylib``/``.dll``, and for
    wasm32-wasi a reactor module (``_initialize`` plus the exported functions)."""
    STATIC_LIBRARY = "static-library"
    """Objects for the platform's own linker (Xcode, the NDK, ...); the C++ standard library
    is not inside: the final link supplies it."""


class ToolchainKind(enum.Enum):
    HOST = "host"
    ZIG = "zig"
    ANDROID_NDK = "android-ndk"
    XCODE = "xcode"
    EMSDK = "emsdk"


ALL_ARTIFACTS = frozenset(Artifact)


@dataclass(frozen=True)
class Target:
    name: str
    description: str
    zig_triple: str | None
    """``-target`` for libraries and objects; None for ``host`` (the system compiler)."""
    zig_exe_triple: str | None
    """``-target`` for executables (static musl for Linux and Android)."""
    artifacts: frozenset[Artifact]
    compile_flags: tuple[str, ...] = ()
    exe_link_flags: tuple[str, ...] = ()
    darwin_headers: bool = False
    """Compile with ``-isystem <ziglang>/lib/libc/include/any-darwin-any`` (iOS with zig)."""
    threads: bool = True
    exe_suffix: str = ""
    shared_prefix: str = "lib"
    shared_suffix: str = ".so"
    static_prefix: str = "lib"
    static_suffix: str = ".a"
    native: ToolchainKind | None = None
    """The platform's own toolchain: preferred over zig for ``native_artifacts`` when found
    (and only shown by ``pyaot targets`` for the others)."""
    native_artifacts: frozenset[Artifact] = frozenset()
    bionic: bool = False
    """Android: a shared library built with zig gets bionic's shims and checks (bionic.py)."""

    def file_name(self, artifact: Artifact, stem: str) -> str:
        """``blur`` -> ``blur.exe``, ``libblur.so``, ``libblur.a``, ``blur.wasm``, ..."""
        if artifact is Artifact.EXECUTABLE:
            return stem + self.exe_suffix
        if artifact is Artifact.SHARED_LIBRARY:
            return self.shared_prefix + stem + self.shared_suffix
        return self.static_prefix + stem + self.static_suffix

    @property
    def is_wasm(self) -> bool:
        return (self.zig_triple or "").startswith("wasm")

    @property
    def is_apple(self) -> bool:
        return "-macos" in (self.zig_triple or "") or "-ios" in (self.zig_triple or "")

    @property
    def is_elf(self) -> bool:
        """Linux and Android (``host`` is not known to be)."""
        return "-linux" in (self.zig_triple or "")


IOS_COMPILE_FLAGS = ("-D_LIBCPP_VERBOSE_ABORT(...)=__builtin_abort()",)
"""The objects link against the app's libc++ (Apple's), whose std::__libcpp_verbose_abort,
which zig's libc++ headers call on a failed check, exists from iOS 16.3 only: abort
instead, as Apple's headers do for older deployment targets."""

TARGETS: tuple[Target, ...] = (
    Target(
        name="host",
        description="this machine, with the system C++ compiler",
        zig_triple=None,
        zig_exe_triple=None,
        artifacts=ALL_ARTIFACTS,
        exe_suffix=".exe" if os.name == "nt" else "",
    ),
    Target(
        name="linux-x86_64",
        description="Linux x86_64: static musl executables, glibc 2.17 libraries",
        zig_triple="x86_64-linux-gnu.2.17",
        zig_exe_triple="x86_64-linux-musl",
        artifacts=ALL_ARTIFACTS,
        exe_link_flags=("-static",),
    ),
    Target(
        name="linux-aarch64",
        description="Linux arm64: static musl executables, glibc 2.17 libraries",
        zig_triple="aarch64-linux-gnu.2.17",
        zig_exe_triple="aarch64-linux-musl",
        artifacts=ALL_ARTIFACTS,
        exe_link_flags=("-static",),
    ),
    Target(
        name="macos-arm64",
        description="macOS 11+ on Apple silicon",
        zig_triple="aarch64-macos.11.0",
        zig_exe_triple="aarch64-macos.11.0",
        artifacts=ALL_ARTIFACTS,
        shared_suffix=".dylib",
        native=ToolchainKind.XCODE,
        native_artifacts=ALL_ARTIFACTS,
    ),
    Target(
        name="macos-x86_64",
        description="macOS 11+ on Intel",
        zig_triple="x86_64-macos.11.0",
        zig_exe_triple="x86_64-macos.11.0",
        artifacts=ALL_ARTIFACTS,
        shared_suffix=".dylib",
        native=ToolchainKind.XCODE,
        native_artifacts=ALL_ARTIFACTS,
    ),
    Target(
        name="windows-x86_64",
        description="Windows x86_64 (MinGW-w64 ABI, static C++ runtime)",
        zig_triple="x86_64-windows-gnu",
        zig_exe_triple="x86_64-windows-gnu",
        artifacts=ALL_ARTIFACTS,
        exe_suffix=".exe",
        shared_prefix="",
        shared_suffix=".dll",
    ),
    Target(
        name="wasm32-wasi",
        description="WebAssembly + WASI: command modules and reactor libraries",
        zig_triple="wasm32-wasi",
        zig_exe_triple="wasm32-wasi",
        artifacts=ALL_ARTIFACTS,
        threads=False,
        exe_suffix=".wasm",
        shared_prefix="",
        shared_suffix=".wasm",
        # Found, shown, but preferred for nothing: emscripten's modules are not the WASI
        # commands and reactors that wasmtime and the JS loader expect.
        native=ToolchainKind.EMSDK,
    ),
    Target(
        name="android-arm64",
        description="Android arm64: static executables, a JNI-ready shared library",
        zig_triple="aarch64-linux-musl",
        zig_exe_triple="aarch64-linux-musl",
        # No static library with zig: its objects would reference zig's libc++ (std::__1),
        # which the NDK's libc++ (std::__ndk1) does not define.
        artifacts=frozenset({Artifact.EXECUTABLE, Artifact.SHARED_LIBRARY}),
        exe_link_flags=("-static",),
        bionic=True,
        native=ToolchainKind.ANDROID_NDK,
        native_artifacts=frozenset({Artifact.SHARED_LIBRARY, Artifact.STATIC_LIBRARY}),
    ),
    Target(
        name="ios-arm64",
        description="iOS 15+ devices: a static library (for an XCFramework)",
        compile_flags=IOS_COMPILE_FLAGS,
        zig_triple="aarch64-ios.15.0",
        zig_exe_triple=None,
        artifacts=frozenset({Artifact.STATIC_LIBRARY}),
        darwin_headers=True,
        native=ToolchainKind.XCODE,
        native_artifacts=frozenset({Artifact.STATIC_LIBRARY}),
    ),
    Target(
        name="ios-arm64-simulator",
        description="the iOS 15+ simulator on Apple silicon: a static library",
        compile_flags=IOS_COMPILE_FLAGS,
        zig_triple="aarch64-ios.15.0-simulator",
        zig_exe_triple=None,
        artifacts=frozenset({Artifact.STATIC_LIBRARY}),
        darwin_headers=True,
        native=ToolchainKind.XCODE,
        native_artifacts=frozenset({Artifact.STATIC_LIBRARY}),
    ),
)

TARGET_NAMES: tuple[str, ...] = tuple(t.name for t in TARGETS)

ANDROID_API_LEVEL = 24
"""The NDK's ``--target=aarch64-linux-android<level>`` (Android 7.0)."""
XCODE_TRIPLES = {
    "macos-arm64": ("macosx", "arm64-apple-macos11.0"),
    "macos-x86_64": ("macosx", "x86_64-apple-macos11.0"),
    "ios-arm64": ("iphoneos", "arm64-apple-ios15.0"),
    "ios-arm64-simulator": ("iphonesimulator", "arm64-apple-ios15.0-simulator"),
}
"""Target name -> (``xcrun --sdk`` name, clang ``-target``) when Xcode builds it."""


def get_target(name: str) -> Target:
    """The target named ``name``; ValueError listing the names when there is none."""
    for target in TARGETS:
        if target.name == name:
            return target
    raise ValueError(f"unknown target {name!r}; the targets are: {', '.join(TARGET_NAMES)}")


def host_target_name() -> str | None:
    """The stable name of the machine this runs on (``linux-x86_64``, ...), None if none."""
    machine = platform.machine().lower()
    arch = {"amd64": "x86_64", "x86_64": "x86_64", "arm64": "arm64", "aarch64": "arm64"}.get(
        machine
    )
    if arch is None:
        return None
    name = {
        "linux": f"linux-{'aarch64' if arch == 'arm64' else arch}",
        "darwin": f"macos-{arch}",
        "win32": f"windows-{arch}",
    }.get(sys.platform)
    return name if name in TARGET_NAMES else None


# ---- Finding toolchains ---------------------------------------------------------------------


@dataclass(frozen=True)
class Found:
    """A toolchain found on this machine."""

    kind: ToolchainKind
    path: Path
    """zig's executable, the NDK's root, ``xcrun``, ``em++`` or the host C++ compiler."""
    version: str = ""

    def describe(self) -> str:
        """``zig 0.17.1``, ``Android NDK 26.1.10909125 at /opt/ndk``, ``c++ at /usr/bin/c++``."""
        if self.kind is ToolchainKind.ZIG:
            return f"zig {self.version}".rstrip()
        if self.kind is ToolchainKind.HOST:
            return f"{self.path.name} at {self.path}"
        label = {
            ToolchainKind.ANDROID_NDK: "Android NDK",
            ToolchainKind.XCODE: "Xcode",
            ToolchainKind.EMSDK: "emsdk",
        }[self.kind]
        version = f" {self.version}" if self.version else ""
        return f"{label}{version} at {self.path}"


def find_zig() -> Found | None:
    """zig from the installed ``ziglang`` package (found without importing it)."""
    try:
        spec = importlib.util.find_spec("ziglang")
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    folder = Path(next(iter(spec.submodule_search_locations)))
    exe = folder / ("zig.exe" if os.name == "nt" else "zig")
    if not exe.is_file():
        return None
    try:
        version = importlib.metadata.version("ziglang")
    except importlib.metadata.PackageNotFoundError:
        version = ""
    return Found(ToolchainKind.ZIG, exe, version)


def zig_lib_dir(zig: Found) -> Path:
    """``<ziglang>/lib``: zig's libc headers and sources."""
    return zig.path.parent / "lib"


def ndk_host_tag() -> str:
    """The NDK's prebuilt folder name for this machine (``linux-x86_64``, ...)."""
    if sys.platform == "darwin":
        return "darwin-x86_64"  # also the folder name on Apple silicon
    if os.name == "nt":
        return "windows-x86_64"
    return "linux-x86_64"


def ndk_bin_dir(ndk_root: Path) -> Path:
    return ndk_root / "toolchains" / "llvm" / "prebuilt" / ndk_host_tag() / "bin"


def find_android_ndk(env: Mapping[str, str] | None = None) -> Found | None:
    """The NDK named by ANDROID_NDK_HOME or ANDROID_NDK_ROOT, when it has its clang++."""
    env = os.environ if env is None else env
    for var in ("ANDROID_NDK_HOME", "ANDROID_NDK_ROOT"):
        value = env.get(var, "").strip()
        if not value:
            continue
        root = Path(value).expanduser()
        clang = ndk_bin_dir(root) / ("clang++.exe" if os.name == "nt" else "clang++")
        if clang.is_file():
            return Found(ToolchainKind.ANDROID_NDK, root, _ndk_version(root))
    return None


def _ndk_version(root: Path) -> str:
    try:
        text = (root / "source.properties").read_text(encoding="utf-8")
    except OSError:
        return ""
    for line in text.splitlines():
        key, _, value = line.partition("=")
        if key.strip() == "Pkg.Revision":
            return value.strip()
    return ""


def find_xcode(env: Mapping[str, str] | None = None, system: str | None = None) -> Found | None:
    """``xcrun`` on macOS (Xcode or its command line tools)."""
    env = os.environ if env is None else env
    if (system or sys.platform) != "darwin":
        return None
    xcrun = shutil.which("xcrun", path=env.get("PATH"))
    return Found(ToolchainKind.XCODE, Path(xcrun)) if xcrun else None


def find_emsdk(env: Mapping[str, str] | None = None) -> Found | None:
    """``em++`` of the emsdk named by EMSDK, else on PATH."""
    env = os.environ if env is None else env
    name = "em++.bat" if os.name == "nt" else "em++"
    if env.get("EMSDK"):
        candidate = Path(env["EMSDK"]).expanduser() / "upstream" / "emscripten" / name
        if candidate.is_file():
            return Found(ToolchainKind.EMSDK, candidate)
    found = shutil.which(name, path=env.get("PATH"))
    return Found(ToolchainKind.EMSDK, Path(found)) if found else None


def find_native(kind: ToolchainKind, env: Mapping[str, str] | None = None) -> Found | None:
    if kind is ToolchainKind.ANDROID_NDK:
        return find_android_ndk(env)
    if kind is ToolchainKind.XCODE:
        return find_xcode(env)
    if kind is ToolchainKind.EMSDK:
        return find_emsdk(env)
    raise ValueError(f"{kind.value} is not a platform toolchain")


def find_host(env: Mapping[str, str] | None = None) -> Found:
    """The system C++ compiler; raises ToolchainError (one paragraph) when there is none."""
    from hatch_pyaot.toolchains.compiler import find_compiler

    compiler = find_compiler(env)
    banner = compiler.identity.split("\n", 2)[1] if "\n" in compiler.identity else ""
    return Found(ToolchainKind.HOST, Path(compiler.path), banner.strip())


def select_toolchain(target: Target, artifact: Artifact,
                     env: Mapping[str, str] | None = None) -> Found | str:
    """The toolchain that builds ``artifact`` for ``target`` here, or why there is none.

    The platform's own toolchain (NDK, Xcode) wins where the target prefers it and it is
    found; otherwise zig. ``host`` always uses the system compiler.
    """
    if artifact not in target.artifacts and artifact not in target.native_artifacts:
        return f"{target.name} makes no {artifact.value}"
    if target.zig_triple is None:
        from hatch_pyaot.toolchains.process import ToolchainError

        try:
            return find_host(env)
        except ToolchainError as exc:
            return exc.message
    if target.native is not None and artifact in target.native_artifacts:
        native = find_native(target.native, env)
        if native is not None:
            return native
    if artifact not in target.artifacts:
        assert target.native is not None
        return f"{target.name} needs the {target.native.value} toolchain for a {artifact.value}"
    zig = find_zig()
    if zig is None:
        return f"ziglang is not installed ({ZIG_INSTALL_HINT})"
    return zig


def available(target: Target | str, env: Mapping[str, str] | None = None) -> str | None:
    """None when ``target`` can be built here (some artifact of it), else the reason."""
    target = get_target(target) if isinstance(target, str) else target
    reasons: list[str] = []
    for artifact in Artifact:
        if artifact not in target.artifacts and artifact not in target.native_artifacts:
            continue
        found = select_toolchain(target, artifact, env)
        if isinstance(found, Found):
            return None
        if found not in reasons:
            reasons.append(found)
    return "; ".join(reasons)


def describe(target: Target, env: Mapping[str, str] | None = None) -> str:
    """One line for ``pyaot targets``: ``available (zig 0.17.1)`` or the reason."""
    used: list[str] = []
    for artifact in Artifact:
        if artifact in target.artifacts or artifact in target.native_artifacts:
            choice = select_toolchain(target, artifact, env)
            if isinstance(choice, Found) and choice.describe() not in used:
                used.append(choice.describe())
            if target.zig_triple is None:
                break  # host: one compiler for every artifact
    if not used:
        return available(target, env) or "unavailable"
    if target.native is not None and not target.native_artifacts:
        native = find_native(target.native, env)
        if native is not None:
            used.append(f"{native.describe()} found, not used")
    if target.zig_triple is None and host_target_name():
        used.insert(0, str(host_target_name()))
    return f"available ({', '.join(used)})"
