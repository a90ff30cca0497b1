"""numpy's math ufuncs in C++ (pyaot/numpy/scalar/math.hpp) against numpy itself.

One generated C++ program runs every kernel on every loop dtype it has (float32, float64 and,
where numpy has integer loops, the integers and bool) over a column of operands -- edge values
(+-0, +-1, subnormals, max, +-inf, nan, domain edges) with each other and seeded random ones --
in a loop over arrays, as compiled code will; numpy computes the same on arrays. The
IEEE-exact functions must agree bit for bit (-0.0 is not 0.0, nans as nans). The others may
differ by at most ``ULP_TOLERANCE`` units in the last place: numpy computes them with its own
SIMD code (float32 sin/cos/exp/log, and under AVX-512 several float64 ones from SVML), the
kernels with libm. The tolerances are the largest differences measured on x86-64 with
AVX-512 (numpy 2.4, glibc 2.36); float64 sin and cos, hypot, logaddexp and logaddexp2 agreed
bit for bit there. Another machine's numpy may take other code paths and differ more.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

import kernel_diff as kd
from case_lines import quiet

np = pytest.importorskip("numpy")

FLOATS = ("float32", "float64")
INTS = ("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64")

UNARY = (
    "sqrt", "cbrt", "square", "reciprocal", "exp", "exp2", "expm1", "log", "log2", "log10",
    "log1p", "sin", "cos", "tan", "arcsin", "arccos", "arctan", "sinh", "cosh", "tanh",
    "arcsinh", "arccosh", "arctanh", "deg2rad", "rad2deg", "degrees", "radians", "floor",
    "ceil", "trunc", "rint", "fabs", "absolute", "sign", "isnan", "isinf", "isfinite",
    "signbit", "spacing", "conjugate",
)  # fmt: skip
BINARY = ("arctan2", "hypot", "fmod", "copysign", "nextafter", "logaddexp", "logaddexp2",
          "heaviside", "float_power", "gcd", "lcm")
ARITY = {**dict.fromkeys(UNARY, 1), **dict.fromkeys(BINARY, 2), "clip": 3}
INT_LOOPS = {
    "square": INTS, "reciprocal": INTS, "fmod": INTS, "sign": INTS, "absolute": ("bool", *INTS),
    "floor": ("bool", *INTS), "ceil": ("bool", *INTS), "trunc": ("bool", *INTS),
    "clip": ("bool", *INTS), "isnan": ("bool", *INTS), "isinf": ("bool", *INTS),
    "isfinite": ("bool", *INTS), "conjugate": INTS, "gcd": INTS, "lcm": INTS,
}  # fmt: skip
"""The bool and integer loops numpy has and math.hpp (or unary.hpp, special.hpp) implements."""
FLOAT_LOOPS = {"gcd": (), "lcm": (), "float_power": ("float64",)}
"""Where the float loops are not float32 and float64."""

ULP_TOLERANCE: dict[tuple[str, str], int] = {
    ("cbrt", "float32"): 2, ("cbrt", "float64"): 3,
    ("exp", "float32"): 2, ("exp", "float64"): 1,
    ("exp2", "float32"): 1, ("exp2", "float64"): 1,
    ("expm1", "float32"): 1, ("expm1", "float64"): 1,
    ("log", "float32"): 2, ("log", "float64"): 1,
    ("log2", "float32"): 1, ("log2", "float64"): 1,
    ("log10", "float32"): 2, ("log10", "float64"): 1,
    ("log1p", "float32"): 1, ("log1p", "float64"): 1,
    ("sin", "float32"): 1, ("cos", "float32"): 1,
    ("tan", "float32"): 2, ("tan", "float64"): 1,
    ("arcsin", "float32"): 2, ("arcsin", "float64"): 1,
    ("arccos", "float32"): 2, ("arccos", "float64"): 1,
    ("arctan", "float32"): 1, ("arctan", "float64"): 1,
    ("arctan2", "float32"): 2, ("arctan2", "float64"): 1,
    ("sinh", "float32"): 2, ("sinh", "float64"): 1,
    ("cosh", "float32"): 2, ("cosh", "float64"): 1,
    ("tanh", "float32"): 2, ("tanh", "float64"): 2,
    ("arcsinh", "float32"): 1, ("arcsinh", "float64"): 1,
    ("arccosh", "float32"): 1, ("arccosh", "float64"): 1,
    ("arctanh", "float32"): 1, ("arctanh", "float64"): 1,
}  # fmt: skip
"""Largest difference allowed, in units in the last place; absent means bit for bit."""


@dataclass(frozen=True)
class Job:
    name: str
    dtype: str

    @property
    def arity(self) -> int:
        return ARITY[self.name]

    @property
    def result_dtype(self) -> str:
        return "bool" if self.name in ("isnan", "isinf", "isfinite", "signbit") else self.dtype

    @property
    def call(self) -> str:
        return (f"run<{kd.CPP_TYPES[self.dtype]}, {self.arity}>(n, "
                f"[](auto... a) {{ return np::{self.name}(a...); }});")  # fmt: skip


def _jobs() -> Iterator[Job]:
    for name in ARITY:
        for dtype in (*INT_LOOPS.get(name, ()), *FLOAT_LOOPS.get(name, FLOATS)):
            yield Job(name, dtype)


# ---- operands -------------------------------------------------------------------------------


def _values(dtype: str, rng: random.Random, extra: int) -> Any:
    def int_edges(info: Any) -> set[int]:
        edges = {0, 1, 2, 3, 7, 100, int(info.max), int(info.max) - 1, int(info.min),
                 int(info.min) + 1}  # fmt: skip
        return edges | {-1, -2, -3, -7, -100} if info.kind == "i" else edges

    def float_edges(finfo: Any) -> list[float]:
        return [0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 1.5, 2.5, -2.5, 0.1, 2.0, 1e-30, 1e-5, 10.0,
                100.0, 89.0, 710.0, -745.0, math.pi, -math.pi / 2, 1e10, 1e20, -1e20, 1e300,
                float(finfo.smallest_subnormal), -float(finfo.smallest_subnormal),
                float(finfo.smallest_normal), float(finfo.max), -float(finfo.max),
                float(finfo.eps), math.inf, -math.inf, math.nan]  # fmt: skip

    def float_random() -> float:
        kind = rng.random()
        if kind < 0.3:
            return rng.uniform(-1.0, 1.0)
        if kind < 0.6:
            return rng.uniform(-30.0, 30.0)
        if kind < 0.7:
            return float(rng.randint(-50, 50)) / 2
        return kd.wide_float(rng)

    return kd.operand_values(
        dtype,
        int_edges,
        lambda info: [rng.randint(int(info.min), int(info.max)) for _ in range(extra)],
        float_edges,
        lambda: [float_random() for _ in range(extra)],
    )


def _operands(job: Job, rng: random.Random) -> list[Any]:
    if job.arity == 1:
        return [_values(job.dtype, rng, extra=2000)]
    values = _values(job.dtype, rng, extra=40)
    if job.arity == 2:
        return list(kd.pairs(values, rng, extra=2000))
    n = len(values)
    columns = [[rng.randrange(n) for _ in range(5000)] for _ in range(3)]
    return [values[c] for c in columns]


# ---- the distance of two values ---------------------------------------------------------------


def _ordered(value: float, dtype: str) -> int:
    """The float's bits as an integer that counts ulps: adjacent floats differ by one."""
    bits = int(np.array(value, dtype).view("int32" if dtype == "float32" else "int64"))
    return bits if bits >= 0 else -(bits & ((1 << (np.dtype(dtype).itemsize * 8 - 1)) - 1))


