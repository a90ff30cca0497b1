"""More NumPy kernels for benchmarks/numpy_suite.py, in the style of the public NumPy
benchmark suites: distances, stencils and image filters, statistics, complex arrays,
Monte-Carlo with NumPy's random generator, graph and finance loops.

As in numpy_kernels.py, ``<name>_loops`` is the kernel as explicit loops over elements and
``<name>_vec`` the same computation as whole-array NumPy expressions, both ``@compile``.
``drawdown`` has no ``_vec`` (its running maximum is ``np.maximum.accumulate``, not in the
compiled subset): the suite's NumPy column calls a NumPy function directly.
"""

import numpy as np
from numpy.typing import NDArray

from hatch_pyaot import compile

# ----- distances and linear algebra ------------------------------------------------------


@compile
def cosine_sim_loops(x: NDArray[np.float64]) -> NDArray[np.float64]:
    """Cosine similarity of every pair of rows of ``x``."""
    n, d = x.shape[0], x.shape[1]
    norms = np.empty(n)
    for i in range(n):
        s = 0.0
        for k in range(d):
            s += x[i, k] * x[i, k]
        norms[i] = np.sqrt(s)
    out = np.empty((n, n))
    for i in range(n):
        for j in range(n):
            s = 0.0
            for k in range(d):
                s += x[i, k] * x[j, k]
            out[i, j] = s / (norms[i] * norms[j])
    return out


@compile
def cosine_sim_vec(x: NDArray[np.float64]) -> NDArray[np.float64]:
    y = x / np.expand_dims(np.sqrt((x * x).sum(axis=1)), 1)
    return y @ y.T


@compile
def kmeans_assign_loops(x: NDArray[np.float64], c: NDArray[np.float64]) -> NDArray[np.int64]:
    """The k-means assignment step: the index of the nearest centre of every point."""
    n, k, d = x.shape[0], c.shape[0], x.shape[1]
    out = np.zeros(n, dtype=np.int64)
    for i in range(n):
        best = 0
        best_d = np.inf
        for j in range(k):
            s = 0.0
            for m in range(d):
                t = x[i, m] - c[j, m]
                s += t * t
            if s < best_d:
                best_d = s
                best = j
        out[i] = best
    return out


@compile
def kmeans_assign_vec(x: NDArray[np.float64], c: NDArray[np.float64]) -> NDArray[np.int64]:
    diff = np.expand_dims(x, 1) - np.expand_dims(c, 0)
    return np.argmin((diff * diff).sum(axis=2), axis=1)


@compile
def covariance_loops(x: np.ndarray[tuple[int, int], np.dtype[np.float64]],
            ) -> np.ndarray[tuple[int, int], np.dtype[np.float64]]:
    """Sample covariance matrix of the columns of ``x`` (rows are observations)."""
    n, d = x.shape[0], x.shape[1]
    means = np.zeros(d)
    for i in range(n):
        for a in range(d):
            means[a] += x[i, a]
    for a in range(d):
        means[a] /= n
    out = np.zeros((d, d))
    for i in range(n):
        for a in range(d):
            xa = x[i, a] - means[a]
            for b in range(d):
                out[a, b] += xa * (x[i, b] - means[b])
    for a in range(d):
        for b in range(d):
            out[a, b] /= n - 1
    return out


@compile
def covariance_vec(x: np.ndarray[tuple[int, int], np.dtype[np.float64]],
            ) -> np.ndarray[tuple[int, int], np.dtype[np.float64]]:
    xc = x - x.mean(axis=0)
    return (xc.T @ xc) / (x.shape[0] - 1)


@compile
def floyd_warshall_loops(w: np.ndarray[tuple[int, int], np.dtype[np.float64]],
            ) -> np.ndarray[tuple[int, int], np.dtype[np.float64]]:
    """All-pairs shortest paths of a dense graph with non-negative weights."""
    n = w.shape[0]
    d = w.copy()
    for k in range(n):
        for i in range(n):
            dik = d[i, k]
            for j in range(n):
                t = dik + d[k, j]
                if t < d[i, j]:
                    d[i, j] = t
    return d


