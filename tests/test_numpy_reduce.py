"""The runtime's reductions (pyaot/numpy/reduce.hpp): tests/cpp/test_numpy_reduce.cpp under
AddressSanitizer, UBSan and LeakSanitizer, and every `case` line it prints checked against
numpy. A case's name says what it reduces, ``dtype:shape:layout:op[:axis]``; numpy computes
the same, and dtype, shape, error text and every value's bits must match: float sums included,
for C-contiguous, transposed, reversed and strided arrays, whole and along each axis (reduce.hpp
reproduces numpy's pairwise summation and its iteration order for these)."""

from __future__ import annotations

import math
import subprocess
import warnings
from typing import Any

import pytest

from cpp_build import CPP, FLAGS, build, run

np = pytest.importorskip("numpy")

FUNCTIONS = {
    "sum": np.sum,
    "prod": np.prod,
    "min": np.min,
    "max": np.max,
    "mean": np.mean,
    "any": np.any,
    "all": np.all,
    "argmin": np.argmin,
    "argmax": np.argmax,
}


def base(shape: tuple[int, ...], dtype: str) -> Any:
    """The C++ test's base<T>(shape): element i from k = (i * 7919) % 1000 - 500."""
    i = np.arange(math.prod(shape), dtype=np.int64)
    k = (i * 7919) % 1000 - 500
    if dtype == "bool":
        values = (i * 7919) % 3 != 0
    elif dtype.startswith("float"):
        values = (k.astype(np.float64) / 7.0).astype(dtype)
    else:
        values = k.astype(dtype)
    return values.reshape(shape)


def make(shape: tuple[int, ...], dtype: str, layout: str) -> Any:
    """The C++ test's make<T>(shape, layout)."""
    if layout == "t":
        return base(shape[::-1], dtype).T
    if layout == "r":
        return base(shape, dtype)[(slice(None, None, -1),) * len(shape)]
    if layout == "s":
        return base((*shape[:-1], 2 * shape[-1]), dtype)[..., ::2]
    return base(shape, dtype)


def _text(value: object) -> str:
    if isinstance(value, float):
        return "nan" if math.isnan(value) else format(value, ".17g")
    return str(value)


def _parse(name: str) -> tuple[str, tuple[int, ...], str, str, int | None]:
    dtype, dims, layout, op, *axis = name.split(":")
    shape = tuple(int(d) for d in dims.split("x")) if dims else ()
    return dtype, shape, layout, op, int(axis[0]) if axis else None


def expected(name: str) -> tuple[Any, str]:
    """numpy's result for the case (an array), or the line's error text (AxisError shows as
    its base ValueError, as the runtime raises it)."""
    dtype, shape, layout, op, axis = _parse(name)
    a = make(shape, dtype, layout)
    kwargs = {} if axis is None else {"axis": axis}
    try:
        with warnings.catch_warnings(), np.errstate(all="ignore"):
            warnings.simplefilter("ignore")
            return np.asarray(FUNCTIONS[op](a, **kwargs)), ""
    except Exception as exc:
        name = "ValueError" if isinstance(exc, ValueError) else type(exc).__name__
        return None, f"! {name}: {exc}"


def check_line(line: str) -> str | None:
    """None when the printed line agrees with numpy, else why not."""
    _, name, rest = line.split(" ", 2)
    want, error = expected(name)
    if error or rest.startswith("!"):
        return None if rest == error else f"{line}\n  numpy: {error or want!r}"
    dtype, shape_text, *values = rest.split(" ")
    numpy_shape = "(" + ",".join(map(str, want.shape)) + ("," if want.ndim == 1 else "") + ")"
    if (dtype, shape_text) != (str(want.dtype), numpy_shape):
        return f"{line}\n  numpy: {want.dtype} {numpy_shape}"
    numpy_values = [_text(v) for v in want.ravel().tolist()]
    return None if values == numpy_values else f"{line}\n  numpy: {' '.join(numpy_values)}"


def dtype_of(name: str) -> str:
    return _parse(name)[0]


@pytest.fixture(scope="module")
def unit_tests(
    cxx: str, tmp_path_factory: pytest.TempPathFactory
) -> subprocess.CompletedProcess[str]:
    """The C++ tests' run: one build under the sanitizers for the whole module."""
    exe = tmp_path_factory.mktemp("reduce") / "test_numpy_reduce"
    build(
        [
            cxx,
            *FLAGS,
            "-O0",
            "-fsanitize=address,undefined",
            "-fno-sanitize-recover=all",
            str(CPP / "test_numpy_reduce.cpp"),
            "-o",
            str(exe),
        ]
    )
    return run(exe, asan_options="detect_leaks=1")


def test_cpp_unit_tests_under_sanitizers(unit_tests: subprocess.CompletedProcess[str]) -> None:
    assert unit_tests.returncode == 0, unit_tests.stdout[-2000:] + unit_tests.stderr
    assert "checks passed, 0 failed" in unit_tests.stdout
    assert "LeakSanitizer" not in unit_tests.stderr


def test_every_reduction_matches_numpy(unit_tests: subprocess.CompletedProcess[str]) -> None:
    lines = [line for line in unit_tests.stdout.splitlines() if line.startswith("case ")]
    names = [line.split(" ", 2)[1] for line in lines]
    assert len(set(names)) == len(names), "a case name is printed twice"
    dtypes = {dtype_of(name) for name in names}
    assert dtypes == {"bool", "int8", "uint8", "int32", "int64", "uint64", "float32", "float64"}
    assert len(lines) > 50_000
    mismatches = [m for m in map(check_line, lines) if m is not None]
    assert mismatches == [], f"{len(mismatches)} mismatches:\n" + "\n".join(mismatches[:20])
