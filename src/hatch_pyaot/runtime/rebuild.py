"""Rebuilding the native module of an editable install when its sources have changed.

An editable install (``pip install -e .``) builds native modules in place with
``__pyaot_editable__`` set. When the loader finds such a module stale, it calls ``rebuild``:
the module is compiled again with the project's settings (its ``pyproject.toml``), written in
place for the next run, and a copy at a fresh path is handed back for this process to load
(the stale file's path is taken: a process cannot load two libraries from one path). The
diagnostics of the functions that no longer compile come back with it: nobody sees a build log
at import, so the loader turns them into warnings.

This imports the compiler, so it only runs on that path, never on a plain import. It is
part of the compiler distribution (``hatch-pyaot``), not of ``hatch-pyaot-runtime``.
"""

from __future__ import annotations

import shutil
import tempfile
import tomllib
from dataclasses import dataclass
from pathlib import Path

from hatch_pyaot.settings import Settings, project_settings


@dataclass(frozen=True)
class Rebuilt:
    path: str
    """A copy of the new native module, at a fresh path."""
    python: dict[str, str]
    """Function name -> its diagnostics, for each function that stays Python."""


def rebuild(source: str) -> Rebuilt:
    """Rebuild the native module of ``source``; a copy to load, and what stays Python.

    Raises an exception saying why when nothing could be built (a compile error, no compiler,
    a function that no longer compiles: its diagnostics).
    """
    from hatch_pyaot.pipeline import build
    from hatch_pyaot.wheelbuild import build_options, native_file_name

    path = Path(source)
    root = _project_root(path)
    settings = Settings()
    if root is not None:
        with open(root / "pyproject.toml", "rb") as f:
            settings = project_settings(tomllib.load(f))
    report = build([path], build_options(settings, root or path.parent, editable=True),
                   destination=lambda s: s.with_name(native_file_name(s.stem, settings)))
    if not report.built:
        problems = [m.format_diagnostics() for m in report.modules]
        problems += [str(error) for _, error in report.unreadable]
        raise RuntimeError("\n".join(p for p in problems if p) or "nothing to compile")
    fresh = Path(tempfile.mkdtemp(prefix="pyaot-rebuilt-")) / report.built[0].name
    shutil.copyfile(report.built[0], fresh)
    python = {}
    for module in report.modules:
        for entry in module.entries:
            if not entry.compiled:
                python[entry.name] = "\n".join(
                    d.format(module.program.source_lines(d.loc.file)) for d in entry.diagnostics)
    return Rebuilt(str(fresh), python)


def _project_root(path: Path) -> Path | None:
    for folder in path.resolve().parents:
        if (folder / "pyproject.toml").is_file():
            return folder
    return None
