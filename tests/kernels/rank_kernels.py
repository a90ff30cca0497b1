"""NumPy kernels for tests/test_numpy_ranks.py: ranks stated in annotations (NumPy's shape
typing), ``x[i]`` of an n-d array as an (n-1)-d view, slices that keep trailing axes, and
bodies that broadcast several open-rank arrays (one variant per rank)."""

from typing import Any

import numpy as np
from numpy.typing import NDArray

from hatch_pyaot import compile

F2 = np.ndarray[tuple[int, int], np.dtype[np.float64]]
Vec = NDArray[np.float64]
Matrix = F2


@compile
def aliased_row_means(a: Matrix) -> Vec:
    return a.mean(axis=1)


@compile
def doubled_total(a: np.ndarray[tuple[int, int], np.dtype[np.float64]]) -> float:
    return float((a * 2.0).sum())


@compile
def any_rank_total(a: np.ndarray[tuple[int, ...], np.dtype[np.float32]]) -> float:
    return float(a.sum())


@compile
def any_shape_total(a: np.ndarray[Any, np.dtype[np.int64]]) -> int:
    return int(a.sum())


@compile
def scalar_total(a: np.ndarray[tuple[()], np.dtype[np.int64]]) -> int:
    return int(a.sum())


@compile
def scaled_rows(a: np.ndarray[tuple[int, int], np.dtype[np.float64]], k: float,
                ) -> np.ndarray[tuple[int, int], np.dtype[np.float64]]:
    return a * k


@compile
def row_sum(points: NDArray[np.float64], i: int) -> float:
    return float(points[i].sum())


@compile
def bump_row(x: NDArray[np.float64], i: int) -> None:
    r = x[i]
    r[...] = r * 2.0 + 1.0


@compile
def plane(x: NDArray[np.int64], i: int, j: int) -> NDArray[np.int64]:
    assert x.shape[2] >= 0
    return x[i, j] + 0


@compile
def first_plus_one(x: NDArray[np.float64]) -> float:
    return x[0] + 1.0


@compile
def normalized_rows(x: NDArray[np.float64]) -> None:
    for i in range(x.shape[0]):  # x.shape[0] and x[i] = an array: any rank from 2
        row = x[i]
        x[i] = (row - row.mean()) / row.std()


@compile
def last_axis_means(x: NDArray[np.float64]) -> NDArray[np.float64]:
    return x.reshape(-1, x.shape[-1]).mean(axis=0)  # shape[-1] of each rank's variant


@compile
def inner(image: NDArray[np.float64]) -> NDArray[np.float64]:
    return image[1:-1, 1:-1] * 2.0


@compile
def arc_distance(theta_1: NDArray[np.float64], phi_1: NDArray[np.float64],
                 theta_2: NDArray[np.float64], phi_2: NDArray[np.float64]) -> NDArray[np.float64]:
    temp = np.sin((theta_2 - theta_1) / 2) ** 2 + np.cos(theta_1) * np.cos(theta_2) * np.sin(
        (phi_2 - phi_1) / 2) ** 2
    distance_matrix = 2 * (np.arctan2(np.sqrt(temp), np.sqrt(1 - temp)))
    return distance_matrix


@compile
def energy(h: NDArray[np.float64], x: NDArray[np.float64], y: NDArray[np.float64]) -> float:
    return float(np.exp(-h * x * y).sum())