@compile
def floyd_warshall_vec(w: np.ndarray[tuple[int, int], np.dtype[np.float64]],
            ) -> np.ndarray[tuple[int, int], np.dtype[np.float64]]:
    d = w.copy()
    for k in range(w.shape[0]):
        d = np.minimum(d, np.expand_dims(d[:, k], 1) + np.expand_dims(d[k, :], 0))
    return d


# ----- stencils and image filters --------------------------------------------------------


@compile
def gauss3_loops(img: NDArray[np.float64]) -> NDArray[np.float64]:
    """3x3 Gaussian (1 2 1 / 2 4 2 / 1 2 1, over 16) of the interior; the border kept."""
    h, w = img.shape[0], img.shape[1]
    out = img.copy()
    for i in range(1, h - 1):
        for j in range(1, w - 1):
            out[i, j] = (img[i - 1, j - 1] + 2.0 * img[i - 1, j] + img[i - 1, j + 1]
                         + 2.0 * img[i, j - 1] + 4.0 * img[i, j] + 2.0 * img[i, j + 1]
                         + img[i + 1, j - 1] + 2.0 * img[i + 1, j] + img[i + 1, j + 1]) / 16.0
    return out


@compile
def gauss3_vec(img: NDArray[np.float64]) -> NDArray[np.float64]:
    out = img.copy()
    out[1:-1, 1:-1] = (img[:-2, :-2] + 2.0 * img[:-2, 1:-1] + img[:-2, 2:]
                       + 2.0 * img[1:-1, :-2] + 4.0 * img[1:-1, 1:-1] + 2.0 * img[1:-1, 2:]
                       + img[2:, :-2] + 2.0 * img[2:, 1:-1] + img[2:, 2:]) / 16.0
    return out


@compile
def sobel_loops(img: NDArray[np.float64]) -> NDArray[np.float64]:
    """Gradient magnitude of the 3x3 Sobel operator, (h - 2, w - 2)."""
    h, w = img.shape[0], img.shape[1]
    out = np.empty((h - 2, w - 2))
    for i in range(1, h - 1):
        for j in range(1, w - 1):
            gx = ((img[i - 1, j + 1] + 2.0 * img[i, j + 1] + img[i + 1, j + 1])
                  - (img[i - 1, j - 1] + 2.0 * img[i, j - 1] + img[i + 1, j - 1]))
            gy = ((img[i + 1, j - 1] + 2.0 * img[i + 1, j] + img[i + 1, j + 1])
                  - (img[i - 1, j - 1] + 2.0 * img[i - 1, j] + img[i - 1, j + 1]))
            out[i - 1, j - 1] = np.sqrt(gx * gx + gy * gy)
    return out


@compile
def sobel_vec(img: NDArray[np.float64]) -> NDArray[np.float64]:
    gx = ((img[:-2, 2:] + 2.0 * img[1:-1, 2:] + img[2:, 2:])
          - (img[:-2, :-2] + 2.0 * img[1:-1, :-2] + img[2:, :-2]))
    gy = ((img[2:, :-2] + 2.0 * img[2:, 1:-1] + img[2:, 2:])
          - (img[:-2, :-2] + 2.0 * img[:-2, 1:-1] + img[:-2, 2:]))
    return np.sqrt(gx * gx + gy * gy)


