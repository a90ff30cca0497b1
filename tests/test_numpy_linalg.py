"""numpy's products in the runtime (pyaot/numpy/linalg.hpp): dot, matmul, matvec, vecmat,
outer and linalg.norm, differentially against numpy through tests/cpp/numpy_linalg_driver.cpp
built once under AddressSanitizer and UBSan (-O3, so the vectorized loops run), over shapes
(empty, 1x1, non-square, odd, larger than one packed block of gemm.hpp), dtypes, transposed,
strided and reversed inputs, and numpy's exact error messages.

Integers must match exactly (they wrap around like numpy). Floats: numpy calls BLAS, which sums
in another order, so an element may differ from numpy's by rounding: each is compared within
rtol (1e-12 float64, 1e-5 float32) times sum(|a| * |b|), the scale of the rounding error.
A 256 x 256 float64 matmul is timed against numpy (printed, not asserted)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from cpp_build import CPP, FLAGS, SANITIZE, build, run

np = pytest.importorskip("numpy")

DTYPES = ["int32", "int64", "float32", "float64"]
RTOL = {"float32": 1e-5, "float64": 1e-12}
SHAPES = [(0, 0, 0), (0, 3, 2), (2, 0, 3), (3, 2, 0), (1, 1, 1), (2, 3, 4), (5, 1, 7),
          (17, 33, 9), (4, 4, 4), (7, 130, 5), (9, 3, 600), (64, 64, 64),
          (97, 257, 13), (3, 2, 2050), (13, 11, 9)]  # fmt: skip


def _values(rng: Any, dtype: str, n: int) -> Any:
    if dtype.startswith("int"):
        info = np.iinfo(dtype)
        big = rng.integers(info.min, info.max, size=n, endpoint=True, dtype=dtype)
        small = rng.integers(-9, 10, size=n).astype(dtype)
        return np.where(rng.random(n) < 0.3, big, small)  # big ones wrap around
    return (rng.standard_normal(n) * 10.0).astype(dtype)


def _view(rng: Any, dtype: str, shape: tuple[int, ...], kind: str) -> tuple[Any, str]:
    """A view of ``shape`` laid out per ``kind``, and its description for the driver."""
    if kind == "contiguous" or 0 in shape:
        base = _values(rng, dtype, int(np.prod(shape)) + 3)
        view = base[3:].reshape(shape)
    elif kind == "transposed":
        base = _values(rng, dtype, int(np.prod(shape)))
        view = base.reshape(shape[::-1]).T
    elif kind == "strided":
        big = tuple(2 * d + 1 for d in shape)
        base = _values(rng, dtype, int(np.prod(big)))
        view = base.reshape(big)[tuple(slice(1, None, 2) for _ in shape)]
    else:  # reversed
        big = tuple(2 * d for d in shape)
        base = _values(rng, dtype, int(np.prod(big)))
        view = base.reshape(big)[tuple(slice(None, None, -2) for _ in shape)]
    itemsize = base.itemsize
    offset = view.__array_interface__["data"][0] - base.__array_interface__["data"][0]
    strides = [s // itemsize for s in view.strides]
    text = " ".join(map(str, [view.ndim, *view.shape, *strides, offset // itemsize, base.size]))
    values = " ".join(repr(int(v)) if dtype.startswith("int") else repr(float(v)) for v in base)
    return view, f"{text} {values}"


def _cases() -> list[tuple[str, str, list[Any], Any]]:
    """(input line, dtype, operands, numpy's result or ('error', message))."""
    rng = np.random.default_rng(20240611)
    kinds = ["contiguous", "transposed", "strided", "reversed"]
    cases = []

    def add(op: str, dtype: str, shapes: list[tuple[int, ...]], func: Any) -> None:
        ops, texts = [], []
        for shape in shapes:
            v, t = _view(rng, dtype, shape, kinds[int(rng.integers(len(kinds)))])
            ops.append(v)
            texts.append(t)
        with np.errstate(all="ignore"):
            try:
                expected = func(*ops)
            except ValueError as exc:
                expected = ("error", f"ValueError: {exc}")
        cases.append((f"{op} {dtype} {' '.join(texts)}", dtype, ops, expected))

    for dtype in DTYPES:
        for n, k, m in SHAPES:
            add("matmul", dtype, [(n, k), (k, m)], np.matmul)
            add("matvec", dtype, [(n, k), (k,)], np.matmul)
            add("vecmat", dtype, [(k,), (k, m)], np.matmul)
            add("dot", dtype, [(k,), (k,)], np.dot)
            add("outer", dtype, [(n,), (m,)], np.outer)
            add("norm1", dtype, [(k,)], np.linalg.norm)
            add("norm2", dtype, [(n, m)], np.linalg.norm)
        for a, b in [((2, 3), (4, 5)), ((3, 4), (3, 4)), ((1, 0), (1, 1))]:
            add("matmul", dtype, [a, b], np.matmul)
            add("matvec", dtype, [a, (b[0],)], np.matmul)
            add("vecmat", dtype, [(a[1],), b], np.matmul)
        for a, b in [(3, 4), (0, 1), (5, 2)]:
            add("dot", dtype, [(a,), (b,)], np.dot)
    return cases


def _parse(line: str, integer: bool) -> Any:
    words = line.split()
    ndim = int(words[1])
    shape = tuple(map(int, words[2 : 2 + ndim]))
    conv = int if integer else float
    return np.array([conv(w) for w in words[2 + ndim :]], dtype=object).reshape(shape)


def _bound(ops: list[Any], line: str, dtype: str) -> Any:
    """sum(|a| * |b|) per element, in float64: the scale of the summation's rounding."""
    op = line.split()[0]
    absd = [np.abs(o.astype(np.float64)) for o in ops]
    if op in ("matmul", "matvec", "vecmat"):
        return absd[0] @ absd[1]
    if op == "dot":
        return np.dot(absd[0], absd[1])
    if op == "outer":
        return np.outer(absd[0], absd[1])
    return np.linalg.norm(absd[0])  # norm: sqrt(sum a^2) has relative error ~ rtol


def test_differential_against_numpy(cxx: str, tmp_path: Path) -> None:
    cases = _cases()
    exe = tmp_path / "linalg"
    build([cxx, *FLAGS, "-O3", "-g", *SANITIZE, str(CPP / "numpy_linalg_driver.cpp"), "-o",
           str(exe)])  # fmt: skip
    proc = run(exe, input="\n".join(c[0] for c in cases) + "\n",
               asan_options="detect_leaks=1")  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert "LeakSanitizer" not in proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[-1] == "checks passed"
    assert len(lines) == len(cases) + 1
    for (text, dtype, ops, expected), line in zip(cases, lines, strict=False):
        label = text[:40]
        if isinstance(expected, tuple):
            assert line == f"error {expected[1]}", label
            continue
        assert line.startswith("ok "), (label, line)
        exact = dtype.startswith("int") and not text.startswith("norm")
        got = _parse(line, exact)
        expected = np.asarray(expected)
        assert got.shape == expected.shape, label
        if text.startswith("norm"):
            assert str(expected.dtype) == ("float32" if dtype == "float32" else "float64")
        else:
            assert str(expected.dtype) == dtype, label
        if exact:
            assert got.tolist() == expected.tolist(), label
        else:
            rtol = RTOL.get(dtype, 1e-12)
            bound = _bound(ops, text, dtype)
            diff = np.abs(got.astype(np.float64) - expected.astype(np.float64))
            assert np.all(diff <= rtol * bound + 1e-300), label


def test_error_messages_are_numpys() -> None:
    """The messages linalg.hpp hard-codes are numpy's (the differential test checks them too)."""
    with pytest.raises(ValueError) as exc:
        np.dot(np.ones(3), np.ones(4))
    assert str(exc.value) == "shapes (3,) and (4,) not aligned: 3 (dim 0) != 4 (dim 0)"
    with pytest.raises(ValueError) as exc:
        np.matmul(np.ones((2, 3)), np.ones((4, 5)))
    assert str(exc.value) == (
        "matmul: Input operand 1 has a mismatch in its core dimension 0, with gufunc signature"
        " (n?,k),(k,m?)->(n?,m?) (size 4 is different from 3)"
    )


def test_time_matmul_256(cxx: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    exe = tmp_path / "linalg_fast"
    build([cxx, *FLAGS, "-O3", str(CPP / "numpy_linalg_driver.cpp"), "-o", str(exe)])
    proc = run(exe, input="time 256 20\n")
    assert proc.returncode == 0, proc.stderr
    ours = float(proc.stdout.split()[1])
    a = np.random.default_rng(1).random((256, 256))
    b = np.random.default_rng(2).random((256, 256))
    best = float("inf")
    for _ in range(20):
        start = time.perf_counter()
        a @ b
        best = min(best, time.perf_counter() - start)
    with capsys.disabled():
        print(f"\n256x256 float64 matmul: pyaot {ours * 1e3:.3f} ms, numpy {best * 1e3:.3f} ms")
