"""Content-hash cache of built native modules.

An entry is ``<cache dir>/<key[:2]>/<key>/<module>.so``. The key covers everything that
can change the built file: the C++ sources (names and text), every runtime header, the
compiler (path and version banner), the flags and options, the CMake project template,
``EXT_SUFFIX``, the Python version and hatch_pyaot's version. Entries are written
atomically (temporary file + ``os.replace``), so concurrent builds never see half a file.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import sys
import sysconfig
import tempfile
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import hatch_pyaot
from hatch_pyaot.toolchains.process import ToolchainError

KEY_SCHEMA = "hatch-pyaot-cache-1"
ENV_AFFECTING_BUILD = ("CXXFLAGS", "CPPFLAGS", "LDFLAGS", "SDKROOT", "MACOSX_DEPLOYMENT_TARGET")
"""Environment variables CMake or the compiler read that can change the output."""


class _Digest(Protocol):
    def update(self, data: bytes, /) -> None: ...


def default_cache_dir(env: Mapping[str, str] | None = None) -> Path:
    """``$PYAOT_CACHE_DIR``, else ``$XDG_CACHE_HOME/hatch-pyaot``, else
    ``~/.cache/hatch-pyaot``."""
    env = os.environ if env is None else env
    if env.get("PYAOT_CACHE_DIR"):
        return Path(env["PYAOT_CACHE_DIR"]).expanduser()
    if env.get("XDG_CACHE_HOME"):
        return Path(env["XDG_CACHE_HOME"]).expanduser() / "hatch-pyaot"
    return Path.home() / ".cache" / "hatch-pyaot"


class CacheDirError(ToolchainError):
    """The cache folder cannot be created or written to: a setting for the user to fix."""


def usable_cache_dir(cache_dir: Path | None = None, env: Mapping[str, str] | None = None) -> Path:
    """``cache_dir`` (the ``cache-dir`` setting), else ``default_cache_dir()``, created and
    checked to be writable; raises CacheDirError naming the setting that chose it."""
    env = os.environ if env is None else env
    path = cache_dir or default_cache_dir(env)
    if cache_dir is not None:
        origin = "the cache-dir setting"
    elif env.get("PYAOT_CACHE_DIR"):
        origin = "PYAOT_CACHE_DIR"
    elif env.get("XDG_CACHE_HOME"):
        origin = "XDG_CACHE_HOME"
    else:
        origin = "the default location"
    try:
        path.mkdir(parents=True, exist_ok=True)
        fd, probe = tempfile.mkstemp(prefix=".pyaot-probe-", dir=path)
        os.close(fd)
        os.unlink(probe)
    except OSError as exc:
        fix = "the cache-dir setting" if cache_dir is not None else "PYAOT_CACHE_DIR"
        why = "it is not a folder" if path.exists() and not path.is_dir() else \
            (exc.strerror or str(exc))
        raise CacheDirError(f"the build cache folder {path} (from {origin}) cannot be used: "
                            f"{why}; set {fix} to a writable folder") from None
    return path


def hash_tree(root: Path) -> str:
    """sha256 over the relative paths and contents of every file below ``root``."""
    digest = hashlib.sha256()
    if root.is_dir():
        files = sorted(p for p in root.rglob("*") if p.is_file())
        for path in files:
            _feed(digest, path.relative_to(root).as_posix().encode())
            _feed(digest, path.read_bytes())
    return digest.hexdigest()


@dataclass(frozen=True)
class KeyContext:
    """The parts of a cache key shared by every spec of one build call."""

    compiler_identity: str
    include_hash: str
    flags: tuple[str, ...]
    template: str
    """The CMake project template (a change to the build recipe invalidates the cache)."""
    env: tuple[tuple[str, str], ...] = ()

    @staticmethod
    def environment(env: Mapping[str, str] | None = None) -> tuple[tuple[str, str], ...]:
        env = os.environ if env is None else env
        return tuple((name, env[name]) for name in ENV_AFFECTING_BUILD if env.get(name))


def cache_key(module: str, sources: Mapping[str, str], context: KeyContext,
              extra: Iterable[str] = ()) -> str:
    """``extra``: more of what the build depends on (flags of single sources)."""
    digest = hashlib.sha256()
    parts: Iterable[str] = (
        KEY_SCHEMA,
        hatch_pyaot.__version__,
        sys.version,
        sys.implementation.cache_tag or "",
        str(sysconfig.get_config_var("EXT_SUFFIX")),
        context.compiler_identity,
        context.include_hash,
        "\0".join(context.flags),
        context.template,
        repr(context.env),
        module,
    )
    for part in (*parts, *extra):
        _feed(digest, part.encode())
    for name in sorted(sources):
        _feed(digest, name.encode())
        _feed(digest, sources[name].encode())
    return digest.hexdigest()


def entry_path(cache_dir: Path, key: str, module: str) -> Path:
    return cache_dir / key[:2] / key / f"{module}.so"


def lookup(cache_dir: Path, key: str, module: str) -> Path | None:
    path = entry_path(cache_dir, key, module)
    return path if path.is_file() else None


def store(cache_dir: Path, key: str, module: str, built: Path) -> Path:
    """Copy ``built`` into the cache (atomically) and return the entry."""
    path = entry_path(cache_dir, key, module)
    atomic_copy(built, path)
    return path


def atomic_copy(source: Path, dest: Path) -> None:
    """Copy ``source`` to ``dest`` through a temporary file in the same folder.

    ``dest`` gets a new inode: a process that has the old shared library loaded keeps its
    mapping intact, and no reader ever sees a partly written file.
    """
    dest.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{dest.name}.", suffix=".tmp", dir=dest.parent)
    try:
        with os.fdopen(fd, "wb") as out, open(source, "rb") as src:
            shutil.copyfileobj(src, out)
        shutil.copymode(source, tmp)
        os.replace(tmp, dest)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _feed(digest: _Digest, data: bytes) -> None:
    digest.update(len(data).to_bytes(8, "little"))
    digest.update(data)
