import numpy as np
from numpy.typing import NDArray

from hatch_pyaot import compile


@compile
def smooth(u: NDArray[np.float32], w: float) -> NDArray[np.float32]:
    out = np.zeros_like(u)
    for i in range(1, u.shape[0] - 1):
        out[i] = u[i] + w * (u[i - 1] - 2 * u[i] + u[i + 1])
    return out


@compile
def bump(counts: NDArray[np.int64], img: NDArray[np.uint8]) -> int:
    for i in range(len(img)):
        counts[img[i] // 16] += 1
    return counts.size
