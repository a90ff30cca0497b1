"""cv2 operators compiled (tests/kernels/cv2_kernels.py, runtime pyaot/cv2/*.hpp) against the
real opencv-python-headless running the same kernels: uint8 results equal byte for byte,
float32 within the tolerance docs/vision.md states, the arguments unchanged afterwards, and
cv2's errors (cv2.error) raised as ValueError. Images: random sizes, 1/3/4 channels,
C-contiguous or strided views."""

from __future__ import annotations

import copy
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from support import Pair, build_pair, outcome

KERNELS = Path(__file__).parent / "kernels" / "cv2_kernels.py"
FLOAT_TOLERANCE = {"rtol": 1e-5, "atol": 1e-5}
SANITIZED = os.environ.get("PYAOT_TEST_SANITIZE") == "1"
"""Rerun by tests/test_sanitizers.py: fewer examples, and a sample of the colours."""
EXAMPLES = settings(max_examples=8 if SANITIZED else 30, deadline=None)


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory) -> Pair:
    return build_pair(tmp_path_factory.mktemp("cv2"), "cv2_kernels", KERNELS)


def same(pair: Pair, func: str, *args: Any, atol: float | None = None) -> Any:
    """Both sides on copies of the arguments: equal results (uint8 exactly, float32 within
    the tolerance), or both raise (cv2.error compiled as ValueError); arguments unchanged."""
    py_args, native_args = copy.deepcopy(args), copy.deepcopy(args)
    expected = outcome(getattr(pair.python, func), *py_args)
    got = outcome(getattr(pair.native, func), *native_args)
    call = f"{func}{tuple(getattr(a, 'shape', a) for a in args)}"
    if expected[0] == "raise":
        assert got[0] == "raise", f"{call}: cv2 raised {expected[1]!r}, compiled {got[1]!r}"
        assert isinstance(got[1], ValueError) and isinstance(expected[1], cv2.error), \
            f"{call}: cv2 raised {expected[1]!r}, compiled {got[1]!r}"
        return None
    assert got[0] == "ok", f"{call}: cv2 returned, compiled raised {got[1]!r}"
    _equal(call, expected[1], got[1], atol)
    for before, after in zip(args, native_args, strict=True):
        if isinstance(before, np.ndarray):
            assert np.array_equal(before, after), f"{call}: an argument changed"
    return got[1]


def _equal(call: str, expected: Any, got: Any, atol: float | None) -> None:
    if isinstance(expected, tuple):
        assert isinstance(got, tuple) and len(got) == len(expected), call
        for e, g in zip(expected, got, strict=True):
            _equal(call, e, g, atol)
        return
    if not isinstance(expected, np.ndarray):
        assert type(got) is type(expected) and got == expected, f"{call}: {expected} {got}"
        return
    assert isinstance(got, np.ndarray) and got.dtype == expected.dtype, f"{call}: {got!r}"
    assert got.shape == expected.shape, f"{call}: shape {expected.shape} vs {got.shape}"
    if expected.dtype == np.uint8 and atol is None:
        diff = np.argwhere(expected != got)
        assert diff.size == 0, f"{call}: {len(diff)} bytes differ, first at {diff[:3].tolist()}"
    else:
        # atol is in LSB for uint8; float results keep the float tolerance unless it is finer
        wide = atol is not None and (expected.dtype == np.uint8 or atol < 1)
        tol = {**FLOAT_TOLERANCE, "atol": atol} if wide else FLOAT_TOLERANCE
        assert np.allclose(expected.astype(np.float64), got, **tol), \
            f"{call}: max difference {np.abs(expected.astype(float) - got).max()}"


@st.composite
def images(draw: st.DrawFn, dtype: type = np.uint8, channels: tuple[int, ...] = (1, 3, 4),
           max_side: int = 40) -> np.ndarray:
    """A random image: HxW for one channel, else HxWxC; sometimes a strided view."""
    rows = draw(st.integers(1, max_side))
    cols = draw(st.integers(1, max_side))
    cn = draw(st.sampled_from(channels))
    strided = draw(st.booleans())
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    shape = (rows, cols * (2 if strided else 1)) + ((cn,) if cn > 1 else ())
    if dtype == np.uint8:
        a = rng.integers(0, 256, shape, dtype=np.uint8)
    else:
        a = rng.random(shape, dtype=np.float32)
    return a[:, ::2] if strided else a


