"""Compiling C++20 for a target: executables, shared and static libraries, wasm reactors.

A ``Toolchain`` is a compiler driver plus the flags for one target: zig's ``zig c++`` from
the ``ziglang`` package by default, an Android NDK's clang++ or ``xcrun clang++`` where
``targets.select_toolchain`` prefers them, the system compiler for ``host``. Every command
goes through ``process.run``.

zig builds libc and libc++ the first time it links for a target and flag set (a minute or
more on two cores, Windows longer) and keeps them, with every compiled object, in
``ZIG_GLOBAL_CACHE_DIR``: here ``<pyaot cache dir>/zig``, shared by every build on the
machine, so later builds of the same sources are a cache lookup.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from hatch_pyaot.toolchains import bionic, cache, process
from hatch_pyaot.toolchains.compiler import compile_flags
from hatch_pyaot.toolchains.host import runtime_include_dir
from hatch_pyaot.toolchains.process import ToolchainError
from hatch_pyaot.toolchains.targets import (
    ANDROID_API_LEVEL,
    XCODE_TRIPLES,
    Artifact,
    Found,
    Target,
    ToolchainKind,
    get_target,
    ndk_bin_dir,
    select_toolchain,
    zig_lib_dir,
)

WASM_LIBRARY_EXPORTS = ("malloc", "free")
"""Exported by every wasm reactor, so that its host can pass arrays and strings in."""


@dataclass(frozen=True)
class CrossOptions:
    opt_level: str = "2"
    debug: bool = False
    """Debug information and no stripping (zig's default is to keep debug information)."""
    boundscheck: bool = True
    extra_flags: tuple[str, ...] = ()
    include_dirs: tuple[Path, ...] = ()
    """Searched after the runtime headers."""
    timeout: float | None = None


@dataclass(frozen=True)
class Toolchain:
    """How to compile and archive for one target with one compiler driver."""

    target: Target
    found: Found
    cxx: tuple[str, ...]
    """The driver's argv prefix: ``(<zig>, "c++")``, ``(<ndk>/clang++,)``, ..."""
    ar: tuple[str, ...]
    """The archiver's argv prefix (``ar`` syntax: ``rcs OUT OBJECTS``)."""
    library_flags: tuple[str, ...]
    """Target selection for objects and libraries (``-target aarch64-ios.15.0``, ...)."""
    exe_flags: tuple[str, ...]
    """Target selection and link flags for executables (``-target ... -static``)."""
    env: tuple[tuple[str, str], ...] = ()
    """Added to the environment of every command (the zig cache folders)."""

    # -- commands ----------------------------------------------------------------------------

    def flags(self, options: CrossOptions) -> list[str]:
        """Compile flags of every source: C++20, the project's semantics flags, includes."""
        flags = ["-std=c++20", *compile_flags("clang", options.opt_level, options.debug,
                                              options.extra_flags, options.boundscheck)]
        if not options.debug:
            flags.append("-g0")
        flags.append(f"-I{runtime_include_dir()}")
        flags.extend(f"-I{folder}" for folder in options.include_dirs)
        return [*flags, *self.target.compile_flags]

    @property
    def bionic_shims(self) -> bool:
        """An Android library linked against musl by zig (bionic.py)."""
        return self.target.bionic and self.found.kind is ToolchainKind.ZIG

    def command(self, artifact: Artifact, sources: Sequence[Path], output: Path,
                options: CrossOptions, exports: Sequence[str] = (),
                link_inputs: Sequence[Path] = (),
                version_script: Path | None = None) -> list[str]:
        """The one compile-and-link command of an executable or shared library."""
        strip = [] if options.debug else ["-s"]
        if strip and self.target.is_apple:
            strip.append("-Wl,-x")  # Mach-O: -s drops debug information, -x the local symbols
        if artifact is Artifact.EXECUTABLE:
            return [*self.cxx, *self.exe_flags, *self.flags(options), *map(str, sources),
                    *strip, "-o", str(output)]
        if artifact is not Artifact.SHARED_LIBRARY:
            raise ValueError(f"{artifact.value} is built by object files and the archiver")
        link: list[str] = []
        if self.target.is_wasm:
            link = ["-mexec-model=reactor"]
            link += [f"-Wl,--export={name}" for name in (*WASM_LIBRARY_EXPORTS, *exports)]
        else:
            link = ["-shared", "-fPIC"]
            if not self.target.is_apple and self.target.shared_suffix == ".so":
                link.append(f"-Wl,-soname,{output.name}")
            if self.target.is_apple:  # found through the loading program's rpaths
                link.append(f"-Wl,-install_name,@rpath/{output.name}")
            if version_script is not None:
                link.append(f"-Wl,--version-script,{version_script}")
            if self.found.kind is ToolchainKind.ANDROID_NDK:
                link.append("-static-libstdc++")
        return [*self.cxx, *self.library_flags, *self.flags(options), *link,
                *map(str, sources), *map(str, link_inputs), *strip, "-o", str(output)]

    def object_command(self, source: Path, output: Path, options: CrossOptions) -> list[str]:
        pic = [] if self.target.is_wasm else ["-fPIC"]
        return [*self.cxx, *self.library_flags, *self.flags(options), *pic, "-c", str(source),
                "-o", str(output)]

    def archive_command(self, objects: Sequence[Path], output: Path) -> list[str]:
        # llvm-ar writes GNU archives on Linux; Apple's linkers want the Darwin format
        darwin = self.target.is_apple and self.found.kind is ToolchainKind.ZIG
        fmt = ["--format=darwin"] if darwin else []
        return [*self.ar, "rcs", *fmt, str(output), *map(str, objects)]

    # -- building ----------------------------------------------------------------------------

    def build(self, sources: Sequence[Path], artifact: Artifact, output: Path,
              options: CrossOptions | None = None, exports: Sequence[str] = ()) -> Path:
        """Compile ``sources`` (C++ files) into ``output`` and return it.

        ``exports``: the C functions a wasm reactor exports (besides ``malloc`` and ``free``);
        on the other targets a library exports what its source marks
        ``__attribute__((visibility("default")))`` (``__declspec(dllexport)`` on Windows).
        An ELF library linked by zig exports ``exports`` and nothing else when they are given
        (a version script): zig links libc++ statically, and its ``operator new``/``delete``
        would otherwise be exported and interpose on the loading program's. zig's Mach-O
        linker takes no export list: a dylib also exports those.

        Raises ToolchainError when the target cannot make ``artifact`` or a command fails.
        """
        options = options or CrossOptions()
        if not sources:
            raise ValueError("no sources to build")
        if artifact not in self.target.artifacts and not (
            artifact in self.target.native_artifacts and self.found.kind is self.target.native
        ):
            raise ToolchainError(f"{self.target.name} makes no {artifact.value} with "
                                 f"{self.found.kind.value}")
        output = Path(output)
        output.parent.mkdir(parents=True, exist_ok=True)
        sources = [Path(s) for s in sources]
        env = {**os.environ, **dict(self.env)}
        script = self._version_script(artifact, exports, output)
        try:
            if artifact is Artifact.STATIC_LIBRARY:
                self._archive(sources, output, options, env)
            elif artifact is Artifact.SHARED_LIBRARY and self.bionic_shims:
                stubs = bionic.stub_libraries(
                    self.cxx[:1], str(self.target.zig_triple),
                    Path(env["ZIG_GLOBAL_CACHE_DIR"]) / f"pyaot-bionic-{self.found.version}",
                    env)
                process.run(self.command(artifact, [*sources, bionic.SHIM_SOURCE], output,
                                         options, exports, stubs, script),
                            env=env, timeout=options.timeout)
            else:
                process.run(self.command(artifact, sources, output, options, exports,
                                         version_script=script),
                            env=env, timeout=options.timeout)
        except ToolchainError as exc:
            raise ToolchainError(
                f"building the {self.target.name} {artifact.value} {output.name} failed",
                exc.command, exc.output,
            ) from exc
        finally:
            if script is not None:
                script.unlink(missing_ok=True)
        if artifact is Artifact.SHARED_LIBRARY and self.bionic_shims:
            bionic.check_library(output)
        return output

    def _version_script(self, artifact: Artifact, exports: Sequence[str],
                        output: Path) -> Path | None:
        """For an ELF library linked by zig with ``exports``: a version script beside
        ``output`` (removed after linking) that exports them and hides the rest. Named by
        its content, so that zig's cache sees the same link command for the same exports."""
        if not (artifact is Artifact.SHARED_LIBRARY and exports and self.target.is_elf
                and self.found.kind is ToolchainKind.ZIG):
            return None
        text = ("{\n  global:\n" + "".join(f"    {name};\n" for name in exports)
                + "  local: *;\n};\n")
        digest = hashlib.sha256(text.encode()).hexdigest()[:16]
        script = output.with_name(f".{output.name}.{digest}.map")
        script.write_text(text, encoding="utf-8")
        return script

    def _archive(self, sources: Sequence[Path], output: Path, options: CrossOptions,
                 env: Mapping[str, str]) -> None:
        workdir = Path(tempfile.mkdtemp(prefix=".pyaot-objects-", dir=output.parent))
        try:
            objects = []
            for index, source in enumerate(sources):
                obj = workdir / f"{index}-{source.stem}.o"
                process.run(self.object_command(source, obj, options), env=env,
                            timeout=options.timeout)
                objects.append(obj)
            archive = workdir / output.name  # `ar r` adds to an existing archive: start anew
            process.run(self.archive_command(objects, archive), env=env, timeout=options.timeout)
            cache.atomic_copy(archive, output)
        finally:
            shutil.rmtree(workdir, ignore_errors=True)


def zig_cache_dir(cache_dir: Path | None = None, env: Mapping[str, str] | None = None) -> Path:
    """``$ZIG_GLOBAL_CACHE_DIR`` when set, else ``<pyaot cache dir>/zig``."""
    env = os.environ if env is None else env
    if cache_dir is None and env.get("ZIG_GLOBAL_CACHE_DIR"):
        return Path(env["ZIG_GLOBAL_CACHE_DIR"])
    return (cache_dir or cache.default_cache_dir(env)) / "zig"


def toolchain_for(target: Target | str, artifact: Artifact, cache_dir: Path | None = None,
              env: Mapping[str, str] | None = None) -> Toolchain:
    """The toolchain that builds ``artifact`` for ``target`` on this machine.

    ``cache_dir`` is hatch-pyaot's cache folder (the ``cache-dir`` setting); zig keeps its
    own cache in ``zig`` below it. Raises ToolchainError saying why when there is none.
    """
    target = get_target(target) if isinstance(target, str) else target
    found = select_toolchain(target, artifact, env)
    if isinstance(found, str):
        raise ToolchainError(f"cannot build {target.name}: {found}")
    if found.kind is ToolchainKind.ZIG:
        return _zig(target, found, zig_cache_dir(cache_dir, env))
    if found.kind is ToolchainKind.HOST:
        if found.path.stem.lower() in ("cl", "clang-cl"):
            raise ToolchainError("standalone host builds need GCC or Clang, not MSVC (set CXX)")
        ar = shutil.which("ar", path=(env or os.environ).get("PATH")) or "ar"
        return Toolchain(target, found, (str(found.path),), (ar,), (), ())
    if found.kind is ToolchainKind.ANDROID_NDK:
        bin_dir = ndk_bin_dir(found.path)
        exe = ".exe" if os.name == "nt" else ""
        ndk_flags = (f"--target=aarch64-linux-android{ANDROID_API_LEVEL}",)
        return Toolchain(target, found, (str(bin_dir / f"clang++{exe}"),),
                         (str(bin_dir / f"llvm-ar{exe}"),), ndk_flags, ndk_flags)
    if found.kind is ToolchainKind.XCODE:
        sdk, triple = XCODE_TRIPLES[target.name]
        xcrun = str(found.path)
        xcode_flags = ("-target", triple)
        return Toolchain(target, found, (xcrun, "--sdk", sdk, "clang++"),
                         (xcrun, "--sdk", sdk, "ar"), xcode_flags, xcode_flags)
    raise ToolchainError(f"{found.describe()} cannot build {target.name}")


def _zig(target: Target, zig: Found, zig_cache: Path) -> Toolchain:
    assert target.zig_triple is not None
    library_flags: tuple[str, ...] = ("-target", target.zig_triple)
    if target.darwin_headers:
        darwin = zig_lib_dir(zig) / "libc" / "include" / "any-darwin-any"
        library_flags += ("-isystem", str(darwin))
    exe_flags: tuple[str, ...] = ()
    if target.zig_exe_triple is not None:
        exe_flags = ("-target", target.zig_exe_triple, *target.exe_link_flags)
    env = (("ZIG_GLOBAL_CACHE_DIR", str(zig_cache)), ("ZIG_LOCAL_CACHE_DIR", str(zig_cache)))
    return Toolchain(
        target=target,
        found=zig,
        cxx=(str(zig.path), "c++"),
        ar=(str(zig.path), "ar"),
        library_flags=library_flags,
        exe_flags=exe_flags,
        env=env,
    )
