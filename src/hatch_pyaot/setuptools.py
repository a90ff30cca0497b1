"""The setuptools integration: a setuptools project gets the same native modules in its
wheel as a Hatch project does.

setuptools calls ``finalize_options`` (entry point ``setuptools.finalize_distribution_options``)
for every distribution it sets up while hatch-pyaot is installed, whatever the project; it
acts only when the project's ``pyproject.toml`` has a ``[tool.pyaot]`` table. Then:

- the distribution says it has extension modules, so the wheel is platform-specific
  (``Root-Is-Purelib: false``) and ``build_ext`` runs: a project that opts in gets a
  platform wheel even when no native module could be built (no compiler,
  ``fallback = "python"``);
- ``bdist_wheel`` is subclassed so that the wheel's tag is the one the native modules it
  carries qualify for (``wheel_tags.py``: manylinux, ``abi3`` with ``limited-api``);
- ``build_ext``, whatever class the project or another plugin gives it, is subclassed to
  build the native modules after its own run. ``build_ext`` rather than ``build_py``: it is
  setuptools' command for native code, it runs after ``build_py`` (in ``build`` and in
  ``install_lib``), its ``inplace``/``editable_mode`` already mean "next to the sources",
  and an editable install runs a customized ``build_py`` "safely", turning its errors into
  a warning, where a failed ``build_ext`` fails the install;
- standard build: the modules compiled are the copies ``build_py`` put into ``build_lib``,
  and their native modules go next to them, so ``install_lib``'s copy of ``build_lib``
  puts them into the wheel; ``get_outputs`` lists them (``install --record``);
- in place (an editable install, PEP 660, or ``build_ext --inplace``): next to the sources,
  marked editable (the loader rebuilds them when their sources change);
  ``get_output_mapping`` maps them for the strict editable mode's link tree.

The command class is wrapped when setuptools asks for it, not in this hook:
``[tool.setuptools.cmdclass]`` and ``setup.cfg`` replace ``dist.cmdclass`` after it ran.
"""

from __future__ import annotations

import logging
import os
import tomllib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from hatch_pyaot.settings import Settings, SettingsError, settings_from_table
from hatch_pyaot.wheelbuild import (
    BuildLog,
    SourceFile,
    WheelBuildFailed,
    compile_for_wheel,
    native_file_name,
)

if TYPE_CHECKING:
    # setuptools has no type information; these are Any to mypy.
    from setuptools import Command, Distribution  # type: ignore[import-untyped]

TABLE = "tool.pyaot"


def finalize_options(dist: Distribution) -> None:
    """setuptools' hook: opt the project in when its ``pyproject.toml`` has ``[tool.pyaot]``."""
    try:
        settings = _pyaot_settings(Path(dist.src_root or os.curdir, "pyproject.toml"))
    except SettingsError as exc:
        from setuptools.errors import SetupError  # type: ignore[import-untyped]

        # setuptools shows a SetupError raised while the distribution is set up as
        # "error in setup command: <message>", without a traceback.
        raise SetupError(f"pyaot: {exc}") from None
    if settings is None:
        return
    dist.has_ext_modules = lambda: True
    dist.get_command_class = _wrapping_build_ext(dist.get_command_class, settings)


def _pyaot_settings(pyproject: Path) -> Settings | None:
    """The settings of ``[tool.pyaot]``; None without the table (the project did not opt
    in) or without a readable ``pyproject.toml`` (setuptools reports on a broken one)."""
    try:
        with pyproject.open("rb") as f:
            config = tomllib.load(f)
    except (OSError, tomllib.TOMLDecodeError):
        return None
    tool = config.get("tool")
    if not isinstance(tool, dict) or "pyaot" not in tool:
        return None
    table = tool["pyaot"]
    if not isinstance(table, dict):
        raise SettingsError(f"{TABLE}: expected a table")
    return settings_from_table(table, TABLE)


def _wrapping_build_ext(get_command_class: Callable[[str], type[Command]],
                        settings: Settings) -> Callable[[str], type[Command]]:
    """``dist.get_command_class`` that hands out ``build_ext`` subclassed by
    ``_with_native_modules`` and ``bdist_wheel`` by ``_with_native_tag``; one subclass per
    base class, so a command's type is stable."""
    subclasses: dict[type[Command], type[Command]] = {}
    wrappers = {"build_ext": _with_native_modules, "bdist_wheel": _with_native_tag}

    def wrapped(command: str) -> type[Command]:
        cls = get_command_class(command)
        if command not in wrappers:
            return cls
        if cls not in subclasses:
            subclasses[cls] = wrappers[command](cls, settings)
        return subclasses[cls]

    return wrapped


