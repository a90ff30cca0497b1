"""Build filters.py for wasm32-wasi, put the page, the JS loader and the library in one
folder, and serve it: ``python serve.py`` then open http://127.0.0.1:8000/
(``python serve.py --screenshot page.png`` takes a screenshot with headless Chromium instead).

The page needs nothing else: the loader (src/hatch_pyaot/js/pyaot.mjs, values.mjs and wasi.mjs) is three
ES modules the browser imports as they are. tests/test_web_example.py uses ``assemble`` and
``serving`` on a library it builds itself.
"""

from __future__ import annotations

import functools
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import ClassVar

HERE = Path(__file__).resolve().parent
PAGE_FILES = ("index.html", "main.mjs")


def loader_dir() -> Path:
    """The JS loader shipped inside the hatch_pyaot package."""
    import hatch_pyaot

    return Path(hatch_pyaot.__file__).resolve().parent / "js"


def assemble(site: Path, built: Path) -> Path:
    """``site`` with the page, the loader and ``built`` (a ``pyaot build --target
    wasm32-wasi`` output: lib/filters.wasm, manifest.json) as ``wasm32-wasi/``."""
    site.mkdir(parents=True, exist_ok=True)
    for name in PAGE_FILES:
        shutil.copy(HERE / name, site / name)
    for script in loader_dir().glob("*.mjs"):
        shutil.copy(script, site / script.name)
    shutil.copytree(built, site / "wasm32-wasi", dirs_exist_ok=True)
    return site


class _Handler(SimpleHTTPRequestHandler):
    extensions_map: ClassVar[dict[str, str]] = {**SimpleHTTPRequestHandler.extensions_map,
                                                ".mjs": "text/javascript",
                                                ".wasm": "application/wasm"}

    def log_message(self, format: str, *args: object) -> None:
        pass


@contextmanager
def serving(site: Path, port: int = 0) -> Iterator[str]:
    """An HTTP server for ``site`` on a thread; yields its base URL (port 0: any free one)."""
    handler = functools.partial(_Handler, directory=str(site))
    server = ThreadingHTTPServer(("127.0.0.1", port), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def headless(url: str, *flags: str) -> list[str]:
    """The command that loads ``url`` in headless Chromium and lets its scripts finish
    (virtual time runs until nothing is pending): add ``--dump-dom`` or ``--screenshot=F``.
    ``--no-sandbox``: Chromium's sandbox refuses to run as root, as CI does;
    ``--disable-dev-shm-usage``: a container's /dev/shm is often too small for it."""
    return ["chromium", "--headless", "--no-sandbox", "--disable-dev-shm-usage",
            "--disable-gpu", "--hide-scrollbars",
            "--virtual-time-budget=30000", "--window-size=880,520", *flags, url]


def main(argv: list[str]) -> int:
    out = HERE / "build"
    subprocess.run([sys.executable, "-m", "hatch_pyaot", "build", str(HERE / "filters.py"),
                    "--target", "wasm32-wasi", "--out", str(out)], check=True)
    site = assemble(out / "site", out / "wasm32-wasi")
    if argv[:1] == ["--screenshot"]:  # docs/web-example.png: python serve.py --screenshot F
        with serving(site) as url:
            subprocess.run(headless(url, f"--screenshot={Path(argv[1]).resolve()}"),
                           check=True, capture_output=True)
        return 0
    with serving(site, 8000) as url:
        print(f"serving {site} at {url} (Ctrl-C stops)")
        with suppress(KeyboardInterrupt):
            threading.Event().wait()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
