"""Building C++ sources into CPython extension modules for the running interpreter.

Each ExtensionSpec becomes one small CMake project (FindPython, ``Python_add_library``,
C++20) built with Ninja, both from their PyPI packages. Results are cached by content hash
(``cache.py``): an unchanged rebuild copies the cached file and runs no CMake at all.

When the tools run but the compiler or linker rejects a module's code, that is a
``CodeBuildFailed``: ``build_each`` returns it in the module's place instead of stopping the
other builds, so that the pipeline can find the functions responsible and build the rest.
"""

from __future__ import annotations

import importlib.resources
import logging
import os
import shutil
import tempfile
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from hatch_pyaot.toolchains import cache, cmake_project, process
from hatch_pyaot.toolchains.compiler import (
    ISA_LEVEL_FLAGS,
    Compiler,
    compile_flags,
    compiler_launcher,
    find_compiler,
)
from hatch_pyaot.toolchains.process import ToolchainError

logger = logging.getLogger("hatch_pyaot")

CXX_SUFFIXES = (".cpp", ".cc", ".cxx")


@dataclass(frozen=True)
class ExtensionSpec:
    module: str
    """The module name as its init function spells it: ``kernels`` -> ``PyInit_kernels``."""
    sources: Mapping[str, str]
    """File name -> C++ text. Every file lies in one folder; ``.cpp``/``.cc``/``.cxx`` files
    are compiled, the others (headers) can be included by name."""
    output: Path
    """Where the built module goes, e.g. ``pkg/kernels.pyaot.cpython-311-x86_64-linux-gnu.so``."""
    opt_level: str | None = None
    """This module's optimization level, instead of ``BuildOptions.opt_level`` (the
    pipeline lowers it for a module with a huge function: ``codegen/huge.py``)."""
    source_levels: Mapping[str, str] = field(default_factory=dict)
    """Sources built at an ISA level above baseline (``codegen/isa_variants.py``): file name
    -> level, whose flags (for this compiler) they get on top of the module's."""


@dataclass(frozen=True)
class BuildOptions:
    opt_level: str = "3"
    debug: bool = False
    """``-g``, and the CMake build folder is kept."""
    cache_dir: Path | None = None
    """Default: ``cache.default_cache_dir()``."""
    jobs: int = 0
    """Specs built at once; 0 means ``os.cpu_count()``."""
    extra_cxx_flags: tuple[str, ...] = ()
    boundscheck: bool = True
    """False: index checks are compiled out (``PYAOT_BOUNDSCHECK=0``)."""
    editable: bool = False
    """For an editable install: the module carries ``__pyaot_editable__`` and the loader
    rebuilds it at import when its sources have changed."""
    threads: int = 0
    """Threads for large elementwise loops (``PYAOT_NUM_THREADS`` overrides it at run time);
    0: one per core."""
    isa_variants: tuple[str, ...] = ()
    """ISA levels to build each module's kernels in besides baseline (``x86-64-v3``,
    ``x86-64-v4``), on an x86-64 host; the module picks one at import (docs/variants.md)."""


def runtime_include_dir() -> Path:
    """``hatch_pyaot/cpp_runtime/include``: the headers generated code includes."""
    return Path(str(importlib.resources.files("hatch_pyaot") / "cpp_runtime" / "include"))


@dataclass(frozen=True)
class BuiltExtension:
    """One spec that ``build_extensions`` has finished: what its ``on_done`` receives."""

    spec: ExtensionSpec
    output: Path
    cached: bool
    """The cache held it when its build began: it was copied, nothing was compiled."""
    seconds: float
    """Wall time of this spec alone (cache lookup, compile, copy)."""


class CodeBuildFailed(ToolchainError):
    """CMake configured the project, then compiling or linking its sources failed."""


def build_extensions(specs: Sequence[ExtensionSpec], options: BuildOptions,
                     on_done: Callable[[BuiltExtension], None] | None = None) -> list[Path]:
    """``build_each``, raising the first CodeBuildFailed."""
    outcomes = build_each(specs, options, on_done)
    for outcome in outcomes:
        if isinstance(outcome, CodeBuildFailed):
            raise outcome
    return [outcome for outcome in outcomes if isinstance(outcome, Path)]


def build_each(specs: Sequence[ExtensionSpec], options: BuildOptions,
               on_done: Callable[[BuiltExtension], None] | None = None,
               ) -> list[Path | CodeBuildFailed]:
    """Build every spec into ``spec.output`` (in parallel) and return the outputs in order;
    a spec whose sources do not compile or link has its CodeBuildFailed in its place (and
    no ``on_done`` call).

    ``on_done`` is called once per spec as soon as it is built, in completion order, for a
    progress display. It runs on the worker thread that built the spec: with ``jobs > 1``
    calls can come from several threads at once, so it must be thread-safe. An exception
    it raises fails the build like a failed compile.

    Raises ToolchainError when a tool is missing or fails otherwise, ValueError for an
    invalid spec or option.
    """
    _validate(specs)
    if not specs:
        return []
    compiler = find_compiler()
    include_dir = runtime_include_dir()
    include_hash = cache.hash_tree(include_dir)
    cache_dir = cache.usable_cache_dir(options.cache_dir)
    builders: dict[str, _Builder] = {}
    for level in dict.fromkeys(spec.opt_level or options.opt_level for spec in specs):
        flags = compile_flags(
            compiler.family, level, options.debug, options.extra_cxx_flags,
            options.boundscheck, options.editable, options.threads,
        )
        context = cache.KeyContext(
            compiler_identity=compiler.identity,
            include_hash=include_hash,
            flags=tuple(flags),
            template=cmake_project.TEMPLATE,
            env=cache.KeyContext.environment(),
        )
        builders[level] = _Builder(compiler=compiler, flags=flags, include_dir=include_dir,
                                   context=context, options=options, cache_dir=cache_dir)

    def build_one(spec: ExtensionSpec) -> Path | CodeBuildFailed:
        start = time.perf_counter()
        try:
            output, cached = builders[spec.opt_level or options.opt_level].build(spec)
        except CodeBuildFailed as exc:
            return exc
        if on_done is not None:
            on_done(BuiltExtension(spec, output, cached, time.perf_counter() - start))
        return output

    workers = min(options.jobs or os.cpu_count() or 1, len(specs))
    if workers <= 1:
        return [build_one(spec) for spec in specs]
    with ThreadPoolExecutor(max_workers=workers, thread_name_prefix="pyaot-build") as pool:
        futures: list[Future[Path | CodeBuildFailed]] = [pool.submit(build_one, spec)
                                                         for spec in specs]
        try:
            return [future.result() for future in futures]
        except BaseException:
            for future in futures:
                future.cancel()
            raise