def _with_native_tag(base: type[Command], settings: Settings) -> type[Command]:
    class bdist_wheel(base):  # type: ignore[misc]
        """``bdist_wheel`` tagged for the native modules below ``build_lib``."""

        def get_tag(self) -> tuple[str, str, str]:
            from hatch_pyaot.wheel_tags import wheel_tag

            tag: tuple[str, str, str] = super().get_tag()
            modules = [Path(path) for path in _native_outputs(self, settings)]
            ours = wheel_tag(modules, settings.limited_api) if modules else None
            if ours is None:
                return tag
            interpreter, abi, platform = ours.split("-")
            return interpreter, abi, platform

    return bdist_wheel


def _with_native_modules(base: type[Command], settings: Settings) -> type[Command]:
    class build_ext(base):  # type: ignore[misc]
        """``build_ext`` that then builds the native modules of the ``@compile`` modules."""

        def run(self) -> None:
            super().run()
            _build_native_modules(self, settings)

        def get_outputs(self) -> list[str]:
            outputs = [*super().get_outputs(), *_native_outputs(self, settings)]
            return list(dict.fromkeys(outputs))  # setuptools' own lists the mapping's too

        def get_output_mapping(self) -> dict[str, str]:
            inherited = getattr(super(), "get_output_mapping", None)
            mapping = dict(inherited() if inherited else {})
            if _in_place(self):
                mapping.update(_native_mapping(self, settings))
            return mapping

    return build_ext


class _Module(NamedTuple):
    dist_path: str
    """Where the module goes inside the wheel: ``mypkg/kernels.py``."""
    source: Path
    copy: Path
    """Where ``build_py`` copies it: below ``build_lib``."""


def _modules(cmd: Command) -> Iterator[_Module]:
    """Every module ``build_py`` puts into the wheel."""
    build_py = cmd.get_finalized_command("build_py")
    for package, module, source in build_py.find_all_modules():
        parts = [part for part in package.split(".") if part]
        copy = build_py.get_module_outfile(build_py.build_lib, parts, module)
        yield _Module("/".join([*parts, f"{module}.py"]), Path(source), Path(copy))


def _build_native_modules(cmd: Command, settings: Settings) -> None:
    from setuptools.errors import CompileError

    in_place = _in_place(cmd)
    files = [SourceFile(m.source if in_place else m.copy, m.dist_path) for m in _modules(cmd)]
    # The copies lie at their wheel paths below build_lib: as the staging folder it gets
    # their native modules next to them, and the log names them by their wheel paths.
    staging = None if in_place else Path(cmd.get_finalized_command("build_py").build_lib)
    logger = logging.getLogger(__name__)
    log = BuildLog(info=logger.info, warning=logger.warning)
    root = Path(cmd.distribution.src_root or os.curdir).resolve()
    try:
        built = compile_for_wheel(files, settings, root=root, staging=staging, log=log,
                                  editable=in_place)
    except WheelBuildFailed as exc:
        raise CompileError(str(exc)) from None
    if not in_place:
        # build_lib outlives a build: a native module left there by an earlier one goes into
        # the wheel unless it is removed.
        for f in files:
            if f.native_dist_path_for(settings) not in built:
                _native_file(f.path, settings).unlink(missing_ok=True)


def _native_outputs(cmd: Command, settings: Settings) -> list[str]:
    """The native modules below ``build_lib`` (in place: where they would be)."""
    if _in_place(cmd):
        return list(_native_mapping(cmd, settings))
    return [str(native) for m in _modules(cmd)
            if (native := _native_file(m.copy, settings)).exists()]


def _native_mapping(cmd: Command, settings: Settings) -> dict[str, str]:
    """In place: {native module's place below ``build_lib``: the file next to the source}."""
    return {str(_native_file(m.copy, settings)): str(native) for m in _modules(cmd)
            if (native := _native_file(m.source, settings)).exists()}


def _in_place(cmd: Command) -> bool:
    """Whether the command builds next to the sources (editable mode sets ``inplace``)."""
    return bool(getattr(cmd, "inplace", False))


def _native_file(module: Path, settings: Settings) -> Path:
    return module.with_name(native_file_name(module.stem, settings))
