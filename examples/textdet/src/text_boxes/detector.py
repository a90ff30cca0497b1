"""The detector, as plain typed Python. ``probability_map`` resizes a BGR image to the
model's 320 x 320, normalises it as PaddleOCR does ((x / 255 - 0.5) / 0.5, channels first)
and runs the model; ``boxes`` turns the map into text boxes as DB post-processing does:
the pixels above ``threshold``, grouped into 8-connected regions, each kept when its mean
probability reaches ``box_threshold``, its rectangle grown by DB's unclip distance (area x
``unclip`` / perimeter) and scaled back to the image. With the wheel's native module all of
it runs compiled, the model lowered into it, and needs neither onnxruntime nor OpenCV;
without it (``PYAOT_DISABLE=1``), as Python with the model on onnxruntime and the image
operators on OpenCV, which are then needed."""

import numpy as np
from numpy.typing import NDArray

from hatch_pyaot import compile, onnx_model

try:
    import cv2
except ImportError:  # the compiled functions do not need OpenCV; only their Python does
    cv2 = None

SIZE = 320

det = onnx_model("models/det_320.onnx")


@compile
def probability_map(img: NDArray[np.uint8]) -> NDArray[np.float32]:
    """The probability of text at each of 320 x 320 points of a BGR image (rows, cols, 3)."""
    if img.shape[2] != 3:
        raise ValueError("the image must have 3 channels (BGR)")
    small = cv2.resize(img, (SIZE, SIZE), interpolation=cv2.INTER_LINEAR)
    x = (small.astype(np.float32) / 255.0 - 0.5) / 0.5
    return det(x.transpose(2, 0, 1)[None])[0, 0]


@compile
def boxes(prob: NDArray[np.float32], rows: int, cols: int, threshold: float,
          box_threshold: float, unclip: float) -> list[tuple[int, int, int, int]]:
    """Text boxes (x0, y0, x1, y1) in the pixels of a rows x cols image, top to bottom."""
    h = prob.shape[0]
    w = prob.shape[1]
    seen = np.zeros((h, w), dtype=np.uint8)
    found: list[tuple[int, int, int, int]] = []
    for start in range(h * w):
        sy = start // w
        sx = start % w
        if seen[sy, sx] or prob[sy, sx] <= threshold:
            continue
        seen[sy, sx] = 1
        stack = [start]
        x0, y0, x1, y1 = sx, sy, sx, sy
        total = 0.0
        count = 0
        while stack:
            p = stack.pop()
            y = p // w
            x = p % w
            total += float(prob[y, x])
            count += 1
            x0, x1 = min(x0, x), max(x1, x)
            y0, y1 = min(y0, y), max(y1, y)
            for dy in (-1, 0, 1):
                for dx in (-1, 0, 1):
                    ny = y + dy
                    nx = x + dx
                    if 0 <= ny < h and 0 <= nx < w and not seen[ny, nx] \
                            and prob[ny, nx] > threshold:
                        seen[ny, nx] = 1
                        stack.append(ny * w + nx)
        if count < 4 or total / count < box_threshold:
            continue
        bw = x1 - x0 + 1
        bh = y1 - y0 + 1
        grow = bw * bh * unclip / (2 * (bw + bh))
        sx_scale = cols / w
        sy_scale = rows / h
        found.append((max(0, int((x0 - grow) * sx_scale)), max(0, int((y0 - grow) * sy_scale)),
                      min(cols, int((x1 + 1 + grow) * sx_scale)),
                      min(rows, int((y1 + 1 + grow) * sy_scale))))
    return found


@compile
def detect(img: NDArray[np.uint8]) -> list[tuple[int, int, int, int]]:
    """The text boxes of a BGR image, with PaddleOCR's default thresholds."""
    rows, cols, _ = img.shape
    return boxes(probability_map(img), rows, cols, 0.3, 0.5, 1.6)
