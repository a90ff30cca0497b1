"""The kernels of benchmarks/targets.py: one scalar, one NumPy."""

import numpy as np
from numpy.typing import NDArray

from hatch_pyaot import compile


@compile(tag="collatz", description="Steps of the Collatz sequence from n")
def collatz_steps(n: int) -> int:
    steps = 0
    while n != 1:
        n = n // 2 if n % 2 == 0 else 3 * n + 1
        steps += 1
    return steps


@compile(tag="blur", description="3x3 box blur of a grey image")
def blur(img: NDArray[np.uint8]) -> NDArray[np.uint8]:
    out = img.copy()
    for i in range(1, img.shape[0] - 1):
        for j in range(1, img.shape[1] - 1):
            s = 0
            for a in range(-1, 2):
                for b in range(-1, 2):
                    s += int(img[i + a, j + b])
            out[i, j] = s // 9
    return out
