"""The browser example (examples/web), for real: filters.py built for wasm32-wasi, the page,
the JS loader and the library served by a local HTTP server, the page loaded in headless
Chromium, and what it computed (its #results JSON) compared with CPython running the same
Python functions on the same inputs."""

from __future__ import annotations

import html.parser
import importlib.util
import json
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest

from conftest import missing_tool

pytestmark = pytest.mark.slow

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "web"
CHROMIUM_MISSING = "chromium is not installed (Debian: apt-get install chromium)"


def _load(name: str, path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


class _Results(html.parser.HTMLParser):
    """The text of ``<pre id="results">``."""

    def __init__(self) -> None:
        super().__init__()
        self.inside = False
        self.text = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.inside = tag == "pre" and ("id", "results") in attrs

    def handle_endtag(self, tag: str) -> None:
        self.inside = False

    def handle_data(self, data: str) -> None:
        if self.inside:
            self.text += data


@pytest.fixture(scope="module")
def page(tmp_path_factory: pytest.TempPathFactory, cross_cache: Path) -> dict[str, Any]:
    """The page's results, as Chromium computed them."""
    if shutil.which("chromium") is None:
        missing_tool(CHROMIUM_MISSING)
    from hatch_pyaot import crossbuild

    serve = _load("web_example_serve", EXAMPLE / "serve.py")
    modules, results = crossbuild.compile_modules([EXAMPLE / "filters.py"])
    assert all(e.compiled for r in results for e in r.entries)
    out = tmp_path_factory.mktemp("web")
    (report,) = crossbuild.build_targets(modules, ["wasm32-wasi"], out, "filters",
                                         cache_dir=cross_cache, programs=False)
    assert report.skipped is None, report.skipped
    site = serve.assemble(out / "site", out / "wasm32-wasi")
    with serve.serving(site) as url:
        proc = subprocess.run(serve.headless(url, "--dump-dom"), capture_output=True,
                              text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr[-2000:]
    parser = _Results()
    parser.feed(proc.stdout)
    assert parser.text, f"the page wrote no results:\n{proc.stdout[-2000:]}"
    found: dict[str, Any] = json.loads(parser.text)
    assert "failed" not in found, found["failed"]
    assert "<title>done</title>" in proc.stdout
    return found


@pytest.fixture(scope="module")
def python() -> ModuleType:
    """filters.py run by CPython, even where ``pyaot build`` left a native module beside it."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("PYAOT_DISABLE", "1")
        return _load("web_example_filters", EXAMPLE / "filters.py")


def test_scalar_kernel_per_pixel_matches_cpython(page: dict[str, Any], python: ModuleType):
    width, height, limit = page["width"], page["height"], page["limit"]
    expected = [255 * python.escape_time(-2.2 + (3.0 * col) / width,
                                         -1.125 + (2.25 * row) / height, limit) // limit
                for row in range(height) for col in range(width)]  # main.mjs's formula
    assert page["image"] == expected
    assert len(set(expected)) > 20  # a picture, not a constant


def test_array_kernel_matches_cpython(page: dict[str, Any], python: ModuleType):
    import hatch_pyaot

    assert not hatch_pyaot.is_compiled(python.box_blur)
    image = np.array(page["image"], dtype=np.uint8).reshape(page["height"], page["width"])
    expected = python.box_blur(image, 2)
    assert page["blurred"]["dtype"] == "uint8"
    assert page["blurred"]["shape"] == [page["height"], page["width"]]
    assert page["blurred"]["data"] == expected.ravel().tolist()
    assert not np.array_equal(expected, image)


@pytest.mark.parametrize("key, call", [
    ("bad_limit", lambda f: f.escape_time(0.0, 0.0, 0)),
    ("bad_radius", lambda f: f.box_blur(np.zeros((2, 2), np.uint8), -1)),
])
def test_python_exceptions_reach_the_page(page: dict[str, Any], python: ModuleType,
                                          key: str, call: Any):
    with pytest.raises(Exception) as raised:
        call(python)
    assert page[key]["error"] == type(raised.value).__name__ == "ValueError"
    assert page[key]["message"].startswith(f"{raised.value} (at filters.py:")
