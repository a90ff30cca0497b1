"""The cases of numpy_kernels2.py: inputs at each size, tolerances, NumPy references."""

from __future__ import annotations

import numpy as np
from numpy_case import Args, Case, image


def _drawdown_numpy(r: np.ndarray) -> float:
    wealth = np.cumprod(1.0 + r)
    return float((1.0 - wealth / np.maximum.accumulate(wealth)).max())


def _julia_grid(n: int) -> Args:
    return np.linspace(-1.6, 1.6, n), np.linspace(-1.0, 1.0, n), -0.8, 0.156, 50


def _graph(rng: np.random.Generator, n: int) -> Args:
    w = rng.random((n, n)) * 10.0
    np.fill_diagonal(w, 0.0)
    return (w,)


CASES2: tuple[Case, ...] = (
    Case("cosine_sim", "cosine similarity of every pair of n vectors of 64",
         lambda rng, n: (rng.normal(size=(n, 64)),), (1000, 400), (60, 30), "(n, 64) f8"),
    Case("kmeans_assign", "k-means assignment step: nearest of 16 centres in 3-d",
         lambda rng, n: (rng.random((n, 3)), rng.random((16, 3))), (200_000, 50_000),
         (5000, 2000), "(n, 3) f8"),
    Case("covariance", "sample covariance matrix of 32 variables",
         lambda rng, n: (rng.normal(size=(n, 32)),), (20_000, 5000), (300, 100), "(n, 32) f8",
         rtol=1e-10),
    Case("floyd_warshall", "all-pairs shortest paths, dense graph",
         _graph, (300, 150), (50, 30), "(n, n) f8"),
    Case("gauss3", "3x3 Gaussian blur, float64",
         lambda rng, n: (rng.random((n, n)),), (2000, 1000), (250, 100), "(n, n) f8"),
    Case("sobel", "Sobel gradient magnitude, float64",
         lambda rng, n: (rng.random((n, n)),), (2000, 1000), (250, 100), "(n, n) f8"),
    Case("harris", "Harris corner response (gradients, 3x3 window sums)",
         lambda rng, n: (rng.random((n, n)), 0.05), (2000, 800), (150, 80), "(n, n) f8"),
    Case("local_var", "5x5 local variance filter (vec: integral images)",
         lambda rng, n: (rng.random((n, n)),), (1000, 500), (100, 60), "(n, n) f8",
         rtol=1e-8),
    Case("bilinear", "bilinear resize to twice the size",
         lambda rng, n: (rng.random((n, n)), 2 * n, 2 * n), (1000, 500), (150, 60),
         "(n, n) f8"),
    Case("hist_eq", "histogram equalization of a uint8 image",
         lambda rng, n: (image(rng, n),), (2000, 1000), (400, 150), "(n, n) u1"),
    Case("julia", "Julia set escape counts (50 steps), complex128 arrays",
         lambda rng, n: _julia_grid(n), (1000, 400), (100, 50), "(n,) f8 x2"),
    Case("mc_option", "Monte-Carlo European call, n normal draws of default_rng",
         lambda rng, n: (7, n, 100.0, 105.0, 0.05, 0.2, 1.0), (2_000_000, 500_000),
         (100_000, 30_000), "n draws", rtol=1e-9),
    Case("logsumexp", "row-wise log-sum-exp",
         lambda rng, n: (rng.normal(size=(n, 500)),), (2000, 800), (200, 60), "(n, 500) f8"),
    Case("rolling_zscore", "rolling z-score, window 50, from prefix sums",
         lambda rng, n: (rng.normal(size=n), 50), (4_000_000, 1_000_000), (200_000, 50_000),
         "(n,) f8", rtol=1e-9),
    Case("drawdown", "maximum drawdown of a wealth curve (loops only)",
         lambda rng, n: (rng.normal(0.0, 0.01, size=n),), (4_000_000, 1_000_000),
         (200_000, 50_000), "(n,) f8", numpy_reference=_drawdown_numpy),  # mean 0: no overflow at 4 M
)