@compile
def harris_loops(img: NDArray[np.float64], k: float) -> NDArray[np.float64]:
    """Harris corner response: central-difference gradients, their products summed over
    3x3 windows, det - k trace^2; (h - 4, w - 4)."""
    h, w = img.shape[0], img.shape[1]
    xx = np.empty((h - 2, w - 2))
    yy = np.empty((h - 2, w - 2))
    xy = np.empty((h - 2, w - 2))
    for i in range(h - 2):
        for j in range(w - 2):
            gx = (img[i + 1, j + 2] - img[i + 1, j]) * 0.5
            gy = (img[i + 2, j + 1] - img[i, j + 1]) * 0.5
            xx[i, j] = gx * gx
            yy[i, j] = gy * gy
            xy[i, j] = gx * gy
    out = np.empty((h - 4, w - 4))
    for i in range(h - 4):
        for j in range(w - 4):
            sxx = 0.0
            syy = 0.0
            sxy = 0.0
            for di in range(3):
                for dj in range(3):
                    sxx += xx[i + di, j + dj]
                    syy += yy[i + di, j + dj]
                    sxy += xy[i + di, j + dj]
            tr = sxx + syy
            out[i, j] = sxx * syy - sxy * sxy - k * (tr * tr)
    return out


@compile
def harris_vec(img: NDArray[np.float64], k: float) -> NDArray[np.float64]:
    gx = (img[1:-1, 2:] - img[1:-1, :-2]) * 0.5
    gy = (img[2:, 1:-1] - img[:-2, 1:-1]) * 0.5
    xx = gx * gx
    yy = gy * gy
    xy = gx * gy
    sxx = (xx[:-2, :-2] + xx[:-2, 1:-1] + xx[:-2, 2:] + xx[1:-1, :-2] + xx[1:-1, 1:-1]
           + xx[1:-1, 2:] + xx[2:, :-2] + xx[2:, 1:-1] + xx[2:, 2:])
    syy = (yy[:-2, :-2] + yy[:-2, 1:-1] + yy[:-2, 2:] + yy[1:-1, :-2] + yy[1:-1, 1:-1]
           + yy[1:-1, 2:] + yy[2:, :-2] + yy[2:, 1:-1] + yy[2:, 2:])
    sxy = (xy[:-2, :-2] + xy[:-2, 1:-1] + xy[:-2, 2:] + xy[1:-1, :-2] + xy[1:-1, 1:-1]
           + xy[1:-1, 2:] + xy[2:, :-2] + xy[2:, 1:-1] + xy[2:, 2:])
    tr = sxx + syy
    return sxx * syy - sxy * sxy - k * (tr * tr)


@compile
def local_var_loops(img: NDArray[np.float64]) -> NDArray[np.float64]:
    """Variance over every 5x5 window (mean of squares minus squared mean), (h - 4, w - 4)."""
    h, w = img.shape[0], img.shape[1]
    out = np.empty((h - 4, w - 4))
    for i in range(h - 4):
        for j in range(w - 4):
            s = 0.0
            s2 = 0.0
            for di in range(5):
                for dj in range(5):
                    v = img[i + di, j + dj]
                    s += v
                    s2 += v * v
            m = s / 25.0
            out[i, j] = s2 / 25.0 - m * m
    return out


@compile
def local_var_vec(img: NDArray[np.float64]) -> NDArray[np.float64]:
    """The same from integral images (2-d prefix sums)."""
    h, w = img.shape[0], img.shape[1]
    s = np.zeros((h + 1, w + 1))
    s[1:, 1:] = np.cumsum(np.cumsum(img, axis=0), axis=1)
    s2 = np.zeros((h + 1, w + 1))
    s2[1:, 1:] = np.cumsum(np.cumsum(img * img, axis=0), axis=1)
    box = s[5:, 5:] - s[:-5, 5:] - s[5:, :-5] + s[:-5, :-5]
    box2 = s2[5:, 5:] - s2[:-5, 5:] - s2[5:, :-5] + s2[:-5, :-5]
    m = box / 25.0
    return box2 / 25.0 - m * m


