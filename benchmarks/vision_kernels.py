"""cv2 kernels for benchmarks/vision_suite.py: each runs one operator on an image (compiled:
pyaot/cv2/*.hpp; the suite times cv2 itself on the same call), plus a pipeline that cv2 runs
op by op and the compiled function runs in one call."""

import cv2
import numpy as np
from numpy.typing import NDArray

from hatch_pyaot import compile


@compile
def to_gray(img: NDArray[np.uint8]) -> NDArray[np.uint8]:
    return cv2.cvtColor(img, cv2.COLOR_BGR2GRAY)


@compile
def to_rgb(img: NDArray[np.uint8]) -> NDArray[np.uint8]:
    return cv2.cvtColor(img, cv2.COLOR_BGR2RGB)


@compile
def to_hsv(img: NDArray[np.uint8]) -> NDArray[np.uint8]:
    return cv2.cvtColor(img, cv2.COLOR_BGR2HSV)


@compile
def to_ycrcb(img: NDArray[np.uint8]) -> NDArray[np.uint8]:
    return cv2.cvtColor(img, cv2.COLOR_BGR2YCrCb)


@compile
def resize_linear(img: NDArray[np.uint8]) -> NDArray[np.uint8]:
    return cv2.resize(img, (224, 224), interpolation=cv2.INTER_LINEAR)


@compile
def resize_nearest(img: NDArray[np.uint8]) -> NDArray[np.uint8]:
    return cv2.resize(img, (320, 240), interpolation=cv2.INTER_NEAREST)


@compile
def flip(img: NDArray[np.uint8]) -> NDArray[np.uint8]:
    return cv2.flip(img, 1)


@compile
def rotate(img: NDArray[np.uint8]) -> NDArray[np.uint8]:
    return cv2.rotate(img, cv2.ROTATE_90_CLOCKWISE)


@compile
def threshold(img: NDArray[np.uint8]) -> tuple[float, NDArray[np.uint8]]:
    return cv2.threshold(img, 127, 255, cv2.THRESH_BINARY)


@compile
def otsu(gray: NDArray[np.uint8]) -> tuple[float, NDArray[np.uint8]]:
    return cv2.threshold(gray, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)


@compile
def gaussian(img: NDArray[np.uint8]) -> NDArray[np.uint8]:
    return cv2.GaussianBlur(img, (5, 5), 0)


@compile
def blur(img: NDArray[np.uint8]) -> NDArray[np.uint8]:
    return cv2.blur(img, (5, 5))


@compile
def border(img: NDArray[np.uint8]) -> NDArray[np.uint8]:
    return cv2.copyMakeBorder(img, 16, 16, 16, 16, cv2.BORDER_REFLECT_101)


@compile
def erode(img: NDArray[np.uint8]) -> NDArray[np.uint8]:
    return cv2.erode(img, None)


@compile
def sobel(gray: NDArray[np.uint8]) -> NDArray[np.int16]:
    return cv2.Sobel(gray, cv2.CV_16S, 1, 0)


@compile
def median(img: NDArray[np.uint8]) -> NDArray[np.uint8]:
    return cv2.medianBlur(img, 3)


@compile
def normalize(img: NDArray[np.uint8]) -> NDArray[np.float32]:
    return cv2.normalize(img, None, 0.0, 1.0, cv2.NORM_MINMAX, cv2.CV_32F)


@compile
def scale_abs(img: NDArray[np.uint8]) -> NDArray[np.uint8]:
    return cv2.convertScaleAbs(img, alpha=1.5, beta=-20)


@compile
def pipeline(img: NDArray[np.uint8]) -> NDArray[np.float32]:
    rgb = cv2.cvtColor(img, cv2.COLOR_BGR2RGB)
    small = cv2.resize(rgb, (224, 224), interpolation=cv2.INTER_LINEAR)
    return cv2.normalize(small, None, 0.0, 1.0, cv2.NORM_MINMAX, cv2.CV_32F)


@compile
def canny(gray: NDArray[np.uint8]) -> NDArray[np.uint8]:
    return cv2.Canny(gray, 50, 150)


@compile
def components(gray: NDArray[np.uint8]) -> tuple[int, NDArray[np.int32], NDArray[np.int32],
                                                  NDArray[np.float64]]:
    """The blobs of the thresholded noise image (tens of thousands of components)."""
    binary = cv2.threshold(gray, 127, 255, cv2.THRESH_BINARY)[1]
    return cv2.connectedComponentsWithStats(binary)


@compile
def contours(gray: NDArray[np.uint8]) -> tuple[int, float, int]:
    binary = cv2.threshold(gray, 127, 255, cv2.THRESH_BINARY)[1]
    found, _ = cv2.findContours(binary, cv2.RETR_TREE, cv2.CHAIN_APPROX_SIMPLE)
    area = 0.0
    width = 0
    for c in found:
        area += cv2.contourArea(c)
        width += cv2.boundingRect(c)[2]
    return len(found), area, width


@compile
def drawing(img: NDArray[np.uint8]) -> NDArray[np.uint8]:
    """Boxes, lines and dots of a detector's results on a copy of the image."""
    out = img.copy()
    for i in range(40):
        x, y = 13 * i, 11 * i
        cv2.rectangle(out, (x, y), (x + 90, y + 60), (0, 255, 0), 2)
        cv2.line(out, (x, 479 - y), (639 - x, y), (255, 0, 0), 1)
        cv2.circle(out, (x + 45, y + 30), 12, (0, 0, 255), cv2.FILLED)
    return out


GRAY_INPUT = ("otsu", "sobel", "canny", "components", "contours")
"""Kernels timed on the grayscale image; the others on the BGR one."""
