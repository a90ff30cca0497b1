"""``hatch build -t all``: the sdist, the wheel and every configured target's artifacts.

The wheel carries the native modules of the ``host`` target. Each further target of the
``targets`` setting adds its artifacts through ``_build_target`` (the cross targets plug in
there); asking for a target this version cannot build fails the build rather than leaving
``dist/`` silently incomplete.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hatchling.builders.plugin.interface import BuilderInterface
from hatchling.builders.sdist import SdistBuilder
from hatchling.builders.wheel import WheelBuilder

from hatch_pyaot.backend import with_hook
from hatch_pyaot.settings import SettingsError, project_settings


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
        for target in settings.targets:
            artifacts.extend(self._build_target(target, directory))
        return artifacts[-1]

    def _build_target(self, target: str, directory: str) -> list[str]:
        """The artifacts of one target, written to ``directory``."""
        if target in ("host", "all"):
            return []  # the host's native modules are in the wheel; "all" = what is available
        self.app.abort(f"pyaot: target {target!r} cannot be built by this version of "
                       "hatch-pyaot yet (only 'host')")
        return []