@compile
def bilinear_loops(img: NDArray[np.float64], oh: int, ow: int) -> NDArray[np.float64]:
    """Bilinear resize of a grey image to (oh, ow), corners aligned."""
    h, w = img.shape[0], img.shape[1]
    sy_step = (h - 1) / (oh - 1)
    sx_step = (w - 1) / (ow - 1)
    out = np.empty((oh, ow))
    for i in range(oh):
        sy = i * sy_step
        y0 = int(sy)
        y1 = min(y0 + 1, h - 1)
        fy = sy - y0
        for j in range(ow):
            sx = j * sx_step
            x0 = int(sx)
            x1 = min(x0 + 1, w - 1)
            fx = sx - x0
            top = (1.0 - fx) * img[y0, x0] + fx * img[y0, x1]
            bottom = (1.0 - fx) * img[y1, x0] + fx * img[y1, x1]
            out[i, j] = (1.0 - fy) * top + fy * bottom
    return out


@compile
def bilinear_vec(img: NDArray[np.float64], oh: int, ow: int) -> NDArray[np.float64]:
    h, w = img.shape[0], img.shape[1]
    sy = np.arange(oh) * ((h - 1) / (oh - 1))
    sx = np.arange(ow) * ((w - 1) / (ow - 1))
    y0 = sy.astype(np.int64)
    x0 = sx.astype(np.int64)
    y1 = np.minimum(y0 + 1, h - 1)
    x1 = np.minimum(x0 + 1, w - 1)
    fy = np.expand_dims(sy - y0, 1)
    fx = np.expand_dims(sx - x0, 0)
    rows0 = img[y0]
    rows1 = img[y1]
    top = (1.0 - fx) * np.take(rows0, x0, axis=1) + fx * np.take(rows0, x1, axis=1)
    bottom = (1.0 - fx) * np.take(rows1, x0, axis=1) + fx * np.take(rows1, x1, axis=1)
    return (1.0 - fy) * top + fy * bottom


@compile
def hist_eq_loops(img: NDArray[np.uint8]) -> NDArray[np.uint8]:
    """Histogram equalization of a grey uint8 image through a 256-entry lookup table."""
    h, w = img.shape[0], img.shape[1]
    hist = np.zeros(256, dtype=np.int64)
    for i in range(h):
        for j in range(w):
            hist[int(img[i, j])] += 1
    cdf = np.zeros(256, dtype=np.int64)
    total = 0
    low = -1
    for v in range(256):
        total += int(hist[v])
        cdf[v] = total
        if low < 0 and hist[v] > 0:
            low = total
    lut = np.zeros(256, dtype=np.uint8)
    for v in range(256):
        lut[v] = max(int(cdf[v]) - low, 0) * 255 // max(total - low, 1)
    out = np.empty((h, w), dtype=np.uint8)
    for i in range(h):
        for j in range(w):
            out[i, j] = lut[int(img[i, j])]
    return out


