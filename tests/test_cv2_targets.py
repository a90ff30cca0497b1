"""cv2 pipelines (cvtColor, GaussianBlur, resize, threshold; Canny, connected components,
findContours and drawing; HSV, YCrCb and rotations) built as standalone programs
for wasm32-wasi by the real CLI and run under wasmtime: the .npy it writes equals what
opencv-python-headless computes on the host, byte for byte (the runtime's fixed-point paths
are the same integer arithmetic on every target)."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from test_targets_build import build_kernels, program

pytestmark = pytest.mark.slow

KERNEL = '''\
import cv2
import numpy as np
from numpy.typing import NDArray

from hatch_pyaot import compile


@compile(tag="prep")
def prep(img: NDArray[np.uint8]) -> NDArray[np.uint8]:
    gray = cv2.cvtColor(img, cv2.COLOR_BGR2GRAY)
    smooth = cv2.GaussianBlur(gray, (5, 5), 0)
    small = cv2.resize(smooth, (40, 30), interpolation=cv2.INTER_LINEAR)
    return cv2.threshold(small, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)[1]


@compile(tag="marks")
def marks(img: NDArray[np.uint8]) -> NDArray[np.uint8]:
    gray = cv2.cvtColor(img, cv2.COLOR_BGR2GRAY)
    edges = cv2.Canny(gray, 40, 120)
    n, labels, stats, centroids = cv2.connectedComponentsWithStats(edges)
    found, hierarchy = cv2.findContours(edges, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    for c in found:
        x, y, w, h = cv2.boundingRect(c)
        cv2.rectangle(img, (x, y), (x + w - 1, y + h - 1), (0, 255, 0), 1)
    for i in range(1, n):
        cv2.circle(img, (int(stats[i, 0]), int(stats[i, 1])), 2, (0, 0, 255), cv2.FILLED)
    return img


@compile(tag="turns")
def turns(img: NDArray[np.uint8]) -> NDArray[np.uint8]:
    hsv = cv2.cvtColor(img, cv2.COLOR_BGR2HSV)
    ycc = cv2.cvtColor(hsv, cv2.COLOR_RGB2YCrCb)
    turned = cv2.rotate(ycc, cv2.ROTATE_90_COUNTERCLOCKWISE)
    return cv2.rotate(cv2.cvtColor(turned, cv2.COLOR_BGR2GRAY), cv2.ROTATE_90_CLOCKWISE)
'''


def reference(img: np.ndarray) -> np.ndarray:
    gray = cv2.cvtColor(img, cv2.COLOR_BGR2GRAY)
    small = cv2.resize(cv2.GaussianBlur(gray, (5, 5), 0), (40, 30),
                       interpolation=cv2.INTER_LINEAR)
    return cv2.threshold(small, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)[1]


def marked(img: np.ndarray) -> np.ndarray:
    """The ``marks`` kernel run by cv2."""
    img = img.copy()
    edges = cv2.Canny(cv2.cvtColor(img, cv2.COLOR_BGR2GRAY), 40, 120)
    n, _, stats, _ = cv2.connectedComponentsWithStats(edges)
    for c in cv2.findContours(edges, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)[0]:
        x, y, w, h = cv2.boundingRect(c)
        cv2.rectangle(img, (x, y), (x + w - 1, y + h - 1), (0, 255, 0), 1)
    for i in range(1, n):
        cv2.circle(img, (int(stats[i, 0]), int(stats[i, 1])), 2, (0, 0, 255), cv2.FILLED)
    return img


def turned(img: np.ndarray) -> np.ndarray:
    """The ``turns`` kernel run by cv2."""
    ycc = cv2.cvtColor(cv2.cvtColor(img, cv2.COLOR_BGR2HSV), cv2.COLOR_RGB2YCrCb)
    gray = cv2.cvtColor(cv2.rotate(ycc, cv2.ROTATE_90_COUNTERCLOCKWISE), cv2.COLOR_BGR2GRAY)
    return cv2.rotate(gray, cv2.ROTATE_90_CLOCKWISE)


@pytest.mark.parametrize("target", ["wasm32-wasi"])
def test_cv2_program_on_wasm(tmp_path: Path, cross_cache: Path, target: str):
    folder = build_kernels(tmp_path, ("host", target), cross_cache, KERNEL)
    rng = np.random.default_rng(9)
    img = cv2.GaussianBlur(rng.integers(0, 256, (61, 83, 3), dtype=np.uint8), (9, 9), 3)
    np.save(folder / "bgr.npy", img)
    for where in ("host", target):
        result = program(folder, where, "prep", "--img", "bgr.npy", "--output", f"{where}.npy")
        assert result.returncode == 0, result.stderr
        assert np.array_equal(np.load(folder / f"{where}.npy"), reference(img)), where
        # Canny, connected components, contours and drawing: the same bytes as cv2's
        result = program(folder, where, "marks", "--img", "bgr.npy", "--output", f"m{where}.npy")
        assert result.returncode == 0, result.stderr
        assert np.array_equal(np.load(folder / f"m{where}.npy"), marked(img)), where
        # HSV and YCrCb sixteen pixels a step, rotations in blocks of 4 x 4 and 16 x 16 pixels
        result = program(folder, where, "turns", "--img", "bgr.npy", "--output", f"t{where}.npy")
        assert result.returncode == 0, result.stderr
        assert np.array_equal(np.load(folder / f"t{where}.npy"), turned(img)), where
