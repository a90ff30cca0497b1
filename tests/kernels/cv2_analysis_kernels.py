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