@compile
def hist_eq_vec(img: NDArray[np.uint8]) -> NDArray[np.uint8]:
    hist = np.bincount(img.ravel(), minlength=256)
    cdf = np.cumsum(hist)
    low = cdf[hist > 0].min()
    total = cdf[255]
    lut = (np.maximum(cdf - low, 0) * 255 // max(total - low, 1)).astype(np.uint8)
    return lut[img.ravel()].reshape(img.shape[0], img.shape[1])


# ----- complex arrays and random numbers -------------------------------------------------


@compile
def julia_loops(re: NDArray[np.float64], im: NDArray[np.float64], cr: float, ci: float,
                limit: int) -> NDArray[np.int64]:
    """Escape counts of z0 = re[j] + im[i]j under z -> z*z + c (a Julia set)."""
    c = complex(cr, ci)
    out = np.zeros((im.shape[0], re.shape[0]), dtype=np.int64)
    for i in range(im.shape[0]):
        for j in range(re.shape[0]):
            z = complex(float(re[j]), float(im[i]))
            n = 0
            while n < limit and z.real * z.real + z.imag * z.imag <= 4.0:
                z = z * z + c
                n += 1
            out[i, j] = n
    return out


@compile
def julia_vec(re: NDArray[np.float64], im: NDArray[np.float64], cr: float, ci: float,
              limit: int) -> NDArray[np.int64]:
    z = re[np.newaxis, :] + 1j * im[:, np.newaxis]
    c = complex(cr, ci)
    out = np.zeros((im.shape[0], re.shape[0]), dtype=np.int64)
    for _ in range(limit):
        alive = z.real * z.real + z.imag * z.imag <= 4.0
        out += alive
        z = np.where(alive, z * z + c, z)
    return out


@compile
def mc_option_loops(seed: int, n: int, s0: float, strike: float, rate: float, sigma: float,
                    t: float) -> float:
    """Monte-Carlo price of a European call: n standard normal draws of NumPy's PCG64."""
    rng = np.random.default_rng(seed)
    z = rng.standard_normal(n)
    drift = (rate - 0.5 * sigma * sigma) * t
    vol = sigma * np.sqrt(t)
    total = 0.0
    for i in range(n):
        st = s0 * np.exp(drift + vol * z[i])
        if st > strike:
            total += st - strike
    return float(np.exp(-rate * t) * total / n)


@compile
def mc_option_vec(seed: int, n: int, s0: float, strike: float, rate: float, sigma: float,
                  t: float) -> float:
    rng = np.random.default_rng(seed)
    z = rng.standard_normal(n)
    st = s0 * np.exp((rate - 0.5 * sigma * sigma) * t + sigma * np.sqrt(t) * z)
    return float(np.exp(-rate * t) * np.maximum(st - strike, 0.0).mean())


# ----- statistics and series -------------------------------------------------------------


@compile
def logsumexp_loops(x: NDArray[np.float64]) -> NDArray[np.float64]:
    """Row-wise log(sum(exp(x))), the row maximum taken out first."""
    n, m = x.shape[0], x.shape[1]
    out = np.empty(n)
    for i in range(n):
        top = x[i, 0]
        for j in range(1, m):
            top = max(top, x[i, j])
        s = 0.0
        for j in range(m):
            s += np.exp(x[i, j] - top)
        out[i] = top + np.log(s)
    return out


@compile
def logsumexp_vec(x: NDArray[np.float64]) -> NDArray[np.float64]:
    top = x.max(axis=1)
    return top + np.log(np.exp(x - np.expand_dims(top, 1)).sum(axis=1))


@compile
def rolling_zscore_loops(x: NDArray[np.float64], w: int) -> NDArray[np.float64]:
    """z-score of each x[i] in the window of the w values ending at it, from prefix sums."""
    n = x.shape[0]
    c = np.zeros(n + 1)
    c2 = np.zeros(n + 1)
    for i in range(n):
        c[i + 1] = c[i] + x[i]
        c2[i + 1] = c2[i] + x[i] * x[i]
    out = np.empty(n - w + 1)
    for i in range(n - w + 1):
        m = (c[i + w] - c[i]) / w
        var = (c2[i + w] - c2[i]) / w - m * m
        out[i] = (x[i + w - 1] - m) / np.sqrt(var)
    return out


@compile
def rolling_zscore_vec(x: NDArray[np.float64], w: int) -> NDArray[np.float64]:
    c = np.concatenate((np.zeros(1), np.cumsum(x)))
    c2 = np.concatenate((np.zeros(1), np.cumsum(x * x)))
    m = (c[w:] - c[:-w]) / w
    var = (c2[w:] - c2[:-w]) / w - m * m
    return (x[w - 1:] - m) / np.sqrt(var)


@compile
def drawdown_loops(r: NDArray[np.float64]) -> float:
    """Maximum drawdown of the wealth curve of returns ``r`` (cumulative product of 1 + r)."""
    wealth = 1.0
    peak = 0.0
    worst = 0.0
    for i in range(r.shape[0]):
        wealth *= 1.0 + r[i]
        peak = max(peak, wealth)
        worst = max(worst, 1.0 - wealth / peak)
    return worst
