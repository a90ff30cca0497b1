"""The runtime's fused elementwise engine (pyaot/numpy/elementwise.hpp): the C++ unit tests in
tests/cpp/test_numpy_elementwise.cpp under AddressSanitizer, UBSan and LeakSanitizer, every
`case` line they print compared with the same expression evaluated by numpy (values, dtype,
shape, and the exact error text), and a check that the contiguous loop is vectorized."""

from __future__ import annotations

import math
import re
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from cpp_build import CPP, FLAGS, INCLUDE, assert_clean_run, build, build_and_run

np = pytest.importorskip("numpy")

HEADER = INCLUDE / "pyaot" / "numpy" / "elementwise.hpp"


def ar(shape: tuple[int, ...], dtype: str = "float64", start: float = 0, step: float = 1) -> Any:
    """start + step * arange(size).reshape(shape), as the C++ tests' ar<T, N>() builds it."""
    size = math.prod(shape)
    return (start + step * np.arange(size, dtype=np.float64)).astype(dtype).reshape(shape)


def _into(base: Any, target: Callable[[Any], Any], value: Callable[[Any], Any]) -> Any:
    """`target(base)[...] = value(base)`; the whole of base after the assignment."""
    target(base)[...] = value(base)
    return base


def _read_only(a: Any) -> Any:
    a.flags.writeable = False
    return a


def _jacobi() -> Any:
    u = ar((5, 6), step=1.5)
    u[...] = u * u
    u[1:-1, 1:-1] = 0.25 * (u[:-2, 1:-1] + u[2:, 1:-1] + u[1:-1, :-2] + u[1:-1, 2:])
    return u


def _power_into_after() -> Any:
    t = ar((5,), "int64", 1)
    with pytest.raises(ValueError):
        t[...] = t ** ar((5,), "int64", 3, -1)
    return t