def _distance(got: str, want: str, dtype: str) -> float:
    """0 for the same value (nans alike), else the ulps between, inf between nan and not."""
    if got == want:
        return 0
    if "nan" in (got, want) or np.dtype(dtype).kind != "f":
        return math.inf
    a, b = float.fromhex(got), float.fromhex(want)
    if a == b:  # 0.0 and -0.0
        return math.inf
    return abs(_ordered(a, dtype) - _ordered(b, dtype))


def _expected(job: Job, operands: Sequence[Any]) -> list[str]:
    with quiet():
        result = getattr(np, job.name)(*operands)
    lines = [kd.text(v) for v in result]
    if job.name == "reciprocal" and not kd.X86_64:
        lines = ["any" if x == 0 else line for x, line in zip(operands[0], lines, strict=True)]
    if job.name == "clip" and np.dtype(job.dtype).kind == "f":
        # a zero equal to a bound: which of 0.0 and -0.0 numpy returns depends on its code path
        for i, line in enumerate(lines):
            if line in ("0x0.0p+0", "-0x0.0p+0"):
                lines[i] = "zero"
    return lines


# ---- the C++ side ---------------------------------------------------------------------------

RUNNERS = r"""
template <int N, class F, class T>
auto apply(F f, const T* row) {
  if constexpr (N == 1) {
    return f(row[0]);
  } else if constexpr (N == 2) {
    return f(row[0], row[1]);
  } else {
    return f(row[0], row[1], row[2]);
  }
}

template <class T, int N, class F>
void run(int n, F f) {
  if (n < 0 || n > (1 << 20)) std::abort();
  std::unique_ptr<T[]> in(new T[static_cast<unsigned>(n) * N]);
  for (int i = 0; i < n * N; ++i) in[i] = read<T>();
  using R = decltype(apply<N>(f, in.get()));
  std::unique_ptr<R[]> out(new R[static_cast<unsigned>(n)]);
  for (int i = 0; i < n; ++i) out[i] = apply<N>(f, &in[i * N]);  // an array kernel's loop
  for (int i = 0; i < n; ++i) {
    put(out[i]);
    std::printf("\n");
  }
}
"""


