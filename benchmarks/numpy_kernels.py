"""NumPy kernels for benchmarks/numpy_suite.py, each written twice.

``<name>_loops`` is the kernel as explicit loops over elements; ``<name>_vec`` is the same
computation as whole-array NumPy expressions (slices, ufuncs, axis reductions). Both carry
``@compile``. The suite imports this module twice: compiled, and as plain Python with
``PYAOT_DISABLE=1``, where ``_loops`` runs in the CPython interpreter and ``_vec`` runs in
NumPy. ``histogram`` has no ``_vec``: ``np.bincount`` is not in the compiled subset, so the
suite's NumPy column calls it directly.

Both forms of a kernel compute the same values: the suite checks it before timing.
"""

import numpy as np
from numpy.typing import NDArray

from hatch_pyaot import compile

# ----- distances -------------------------------------------------------------------------


@compile
def pairwise_dist_loops(x: NDArray[np.float64]) -> NDArray[np.float64]:
    n, d = x.shape[0], x.shape[1]
    out = np.empty((n, n))
    for i in range(n):
        for j in range(n):
            s = 0.0
            for k in range(d):
                t = x[i, k] - x[j, k]
                s += t * t
            out[i, j] = np.sqrt(s)
    return out


@compile
def pairwise_dist_vec(x: NDArray[np.float64]) -> NDArray[np.float64]:
    diff = np.expand_dims(x, 1) - np.expand_dims(x, 0)
    return np.sqrt((diff * diff).sum(axis=2))


# ----- stencils and image filters --------------------------------------------------------


@compile
def jacobi_loops(u: NDArray[np.float64], iters: int) -> NDArray[np.float64]:
    """``iters`` Jacobi sweeps of the 2-d Laplace equation; the border stays fixed."""
    h, w = u.shape[0], u.shape[1]
    v = u.copy()
    nxt = u.copy()
    for _ in range(iters):
        for i in range(1, h - 1):
            for j in range(1, w - 1):
                nxt[i, j] = 0.25 * (v[i - 1, j] + v[i + 1, j] + v[i, j - 1] + v[i, j + 1])
        v, nxt = nxt, v
    return v


@compile
def jacobi_vec(u: NDArray[np.float64], iters: int) -> NDArray[np.float64]:
    v = u.copy()
    for _ in range(iters):
        v[1:-1, 1:-1] = 0.25 * (v[:-2, 1:-1] + v[2:, 1:-1] + v[1:-1, :-2] + v[1:-1, 2:])
    return v


@compile
def blur3_loops(img: NDArray[np.uint8]) -> NDArray[np.uint8]:
    """3x3 box blur (mean rounded down) of a grey image; the border pixels are kept."""
    h, w = img.shape[0], img.shape[1]
    out = img.copy()
    for i in range(1, h - 1):
        for j in range(1, w - 1):
            s = 0
            for di in range(-1, 2):
                for dj in range(-1, 2):
                    s += int(img[i + di, j + dj])
            out[i, j] = s // 9
    return out


