"""Loop kernels for tests/test_bounds_elision.py: ``proven_*`` have every element access
proven in range (codegen/bounds.py), ``near_*`` an access that can be out of range (or wrap
around), which must keep its check."""

import numpy as np
from numpy.typing import NDArray

from hatch_pyaot import compile

F1 = NDArray[np.float64]
F2 = np.ndarray[tuple[int, int], np.dtype[np.float64]]


@compile
def proven_poly(x: F1, c0: float, c1: float) -> F1:
    out = np.empty_like(x)
    for i in range(x.shape[0]):
        t = x[i]
        out[i] = (c1 * t + c0) * t
    return out


@compile
def proven_len_zeros(x: F1) -> F1:
    n = len(x)
    out = np.zeros(n)
    for i in range(1, n - 1):
        out[i] = x[i - 1] - 2.0 * x[i] + x[i + 1]
    return out


@compile
def proven_jacobi(u: F2, iters: int) -> F2:
    h, w = u.shape[0], u.shape[1]
    v = u.copy()
    nxt = np.zeros(u.shape)
    for _ in range(iters):
        for i in range(1, h - 1):
            for j in range(1, w - 1):
                nxt[i, j] = 0.25 * (v[i - 1, j] + v[i + 1, j] + v[i, j - 1] + v[i, j + 1])
        v, nxt = nxt, v
    return v


@compile
def proven_into_parameter(x: F1, out: F1) -> None:
    """Indices proven, but ``out`` may be read-only: that check stays."""
    for i in range(len(out)):
        out[i] = 2.0 * out[i]


@compile
def near_past_the_end(x: F1) -> float:
    s = 0.0
    for i in range(x.shape[0] + 1):
        s += float(x[i])
    return s


@compile
def near_off_by_one(x: F1) -> F1:
    out = np.empty_like(x)
    for i in range(len(x)):
        out[i] = x[i + 1]
    return out


@compile
def near_negative_start(x: F1) -> float:
    s = 0.0
    for i in range(-2, len(x)):
        s = s * 2.0 + float(x[i])  # x[-2], x[-1] wrap around as in Python
    return s


@compile
def near_rebound_in_loop(x: F1) -> float:
    s = 0.0
    for i in range(len(x)):
        s += float(x[i])
        x = x[1:]
    return s


@compile
def near_wrong_axis(img: F2) -> float:
    s = 0.0
    for i in range(img.shape[0]):
        for j in range(img.shape[1]):
            s += float(img[j, i])
    return s


@compile
def near_other_array(x: F1, y: F1) -> F1:
    out = np.zeros(len(y))
    for i in range(len(x)):
        out[i] = x[i]
    return out


@compile
def near_swapped_shapes(x: F1) -> float:
    a = np.zeros_like(x)
    b = np.zeros(len(x) + 1)
    s = 0.0
    for _ in range(2):
        for i in range(len(x)):
            s += float(b[i + 1])
        a, b = b, a
    return s


@compile
def proven_spin(x: F1, rounds: int) -> F1:
    """Runs for ever (with a huge ``rounds``): Ctrl-C must still stop its chunked loop."""
    out = np.zeros_like(x)
    for _ in range(rounds):
        for i in range(len(x)):
            out[i] = out[i] * 0.5 + x[i]
    return out


@compile
def proven_skip_and_stop(x: F1, stop_at: float) -> F1:
    """``continue`` and ``return`` inside a chunked loop."""
    out = np.zeros_like(x)
    for i in range(len(x)):
        if x[i] < 0.0:
            continue
        if x[i] > stop_at:
            out[i] = -1.0
            return out
        out[i] = x[i]
    return out


@compile
def proven_last_index(x: F1) -> int:
    out = np.empty_like(x)
    i = -1
    for i in range(len(x)):
        out[i] = x[i]
    return i
