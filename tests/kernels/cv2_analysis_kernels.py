"""OpenCV's analysis and drawing operators for tests/test_cv2_analysis.py: each runs under
CPython with the real cv2 (the oracle) and compiled against pyaot/cv2/*.hpp."""

import cv2
import numpy as np
from numpy.typing import NDArray

from hatch_pyaot import compile


@compile
def edges(img: NDArray[np.uint8], low: float, high: float, aperture: int,
          l2: bool) -> NDArray[np.uint8]:
    return cv2.Canny(img, low, high, apertureSize=aperture, L2gradient=l2)


@compile
def edges_default(img: NDArray[np.uint8], low: float, high: float) -> NDArray[np.uint8]:
    return cv2.Canny(img, low, high)


@compile
def components(img: NDArray[np.uint8], connectivity: int) -> tuple[int, NDArray[np.int32]]:
    return cv2.connectedComponents(img, connectivity=connectivity)


@compile
def components_stats(img: NDArray[np.uint8], connectivity: int
                     ) -> tuple[int, NDArray[np.int32], NDArray[np.int32], NDArray[np.float64]]:
    return cv2.connectedComponentsWithStats(img, None, None, None, connectivity)


@compile
def contours(img: NDArray[np.uint8], mode: int, method: int
             ) -> tuple[NDArray[np.int32], NDArray[np.int32], NDArray[np.int32]]:
    found, hierarchy = cv2.findContours(img, mode, method)
    lengths = np.zeros(len(found), dtype=np.int32)
    total = 0
    for i in range(len(found)):
        lengths[i] = found[i].shape[0]
        total += found[i].shape[0]
    points = np.zeros((total, 2), dtype=np.int32)
    at = 0
    for c in found:
        k = c.shape[0]
        points[at:at + k] = c[:, 0, :]
        at += k
    if hierarchy is None:
        return lengths, points, np.zeros((0, 4), dtype=np.int32)
    return lengths, points, hierarchy[0]


@compile
def contour_shapes(img: NDArray[np.uint8]) -> tuple[list[float], list[float], list[tuple[int, int, int, int]]]:
    found, _ = cv2.findContours(img, cv2.RETR_LIST, cv2.CHAIN_APPROX_SIMPLE)
    areas = [cv2.contourArea(c) for c in found]
    signed = [cv2.contourArea(c, True) for c in found]
    rects = [cv2.boundingRect(c) for c in found]
    return areas, signed, rects


@compile
def line(img: NDArray[np.uint8], x1: int, y1: int, x2: int, y2: int, color: float,
         thickness: int, line_type: int) -> NDArray[np.uint8]:
    return cv2.line(img, (x1, y1), (x2, y2), (color, 255 - color, 77.6), thickness, line_type)


@compile
def rectangle(img: NDArray[np.uint8], x1: int, y1: int, x2: int, y2: int, color: float,
              thickness: int, line_type: int) -> NDArray[np.uint8]:
    cv2.rectangle(img, (x1, y1), (x2, y2), (color, 300.0, -4.0, 9.0), thickness, line_type)
    return img


@compile
def circle(img: NDArray[np.uint8], x: int, y: int, radius: int, color: float, thickness: int,
           line_type: int) -> NDArray[np.uint8]:
    return cv2.circle(img, (x, y), radius, color, thickness, line_type)


@compile
def boxes(img: NDArray[np.uint8]) -> NDArray[np.uint8]:
    """Detections drawn the usual way: thick boxes around each component's bounding box."""
    n, _, stats, centroids = cv2.connectedComponentsWithStats(img)
    out = cv2.cvtColor(img, cv2.COLOR_GRAY2BGR)
    for i in range(1, n):
        x, y, w, h = int(stats[i, 0]), int(stats[i, 1]), int(stats[i, 2]), int(stats[i, 3])
        cv2.rectangle(out, (x, y), (x + w - 1, y + h - 1), (0, 255, 0), 2)
        cv2.circle(out, (int(centroids[i, 0]), int(centroids[i, 1])), 2, (0, 0, 255), cv2.FILLED)
    return out