def _compare(cxx: str, tmp_path: Path) -> tuple[dict[Job, float], list[str]]:
    """The largest ulp distance of each job, and the rows beyond its tolerance."""
    jobs = list(_jobs())
    rng = random.Random(20260513)
    inputs = [_operands(job, rng) for job in jobs]
    output = kd.run_jobs(cxx, tmp_path, "numpy_math_ufuncs", RUNNERS,
                         [job.call for job in jobs], inputs)  # fmt: skip
    worst = dict.fromkeys(jobs, 0.0)
    wrong = []
    for job, operands, i, want, line in kd.each_row(jobs, inputs, output, _expected):
        got = kd.from_cpp(line, job.result_dtype)
        if want == "any" or (want == "zero" and got in ("0x0.0p+0", "-0x0.0p+0")):
            continue
        distance = _distance(got, want, job.result_dtype)
        worst[job] = max(worst[job], distance)
        if distance > ULP_TOLERANCE.get((job.name, job.dtype), 0):
            args = kd.row_text(operands, i)
            wrong.append(f"{job.name}({args}) [{job.dtype}]: C++ {got}, numpy {want}")
    return worst, wrong


def test_kernels_match_numpy(cxx: str, tmp_path: Path) -> None:
    _, wrong = _compare(cxx, tmp_path)
    assert not wrong, f"{len(wrong)} mismatches:\n" + "\n".join(wrong[:60])


def test_every_ufunc_has_a_kernel() -> None:
    from hatch_pyaot.typing.ufuncs import UFUNC_NAMES

    assert set(UFUNC_NAMES) == set(ARITY)


def test_ulp_distance() -> None:
    one = (1.0).hex()
    assert _distance(one, one, "float64") == 0
    assert _distance(one, math.nextafter(1.0, 2.0).hex(), "float64") == 1
    assert _distance(math.nextafter(0.0, -1.0).hex(), math.nextafter(0.0, 1.0).hex(),
                     "float64") == 2  # fmt: skip
    assert _distance((0.0).hex(), (-0.0).hex(), "float32") == math.inf
    assert _distance("nan", one, "float32") == math.inf