def test_constants_are_cv2s():
    from hatch_pyaot.typing.cv2_constants import CONSTANTS

    for name, value in CONSTANTS.items():
        assert getattr(cv2, name.removeprefix("cv2.")) == value, name


@EXAMPLES
@given(images(channels=(3, 4)))
def test_to_gray(pair, img):
    same(pair, "to_gray", img)


@EXAMPLES
@given(images(np.float32, channels=(3, 4)))
def test_to_gray_float(pair, img):
    same(pair, "to_gray_f", img)


@EXAMPLES
@given(images(channels=(1,)))
def test_from_gray(pair, img):
    same(pair, "from_gray", img)


@EXAMPLES
@given(images(channels=(3,)))
def test_swaps_and_spaces(pair, img):
    same(pair, "swaps", img)
    same(pair, "spaces", img)
    same(pair, "spaces_back", img)


def test_spaces_over_all_colours(pair):
    v = np.arange(0, 1 << 24, 64 if SANITIZED else 1, dtype=np.uint32)
    img = np.stack([v & 255, (v >> 8) & 255, v >> 16], -1).astype(np.uint8)
    img = img.reshape(-1, 1024, 3)
    for func in ("spaces", "spaces_back", "to_gray"):
        expected, got = getattr(pair.python, func)(img), getattr(pair.native, func)(img)
        _equal(func, expected, got, None)


@EXAMPLES
@given(images(np.float32, channels=(3,)))
def test_spaces_float(pair, img):
    # OpenCV's SIMD hue divides in another order: within 1e-4 degrees
    same(pair, "spaces_f", img * 255, atol=1e-4)
    same(pair, "spaces_f", img, atol=1e-4)


@EXAMPLES
@given(images(), st.integers(-2, 2))
def test_flip(pair, img, code):
    same(pair, "flips", img, code)


@EXAMPLES
@given(images(np.float32), st.sampled_from([0, 1, 2]))
def test_rotate(pair, img, code):
    same(pair, "rotations", img, code)


@EXAMPLES
@given(images(max_side=80), st.sampled_from([0, 1, 2]))
def test_rotate_uint8(pair, img, code):
    """Blocks of 4 x 4 pixels moved as vector lanes (3- and 4-byte pixels), tiles of 32."""
    same(pair, "rotations_u8", img, code)


@EXAMPLES
@given(images(), st.floats(-10, 270), st.floats(-10, 300), st.integers(0, 4))
def test_threshold(pair, img, t, m, kind):
    same(pair, "thresholds", img, t, m, kind)


@EXAMPLES
@given(images(np.float32), st.floats(-0.5, 1.5), st.floats(-2, 2), st.integers(0, 4))
def test_threshold_float(pair, img, t, m, kind):
    same(pair, "thresholds_f", img, t, m, kind)


@EXAMPLES
@given(images(channels=(1,), max_side=60))
def test_otsu(pair, img):
    same(pair, "otsu", img)


@EXAMPLES
@given(images(), st.integers(1, 70), st.integers(1, 70), st.sampled_from([0, 1]))
def test_resize(pair, img, w, h, how):
    same(pair, "resized", img, w, h, how)


@EXAMPLES
@given(images(np.float32), st.integers(1, 70), st.integers(1, 70), st.sampled_from([0, 1]))
def test_resize_float(pair, img, w, h, how):
    same(pair, "resized_f", img, w, h, how)


@EXAMPLES
@given(images(), st.sampled_from([0.5, 0.25, 1.5, 2.0, 0.3, 3.7]),
       st.sampled_from([0.5, 1.0, 2.0, 0.7]), st.sampled_from([0, 1]))
def test_resize_scale(pair, img, fx, fy, how):
    same(pair, "scaled", img, fx, fy, how)


