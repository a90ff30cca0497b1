"""OpenCV's constants a compiled function may name (``cv2.COLOR_BGR2GRAY``, ``cv2.INTER_LINEAR``):
folded to their ints when the function is traced (tracer/resolve.py), never read from an
installed cv2. tests/test_cv2.py checks every value against the pinned opencv-python-headless."""

from __future__ import annotations

_COLOR = {
    "BGR2BGRA": 0, "RGB2RGBA": 0, "BGRA2BGR": 1, "RGBA2RGB": 1, "BGR2RGBA": 2, "RGB2BGRA": 2,
    "RGBA2BGR": 3, "BGRA2RGB": 3, "BGR2RGB": 4, "RGB2BGR": 4, "BGRA2RGBA": 5, "RGBA2BGRA": 5,
    "BGR2GRAY": 6, "RGB2GRAY": 7, "GRAY2BGR": 8, "GRAY2RGB": 8, "GRAY2BGRA": 9,
    "GRAY2RGBA": 9, "BGRA2GRAY": 10, "RGBA2GRAY": 11, "BGR2YCrCb": 36, "RGB2YCrCb": 37,
    "YCrCb2BGR": 38, "YCrCb2RGB": 39, "BGR2HSV": 40, "RGB2HSV": 41, "BGR2YUV": 82,
    "RGB2YUV": 83, "YUV2BGR": 84, "YUV2RGB": 85,
}
_GROUPS: dict[str, dict[str, int]] = {
    "COLOR_": _COLOR,
    "INTER_": {"NEAREST": 0, "LINEAR": 1, "CUBIC": 2, "AREA": 3, "LANCZOS4": 4,
               "LINEAR_EXACT": 5, "NEAREST_EXACT": 6},
    "ROTATE_": {"90_CLOCKWISE": 0, "180": 1, "90_COUNTERCLOCKWISE": 2},
    "THRESH_": {"BINARY": 0, "BINARY_INV": 1, "TRUNC": 2, "TOZERO": 3, "TOZERO_INV": 4,
                "MASK": 7, "OTSU": 8, "TRIANGLE": 16},
    "BORDER_": {"CONSTANT": 0, "REPLICATE": 1, "REFLECT": 2, "WRAP": 3, "REFLECT_101": 4,
                "REFLECT101": 4, "DEFAULT": 4, "TRANSPARENT": 5, "ISOLATED": 16},
    "MORPH_": {"ERODE": 0, "DILATE": 1, "OPEN": 2, "CLOSE": 3, "GRADIENT": 4, "TOPHAT": 5,
               "BLACKHAT": 6, "HITMISS": 7, "RECT": 0, "CROSS": 1, "ELLIPSE": 2},
    "NORM_": {"INF": 1, "L1": 2, "L2": 4, "L2SQR": 5, "MINMAX": 32},
    "ADAPTIVE_THRESH_": {"MEAN_C": 0, "GAUSSIAN_C": 1},
    "RETR_": {"EXTERNAL": 0, "LIST": 1, "CCOMP": 2, "TREE": 3},
    "CHAIN_APPROX_": {"NONE": 1, "SIMPLE": 2},
    "LINE_": {"4": 4, "8": 8, "AA": 16},
    "CC_STAT_": {"LEFT": 0, "TOP": 1, "WIDTH": 2, "HEIGHT": 3, "AREA": 4},
    "CV_": {"8U": 0, "8S": 1, "16U": 2, "16S": 3, "32S": 4, "32F": 5, "64F": 6},
}

CONSTANTS: dict[str, int] = {f"cv2.{prefix}{name}": value
                             for prefix, group in _GROUPS.items()
                             for name, value in group.items()}
CONSTANTS["cv2.FILLED"] = -1
