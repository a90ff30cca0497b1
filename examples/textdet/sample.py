"""The example's test image: two lines of text drawn with OpenCV (any BGR image works)."""

import numpy as np
from numpy.typing import NDArray


def sample() -> NDArray[np.uint8]:
    import cv2

    img = np.full((240, 400, 3), 255, np.uint8)
    cv2.putText(img, "hatch-pyaot", (20, 80), cv2.FONT_HERSHEY_SIMPLEX, 1.6, (20, 20, 20), 3,
                cv2.LINE_AA)
    cv2.putText(img, "reads text", (60, 170), cv2.FONT_HERSHEY_DUPLEX, 1.2, (60, 30, 10), 2,
                cv2.LINE_AA)
    return img
