"""Compiling the modules of a project for its wheel: what the Hatch hook and the setuptools
integration share.

A backend hands over the files it is about to put into the wheel (where each lies and where it
goes inside the wheel) and the project's Settings; ``compile_for_wheel`` picks the modules
that use ``compile``, builds their native modules and says where each goes in the wheel.
The failure policy lives here, so that every backend applies the same one:

- a function that cannot be compiled stays Python and its diagnostic goes to the build log;
  with ``fallback = "error"`` the build fails with that diagnostic instead;
- no C++ compiler: a warning and no native modules (``fallback = "python"``), or a failed
  build whose message says what to install (``fallback = "error"``);
- generated code the C++ compiler rejects is a bug of ours: its functions stay Python with an
  "internal compiler error" diagnostic (``recovery.py``), handled as above;
- an unusable cache folder (``cache-dir``, ``PYAOT_CACHE_DIR``) fails the build, naming it;
- any other build tool failing is a bug of ours: the build fails, naming it.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING

from hatch_pyaot.runtime.loader import native_name
from hatch_pyaot.settings import Settings

if TYPE_CHECKING:
    from hatch_pyaot.pipeline import BuildReport
    from hatch_pyaot.toolchains.host import BuildOptions


@dataclass(frozen=True)
class SourceFile:
    path: Path
    """The file on disk."""
    dist_path: str
    """Where it goes inside the wheel, as a POSIX path: ``mypkg/kernels.py``."""

    @property
    def native_dist_path(self) -> str:
        """Where its native module goes inside the wheel: next to it."""
        return self.native_dist_path_for(Settings())

    def native_dist_path_for(self, settings: Settings) -> str:
        """Where its native module goes inside the wheel, named for ``settings``."""
        p = PurePosixPath(self.dist_path)
        return str(p.with_name(native_file_name(p.stem, settings)))


def native_file_name(stem: str, settings: Settings) -> str:
    """``kernels.pyaot<EXT_SUFFIX>``, or ``kernels.pyaot.abi3.so`` with ``limited-api``."""
    if settings.limited_api is None:
        return native_name(stem)
    from hatch_pyaot import abi3

    return abi3.native_name(stem)


@dataclass(frozen=True)
class BuildLog:
    """Where a backend shows progress and problems (Hatch's app, setuptools' log, stderr)."""

    info: Callable[[str], None]
    warning: Callable[[str], None]


class WheelBuildFailed(Exception):
    """The build must stop; the message says why in full, with any diagnostics."""


def compile_for_wheel(files: Sequence[SourceFile], settings: Settings, *, root: Path,
                      staging: Path | None, log: BuildLog,
                      editable: bool = False) -> dict[str, Path]:
    """Build the native modules of ``files``; returns {path inside the wheel: built file}.

    With ``staging`` the native modules are written below it (at their wheel paths), so the
    source tree stays clean; without, they go next to their sources (editable installs, and
    setuptools' build folder, which is already a copy). ``editable`` modules are rebuilt by
    the loader at import when their sources change (``runtime/rebuild.py``).
    """
    # Imported here: a backend imports this module whether or not anything gets compiled.
    from hatch_pyaot.pipeline import build
    from hatch_pyaot.toolchains.cache import CacheDirError
    from hatch_pyaot.toolchains.process import CompilerNotFound, ToolchainError

    selected = [f for f in files if uses_compile(f, settings)]
    if not selected:
        log.info("pyaot: no module uses @compile; nothing to compile")
        return {}
    by_source = {f.path.resolve(): f for f in selected}
    if settings.limited_api is not None:
        from hatch_pyaot.abi3 import unbuildable

        reason = unbuildable(settings.limited_api)
        if reason is not None:
            raise WheelBuildFailed(f"pyaot: {reason}")

    def destination(source: Path) -> Path:
        if staging is None:
            return source.with_name(native_file_name(source.stem, settings))
        return staging.joinpath(*by_source[source.resolve()].native_dist_path_for(settings)
                                .split("/"))

    options = build_options(settings, root, editable=editable)
    try:
        report = build([f.path for f in selected], options,
                       progress=lambda line: log.info(f"pyaot: {_relative(line, root, staging)}"),
                       destination=destination)
    except CompilerNotFound as exc:
        if settings.fallback == "error":
            raise WheelBuildFailed(f"{exc}\n(fallback = \"error\": no wheel without native "
                                   "modules)") from None
        log.warning(f"pyaot: {exc}\nBuilding the wheel without native modules: every "
                    "@compile function runs as Python (set fallback = \"error\" to fail "
                    "instead).")
        return {}
    except CacheDirError as exc:
        raise WheelBuildFailed(f"pyaot: {exc}") from None
    except ToolchainError as exc:
        raise WheelBuildFailed(f"pyaot: building the native modules failed. This is a bug in "
                               f"hatch-pyaot; please report it with this output.\n{exc}") from None

    problems = _problems(report, settings.fallback)
    if settings.fallback == "python":
        for problem in problems:
            log.warning(problem)
    elif problems:
        raise WheelBuildFailed(
            "\n".join(problems) + f"\npyaot: {len(problems)} problem(s); fallback = \"error\" "
            "makes that a failed build (fallback = \"python\" keeps such functions in Python)")

    built = {}
    compiled = [m.path for m in report.modules if m.cpp is not None]
    for source, output in zip(compiled, report.built, strict=True):
        built[by_source[source.resolve()].native_dist_path_for(settings)] = output
    functions = sum(e.compiled for m in report.modules for e in m.entries)
    log.info(f"pyaot: {len(built)} native module(s), {functions} compiled function(s), "
             f"{len(report.failed_entries)} left in Python")
    return built


def uses_compile(f: SourceFile, settings: Settings) -> bool:
    """A selected Python file that mentions compile (its @compile functions are found later)."""
    if not f.dist_path.endswith(".py") or not settings.selects(f.dist_path):
        return False
    try:
        return "compile" in f.path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return False


def _problems(report: BuildReport, fallback: str) -> list[str]:
    """Every diagnostic of the build, one text per module."""
    verdict = "stays Python" if fallback == "python" else "cannot be compiled"
    problems = []
    for path, error in report.unreadable:
        problems.append(f"{error}\npyaot: {path} could not be read; it stays Python")
    for module in report.modules:
        text = module.format_diagnostics()
        stays = [f"{e.loc}: warning: '{e.name}' {verdict}"
                 for e in module.entries if not e.compiled]
        if text or stays:
            problems.append("\n".join([text, *stays]).strip())
    return problems


def build_options(settings: Settings, root: Path, *, editable: bool = False) -> BuildOptions:
    """The toolchain options the settings of the project at ``root`` ask for."""
    from hatch_pyaot.toolchains.host import BuildOptions

    cache_dir = None
    if settings.cache_dir is not None:
        cache_dir = root / os.path.expanduser(settings.cache_dir)
    flags: tuple[str, ...] = ()
    if settings.limited_api is not None:
        from hatch_pyaot.abi3 import cxx_flags

        flags = cxx_flags(settings.limited_api)
    return BuildOptions(opt_level=settings.opt_level, jobs=settings.jobs,
                        boundscheck=settings.boundscheck, cache_dir=cache_dir,
                        editable=editable, extra_cxx_flags=flags,
                        isa_variants=settings.isa_variants, threads=settings.threads)


def _relative(line: str, root: Path, staging: Path | None) -> str:
    """Progress lines name sources relative to the project root, staged native modules by
    their path in the wheel."""
    for folder in (staging, root):
        if folder is not None:
            line = line.replace(str(folder.resolve()) + os.sep, "").replace(str(folder) + os.sep, "")
    return line