def _cases() -> dict[str, Callable[[], Any]]:
    """Each case of the C++ tests, in numpy: the array it prints, or the error it raises."""
    i64 = "int64"
    return {
        # map: a new array of the broadcast shape
        "chain": lambda: ar((5,)) * ar((5,), start=1, step=0.5) + ar((5,)) * 2.0 - 1.5,
        "outer": lambda: ar((3, 1)) * 10.0 + ar((4,)),
        "zero_d_with_2d": lambda: ar((), start=2.5) * ar((2, 3)),
        "scalars_only": lambda: np.float64(2.0) * 3.0 + 1,
        "empty_rows": lambda: ar((0, 3)) + ar((1, 3)),
        "empty_cols": lambda: ar((2, 0)) * ar((2, 1)),
        "strided": lambda: ar((10,))[::-2] + ar((10,))[1::2] * 3,
        "transposed": lambda: ar((3, 4)).T - ar((4, 3), start=100),
        "slices_2d": lambda: ar((4, 6))[:, 1:5:2] * 2 + ar((4, 6))[::-1, 0:2],
        "mixed_types": lambda: ar((2, 3), "int32", -3) * ar((3,), start=0.25, step=0.5),
        "compare_bool": lambda: ar((6,)) > ar((6,), start=5, step=-1),
        "int8_wraps": lambda: ar((4,), "int8", 100, 5) + ar((4,), "int8", 20),
        "float32": lambda: ar((7,), "float32", -1, 0.375) * np.float32(0.1) + np.float32(2.5),
        "rank8": lambda: ar((2, 1, 2, 1, 2, 1, 2, 1)) * 100 + ar((2, 1, 2, 1, 2, 1, 2)),
        "rank3": lambda: ar((2, 3, 4)) + ar((3, 1), start=0.5),
        "uint64_wraps": lambda: ar((3,), "uint64", 1) - np.uint64(2),
        # map_into: assignment into an existing array or view, inputs overlapping it
        "shift_sum": lambda: _into(ar((8,)), lambda u: u[1:-1], lambda u: u[:-2] + u[2:]),
        "shift_forward": lambda: _into(ar((8,)), lambda u: u[2:], lambda u: u[:-2] * 2),
        "shift_backward": lambda: _into(ar((8,)), lambda u: u[:-2], lambda u: u[2:] * 2),
        "same_view": lambda: _into(ar((3, 4)), lambda a: a, lambda a: a * 2 + 1),
        "reverse_self": lambda: _into(ar((7,)), lambda a: a[::-1], lambda a: a + 0.5),
        "jacobi": _jacobi,
        "row_broadcast_self": lambda: _into(ar((3, 4)), lambda m: m, lambda m: m[0] + 1),
        "transpose_self": lambda: _into(ar((3, 3)), lambda s: s, lambda s: s.T),
        "column_broadcast_self": lambda: _into(
            ar((3, 3)), lambda m: m[:, 1:], lambda m: m[:, :1] * 10
        ),
        "broadcast_in": lambda: _into(ar((2, 3)), lambda o: o, lambda o: ar((3,), start=10)),
        "zero_d_target": lambda: _into(ar((), start=1.5), lambda z: z, lambda z: z * 2),
        "higher_rank_operand": lambda: _into(
            ar((2, 3)), lambda o: o, lambda o: ar((1, 2, 3), start=50) - 1
        ),
        "strided_target": lambda: _into(
            ar((10,)), lambda a: a[::3], lambda a: ar((4,), start=20) * 2
        ),
        "reversed_target": lambda: _into(ar((5,)), lambda a: a[::-1], lambda a: ar((5,), start=7)),
        "int_shift": lambda: _into(ar((6,), i64, 1), lambda t: t[1:], lambda t: t[:-1] * 3),
        "scalar_into": lambda: _into(ar((2, 2)), lambda a: a, lambda a: 3.0 + 1),
        "fill_strided": lambda: _into(ar((3, 4)), lambda a: a[:, 1::2], lambda a: 7.0),
        "fill_zero_d": lambda: _into(ar((), "int32", 4), lambda z: z, lambda z: -2),
        "fill_empty": lambda: _into(ar((3, 0)), lambda e: e, lambda e: 1.0),
        # errors
        "err_1d": lambda: ar((3,)) + ar((4,)),
        "err_2d": lambda: ar((2, 3)) + ar((4,)),
        "err_chain": lambda: ar((3,)) + ar((2, 1)) + ar((4,)),
        "err_tree": lambda: ar((3,)) + ar((2, 1)) * ar((4,)),
        "err_empty": lambda: ar((0, 3)) + ar((2, 3)),
        "into_small": lambda: _into(ar((4,)), lambda o: o, lambda o: ar((3,))),
        "into_operands": lambda: _into(ar((4,)), lambda o: o, lambda o: ar((3,)) + ar((2,))),
        "into_rank": lambda: _into(ar((2, 3)), lambda o: o, lambda o: ar((2, 1, 3))),
        "into_zero_d": lambda: _into(ar(()), lambda z: z, lambda z: ar((2,))),
        "into_from_empty": lambda: _into(ar((1,)), lambda o: o, lambda o: ar((0,))),
        "into_empty_target": lambda: _into(ar((0,)), lambda o: o, lambda o: ar((2,))),
        "read_only_into": lambda: _into(_read_only(ar((4,))), lambda o: o, lambda o: ar((4,))),
        "read_only_before_shape": lambda: _into(
            _read_only(ar((4,))), lambda o: o, lambda o: ar((3,))
        ),
        "read_only_operands_first": lambda: _into(
            _read_only(ar((4,))), lambda o: o, lambda o: ar((3,)) + ar((2,))
        ),
        "read_only_fill": lambda: _into(_read_only(ar((4,))), lambda o: o, lambda o: 0.0),
        "read_only_empty_fill": lambda: _into(_read_only(ar((0,))), lambda o: o, lambda o: 0.0),
        # a fallible element function: numpy.power on int64
        "power_ok": lambda: np.power(ar((2, 3), i64, -2), ar((3,), i64, 1)),
        "power_negative": lambda: np.power(ar((2, 3), i64), ar((3,), i64, 1, -1)),
        "power_into_fails": lambda: _into(
            ar((5,), i64, 1), lambda t: t, lambda t: t ** ar((5,), i64, 3, -1)
        ),
        "power_into_after": _power_into_after,
        "power_into_shift": lambda: _into(ar((5,), i64, 1), lambda t: t[1:], lambda t: t[:-1] ** 2),
    }


