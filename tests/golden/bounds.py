"""Bounds-check elimination (codegen/bounds.py): every element access here is proven in
range, so each compiles to an unchecked ``pyaot::numpy::at`` (the stores into arrays made in
the function without the read-only check either)."""

import numpy as np
from numpy.typing import NDArray

from hatch_pyaot import compile


@compile
def poly_loops(x: NDArray[np.float64], c0: float, c1: float) -> NDArray[np.float64]:
    out = np.empty_like(x)
    for i in range(x.shape[0]):
        t = x[i]
        out[i] = (c1 * t + c0) * t
    return out


@compile
def jacobi(u: np.ndarray[tuple[int, int], np.dtype[np.float64]], iters: int,
           ) -> np.ndarray[tuple[int, int], np.dtype[np.float64]]:
    h, w = u.shape[0], u.shape[1]
    v = u.copy()
    nxt = np.zeros(u.shape)
    for _ in range(iters):
        for i in range(1, h - 1):
            for j in range(1, w - 1):
                nxt[i, j] = 0.25 * (v[i - 1, j] + v[i + 1, j] + v[i, j - 1] + v[i, j + 1])
        v, nxt = nxt, v
    return v
