"""``build-backend = "hatch_pyaot.backend"``: hatchling with the ``pyaot`` hook always on.

Every PEP 517/660 hook is hatchling's own; the wheel builds get a configuration in which
``[tool.hatch.build.hooks.pyaot]`` exists (an empty table unless the project has one), so a
project needs no table at all.
"""

from __future__ import annotations

import copy
import os
import tomllib
from typing import Any

import hatchling.build as _hatchling
from hatchling.build import (
    build_sdist,
    get_requires_for_build_editable,
    get_requires_for_build_sdist,
    get_requires_for_build_wheel,
)

__all__ = [
    "build_editable",
    "build_sdist",
    "build_wheel",
    "get_requires_for_build_editable",
    "get_requires_for_build_sdist",
    "get_requires_for_build_wheel",
]


def with_hook(pyproject: dict[str, Any]) -> dict[str, Any]:
    """A copy of the ``pyproject.toml`` contents with the ``pyaot`` hook table present."""
    config = copy.deepcopy(pyproject)
    table = config
    for key in ("tool", "hatch", "build", "hooks", "pyaot"):
        table = table.setdefault(key, {})
    return config


def build_wheel(wheel_directory: str, config_settings: dict[str, Any] | None = None,
                metadata_directory: str | None = None) -> str:
    return _build(wheel_directory, "standard")


def build_editable(wheel_directory: str, config_settings: dict[str, Any] | None = None,
                   metadata_directory: str | None = None) -> str:
    return _build(wheel_directory, "editable")


def _build(directory: str, version: str) -> str:
    from hatchling.builders.wheel import WheelBuilder

    root = os.getcwd()
    with open(os.path.join(root, "pyproject.toml"), "rb") as f:
        config = with_hook(tomllib.load(f))
    builder = WheelBuilder(root, config=config)
    return os.path.basename(next(builder.build(directory=directory, versions=[version])))


# hatchling leaves these out under pip (see hatchling/build.py); so do we.
if hasattr(_hatchling, "prepare_metadata_for_build_wheel"):
    prepare_metadata_for_build_wheel = _hatchling.prepare_metadata_for_build_wheel
    prepare_metadata_for_build_editable = _hatchling.prepare_metadata_for_build_editable
    __all__ += ["prepare_metadata_for_build_editable", "prepare_metadata_for_build_wheel"]
