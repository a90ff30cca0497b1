"""The compiler's wheel depends on the run-time distribution (``runtime/``) of its own version.

Only the standard wheel: an editable install puts ``src`` on the path, which holds the
run-time files too, so ``pip install -e '.[dev]'`` needs no ``hatch-pyaot-runtime`` from an
index.
"""

from __future__ import annotations

from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class RequireRuntime(BuildHookInterface):  # type: ignore[type-arg]
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if version == "standard":
            build_data["dependencies"].append(f"hatch-pyaot-runtime=={self.metadata.version}")
