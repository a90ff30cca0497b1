"""numpy's elementwise kernels in C++ (pyaot/numpy/scalar/*.hpp), checked two ways.

- tests/cpp/test_numpy_scalar.cpp: unit tests and edge-value sweeps under AddressSanitizer and
  UBSan (float-cast-overflow included), so every kernel is free of undefined behaviour.
- A differential test against numpy itself: for every dtype and operation numpy has a loop
  for (read from the ufunc's ``types``), one generated C++ program evaluates a table of
  operands -- edge values (0, +-1, min, max, nan, +-inf, -0.0, ...) paired with each other,
  plus seeded random pairs -- in a loop over arrays, as compiled code will, and prints each
  result; numpy computes the same on arrays of that dtype. Results must agree exactly: floats
  bit for bit (-0.0 is not 0.0), nans as nans.

Where numpy's own result depends on the machine or on the code path it takes, the expectation
says which one the kernels follow (``_expected``): float power is libm's pow (numpy's scalar
path; its AVX-512 array loops use SVML and can differ in the last bit), fmin/fmax of two
zeros may return either zero, and float -> integer casts of values that do not fit are
x86-64's (checked only there).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

import kernel_diff as kd
from case_lines import quiet
from cpp_build import CPP, INCLUDE, assert_clean_run, build, run

np = pytest.importorskip("numpy")

DTYPES = kd.CPP_TYPES
BINARY = (
    "add", "subtract", "multiply", "true_divide", "floor_divide", "remainder", "divmod",
    "power", "equal", "not_equal", "less", "less_equal", "greater", "greater_equal",
    "bitwise_and", "bitwise_or", "bitwise_xor", "left_shift", "right_shift", "minimum",
    "maximum", "fmin", "fmax",
)  # fmt: skip
UNARY = ("negative", "positive", "absolute", "sign", "invert")
NEGATIVE_POWER = "EValueError:Integers to negative integer powers are not allowed."


def test_cpp_unit_tests_under_sanitizers(cxx: str, tmp_path: Path) -> None:
    exe = tmp_path / "test_numpy_scalar"
    build(
        [
            cxx, "-std=c++20", "-O1", "-g", "-fno-exceptions", "-fno-rtti", "-ffp-contract=off",
            "-fno-math-errno", "-fsanitize=address,undefined,float-cast-overflow",
            "-fno-sanitize-recover=all", "-fno-omit-frame-pointer", "-Wall", "-Wextra",
            "-Werror", f"-I{INCLUDE}", str(CPP / "test_numpy_scalar.cpp"), "-o", str(exe),
        ]
    )  # fmt: skip
    assert_clean_run(run(exe), leaks=False)


# ---- the operands ------------------------------------------------------------------------------


def _values(dtype: str, rng: random.Random, extra: int) -> Any:
    """Edge values of ``dtype`` and ``extra`` random ones, as a numpy array of it."""

    def int_edges(info: Any) -> set[int]:
        bits = info.bits
        edges = {0, 1, 2, 3, 7, 10, bits - 1, bits, bits + 1, 200, info.max, info.max - 1,
                 info.min, info.min + 1}  # fmt: skip
        return edges | {-1, -2, -3, -7, -bits, -(bits + 1)} if info.kind == "i" else edges

    def int_randoms(info: Any) -> list[int]:
        randoms = [rng.randint(int(info.min), int(info.max)) for _ in range(extra)]
        small = 0 if info.kind == "u" else -40
        return randoms + [rng.randint(small, 40) for _ in range(extra // 2)]

    def float_edges(finfo: Any) -> list[float]:
        return [0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 1.5, 2.5, -2.5, 3.0, -7.0, 0.1, 1e-30,
                float(finfo.smallest_subnormal), -float(finfo.smallest_subnormal),
                float(finfo.max), -float(finfo.max), float(finfo.eps), 127.5, 255.5, -129.0,
                300.0, 70000.0, -70000.5, 2.0**31, -(2.0**31) - 1, 2.0**32, 1e10, 2.0**63,
                -(2.0**63), 2.0**64, 1e20, -1e20, 1e300, math.inf, -math.inf,
                math.nan]  # fmt: skip

    def float_random() -> float:
        kind = rng.random()
        if kind < 0.4:
            return rng.uniform(-100.0, 100.0)
        if kind < 0.6:
            return float(rng.randint(-50, 50)) / rng.choice((1, 2, 4, 8))
        return kd.wide_float(rng)

    return kd.operand_values(
        dtype, int_edges, int_randoms, float_edges, lambda: [float_random() for _ in range(extra)]
    )


# ---- the jobs: one operation on one dtype over a column of operands ---------------------------


@dataclass(frozen=True)
class Job:
    kind: str  # "binary", "unary" or "cast"
    name: str
    dtype: str
    to: str = ""  # casts: the target dtype

    @property
    def call(self) -> str:
        t = DTYPES[self.dtype]
        if self.kind == "cast":
            return f"unary<{t}>(n, [](auto a) {{ return np::cast<{DTYPES[self.to]}>(a); }});"
        if self.kind == "unary":
            return f"unary<{t}>(n, [](auto a) {{ return np::{self.name}(a); }});"
        if self.fallible:
            return (
                f"fallible<{t}>(n, [](auto& out, auto a, auto b) "
                f"{{ return np::{self.name}(out, a, b); }});"
            )
        return f"binary<{t}>(n, [](auto a, auto b) {{ return np::{self.name}(a, b); }});"

    @property
    def fallible(self) -> bool:
        return self.name == "power" and np.dtype(self.dtype).kind == "i"

    @property
    def result_dtype(self) -> str:
        if self.kind == "cast":
            return self.to
        if self.name in ("equal", "not_equal", "less", "less_equal", "greater", "greater_equal"):
            return "bool"
        return self.dtype


def _has_loop(ufunc: Any, dtype: str, arity: int) -> bool:
    char = np.dtype(dtype).char
    return any(t.startswith(char * arity + "->") for t in ufunc.types)


def _jobs() -> Iterator[Job]:
    for name in BINARY:
        for dtype in DTYPES:
            if _has_loop(getattr(np, name), dtype, 2):
                yield Job("binary", name, dtype)
    for name in UNARY:
        for dtype in DTYPES:
            if _has_loop(getattr(np, name), dtype, 1):
                yield Job("unary", name, dtype)
    for source in DTYPES:
        for target in DTYPES:
            yield Job("cast", "cast", source, target)


# ---- what numpy says ------------------------------------------------------------------------


def _float_to_int_undefined(x: Any, target: str) -> bool:
    """Whether C leaves the cast of float ``x`` to integer dtype ``target`` undefined."""
    if not math.isfinite(float(x)):
        return True
    info = np.iinfo(target)
    return not info.min <= math.trunc(float(x)) <= info.max


def _expected(job: Job, operands: Sequence[Any]) -> list[str]:
    """One canonical line per operand (pair): the result, or ``E<type>:<message>``."""
    dt = np.dtype(job.dtype)
    with quiet():
        if job.kind == "cast":
            (a,) = operands
            result = a.astype(job.to)
            lines = [kd.text(v) for v in result]
            if dt.kind == "f" and np.dtype(job.to).kind in "iu":
                # numpy's array loops differ from its scalar casts in these (uint32 under
                # AVX-512); the kernels follow the scalar C cast of x86-64
                for i, x in enumerate(a):
                    if _float_to_int_undefined(x, job.to):
                        lines[i] = kd.text(x.astype(job.to)) if kd.X86_64 else "undefined"
            return lines
        ufunc = getattr(np, job.name)
        if job.kind == "unary":
            return [kd.text(v) for v in ufunc(operands[0])]
        a, b = operands
        if job.name == "power" and dt.kind == "f":
            # libm pow, numpy's scalar path (its AVX-512 array loop is SVML's)
            return [kd.text(x**y) for x, y in zip(a, b, strict=True)]
        if job.fallible:
            negative = b < 0
            with pytest.raises(ValueError, match="Integers to negative integer powers"):
                ufunc(a, b)
            ok = ufunc(a[~negative], b[~negative])
            values = iter(kd.text(v) for v in ok)
            return [NEGATIVE_POWER if neg else next(values) for neg in negative]
        if job.name == "divmod":
            q, r = ufunc(a, b)
            return [f"{kd.text(x)} {kd.text(y)}" for x, y in zip(q, r, strict=True)]
        lines = [kd.text(v) for v in ufunc(a, b)]
        if job.name in ("fmin", "fmax") and dt.kind == "f":
            # two zeros: numpy's SIMD loop returns the second, its scalar tail (libm) the first
            for i, (x, y) in enumerate(zip(a, b, strict=True)):
                if x == 0 and y == 0:
                    lines[i] = "zero"
        return lines


def _canonical_cpp(job: Job, line: str, want: str) -> str:
    """The C++ program's line in _expected's terms."""
    if line.startswith("E"):
        return line
    if want == "undefined":
        return want
    got = " ".join(kd.from_cpp(token, job.result_dtype) for token in line.split(" "))
    if want == "zero" and got in ("0x0.0p+0", "-0x0.0p+0"):
        return "zero"
    return got


# ---- the C++ side ---------------------------------------------------------------------------

RUNNERS = r"""
template <class T>
void put(const std::tuple<T, T>& v) {
  put(std::get<0>(v));
  std::printf(" ");
  put(std::get<1>(v));
}

