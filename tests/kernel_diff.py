"""What the differential tests of the elementwise kernels (pyaot/numpy/scalar/*.hpp) against
numpy share (tests/test_numpy_scalar_ops.py, tests/test_numpy_math_ufuncs.py): columns of
operands, the text both sides write values in, and one generated C++ program that reads a
job's operand rows, runs the kernel over them in a loop over arrays, as compiled code will, and
prints one line a row; the Python side computes numpy's lines."""

from __future__ import annotations

import math
import platform
import random
import sysconfig
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, TypeVar

import pytest

from case_lines import quiet
from cpp_build import INCLUDE, build, run_ok
from hatch_pyaot.toolchains.compiler import compile_flags

np = pytest.importorskip("numpy")

X86_64 = platform.machine().lower() in ("x86_64", "amd64")

CPP_TYPES = {
    "bool": "bool", "int8": "std::int8_t", "int16": "std::int16_t", "int32": "std::int32_t",
    "int64": "std::int64_t", "uint8": "std::uint8_t", "uint16": "std::uint16_t",
    "uint32": "std::uint32_t", "uint64": "std::uint64_t", "float32": "float",
    "float64": "double",
}  # fmt: skip
"""numpy dtype name -> the C++ type of its values."""

J = TypeVar("J")


# ---- operands -------------------------------------------------------------------------------


def operand_values(
    dtype: str,
    int_edges: Callable[[Any], Iterable[int]],
    int_randoms: Callable[[Any], list[int]],
    float_edges: Callable[[Any], list[float]],
    float_randoms: Callable[[], list[float]],
) -> Any:
    """A numpy array of ``dtype``: False and True; or the integer edges (of its iinfo) that fit,
    sorted, then the random integers; or the float edges (of its finfo), then the random
    floats, rounded to ``dtype``."""
    dt = np.dtype(dtype)
    if dt.kind == "b":
        return np.array([False, True], dt)
    if dt.kind in "iu":
        info = np.iinfo(dt)
        fits = sorted(v for v in int_edges(info) if info.min <= v <= info.max)
        return np.array(fits + int_randoms(info), dt)
    finfo = np.finfo(dt)
    edges = float_edges(finfo)
    with quiet():
        return np.array(edges + float_randoms(), dt)


def wide_float(rng: random.Random) -> float:
    """A random float of either sign and any magnitude from 2**-140 to 2**140."""
    return math.copysign(rng.random() * 2.0 ** rng.randint(-140, 140), rng.random() - 0.5)


def pairs(values: Any, rng: random.Random, extra: int) -> tuple[Any, Any]:
    """Every value with every other, and ``extra`` random pairs."""
    n = len(values)
    first = [i for i in range(n) for _ in range(n)]
    second = [j for _ in range(n) for j in range(n)]
    first += [rng.randrange(n) for _ in range(extra)]
    second += [rng.randrange(n) for _ in range(extra)]
    return values[first], values[second]


# ---- canonical text of a value, the same for both sides ---------------------------------------


def text(value: Any) -> str:
    if isinstance(value, (bool, np.bool_)):
        return "1" if value else "0"
    if isinstance(value, (int, np.integer)):
        return str(int(value))
    value = float(value)
    return "nan" if math.isnan(value) else value.hex()


def from_cpp(token: str, dtype: str) -> str:
    """The C++ program's token for a value of ``dtype`` (floats as C's %a), as text() gives
    it."""
    if np.dtype(dtype).kind == "f" and token not in ("nan", "<missing>"):
        return float.fromhex(token).hex()
    return token


def row_text(operands: Sequence[Any], i: int) -> str:
    """Row i of the operand columns, for a message."""
    return ", ".join(text(column[i]) for column in operands)


# ---- the C++ side ---------------------------------------------------------------------------

PROGRAM = r"""
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <tuple>
#include <type_traits>

#include "pyaot/error.hpp"
#include "pyaot/numpy/scalar.hpp"

namespace np = pyaot::numpy::scalar;

namespace {

template <class T>
T read() {
  char token[64];
  if (std::scanf("%63s", token) != 1) std::abort();
  if constexpr (std::is_same_v<T, bool>) {
    return token[0] == '1';
  } else if constexpr (std::is_floating_point_v<T>) {
    return static_cast<T>(std::strtod(token, nullptr));  // exact: the values are T's
  } else if constexpr (std::is_signed_v<T>) {
    return static_cast<T>(std::strtoll(token, nullptr, 10));
  } else {
    return static_cast<T>(std::strtoull(token, nullptr, 10));
  }
}

/// A value as text() writes it (floats as %a).
template <class T>
void put(T v) {
  if constexpr (std::is_same_v<T, bool>) {
    std::printf("%d", v ? 1 : 0);
  } else if constexpr (std::is_floating_point_v<T>) {
    if (std::isnan(v)) {
      std::printf("nan");
    } else {
      std::printf("%a", static_cast<double>(v));
    }
  } else if constexpr (std::is_signed_v<T>) {
    std::printf("%lld", static_cast<long long>(v));
  } else {
    std::printf("%llu", static_cast<unsigned long long>(v));
  }
}

@RUNNERS@
}  // namespace

int main() {
  int job = 0;
  int n = 0;
  while (std::scanf("%d %d", &job, &n) == 2) {
    switch (job) {
@CASES@
      default: return 2;
    }
  }
  return 0;
}
"""
"""The program: @RUNNERS@ the templates the jobs' calls use (each reads n rows of operands
with read<T>() and prints one line a row), @CASES@ a case of the switch a job."""


def run_jobs(cxx: str, folder: Path, name: str, runners: str, calls: Sequence[str],
             inputs: Sequence[Sequence[Any]]) -> list[str]:  # fmt: skip
    """Builds the program (at -O2, as modules are, warnings as errors) with job i running
    ``calls[i]`` (a C++ statement), and runs it on each job's operand columns ``inputs[i]``;
    its output lines."""
    cases = "\n".join(f"    case {i}: {call} break;" for i, call in enumerate(calls))
    source = folder / f"{name}.cpp"
    source.write_text(
        PROGRAM.replace("@RUNNERS@", runners).replace("@CASES@", cases), encoding="utf-8"
    )
    exe = folder / name
    build(
        [cxx, "-std=c++20", *compile_flags("gnu", "2", debug=False), "-Wall", "-Wextra",
         "-Werror", f"-I{INCLUDE}", f"-I{sysconfig.get_paths()['include']}", str(source),
         "-o", str(exe), "-lm"]
    )  # fmt: skip
    chunks = []
    for index, operands in enumerate(inputs):
        columns = [[text(v) for v in column] for column in operands]
        rows = [" ".join(row) for row in zip(*columns, strict=True)]
        chunks.append(f"{index} {len(rows)}\n" + "\n".join(rows) + "\n")
    return run_ok(exe, input="".join(chunks))


def each_row(jobs: Sequence[J], inputs: Sequence[Sequence[Any]], output: Iterable[str],
                expect: Callable[[J, Sequence[Any]], list[str]]
                ) -> Iterator[tuple[J, Sequence[Any], int, str, str]]:  # fmt: skip
    """(job, operands, row, numpy's line, the program's line) for every row of every job, in
    the program's order; the program printed no line more (nor fewer: "<missing>")."""
    lines = iter(output)
    for job, operands in zip(jobs, inputs, strict=True):
        for i, want in enumerate(expect(job, operands)):
            yield job, operands, i, want, next(lines, "<missing>")
    assert next(lines, None) is None
