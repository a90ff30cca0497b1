"""cv2's analysis operators compiled (tests/kernels/cv2_analysis_kernels.py: Canny,
connectedComponents(WithStats)) against the real opencv-python-headless running the same
kernels on random images: results equal exactly (labels, stats, centroids, edges), the
arguments unchanged afterwards, and cv2's errors (cv2.error) raised as ValueError."""

from __future__ import annotations

import copy
import os
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from support import Pair, build_pair, outcome

KERNELS = Path(__file__).parent / "kernels" / "cv2_analysis_kernels.py"
SANITIZED = os.environ.get("PYAOT_TEST_SANITIZE") == "1"
"""Rerun by tests/test_sanitizers.py: fewer examples."""
EXAMPLES = settings(max_examples=10 if SANITIZED else 40, deadline=None)


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory) -> Pair:
    return build_pair(tmp_path_factory.mktemp("cv2_analysis"), "cv2_analysis_kernels", KERNELS)


def same(pair: Pair, func: str, *args: Any) -> Any:
    """Both sides on copies of the arguments: equal results (NaN equal to NaN), or both raise
    (cv2.error compiled as ValueError); the arguments equal afterwards (drawing changes
    them)."""
    py_args, native_args = copy.deepcopy(args), copy.deepcopy(args)
    expected = outcome(getattr(pair.python, func), *py_args)
    got = outcome(getattr(pair.native, func), *native_args)
    call = f"{func}{tuple(getattr(a, 'shape', a) for a in args)}"
    if expected[0] == "raise":
        assert got[0] == "raise" and isinstance(got[1], ValueError), \
            f"{call}: cv2 raised {expected[1]!r}, compiled {got[1]!r}"
        return None
    assert got[0] == "ok", f"{call}: cv2 returned, compiled raised {got[1]!r}"
    _equal(call, expected[1], got[1])
    for before, after in zip(py_args, native_args, strict=True):
        if isinstance(before, np.ndarray):  # unchanged, or drawn on alike
            assert np.array_equal(before, after), f"{call}: the arguments differ afterwards"
    return got[1]


def _equal(call: str, expected: Any, got: Any) -> None:
    if isinstance(expected, tuple):
        assert isinstance(got, tuple) and len(got) == len(expected), call
        for e, g in zip(expected, got, strict=True):
            _equal(call, e, g)
    elif isinstance(expected, np.ndarray):
        assert isinstance(got, np.ndarray) and got.dtype == expected.dtype, f"{call}: {got!r}"
        assert got.shape == expected.shape, f"{call}: shape {expected.shape} vs {got.shape}"
        differ = np.argwhere(~((expected == got) | (np.isnan(expected) & np.isnan(got))
                               if expected.dtype.kind == "f" else expected == got))
        assert differ.size == 0, f"{call}: {len(differ)} differ, first at {differ[:3].tolist()}"
    else:
        assert type(got) is type(expected) and got == expected, f"{call}: {expected} {got}"


@st.composite
def images(draw: st.DrawFn, channels: tuple[int, ...] = (1,), max_side: int = 40,
           smooth: bool = True) -> np.ndarray:
    """A random uint8 image (HxW for one channel, else HxWxC), sometimes smoothed (long
    edges) and sometimes a strided view."""
    rows, cols = draw(st.integers(1, max_side)), draw(st.integers(1, max_side))
    cn = draw(st.sampled_from(channels))
    strided = draw(st.booleans())
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    shape = (rows, cols * (2 if strided else 1)) + ((cn,) if cn > 1 else ())
    a = rng.integers(0, 256, shape, dtype=np.uint8)
    if smooth and draw(st.booleans()):
        a = cv2.GaussianBlur(a, (5, 5), 1.5)
    return a[:, ::2] if strided else a


@st.composite
def binary_images(draw: st.DrawFn, max_side: int = 40) -> np.ndarray:
    """A random image of 0 and one other value, of random density."""
    rows, cols = draw(st.integers(1, max_side)), draw(st.integers(1, max_side))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    density = draw(st.sampled_from([0.0, 0.2, 0.45, 0.6, 0.8, 1.0]))
    value = draw(st.sampled_from([1, 255, 7]))
    return (rng.random((rows, cols)) < density).astype(np.uint8) * np.uint8(value)


@EXAMPLES
@given(images(channels=(1, 2, 3, 4)), st.floats(-10, 400), st.floats(-10, 900),
       st.sampled_from([3, 5, 7]), st.booleans())
def test_canny(pair, img, low, high, aperture, l2):
    same(pair, "edges", img, low, high, aperture, l2)


def test_canny_large_and_bad_apertures(pair):
    rng = np.random.default_rng(5)
    img = cv2.GaussianBlur(rng.integers(0, 256, (480, 640, 3), dtype=np.uint8), (7, 7), 3)
    for aperture, l2 in [(3, False), (5, True), (7, False), (7, True)]:
        edges = same(pair, "edges", img, 20.0, 60.0, aperture, l2)
        assert edges.any()
    same(pair, "edges_default", img[..., 0], 50.0, 10.0)
    for aperture in (-1, 1, 4, 9):
        assert same(pair, "edges", img, 10.0, 20.0, aperture, False) is None


def test_canny_empty_image_raises(pair):
    # cv2 returns None for an image of 0 rows; the compiled function's result is an array
    with pytest.raises(ValueError, match="empty"):
        pair.native.edges_default(np.zeros((0, 5), np.uint8), 1.0, 2.0)


@EXAMPLES
@given(binary_images(), st.sampled_from([4, 8]))
def test_connected_components(pair, img, connectivity):
    same(pair, "components", img, connectivity)
    same(pair, "components_stats", img, connectivity)