template <class T, class F>
void unary(int n, F f) {
  std::unique_ptr<T[]> a(new T[n]);
  for (int i = 0; i < n; ++i) a[i] = read<T>();
  using R = decltype(f(a[0]));
  std::unique_ptr<R[]> out(new R[n]);
  for (int i = 0; i < n; ++i) out[i] = f(a[i]);  // the loop an array kernel runs
  for (int i = 0; i < n; ++i) {
    put(out[i]);
    std::printf("\n");
  }
}

template <class T, class F>
void binary(int n, F f) {
  std::unique_ptr<T[]> a(new T[n]);
  std::unique_ptr<T[]> b(new T[n]);
  for (int i = 0; i < n; ++i) {
    a[i] = read<T>();
    b[i] = read<T>();
  }
  using R = decltype(f(a[0], b[0]));
  std::unique_ptr<R[]> out(new R[n]);
  for (int i = 0; i < n; ++i) out[i] = f(a[i], b[i]);
  for (int i = 0; i < n; ++i) {
    put(out[i]);
    std::printf("\n");
  }
}

template <class T, class F>
void fallible(int n, F f) {
  for (int i = 0; i < n; ++i) {
    const T a = read<T>();
    const T b = read<T>();
    T out{};
    if (f(out, a, b)) {
      if (pyaot::error_state().set) std::printf("!state set after success ");
      put(out);
    } else {
      pyaot::ErrorState& state = pyaot::error_state();
      std::printf("E%s:%s", pyaot::exc_name(state.type), state.message.c_str());
      pyaot::clear_error();
    }
    std::printf("\n");
  }
}
"""


def _operands(job: Job, rng: random.Random) -> list[Any]:
    values = _values(job.dtype, rng, extra=12)
    if job.kind == "binary":
        return list(kd.pairs(values, rng, extra=200))
    return [values]


def _mismatches(
    cxx: str, tmp_path: Path, jobs: Sequence[Job], expect: Callable[[Job, Sequence[Any]], list[str]]
) -> list[str]:
    rng = random.Random(20260512)
    inputs = [_operands(job, rng) for job in jobs]
    output = kd.run_jobs(cxx, tmp_path, "numpy_scalar_ops", RUNNERS,
                         [job.call for job in jobs], inputs)  # fmt: skip
    mismatches = []
    for job, operands, i, want, line in kd.each_row(jobs, inputs, output, expect):
        if _canonical_cpp(job, line, want) != want:
            args = kd.row_text(operands, i)
            target = f"<{job.to}>" if job.kind == "cast" else ""
            mismatches.append(f"{job.name}{target}({args}) [{job.dtype}]: C++ {line}, numpy {want}")
    return mismatches


def test_kernels_match_numpy(cxx: str, tmp_path: Path) -> None:
    jobs = list(_jobs())
    names = {job.name for job in jobs}
    assert names == {*BINARY, *UNARY, "cast"}
    assert Job("binary", "subtract", "bool") not in jobs  # numpy has no bool subtract
    mismatches = _mismatches(cxx, tmp_path, jobs, _expected)
    assert not mismatches, f"{len(mismatches)} mismatches:\n" + "\n".join(mismatches[:60])


def test_the_comparison_can_fail(cxx: str, tmp_path: Path) -> None:
    """The harness itself: a wrong expectation must show up as a mismatch."""
    jobs = [Job("binary", "add", "int8"), Job("binary", "floor_divide", "float64")]

    def off_by_one(job: Job, operands: Sequence[Any]) -> list[str]:
        lines = _expected(job, operands)
        return ["wrong", *lines[1:]]

    mismatches = _mismatches(cxx, tmp_path, jobs, off_by_one)
    assert len(mismatches) == 2, mismatches
