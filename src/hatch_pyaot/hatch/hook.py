"""The ``pyaot`` build hook: compile the ``@compile`` functions into the wheel.

Enabled by ``tool.hatch.build.hooks.pyaot.dependencies = ["hatch-pyaot"]`` (the one line),
by an empty ``[tool.hatch.build.hooks.pyaot]`` table with hatch-pyaot in
``build-system.requires``, or by ``build-backend = "hatch_pyaot.backend"``.

- standard wheel: native modules are built into a staging folder and force-included next to
  their sources; the wheel is then platform-specific (``Root-Is-Purelib: false``), tagged
  for what the modules need (``wheel_tags.py``: ``cp311-cp311-manylinux_2_31_x86_64``,
  ``cp311-abi3-...`` with ``limited-api``);
- editable wheel: hatchling exposes the source folders, so the native modules are built in
  place, next to the sources; ``pyaot build`` (or reinstalling) rebuilds after a change;
- any other target (the sdist): nothing, an sdist carries sources only.
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path, PurePath
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

from hatch_pyaot.settings import Settings, SettingsError, project_settings
from hatch_pyaot.wheelbuild import BuildLog, SourceFile, WheelBuildFailed, compile_for_wheel

NATIVE_FILE_PATTERNS = ("*.pyaot.so", "*.pyaot.*.so", "*.pyaot.pyd", "*.pyaot.*.pyd")
"""Native modules as ``pipeline.native_path`` names them, on every platform."""


class PyaotBuildHook(BuildHookInterface):  # type: ignore[type-arg]
    PLUGIN_NAME = "pyaot"

    _staging: Path | None = None

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        self._exclude_native_files()
        if self.target_name != "wheel":
            return
        try:
            settings = project_settings(self.metadata.config, self.config)
        except SettingsError as exc:
            self.app.abort(f"pyaot: {exc}")
            raise  # abort exits; this is for type checkers
        files = [SourceFile(Path(f.path), PurePath(f.distribution_path).as_posix())
                 for f in self.build_config.builder.recurse_included_files()]
        editable = version == "editable"
        if not editable:
            self._staging = Path(tempfile.mkdtemp(prefix="pyaot-wheel-"))
        log = BuildLog(info=self.app.display_info, warning=self.app.display_warning)
        try:
            built = compile_for_wheel(files, settings, root=Path(self.root),
                                      staging=self._staging, log=log, editable=editable)
        except WheelBuildFailed as exc:
            self._clean_staging()
            self.app.abort(str(exc))
            raise
        if built and not editable:
            from hatch_pyaot.wheel_tags import wheel_tag

            tag = wheel_tag(built.values(), settings.limited_api)
            if tag is not None:
                build_data["tag"] = tag
        if not editable and settings.artifacts_in_wheel:
            built = {**built, **self._target_artifacts(files, settings, log)}
        if built and not editable:
            for dist_path, path in built.items():
                build_data["force_include"][str(path)] = dist_path
            build_data["pure_python"] = False
            build_data["infer_tag"] = "tag" not in build_data

    def _target_artifacts(self, files: list[SourceFile], settings: Settings,
                          log: BuildLog) -> dict[str, Path]:
        """The other targets' artifacts, under ``<package>/_pyaot/<target>/`` in the wheel:
        those ``hatch build -t all`` built already, or built now."""
        from hatch_pyaot.wheel_targets import build_package_targets, built_targets, cross_targets

        assert self._staging is not None
        try:
            targets = cross_targets(settings)
            if not targets:
                return {}
            built = built_targets(settings, targets)
            if built is not None:
                return built
            return build_package_targets(files, settings, targets, self._staging / "targets",
                                         log)
        except WheelBuildFailed as exc:
            self._clean_staging()
            self.app.abort(str(exc))
            raise

    def _exclude_native_files(self) -> None:
        """Leave native modules that lie in the source tree (from an editable install or
        ``pyaot build``) out of every artifact: the sdist carries sources only, and the
        wheel gets freshly built ones. hatchling has no setting a hook can add exclusions
        to, so this extends the builder configuration's ``path_is_excluded``, which every
        hatchling since 1.21 asks about each file (older ones have no setter for the
        ``exclude_spec`` it reads)."""
        import pathspec

        config = self.build_config
        ours = pathspec.GitIgnoreSpec.from_lines(NATIVE_FILE_PATTERNS)
        excluded = config.path_is_excluded

        def path_is_excluded(relative_path: str) -> bool:
            return bool(ours.match_file(relative_path)) or bool(excluded(relative_path))

        config.path_is_excluded = path_is_excluded

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        self._clean_staging()

    def _clean_staging(self) -> None:
        if self._staging is not None:
            shutil.rmtree(self._staging, ignore_errors=True)
            self._staging = None
