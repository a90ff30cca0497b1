"""OpenCV kernels for tests/test_cv2.py: each runs under CPython with the real cv2 (the
oracle) and compiled against pyaot/cv2/*.hpp."""

import cv2
import numpy as np
from numpy.typing import NDArray

from hatch_pyaot import compile


@compile
def to_gray(img: NDArray[np.uint8]) -> tuple[NDArray[np.uint8], NDArray[np.uint8]]:
    return cv2.cvtColor(img, cv2.COLOR_BGR2GRAY), cv2.cvtColor(img, cv2.COLOR_RGB2GRAY)


@compile
def to_gray_f(img: NDArray[np.float32]) -> NDArray[np.float32]:
    return cv2.cvtColor(img, cv2.COLOR_BGR2GRAY)


@compile
def from_gray(img: NDArray[np.uint8]) -> tuple[NDArray[np.uint8], NDArray[np.uint8]]:
    return cv2.cvtColor(img, cv2.COLOR_GRAY2BGR), cv2.cvtColor(img, cv2.COLOR_GRAY2BGRA)


@compile
def swaps(img: NDArray[np.uint8]) -> tuple[NDArray[np.uint8], NDArray[np.uint8],
                                           NDArray[np.uint8], NDArray[np.uint8]]:
    return (cv2.cvtColor(img, cv2.COLOR_BGR2RGB), cv2.cvtColor(img, cv2.COLOR_BGR2BGRA),
            cv2.cvtColor(img, cv2.COLOR_BGRA2BGR), cv2.cvtColor(img, cv2.COLOR_BGR2RGBA))


@compile
def spaces(img: NDArray[np.uint8]) -> tuple[NDArray[np.uint8], NDArray[np.uint8],
                                            NDArray[np.uint8], NDArray[np.uint8]]:
    return (cv2.cvtColor(img, cv2.COLOR_BGR2HSV), cv2.cvtColor(img, cv2.COLOR_RGB2YCrCb),
            cv2.cvtColor(img, cv2.COLOR_BGR2YUV), cv2.cvtColor(img, cv2.COLOR_RGB2HSV))


@compile
def spaces_back(img: NDArray[np.uint8]) -> tuple[NDArray[np.uint8], NDArray[np.uint8]]:
    return cv2.cvtColor(img, cv2.COLOR_YCrCb2BGR), cv2.cvtColor(img, cv2.COLOR_YUV2RGB)


@compile
def spaces_f(img: NDArray[np.float32]) -> tuple[NDArray[np.float32], NDArray[np.float32],
                                                NDArray[np.float32], NDArray[np.float32]]:
    return (cv2.cvtColor(img, cv2.COLOR_BGR2HSV), cv2.cvtColor(img, cv2.COLOR_BGR2YCrCb),
            cv2.cvtColor(img, cv2.COLOR_YUV2BGR), cv2.cvtColor(img, cv2.COLOR_BGR2RGBA))


@compile
def flips(img: NDArray[np.uint8], code: int) -> NDArray[np.uint8]:
    return cv2.flip(img, code)


@compile
def rotations(img: NDArray[np.float32], code: int) -> NDArray[np.float32]:
    return cv2.rotate(img, code)


@compile
def thresholds(img: NDArray[np.uint8], t: float, m: float,
               kind: int) -> tuple[float, NDArray[np.uint8]]:
    return cv2.threshold(img, t, m, kind)


@compile
def thresholds_f(img: NDArray[np.float32], t: float, m: float,
                 kind: int) -> tuple[float, NDArray[np.float32]]:
    return cv2.threshold(img, t, m, kind)


@compile
def otsu(img: NDArray[np.uint8]) -> tuple[float, NDArray[np.uint8]]:
    return cv2.threshold(img, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)


@compile
def resized(img: NDArray[np.uint8], w: int, h: int, how: int) -> NDArray[np.uint8]:
    return cv2.resize(img, (w, h), interpolation=how)


@compile
def scaled(img: NDArray[np.uint8], fx: float, fy: float, how: int) -> NDArray[np.uint8]:
    return cv2.resize(img, None, fx=fx, fy=fy, interpolation=how)


@compile
def resized_f(img: NDArray[np.float32], w: int, h: int, how: int) -> NDArray[np.float32]:
    return cv2.resize(img, (w, h), interpolation=how)
