"""Kernels for the browser example: a scalar function the page calls once per pixel, and
a NumPy image filter it calls once per image (both through the JS loader)."""

import numpy as np
from numpy.typing import NDArray

from hatch_pyaot import compile


@compile
def escape_time(cx: float, cy: float, limit: int) -> int:
    """Iterations of z = z*z + c before |z| > 2 (the Mandelbrot set), at most limit."""
    if limit < 1:
        raise ValueError(f"limit must be positive, got {limit}")
    x = 0.0
    y = 0.0
    n = 0
    while n < limit and x * x + y * y <= 4.0:
        x, y = x * x - y * y + cx, 2.0 * x * y + cy
        n += 1
    return n


@compile
def box_blur(image: NDArray[np.uint8], radius: int) -> NDArray[np.uint8]:
    """Each pixel the mean (rounded down) of the square of side 2*radius+1 around it,
    clipped at the edges."""
    if radius < 0:
        raise ValueError(f"radius must not be negative, got {radius}")
    height = image.shape[0]
    width = image.shape[1]
    out = image.copy()
    for y in range(height):
        for x in range(width):
            total = 0
            count = 0
            for yy in range(max(0, y - radius), min(height, y + radius + 1)):
                for xx in range(max(0, x - radius), min(width, x + radius + 1)):
                    total += int(image[yy, xx])
                    count += 1
            out[y, x] = total // count
    return out
