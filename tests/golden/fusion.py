"""Fusion across statements: each function is one loop (one map or reduce_map call)."""

import numpy as np

from hatch_pyaot import compile



@compile
def pairwise_sq(x: np.ndarray[tuple[int, int], np.dtype[np.float64]],
                ) -> np.ndarray[tuple[int, int], np.dtype[np.float64]]:
    d = x[:, None, :] - x[None, :, :]
    return (d * d).sum(axis=2)


@compile
def chain(a: np.ndarray[tuple[int], np.dtype[np.float64]],
          b: np.ndarray[tuple[int], np.dtype[np.float64]],
          ) -> np.ndarray[tuple[int], np.dtype[np.float64]]:
    t = a * b
    u = t + 1.0
    return np.sqrt(u) * 2.0