def test_connected_components_large_and_bad_connectivity(pair):
    rng = np.random.default_rng(6)
    for density in (0.3, 0.55, 0.7):
        img = (rng.random((300, 417)) < density).astype(np.uint8)
        for connectivity in (4, 8):
            n = same(pair, "components_stats", img, connectivity)[0]
            assert n > 10
    for connectivity in (0, 6):
        assert same(pair, "components", img, connectivity) is None
    with pytest.raises(ValueError, match="empty"):  # cv2 crashes on 0 rows
        pair.native.components(np.zeros((0, 3), np.uint8), 8)


@EXAMPLES
@given(binary_images(), st.sampled_from([0, 1, 2, 3]), st.sampled_from([1, 2]))
def test_find_contours(pair, img, mode, method):
    """Every contour's points in cv2's order, the contours in cv2's order, the hierarchy."""
    same(pair, "contours", img, mode, method)


@EXAMPLES
@given(binary_images())
def test_contour_area_and_bounding_rect(pair, img):
    same(pair, "contour_shapes", img)


def test_find_contours_large_nested_and_bad_modes(pair):
    # more than OpenCV's 127 border numbers, rings inside rings
    rng = np.random.default_rng(7)
    img = (rng.random((230, 190)) < 0.45).astype(np.uint8)
    rings = np.zeros((64, 64), np.uint8)
    for r in range(2, 32, 4):
        rings[r:64 - r, r:64 - r] = 255 if (r // 4) % 2 == 0 else 0
    for image in (img, rings):
        for mode in range(4):
            for method in (1, 2):
                lengths = same(pair, "contours", image, mode, method)[0]
                assert len(lengths) > (0 if mode == 0 else 7)
    for mode, method in [(4, 1), (-1, 1), (5, 1), (1, -1), (1, 5)]:
        assert same(pair, "contours", img, mode, method) is None
    for method in (0, 3, 4):  # chain codes and Teh-Chin: not compiled (docs/vision.md)
        with pytest.raises(ValueError, match="CHAIN_APPROX_NONE or CHAIN_APPROX_SIMPLE"):
            pair.native.contours(img, 1, method)
    # no contour: cv2's hierarchy is None
    assert same(pair, "contours", np.zeros((3, 4), np.uint8), 3, 2)[0].size == 0


NOT_COMPILED = "not compiled"
"""The drawing cases cv2 draws and the compiled function refuses (docs/vision.md)."""


def drawn(pair: Pair, func: str, img: np.ndarray, *args: Any) -> None:
    """``same`` for a drawing kernel, or ValueError for a case that is not compiled."""
    try:
        getattr(pair.native, func)(img.copy(), *args)
    except ValueError as exc:
        if NOT_COMPILED in str(exc):
            return
    same(pair, func, img, *args)


points = st.integers(-15, 55)
colors = st.floats(-10, 300)


@EXAMPLES
@given(images(channels=(1, 3, 4), smooth=False), points, points, points, points, colors,
       st.sampled_from([1, 1, 2, 3, 5, 8, 0, -1]), st.sampled_from([8, 4, 0, 1]))
def test_line_and_rectangle(pair, img, x1, y1, x2, y2, color, thickness, line_type):
    """In place: the images afterwards equal cv2's, and the result too."""
    drawn(pair, "line", img, x1, y1, x2, y2, color, thickness, line_type)
    same(pair, "rectangle", img, x1, y1, x2, y2, color, thickness, line_type)


@EXAMPLES
@given(images(channels=(1, 3, 4), smooth=False), points, points, st.integers(0, 30), colors,
       st.sampled_from([1, 2, 3, 5, 8, 0, -1]), st.sampled_from([8, 4, 0, 1]))
def test_circle(pair, img, x, y, radius, color, thickness, line_type):
    drawn(pair, "circle", img, x, y, radius, color, thickness, line_type)


@EXAMPLES
@given(binary_images(max_side=60))
def test_boxes_around_components(pair, img):
    same(pair, "boxes", img)


def test_drawing_refusals_and_errors(pair):
    img = np.zeros((20, 30, 3), np.uint8)
    with pytest.raises(ValueError, match=NOT_COMPILED):  # LINE_AA
        pair.native.line(img.copy(), 0, 0, 9, 5, 1.0, 1, 16)
    # thick lines reaching far outside the image: clipped as cv2 clips them
    for x1, y1, x2, y2 in [(-40, -3, 70, 25), (10, -90, 12, 90), (-5, 40, 60, -30)]:
        same(pair, "line", img, x1, y1, x2, y2, 7.0, 9, 8)
    with pytest.raises(ValueError, match=NOT_COMPILED):
        pair.native.circle(img.copy(), 5, 5, 4, 1.0, 1, 4)
    # cv2's own errors: thickness 0 or negative for a line, a negative radius, lineType 5
    assert same(pair, "line", img, 0, 0, 9, 5, 1.0, 0, 8) is None
    assert same(pair, "line", img, 0, 0, 9, 5, 1.0, 1, 5) is None
    assert same(pair, "circle", img, 5, 5, -1, 1.0, 1, 8) is None
    # a view with contiguous columns is drawn on in place; cv2 refuses other layouts
    big = np.zeros((40, 30, 3), np.uint8)
    same(pair, "rectangle", big[::2], 2, 3, 20, 15, 9.0, -1, 8)
    with pytest.raises(ValueError, match="contiguous"):
        pair.native.rectangle(big[:, ::2], 2, 3, 20, 15, 9.0, -1, 8)
    canvas = np.zeros((10, 10), np.uint8)
    out = pair.native.circle(canvas, 5, 5, 3, 200.0, -1, 8)
    assert canvas[5, 5] == 200 and np.shares_memory(out, canvas)
