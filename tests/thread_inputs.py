"""The inputs of test_threads.py, made alike in the test and in its child processes."""

from __future__ import annotations

import hashlib

import numpy as np


def inputs() -> dict[str, np.ndarray]:
    rng = np.random.default_rng(3)
    exponents = rng.integers(0, 3, 600_001)
    exponents[400_000] = -1
    return {"x": rng.standard_normal(1_000_003),
            "big": rng.standard_normal((1201, 999)).astype(np.float32),
            "row": rng.standard_normal(999).astype(np.float32),
            "ints": rng.integers(-10**6, 10**6, 600_001), "exponents": exponents}


def digest(a: np.ndarray) -> str:
    return hashlib.sha256(np.ascontiguousarray(a).tobytes()).hexdigest()
