"""``hatch build -t all``: the sdist, the wheel and every configured target's artifacts.

The wheel carries the native modules of the ``host`` target (and, by default, the other
targets' artifacts too). Each further target of the ``targets`` setting also gets an archive
of its own in ``dist/`` (wheel_targets.py); a target whose toolchain is missing fails the
build rather than leaving ``dist/`` silently incomplete.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from pathlib import Path, PurePath
from typing import Any

from hatchling.builders.plugin.interface import BuilderInterface
from hatchling.builders.sdist import SdistBuilder
from hatchling.builders.wheel import WheelBuilder

from hatch_pyaot.backend import with_hook
from hatch_pyaot.settings import Settings, SettingsError, project_settings


class AllBuilder(BuilderInterface):  # type: ignore[type-arg]
    PLUGIN_NAME = "all"

    def get_version_api(self) -> dict[str, Callable[..., str]]:
        return {"standard": self.build_standard}

    def build_standard(self, directory: str, **build_data: Any) -> str:
        config = with_hook(self.metadata.config)
        try:
            settings = project_settings(config)
        except SettingsError as exc:
            self.app.abort(f"pyaot: {exc}")
            raise
        artifacts = []
        for builder_class in (SdistBuilder, WheelBuilder):
            builder = builder_class(self.root, plugin_manager=self.plugin_manager,
                                    config=config, app=self.app)
            for artifact in builder.build(directory=directory, versions=["standard"]):
                self.app.display_info(f"pyaot: {builder_class.PLUGIN_NAME}: {artifact}")
                artifacts.append(artifact)
        for archive in self._build_targets(config, settings, Path(directory)):
            self.app.display_info(f"pyaot: target archive: {archive}")
            artifacts.append(str(archive))
        return artifacts[-1]

    def _build_targets(self, config: dict[str, Any], settings: Settings,
                       directory: Path) -> list[Path]:
        """One archive per target besides ``host`` (whose native modules are in the wheel):
        ``<name>-<version>-<target>.tar.gz`` with each package's programs, libraries,
        headers and manifest."""
        from hatch_pyaot.wheel_targets import archive_targets, build_package_targets, cross_targets
        from hatch_pyaot.wheelbuild import BuildLog, SourceFile, WheelBuildFailed

        wheel = WheelBuilder(self.root, plugin_manager=self.plugin_manager, config=config,
                             app=self.app)
        files = [SourceFile(Path(f.path), PurePath(f.distribution_path).as_posix())
                 for f in wheel.recurse_included_files()]
        log = BuildLog(info=self.app.display_info, warning=self.app.display_warning)
        stem = f"{self.normalize_file_name_component(self.metadata.core.name)}-" \
               f"{self.metadata.version}"
        with tempfile.TemporaryDirectory(prefix="pyaot-targets-") as tmp:
            try:
                targets = cross_targets(settings)
                if not targets:
                    return []
                build_package_targets(files, settings, targets, Path(tmp), log)
            except WheelBuildFailed as exc:
                self.app.abort(str(exc))
                raise
            return archive_targets(Path(tmp), targets, directory, stem)
