"""The artifacts of the targets other than ``host`` for ``hatch build -t all`` and, with
``artifacts-in-wheel = true``, for a wheel: per package,
``<package>/_pyaot/<target>/{bin,lib,include,manifest.json}`` (and
``<package>/_pyaot/<package>.xcframework`` for iOS), built by crossbuild.py from the
package's ``@compile`` modules.

``hatch build -t all`` builds them once, before the wheel, and hands them to the wheel's
build hook with ``reuse_targets`` (the builder and the hook run in one process), so that a
wheel that carries them does not build every target a second time.

A target named in the ``targets`` setting must build: a missing toolchain fails the build
with the reason (DESIGN §3.13); ``all`` takes the targets available on the machine, and
``default`` (``targets`` unset) wasm32-wasi, android-arm64 and ios-arm64 where available:
none without zig, so a wheel build without ``hatch-pyaot[cross]`` makes the host module
only.
"""

from __future__ import annotations

import tarfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path

from hatch_pyaot.settings import Settings
from hatch_pyaot.wheelbuild import BuildLog, SourceFile, WheelBuildFailed

FOLDER = "_pyaot"

_built: ContextVar[tuple[Settings, tuple[str, ...], Path] | None] = ContextVar(
    "pyaot_built_targets", default=None)
"""What ``reuse_targets`` hands on: the settings and targets built, and their staging folder."""


@contextmanager
def reuse_targets(settings: Settings, targets: Sequence[str], staging: Path) -> Iterator[None]:
    """While in this block, ``built_targets`` of the same settings and targets is
    ``staging``'s files: what ``build_package_targets`` wrote there."""
    token = _built.set((settings, tuple(targets), staging))
    try:
        yield
    finally:
        _built.reset(token)


def built_targets(settings: Settings, targets: Sequence[str]) -> dict[str, Path] | None:
    """The files ``reuse_targets`` hands on for these settings and targets, or None."""
    found = _built.get()
    if found is None or found[:2] != (settings, tuple(targets)):
        return None
    return staged_files(found[2])


def cross_targets(settings: Settings) -> list[str]:
    """The configured targets besides ``host``, ``all`` and ``default`` expanded."""
    from hatch_pyaot.crossbuild import expand_targets
    from hatch_pyaot.toolchains.targets import available

    explicit = [t for t in settings.targets if t not in ("host", "all", "default")]
    for name in explicit:
        reason = available(name)
        if reason is not None:
            raise WheelBuildFailed(f"pyaot: target {name} cannot be built here: {reason}")
    keywords = [t for t in settings.targets if t in ("all", "default")]
    chosen = expand_targets(keywords) if keywords else []
    out = explicit
    for name in chosen:
        if name != "host" and name not in out:
            out.append(name)
    return out


def build_package_targets(files: Sequence[SourceFile], settings: Settings, targets: list[str],
                          staging: Path, log: BuildLog) -> dict[str, Path]:
    """Build ``targets`` for every package of ``files`` below ``staging`` (at the paths they
    take in the wheel); returns {path inside the wheel: file}."""
    from hatch_pyaot.crossbuild import build_targets, compile_modules
    from hatch_pyaot.toolchains.process import ToolchainError
    from hatch_pyaot.toolchains.zig import CrossOptions
    from hatch_pyaot.wheelbuild import uses_compile

    packages: dict[str, list[Path]] = {}
    for f in files:
        if not uses_compile(f, settings):
            continue
        top, _, rest = f.dist_path.partition("/")
        if not rest:
            log.warning(f"pyaot: {f.dist_path} is a top-level module, not a package: its "
                        "targets' artifacts need a package to go into")
            continue
        packages.setdefault(top, []).append(f.path)
    options = CrossOptions(boundscheck=settings.boundscheck)
    cache_dir = Path(settings.cache_dir) if settings.cache_dir else None
    for package, paths in sorted(packages.items()):
        modules, _ = compile_modules(paths)
        if not modules:
            continue
        out = staging / package / FOLDER
        try:
            build_targets(modules, targets, out, package, options, cache_dir,
                          progress=lambda line: log.info(f"pyaot: {line}"), programs=True)
        except ToolchainError as exc:
            raise WheelBuildFailed(f"pyaot: building the targets of {package} failed:\n{exc}") \
                from None
    return staged_files(staging)


def staged_files(staging: Path) -> dict[str, Path]:
    """{path inside the wheel: file} of the targets built below ``staging``."""
    return {path.relative_to(staging).as_posix(): path
            for path in sorted(staging.glob(f"*/{FOLDER}/**/*")) if path.is_file()}


def archive_targets(staging: Path, targets: Sequence[str], directory: Path,
                    stem: str) -> list[Path]:
    """One ``<stem>-<target>.tar.gz`` per target in ``directory``, holding every package's
    ``_pyaot/<target>`` folder (iOS archives also get the xcframeworks)."""
    archives = []
    for target in targets:
        archive = directory / f"{stem}-{target}.tar.gz"
        with tarfile.open(archive, "w:gz") as tar:
            for folder in sorted(staging.glob(f"*/{FOLDER}/{target}")):
                package = folder.parent.parent.name
                tar.add(folder, arcname=f"{package}/{target}", filter=_reproducible)
            if target.startswith("ios-"):
                for framework in sorted(staging.glob(f"*/{FOLDER}/*.xcframework")):
                    tar.add(framework, arcname=framework.name, filter=_reproducible)
        archives.append(archive)
    return archives


def _reproducible(info: tarfile.TarInfo) -> tarfile.TarInfo:
    info.uid = info.gid = 0
    info.uname = info.gname = ""
    info.mtime = 0
    return info
