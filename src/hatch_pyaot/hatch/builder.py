"""``hatch build -t all``: the sdist, the wheel and every configured target's artifacts.

The wheel carries the native modules of the ``host`` target (with ``artifacts-in-wheel``, the
other targets' artifacts too). Each further target of the ``targets`` setting gets an archive
of its own in ``dist/`` (wheel_targets.py); a target whose toolchain is missing fails the
build rather than leaving ``dist/`` silently incomplete. The targets are built once, first:
the wheel's hook takes the same artifacts (``wheel_targets.reuse_targets``).
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
        from hatch_pyaot.wheel_targets import archive_targets, reuse_targets

        artifacts = []
        with tempfile.TemporaryDirectory(prefix="pyaot-targets-") as tmp:
            staging = Path(tmp)
            targets = self._build_targets(config, settings, staging)
            with reuse_targets(settings, targets, staging):
                for builder_class in (SdistBuilder, WheelBuilder):
                    builder = builder_class(self.root, plugin_manager=self.plugin_manager,
                                            config=config, app=self.app)
                    for artifact in builder.build(directory=directory, versions=["standard"]):
                        self.app.display_info(f"pyaot: {builder_class.PLUGIN_NAME}: {artifact}")
                        artifacts.append(artifact)
            stem = f"{self.normalize_file_name_component(self.metadata.core.name)}-" \
                   f"{self.metadata.version}"
            for archive in archive_targets(staging, targets, Path(directory), stem):
                self.app.display_info(f"pyaot: target archive: {archive}")
                artifacts.append(str(archive))
        return artifacts[-1]

    def _build_targets(self, config: dict[str, Any], settings: Settings,
                       staging: Path) -> list[str]:
        """Every target besides ``host`` (whose native modules are in the wheel), built
        into ``staging``: each package's programs, libraries, headers and manifest, for
        one archive per target (``<name>-<version>-<target>.tar.gz``) and, with
        ``artifacts-in-wheel``, the wheel. The targets built."""
        from hatch_pyaot.wheel_targets import build_package_targets, cross_targets
        from hatch_pyaot.wheelbuild import BuildLog, SourceFile, WheelBuildFailed

        wheel = WheelBuilder(self.root, plugin_manager=self.plugin_manager, config=config,
                             app=self.app)
        files = [SourceFile(Path(f.path), PurePath(f.distribution_path).as_posix())
                 for f in wheel.recurse_included_files()]
        log = BuildLog(info=self.app.display_info, warning=self.app.display_warning)
        try:
            targets = cross_targets(settings)
            if targets:
                build_package_targets(files, settings, targets, staging, log)
        except WheelBuildFailed as exc:
            self.app.abort(str(exc))
            raise
        return targets