@compile
def blur3_vec(img: NDArray[np.uint8]) -> NDArray[np.uint8]:
    a = img.astype(np.uint16)
    out = img.copy()
    out[1:-1, 1:-1] = ((a[:-2, :-2] + a[:-2, 1:-1] + a[:-2, 2:]
                        + a[1:-1, :-2] + a[1:-1, 1:-1] + a[1:-1, 2:]
                        + a[2:, :-2] + a[2:, 1:-1] + a[2:, 2:]) // 9).astype(np.uint8)
    return out


@compile
def stretch_loops(img: NDArray[np.uint8], lo: int, hi: int) -> NDArray[np.uint8]:
    """Contrast stretch: clip to [lo, hi], then map that range linearly onto 0..255."""
    h, w = img.shape[0], img.shape[1]
    out = np.empty((h, w), dtype=np.uint8)
    span = hi - lo
    for i in range(h):
        for j in range(w):
            v = int(img[i, j])
            if v < lo:
                v = lo
            elif v > hi:
                v = hi
            out[i, j] = (v - lo) * 255 // span
    return out


@compile
def stretch_vec(img: NDArray[np.uint8], lo: int, hi: int) -> NDArray[np.uint8]:
    clipped = np.clip(img, lo, hi).astype(np.int32)
    return ((clipped - lo) * 255 // (hi - lo)).astype(np.uint8)


@compile
def to_gray_loops(rgb: NDArray[np.float32]) -> NDArray[np.float32]:
    h, w = rgb.shape[0], rgb.shape[1]
    out = np.empty((h, w), dtype=np.float32)
    for i in range(h):
        for j in range(w):
            out[i, j] = 0.299 * rgb[i, j, 0] + 0.587 * rgb[i, j, 1] + 0.114 * rgb[i, j, 2]
    return out


@compile
def to_gray_vec(rgb: NDArray[np.float32]) -> NDArray[np.float32]:
    return 0.299 * rgb[:, :, 0] + 0.587 * rgb[:, :, 1] + 0.114 * rgb[:, :, 2]


@compile
def histogram_loops(img: NDArray[np.uint8]) -> NDArray[np.int64]:
    counts = np.zeros(256, dtype=np.int64)
    for i in range(img.shape[0]):
        for j in range(img.shape[1]):
            counts[int(img[i, j])] += 1
    return counts


@compile
def mandelbrot_loops(re: NDArray[np.float64], im: NDArray[np.float64],
                     limit: int) -> NDArray[np.int64]:
    """Escape counts of c = re[j] + im[i]j under z -> z*z + c, on Python complex scalars."""
    out = np.zeros((im.shape[0], re.shape[0]), dtype=np.int64)
    for i in range(im.shape[0]):
        for j in range(re.shape[0]):
            c = complex(float(re[j]), float(im[i]))
            z = 0j
            n = 0
            while n < limit and z.real * z.real + z.imag * z.imag <= 4.0:
                z = z * z + c
                n += 1
            out[i, j] = n
    return out


@compile
def mandelbrot_vec(re: NDArray[np.float64], im: NDArray[np.float64],
                   limit: int) -> NDArray[np.int64]:
    """The escape counts on complex128 arrays: every point iterated, the escaped ones frozen."""
    c = re[np.newaxis, :] + 1j * im[:, np.newaxis]
    z = np.zeros_like(c)
    out = np.zeros((im.shape[0], re.shape[0]), dtype=np.int64)
    for _ in range(limit):
        alive = z.real * z.real + z.imag * z.imag <= 4.0
        out += alive
        z = np.where(alive, z * z + c, z)
    return out


# ----- statistics and reductions ---------------------------------------------------------


@compile
def softmax_loops(x: NDArray[np.float64]) -> NDArray[np.float64]:
    """Row-wise softmax of a 2-d array (the row maximum subtracted first)."""
    n, m = x.shape[0], x.shape[1]
    out = np.empty((n, m))
    for i in range(n):
        top = x[i, 0]
        for j in range(1, m):
            if x[i, j] > top:
                top = x[i, j]
        s = 0.0
        for j in range(m):
            e = np.exp(x[i, j] - top)
            out[i, j] = e
            s += e
        for j in range(m):
            out[i, j] = out[i, j] / s
    return out


@compile
def softmax_vec(x: NDArray[np.float64]) -> NDArray[np.float64]:
    e = np.exp(x - np.expand_dims(x.max(axis=1), 1))
    return e / np.expand_dims(e.sum(axis=1), 1)


@compile
def zscore_loops(x: NDArray[np.float64]) -> NDArray[np.float64]:
    """Standardize every column: (x - mean) / standard deviation."""
    n, m = x.shape[0], x.shape[1]
    mu = np.zeros(m)
    for i in range(n):
        for j in range(m):
            mu[j] += x[i, j]
    for j in range(m):
        mu[j] = mu[j] / n
    var = np.zeros(m)
    for i in range(n):
        for j in range(m):
            t = x[i, j] - mu[j]
            var[j] += t * t
    out = np.empty((n, m))
    for j in range(m):
        var[j] = np.sqrt(var[j] / n)
    for i in range(n):
        for j in range(m):
            out[i, j] = (x[i, j] - mu[j]) / var[j]
    return out


@compile
def zscore_vec(x: NDArray[np.float64]) -> NDArray[np.float64]:
    d = x - x.mean(axis=0)
    return d / np.sqrt((d * d).mean(axis=0))


@compile
def col_means_loops(x: NDArray[np.float64]) -> NDArray[np.float64]:
    n, m = x.shape[0], x.shape[1]
    acc = np.zeros(m)
    for i in range(n):
        for j in range(m):
            acc[j] += x[i, j]
    for j in range(m):
        acc[j] = acc[j] / n
    return acc


@compile
def col_means_vec(x: NDArray[np.float64]) -> NDArray[np.float64]:
    return x.mean(axis=0)


@compile
def moving_avg_loops(x: NDArray[np.float64], w: int) -> NDArray[np.float64]:
    """Mean of every window of ``w`` consecutive values, from a running (prefix) sum."""
    n = x.shape[0]
    prefix = np.empty(n)
    s = 0.0
    for i in range(n):
        s += x[i]
        prefix[i] = s
    out = np.empty(n - w + 1)
    out[0] = prefix[w - 1] / w
    for i in range(1, n - w + 1):
        out[i] = (prefix[i + w - 1] - prefix[i - 1]) / w
    return out


@compile
def moving_avg_vec(x: NDArray[np.float64], w: int) -> NDArray[np.float64]:
    prefix = np.cumsum(x)
    out = np.empty(x.shape[0] - w + 1)
    out[0] = prefix[w - 1]
    out[1:] = prefix[w:] - prefix[:-w]
    return out / w


@compile
def poly_loops(x: NDArray[np.float64], c0: float, c1: float, c2: float, c3: float,
               c4: float, c5: float) -> NDArray[np.float64]:
    """Degree-5 polynomial by Horner's rule, elementwise."""
    out = np.empty_like(x)
    for i in range(x.shape[0]):
        t = x[i]
        out[i] = ((((c5 * t + c4) * t + c3) * t + c2) * t + c1) * t + c0
    return out


@compile
def poly_vec(x: NDArray[np.float64], c0: float, c1: float, c2: float, c3: float,
             c4: float, c5: float) -> NDArray[np.float64]:
    return ((((c5 * x + c4) * x + c3) * x + c2) * x + c1) * x + c0


# ----- linear algebra and physics ----------------------------------------------------------


@compile
def matvec_loops(a: NDArray[np.float64], x: NDArray[np.float64]) -> NDArray[np.float64]:
    n, m = a.shape[0], a.shape[1]
    out = np.empty(n)
    for i in range(n):
        s = 0.0
        for j in range(m):
            s += a[i, j] * x[j]
        out[i] = s
    return out


@compile
def matvec_vec(a: NDArray[np.float64], x: NDArray[np.float64]) -> NDArray[np.float64]:
    return a @ x


@compile
def nbody_step_loops(state: NDArray[np.float64], mass: NDArray[np.float64], dt: float,
                     eps: float) -> NDArray[np.float64]:
    """One explicit Euler step of softened gravity (G = 1). ``state`` holds one body per row:
    x, y, z, vx, vy, vz. Returns the new state."""
    n = state.shape[0]
    out = np.empty((n, 6))
    e2 = eps * eps
    for i in range(n):
        ax = 0.0
        ay = 0.0
        az = 0.0
        for j in range(n):
            dx = state[j, 0] - state[i, 0]
            dy = state[j, 1] - state[i, 1]
            dz = state[j, 2] - state[i, 2]
            r2 = dx * dx + dy * dy + dz * dz + e2
            f = mass[j] / (r2 * np.sqrt(r2))
            ax += dx * f
            ay += dy * f
            az += dz * f
        for k in range(3):
            acc = ax if k == 0 else (ay if k == 1 else az)
            out[i, k + 3] = state[i, k + 3] + dt * acc
            out[i, k] = state[i, k] + dt * out[i, k + 3]
    return out


@compile
def nbody_step_vec(state: NDArray[np.float64], mass: NDArray[np.float64], dt: float,
                   eps: float) -> NDArray[np.float64]:
    pos = state[:, 0:3]
    d = np.expand_dims(pos, 0) - np.expand_dims(pos, 1)  # d[i, j] = pos[j] - pos[i]
    r2 = (d * d).sum(axis=2) + eps * eps
    f = mass / (r2 * np.sqrt(r2))
    acc = (d * np.expand_dims(f, 2)).sum(axis=1)
    out = np.empty_like(state)
    out[:, 3:6] = state[:, 3:6] + dt * acc
    out[:, 0:3] = state[:, 0:3] + dt * out[:, 3:6]
    return out


@compile
def arc_distance_loops(theta_1: NDArray[np.float64], phi_1: NDArray[np.float64],
                       theta_2: NDArray[np.float64], phi_2: NDArray[np.float64],
                       ) -> NDArray[np.float64]:
    out = np.empty(len(theta_1))
    for i in range(len(theta_1)):
        s = np.sin((theta_2[i] - theta_1[i]) / 2)
        t = np.sin((phi_2[i] - phi_1[i]) / 2)
        temp = s * s + np.cos(theta_1[i]) * np.cos(theta_2[i]) * t * t
        out[i] = 2 * np.arctan2(np.sqrt(temp), np.sqrt(1 - temp))
    return out


@compile
def arc_distance_vec(theta_1: NDArray[np.float64], phi_1: NDArray[np.float64],
                     theta_2: NDArray[np.float64], phi_2: NDArray[np.float64],
                     ) -> NDArray[np.float64]:
    # four arrays whose ranks the body leaves open: compiled once per rank, broadcast
    temp = np.sin((theta_2 - theta_1) / 2) ** 2 + np.cos(theta_1) * np.cos(theta_2) * np.sin(
        (phi_2 - phi_1) / 2) ** 2
    return 2 * np.arctan2(np.sqrt(temp), np.sqrt(1 - temp))