def _text(value: object) -> str:
    return format(value, ".17g") if isinstance(value, float) else str(value)


def _line(name: str, make: Callable[[], Any]) -> str:
    """The line the C++ tests print for this case."""
    try:
        a = np.asarray(make())
    except Exception as exc:
        return f"case {name} ! {type(exc).__name__}: {exc}"
    shape = "(" + ",".join(str(dim) for dim in a.shape) + ("," if a.ndim == 1 else "") + ")"
    values = "".join(f" {_text(v)}" for v in a.ravel().tolist())
    return f"case {name} {a.dtype} {shape}{values}"


@pytest.fixture(scope="module")
def unit_tests(
    cxx: str, tmp_path_factory: pytest.TempPathFactory
) -> subprocess.CompletedProcess[str]:
    """The C++ unit tests' run: one build under the sanitizers for the whole module."""
    exe = tmp_path_factory.mktemp("elementwise") / "test_numpy_elementwise"
    return build_and_run(cxx, CPP / "test_numpy_elementwise.cpp", exe)


def test_cpp_unit_tests_under_sanitizers(unit_tests: subprocess.CompletedProcess[str]) -> None:
    assert_clean_run(unit_tests)


def _printed(output: str) -> dict[str, str]:
    lines = [line for line in output.splitlines() if line.startswith("case ")]
    printed = {line.split(" ", 2)[1]: line for line in lines}
    assert len(printed) == len(lines), "a case name is printed twice"
    return printed


def test_every_case_is_compared(unit_tests: subprocess.CompletedProcess[str]) -> None:
    assert sorted(_printed(unit_tests.stdout)) == sorted(_cases())


@pytest.mark.parametrize("name", sorted(_cases()))
def test_case_matches_numpy(unit_tests: subprocess.CompletedProcess[str], name: str) -> None:
    assert _printed(unit_tests.stdout).get(name) == _line(name, _cases()[name])


KERNELS = {
    "float64": """
bool kernel(ndarray<double, 2>& out, const ndarray<double, 2>& a, const ndarray<double, 1>& b) {
  return pyaot::numpy::map(out, [](double x, double y) { return x * y + 2.0; }, a, b);
}""",
    "float32_into": """
bool kernel(const ndarray<float, 1>& out, const ndarray<float, 1>& a, float k) {
  return pyaot::numpy::map_into(out, [](float x, float y) { return x * y - 1.0f; }, a, k);
}""",
    "int32": """
bool kernel(ndarray<int, 3>& out, const ndarray<int, 3>& a, const ndarray<int, 3>& b) {
  return pyaot::numpy::map(out, [](int x, int y) { return (x ^ y) + 3; }, a, b);
}""",
}


@pytest.mark.parametrize("kernel", sorted(KERNELS))
def test_contiguous_loop_is_vectorized(cxx: str, tmp_path: Path, kernel: str) -> None:
    version = subprocess.run([cxx, "--version"], capture_output=True, text=True, timeout=60)
    if "clang" in version.stdout.lower():
        pytest.skip("-fopt-info-vec is GCC's report")
    source = tmp_path / "kernel.cpp"
    source.write_text(
        '#include "pyaot/numpy/elementwise.hpp"\nusing pyaot::numpy::ndarray;\n'
        + KERNELS[kernel]
        + "\n",
        encoding="utf-8",
    )
    proc = build(
        [
            cxx,
            *FLAGS,
            "-O3",
            "-fopt-info-vec-optimized",
            "-c",
            str(source),
            "-o",
            str(tmp_path / "kernel.o"),
        ]
    )
    (line,) = [
        number
        for number, text in enumerate(HEADER.read_text(encoding="utf-8").splitlines(), 1)
        if text.rstrip().endswith("// the contiguous loop")
    ]
    report = proc.stdout + proc.stderr
    vectorized = re.findall(r"elementwise\.hpp:(\d+):\d+: optimized: loop vectorized", report)
    assert str(line) in vectorized, report