def _validate(specs: Sequence[ExtensionSpec]) -> None:
    outputs: set[Path] = set()
    for spec in specs:
        if not (spec.module.isidentifier() and spec.module.isascii()):
            raise ValueError(f"module name {spec.module!r} is not an ASCII identifier")
        if not any(name.endswith(CXX_SUFFIXES) for name in spec.sources):
            raise ValueError(f"module {spec.module!r} has no .cpp source")
        for name in spec.sources:
            if (
                not name
                or name.startswith(".")
                or any(ch in name for ch in '/\\:;"$<>[]')
                or not name.isprintable()
            ):
                raise ValueError(f"invalid source file name {name!r} in {spec.module!r}")
        output = Path(os.path.abspath(spec.output))
        if output in outputs:
            raise ValueError(f"two specs build the same output {spec.output}")
        outputs.add(output)


@dataclass(frozen=True)
class _Builder:
    compiler: Compiler
    flags: list[str]
    include_dir: Path
    context: cache.KeyContext
    options: BuildOptions
    cache_dir: Path

    def _source_flags(self, spec: ExtensionSpec) -> dict[str, tuple[str, ...]]:
        by_level = ISA_LEVEL_FLAGS[self.compiler.family]
        return {name: by_level[level] for name, level in spec.source_levels.items()}

    def build(self, spec: ExtensionSpec) -> tuple[Path, bool]:
        """The output, and whether the cache already held it."""
        key = cache.cache_key(spec.module, spec.sources, self.context,
                              [f"{name}={' '.join(flags)}"
                               for name, flags in sorted(self._source_flags(spec).items())])
        hit = cache.lookup(self.cache_dir, key, spec.module)
        cached = hit is not None
        if hit is not None:
            logger.debug("cache hit for %s: %s", spec.module, hit)
        else:
            logger.info("compiling %s (cache key %s)", spec.module, key[:12])
            hit = self._compile(spec, key)
        cache.atomic_copy(hit, Path(spec.output))
        return Path(spec.output), cached

    def _compile(self, spec: ExtensionSpec, key: str) -> Path:
        root = self.cache_dir / "build"
        root.mkdir(parents=True, exist_ok=True)
        # One folder per attempt: concurrent processes may build the same key.
        workdir = Path(tempfile.mkdtemp(prefix=f"{key[:16]}-", dir=root))
        try:
            entry = self._cmake(spec, key, workdir)
        except ToolchainError as exc:
            raise type(exc)(
                f"building native module {spec.module!r} failed (build files kept in {workdir})",
                exc.command,
                exc.output,
            ) from exc
        if self.options.debug:
            logger.info("kept build folder %s", workdir)
        else:
            shutil.rmtree(workdir, ignore_errors=True)
        return entry

    def _cmake(self, spec: ExtensionSpec, key: str, workdir: Path) -> Path:
        src = workdir / "src"
        src.mkdir()
        for name, text in spec.sources.items():
            (src / name).write_text(text, encoding="utf-8")
        # The module's build id (its tuning cache entries: runtime/tuning.py) is the cache
        # key: a hash of its sources, compiler, flags and runtime headers.
        (src / "pyaot_build_id.hpp").write_text(f'#define PYAOT_BUILD_ID "{key}"\n',
                                                encoding="utf-8")
        compiled = sorted(n for n in spec.sources if n.endswith(CXX_SUFFIXES))
        (workdir / "CMakeLists.txt").write_text(
            cmake_project.render(spec.module, compiled, self.include_dir, self.flags,
                                 self._source_flags(spec)),
            encoding="utf-8",
        )
        build = workdir / "build"
        configure = cmake_project.configure_command(
            workdir, build, self.compiler.path, compiler_launcher()
        )
        try:
            process.run(configure, cwd=workdir)
        except ToolchainError as exc:
            if "Development.Module" in exc.output or "Python_INCLUDE_DIRS" in exc.output:
                raise ToolchainError(
                    "CMake found no Python headers for this interpreter; install the Python "
                    "development package (e.g. `apt-get install python3-dev`)",
                    exc.command,
                    exc.output,
                ) from exc
            raise
        try:
            process.run(cmake_project.build_command(build), cwd=workdir)
        except ToolchainError as exc:
            raise CodeBuildFailed(exc.message, exc.command, exc.output) from exc
        built = cmake_project.artifact(build)
        return cache.store(self.cache_dir, key, spec.module, built)
