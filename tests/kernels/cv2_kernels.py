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
def rotations_u8(img: NDArray[np.uint8], code: int) -> NDArray[np.uint8]:
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


@compile
def gaussian(img: NDArray[np.uint8], kw: int, kh: int, sx: float,
             sy: float) -> NDArray[np.uint8]:
    return cv2.GaussianBlur(img, (kw, kh), sx, sigmaY=sy)


@compile
def gaussian_border(img: NDArray[np.uint8], k: int, border: int) -> NDArray[np.uint8]:
    return cv2.GaussianBlur(img, (k, k), 0, borderType=border)


@compile
def gaussian_f(img: NDArray[np.float32], kw: int, kh: int, sx: float) -> NDArray[np.float32]:
    return cv2.GaussianBlur(img, (kw, kh), sx)


@compile
def blurs(img: NDArray[np.uint8], kw: int, kh: int, border: int) -> NDArray[np.uint8]:
    return cv2.blur(img, (kw, kh), borderType=border)


@compile
def box_sums(img: NDArray[np.float32], kw: int, kh: int) -> tuple[NDArray[np.float32],
                                                                  NDArray[np.float32]]:
    return (cv2.boxFilter(img, -1, (kw, kh), normalize=False),
            cv2.boxFilter(img, -1, (kw, kh), anchor=(0, 0)))


@compile
def borders(img: NDArray[np.uint8], top: int, bottom: int, left: int, right: int,
            kind: int) -> tuple[NDArray[np.uint8], NDArray[np.uint8]]:
    return (cv2.copyMakeBorder(img, top, bottom, left, right, kind),
            cv2.copyMakeBorder(img, top, bottom, left, right, cv2.BORDER_CONSTANT,
                               value=(7, 8.5, 300)))


@compile
def scale_abs(img: NDArray[np.float32], alpha: float, beta: float) -> NDArray[np.uint8]:
    return cv2.convertScaleAbs(img, alpha=alpha, beta=beta)


@compile
def scale_abs_u8(img: NDArray[np.uint8], alpha: float, beta: float) -> NDArray[np.uint8]:
    return cv2.convertScaleAbs(img, alpha=alpha, beta=beta)


@compile
def elements(shape: int, w: int, h: int) -> NDArray[np.uint8]:
    return cv2.getStructuringElement(shape, (w, h))


@compile
def morph(img: NDArray[np.uint8], shape: int, k: int, op: int,
          iterations: int) -> NDArray[np.uint8]:
    element = cv2.getStructuringElement(shape, (k, k))
    return cv2.morphologyEx(img, op, element, iterations=iterations)


@compile
def erode_dilate(img: NDArray[np.float32], border: int) -> tuple[NDArray[np.float32],
                                                                 NDArray[np.float32]]:
    return cv2.erode(img, None, borderType=border), cv2.dilate(img, None, iterations=2)


@compile
def sobels(img: NDArray[np.uint8], dx: int, dy: int, k: int) -> tuple[
        NDArray[np.int16], NDArray[np.float32], NDArray[np.uint8]]:
    return (cv2.Sobel(img, cv2.CV_16S, dx, dy, ksize=k), cv2.Sobel(img, cv2.CV_32F, dx, dy),
            cv2.Sobel(img, -1, dx, dy, ksize=k, scale=0.5, delta=3))


@compile
def filtered(img: NDArray[np.uint8], kernel: NDArray[np.float32]) -> tuple[
        NDArray[np.uint8], NDArray[np.float32]]:
    return (cv2.filter2D(img, -1, kernel),
            cv2.filter2D(img, cv2.CV_32F, kernel, anchor=(0, 0), delta=1.5))


@compile
def medians(img: NDArray[np.uint8], k: int) -> NDArray[np.uint8]:
    return cv2.medianBlur(img, k)


@compile
def medians_f(img: NDArray[np.float32], k: int) -> NDArray[np.float32]:
    return cv2.medianBlur(img, k)


@compile
def normalized(img: NDArray[np.uint8], a: float, b: float, kind: int) -> tuple[
        NDArray[np.uint8], NDArray[np.float32]]:
    return (cv2.normalize(img, None, a, b, kind),
            cv2.normalize(img, None, a, b, kind, cv2.CV_32F))


@compile
def normalized_f(img: NDArray[np.float32], a: float, b: float, kind: int) -> NDArray[np.float32]:
    return cv2.normalize(img, None, a, b, kind)


@compile
def pipeline(img: NDArray[np.uint8]) -> NDArray[np.float32]:
    """cvtColor -> resize -> normalize: one compiled call."""
    rgb = cv2.cvtColor(img, cv2.COLOR_BGR2RGB)
    small = cv2.resize(rgb, (224, 224), interpolation=cv2.INTER_LINEAR)
    return cv2.normalize(small, None, 0.0, 1.0, cv2.NORM_MINMAX, cv2.CV_32F)


@compile
def adaptive(img: NDArray[np.uint8], m: float, method: int, kind: int, block: int,
             c: float) -> NDArray[np.uint8]:
    return cv2.adaptiveThreshold(img, m, method, kind, block, c)


@compile
def rotation(cx: float, cy: float, angle: float, scale: float) -> NDArray[np.float64]:
    return cv2.getRotationMatrix2D((cx, cy), angle, scale)


@compile
def affine(src: NDArray[np.float32], dst: NDArray[np.float32]) -> NDArray[np.float64]:
    return cv2.getAffineTransform(src, dst)


@compile
def warped(img: NDArray[np.uint8], m: NDArray[np.float64], w: int, h: int, flags: int,
           border: int) -> NDArray[np.uint8]:
    return cv2.warpAffine(img, m, (w, h), flags=flags, borderMode=border)


@compile
def rotated(img: NDArray[np.float32], angle: float) -> NDArray[np.float32]:
    m = cv2.getRotationMatrix2D((img.shape[1] / 2, img.shape[0] / 2), angle, 1.0)
    return cv2.warpAffine(img, m, (img.shape[1], img.shape[0]), borderValue=(0.5, 1, 2))
