"""Picks the run-time files out of the import package ``hatch_pyaot``.

In the repository they lie in ``../src/hatch_pyaot`` beside the compiler's (which the
``hatch-pyaot`` wheel carries, leaving these out); in an unpacked sdist of this distribution,
here. Both the sdist and the wheel get them at ``hatch_pyaot/...``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

FILES = (
    "hatch_pyaot/__init__.py",
    "hatch_pyaot/py.typed",
    "hatch_pyaot/runtime/__init__.py",
    "hatch_pyaot/runtime/loader.py",
    "hatch_pyaot/runtime/onnx_model.py",
    "hatch_pyaot/runtime/online.py",
    "hatch_pyaot/runtime/tuning.py",
)
"""Everything ``import hatch_pyaot`` and ``@compile`` run; the root pyproject.toml excludes
exactly these from the compiler's wheel."""


class RuntimeFiles(BuildHookInterface):  # type: ignore[type-arg]
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        root = Path(self.root)
        tree = root.parent / "src"
        if not (tree / FILES[0]).is_file():
            tree = root
        for name in FILES:
            build_data["force_include"][str(tree / name)] = name