def test_linear_halving_is_opencvs_area_resize(pair):
    """OpenCV resizes INTER_LINEAR by exactly 0.5 as INTER_AREA (a case CI's hypothesis found:
    a 2x3 image, fx=fy=0.5), by fx/fy and by dsize alike."""
    img = np.array([[95, 130, 194], [217, 207, 235]], dtype=np.uint8)
    same(pair, "scaled", img, 0.5, 0.5, 1)
    rng = np.random.default_rng(8)
    for shape in [(5, 7), (6, 9, 3), (9, 4, 4), (480, 640, 3)]:
        img = rng.integers(0, 256, shape, dtype=np.uint8)
        same(pair, "scaled", img, 0.5, 0.5, 1)
        if shape[0] % 2 == 0 and shape[1] % 2 == 0:
            same(pair, "resized", img, shape[1] // 2, shape[0] // 2, 1)


def test_resize_large(pair):
    img = np.random.default_rng(3).integers(0, 256, (480, 640, 3), dtype=np.uint8)
    for w, h in [(224, 224), (320, 240), (1280, 960), (641, 479)]:
        same(pair, "resized", img, w, h, 1)


def test_bad_input(pair):
    """cv2's errors as ValueError: empty images, wrong channel counts, bad codes."""
    empty = np.zeros((0, 4, 3), np.uint8)
    for func, args in [("to_gray", (empty,)), ("flips", (empty, 0)),
                       ("to_gray", (np.zeros((4, 4, 2), np.uint8),)),
                       ("from_gray", (np.zeros((4, 4, 3), np.uint8),)),
                       ("otsu", (np.zeros((4, 4, 3), np.uint8),)),
                       ("resized", (np.zeros((4, 4), np.uint8), 0, 3, 1)),
                       ("resized", (np.zeros((4, 4), np.uint8), 3, 3, 9))]:
        got = outcome(getattr(pair.native, func), *args)
        assert got[0] == "raise" and isinstance(got[1], ValueError), (func, got)
        expected = outcome(getattr(pair.python, func), *args)
        # cv2.flip of an empty image returns None; every other case raises cv2.error
        assert expected[0] == "raise" or expected[1] is None, (func, expected)
    # where cv2 returns an undefined image (unknown codes), or HxW for HxWx1: ValueError
    for func, args, text in [("flips", (np.zeros((3, 3, 1), np.uint8), 0), "HxW"),
                             ("thresholds", (np.zeros((4, 4), np.uint8), 1.0, 2.0, 5),
                              "unknown threshold type"),
                             ("rotations", (np.zeros((4, 4), np.float32), 7), "rotateCode")]:
        got = outcome(getattr(pair.native, func), *args)
        assert got[0] == "raise" and isinstance(got[1], ValueError), (func, got)
        assert text in str(got[1]), got


def test_ops_listing():
    """``pyaot ops cv2`` lists every function of the table."""
    from hatch_pyaot.ops import default_registry
    from hatch_pyaot.ops.table import text_listing
    from hatch_pyaot.typing.cv2_calls import coverage

    text = text_listing(default_registry(), "cv2")
    assert all(f"{name}    -- " in text for name, _ in coverage())
    assert text.endswith(f"{len(coverage())} OpenCV functions\n")


ODD = st.integers(0, 6).map(lambda k: 2 * k + 1)


@EXAMPLES
@given(images(), ODD, ODD, st.sampled_from([0.0, 0.6, 1.0, 1.7, 3.0]),
       st.sampled_from([0.0, 0.8, 2.2]))
def test_gaussian_blur(pair, img, kw, kh, sx, sy):
    same(pair, "gaussian", img, kw, kh, sx, sy)


@EXAMPLES
@given(images(), ODD, st.sampled_from([0, 1, 2, 4]))
def test_gaussian_borders(pair, img, k, border):
    same(pair, "gaussian_border", img, k, border)


@EXAMPLES
@given(images(np.float32), ODD, ODD, st.sampled_from([0.0, 0.8, 2.0]))
def test_gaussian_blur_float(pair, img, kw, kh, sx):
    same(pair, "gaussian_f", img, kw, kh, sx)


@EXAMPLES
@given(images(), ODD, ODD, st.sampled_from([0, 1, 2, 4]))
def test_blur(pair, img, kw, kh, border):
    same(pair, "blurs", img, kw, kh, border)


@EXAMPLES
@given(images(), st.integers(1, 4).map(lambda k: 2 * k), st.integers(1, 8))
def test_blur_even(pair, img, kw, kh):
    """Even box sizes: equal to cv2 unless the area is a power of two, where OpenCV takes
    other paths (its (2, 1) box adds 1 and wraps 255 to 0); there the compiled blur is
    cv2's own sum (boxFilter to int32) divided by the area, rounded half up."""
    area = kw * kh
    if area & (area - 1):
        same(pair, "blurs", img, kw, kh, 4)
        return
    sums = cv2.boxFilter(img, cv2.CV_32S, (kw, kh), normalize=False).astype(np.int64)
    assert np.array_equal(pair.native.blurs(img, kw, kh, 4), (sums + area // 2) // area)


@EXAMPLES
@given(images(np.float32), st.integers(1, 8), st.integers(1, 8))
def test_box_filter(pair, img, kw, kh):
    same(pair, "box_sums", img, kw, kh)


@EXAMPLES
@given(images(), st.integers(0, 50), st.integers(0, 5), st.integers(0, 50), st.integers(0, 5),
       st.sampled_from([0, 1, 2, 3, 4]))
def test_copy_make_border(pair, img, top, bottom, left, right, kind):
    same(pair, "borders", img, top, bottom, left, right, kind)


@EXAMPLES
@given(images(np.float32), st.floats(-300, 300), st.floats(-100, 100))
def test_convert_scale_abs(pair, img, alpha, beta):
    same(pair, "scale_abs", img, alpha, beta)


@EXAMPLES
@given(images(), st.floats(-3, 3), st.floats(-300, 300))
def test_convert_scale_abs_uint8(pair, img, alpha, beta):
    """uint8 goes through a table of the 256 results (pyaot/cv2/table.hpp)."""
    same(pair, "scale_abs_u8", img, alpha, beta)


@pytest.mark.parametrize("shape", [0, 1, 2])
def test_structuring_elements(pair, shape):
    for w in range(1, 9):
        for h in range(1, 9):
            same(pair, "elements", shape, w, h)


@EXAMPLES
@given(images(), st.sampled_from([0, 1, 2]), st.sampled_from([1, 3, 5]), st.integers(0, 6),
       st.integers(1, 2))
def test_morphology(pair, img, shape, k, op, iterations):
    same(pair, "morph", img, shape, k, op, iterations)


@EXAMPLES
@given(images(np.float32), st.sampled_from([0, 1, 2, 4]))
def test_erode_dilate_float(pair, img, border):
    same(pair, "erode_dilate", img, border)


@EXAMPLES
@given(images(), st.integers(0, 2), st.integers(0, 2), st.sampled_from([1, 3, 5, 7, -1]))
def test_sobel(pair, img, dx, dy, k):
    same(pair, "sobels", img, dx, dy, k)


@EXAMPLES
@given(images(), st.integers(1, 7), st.integers(1, 7), st.integers(0, 2**32 - 1))
def test_filter2d(pair, img, kw, kh, seed):
    """Kernels of quarters: every sum is exact in float, so uint8 is equal byte for byte."""
    kernel = np.random.default_rng(seed).integers(-8, 9, (kh, kw)).astype(np.float32) / 4
    same(pair, "filtered", img, kernel)


@EXAMPLES
@given(images(max_side=30), st.sampled_from([1, 3, 5, 7, 9]))
def test_median_blur(pair, img, k):
    same(pair, "medians", img, k)


@EXAMPLES
@given(images(np.float32, max_side=30), st.sampled_from([3, 5, 7]))
def test_median_blur_float(pair, img, k):
    same(pair, "medians_f", img, k)


@EXAMPLES
@given(images(), st.sampled_from([0.0, 1.0, 10.0, 255.0]), st.sampled_from([0.0, 100.0, 255.0]),
       st.sampled_from([32, 1, 2, 4]))
def test_normalize(pair, img, a, b, kind):
    """Within 1 LSB on uint8 (OpenCV's convertTo rounds in SIMD float), 1e-5 on float32."""
    same(pair, "normalized", img, a, b, kind, atol=1)


@EXAMPLES
@given(images(np.float32), st.sampled_from([0.0, 1.0, 10.0]), st.sampled_from([0.0, 2.0]),
       st.sampled_from([32, 1, 2, 4]))
def test_normalize_float(pair, img, a, b, kind):
    same(pair, "normalized_f", img, a, b, kind, atol=1e-4)


def test_pipeline(pair):
    img = np.random.default_rng(4).integers(0, 256, (480, 640, 3), dtype=np.uint8)
    same(pair, "pipeline", img)


@EXAMPLES
@given(images(channels=(1,)), st.sampled_from([255.0, 100.0, -1.0]), st.sampled_from([0, 1]),
       st.sampled_from([0, 1]), st.sampled_from([3, 5, 11]), st.floats(-5, 5))
def test_adaptive_threshold(pair, img, m, method, kind, block, c):
    same(pair, "adaptive", img, m, method, kind, block, c)


@EXAMPLES
@given(st.floats(-50, 50), st.floats(-50, 50), st.floats(-360, 360), st.floats(0.1, 3))
def test_rotation_matrix(pair, cx, cy, angle, scale):
    same(pair, "rotation", cx, cy, angle, scale)


@EXAMPLES
@given(st.integers(0, 2**32 - 1))
def test_affine_transform(pair, seed):
    rng = np.random.default_rng(seed)
    src, dst = (rng.uniform(-50, 50, (3, 2)).astype(np.float32) for _ in range(2))
    same(pair, "affine", src, dst, atol=1e-6)


@EXAMPLES
@given(images(), st.integers(0, 2**32 - 1), st.integers(1, 50), st.integers(1, 50),
       st.sampled_from([0, 1, 16, 17]), st.sampled_from([0, 1, 2, 3, 4]))
def test_warp_affine(pair, img, seed, w, h, flags, border):
    """uint8 within 1 LSB (OpenCV 5 interpolates in float with fused multiply-adds): about
    one pixel in 10^5 differs, DESIGN §6 allows 0.1%; a small image may have a few such
    pixels in one draw (5 of 4,320 was seen), so up to 8 are allowed there."""
    rng = np.random.default_rng(seed)
    m = np.array([[rng.uniform(0.5, 2), rng.uniform(-0.5, 0.5), rng.uniform(-10, 10)],
                  [rng.uniform(-0.5, 0.5), rng.uniform(0.5, 2), rng.uniform(-10, 10)]])
    got = same(pair, "warped", img, m, w, h, flags, border, atol=1)
    expected = pair.python.warped(img, m, w, h, flags, border)
    assert np.count_nonzero(got != expected) <= max(8, expected.size // 1000)


@EXAMPLES
@given(images(np.float32, channels=(1,)), st.floats(-180, 180))
def test_warp_rotation_float(pair, img, angle):
    same(pair, "rotated", img, angle, atol=1e-4)


@EXAMPLES
@given(images(max_side=60), st.integers(1, 30), st.integers(1, 30))
def test_resize_area(pair, img, w, h):
    """Shrinking only (enlarging raises ValueError here, see docs/vision.md)."""
    w, h = min(w, img.shape[1]), min(h, img.shape[0])
    same(pair, "resized", img, w, h, cv2.INTER_AREA)


@EXAMPLES
@given(images(max_side=48), st.sampled_from([2, 3, 4]))
def test_resize_area_integer_factors(pair, img, k):
    img = img[:img.shape[0] // k * k or k, :img.shape[1] // k * k or k]
    if img.shape[0] >= k and img.shape[1] >= k:
        same(pair, "resized", img, img.shape[1] // k, img.shape[0] // k, cv2.INTER_AREA)
    f = img.astype(np.float32)
    same(pair, "resized_f", f, max(1, f.shape[1] // k), max(1, f.shape[0] // k),
         cv2.INTER_AREA)


@EXAMPLES
@given(images(), st.integers(1, 70), st.integers(1, 70))
def test_resize_cubic(pair, img, w, h):
    """Within 1 LSB on uint8, on a few percent of the pixels (OpenCV's vector and scalar
    paths round the 11-bit sums apart); float32 within 1e-4."""
    got = same(pair, "resized", img, w, h, cv2.INTER_CUBIC, atol=1)
    assert np.count_nonzero(got != pair.python.resized(img, w, h, 2)) <= max(2, got.size // 10)
    same(pair, "resized_f", img.astype(np.float32) / 255, w, h, cv2.INTER_CUBIC, atol=1e-4)


def test_resize_area_enlarging_raises(pair):
    got = outcome(pair.native.resized, np.zeros((4, 4), np.uint8), 8, 8, cv2.INTER_AREA)
    assert got[0] == "raise" and isinstance(got[1], ValueError), got


def test_resize_area_rounding(pair):
    """A 2x2 block rounds half up (OpenCV's (s + 2) >> 2), a 4x1 one half to even."""
    img = np.array([[1, 2, 0, 0, 1, 1, 2, 2]], np.uint8)
    same(pair, "resized", img, 2, 1, cv2.INTER_AREA)
    same(pair, "resized", np.vstack([img, img]), 4, 1, cv2.INTER_AREA)


def test_median3_network_on_every_binary_window(pair):
    """The 3x3 median is a comparator network: right on all 512 0/255 windows, it is right
    on every input (the 0-1 principle). Each window sits at a centre pixel of its own."""
    img = np.zeros((3, 5 * 512), np.uint8)
    for bits in range(512):
        window = np.array([(bits >> i) & 1 for i in range(9)], np.uint8).reshape(3, 3) * 255
        img[:, 5 * bits + 1:5 * bits + 4] = window
    same(pair, "medians", img, 3)


FORCED_CHILD = r"""
import importlib.machinery as m, importlib.util as u, sys
import numpy as np
path, out = sys.argv[1], sys.argv[2]
loader = m.ExtensionFileLoader("cv2_kernels", path)
mod = u.module_from_spec(u.spec_from_file_location("cv2_kernels", path, loader=loader))
loader.exec_module(mod)
img = np.random.default_rng(11).integers(0, 256, (97, 203, 3), dtype=np.uint8)
gray = np.ascontiguousarray(img[:, :, 0])
got = {"gray": mod.to_gray(img)[0], "bgr": mod.from_gray(gray)[0],
       "flip1": mod.flips(img, 1), "flip-1": mod.flips(img, -1),
       "blur": mod.gaussian(img, 5, 5, 1.2, 0.0), "median": mod.medians(gray, 3),
       "resize": mod.resized(img, 131, 61, 1), "pipeline": mod.pipeline(img)}
np.savez(out, **got)
"""
HASWELL = ("sse3,ssse3,sse4_1,sse4_2,popcnt,cx16,lahf,avx,avx2,bmi1,bmi2,f16c,fma,lzcnt,"
           "movbe,xsave,os_avx")
"""The features of an x86-64-v3 CPU (AVX2, no AVX-512), as PYAOT_CPU_FEATURES names them."""


def test_forced_cpu_features_reach_the_avx2_loops(pair, tmp_path):
    """PYAOT_CPU_FEATURES reaches cv2's run-time AVX2 choice (pyaot/cv2/simd.hpp asks
    pyaot/isa/detect.hpp): a CPU forced to none of the features runs the baseline loops, one
    forced to AVX2 the AVX2 copies; both give cv2's bytes. Each runs in a child process, as
    the choice is read once."""
    (path,) = pair.report.built
    runs = {}
    for name, features in (("baseline", ""), ("avx2", HASWELL)):
        env = {k: v for k, v in os.environ.items() if k not in ("PYAOT_ISA", "PYAOT_CPU_FEATURES")}
        out = tmp_path / f"{name}.npz"
        proc = subprocess.run([sys.executable, "-c", FORCED_CHILD, str(path), str(out)],
                              env={**env, "PYAOT_CPU_FEATURES": features},
                              capture_output=True, text=True, timeout=120)
        assert proc.returncode == 0, proc.stderr
        with np.load(out) as arrays:
            runs[name] = {key: arrays[key] for key in arrays.files}
    img = np.random.default_rng(11).integers(0, 256, (97, 203, 3), dtype=np.uint8)
    gray = np.ascontiguousarray(img[:, :, 0])
    expected = {"gray": cv2.cvtColor(img, cv2.COLOR_BGR2GRAY),
                "bgr": cv2.cvtColor(gray, cv2.COLOR_GRAY2BGR),
                "flip1": cv2.flip(img, 1), "flip-1": cv2.flip(img, -1),
                "blur": cv2.GaussianBlur(img, (5, 5), 1.2, sigmaY=0.0),
                "median": cv2.medianBlur(gray, 3),
                "resize": cv2.resize(img, (131, 61), interpolation=cv2.INTER_LINEAR),
                "pipeline": pair.python.pipeline(img)}
    for key, want in expected.items():
        base, avx2 = runs["baseline"][key], runs["avx2"][key]
        assert base.dtype == want.dtype and base.shape == want.shape, key
        assert base.tobytes() == avx2.tobytes(), f"{key}: the AVX2 loops differ from baseline"
        if want.dtype == np.uint8:
            assert base.tobytes() == want.tobytes(), f"{key}: differs from cv2"
        else:
            assert np.allclose(base, want, **FLOAT_TOLERANCE), key
