"""The runtime's cumulative sums and products, variance and standard deviation
(pyaot/numpy/cumulative.hpp): a C++ program (written out below) built under AddressSanitizer,
UBSan and LeakSanitizer, and every `case` line it prints checked against numpy. A case's name
says what it computes, ``dtype:shape:layout:op[:axis]`` (op ``var0``/``var1``/``std0``/``std1``
carry ddof); numpy computes the same, and dtype, shape, error text and every value's bits must
match: cumsum and cumprod in every layout, var and std for C-contiguous, transposed (t),
reversed (r) and step-2 (s) arrays of 1 to 3 dimensions, whole and along each axis."""

from __future__ import annotations

import math
import subprocess
import warnings
from pathlib import Path
from typing import Any

import pytest

from cpp_build import CPP, FLAGS, SANITIZE, build, run

np = pytest.importorskip("numpy")

DTYPES = {"bool", "int8", "uint8", "int32", "int64", "uint64", "float32", "float64"}

SOURCE = r"""
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <type_traits>

#include "pyaot/error.hpp"
#include "pyaot/numpy/cumulative.hpp"
#include "pyaot/numpy/ndarray.hpp"

#include "check.hpp"

namespace {

using pyaot::numpy::ndarray;
using pyaot::numpy::Shape;
using std::int64_t;
namespace np = pyaot::numpy;

template <class T>
T value(int64_t i) {
  const int64_t k = (i * 7919) % 1000 - 500;
  if constexpr (std::is_same_v<T, bool>) {
    return (i * 7919) % 3 != 0;
  } else if constexpr (std::is_floating_point_v<T>) {
    return static_cast<T>(static_cast<double>(k) / 7.0);
  } else {
    return static_cast<T>(k);
  }
}

template <class T, int N>
ndarray<T, N> base(const Shape<N>& shape) {
  ndarray<T, N> a;
  CHECK(np::empty(a, shape));
  for (int64_t i = 0; i < a.size(); ++i) a.data[i] = value<T>(i);
  return a;
}

template <class T, int N>
ndarray<T, N> make(const Shape<N>& shape, char layout) {
  if (layout == 't') {
    Shape<N> reversed{};
    for (int d = 0; d < N; ++d) reversed[d] = shape[N - 1 - d];
    const ndarray<T, N> b = base<T, N>(reversed);
    Shape<N> strides{};
    for (int d = 0; d < N; ++d) strides[d] = b.strides[N - 1 - d];
    return ndarray<T, N>(b.data, shape, strides, b.storage);
  }
  if (layout == 'r') {
    const ndarray<T, N> b = base<T, N>(shape);
    T* data = b.data;
    Shape<N> strides{};
    for (int d = 0; d < N; ++d) {
      if (b.size() != 0) data += (shape[d] - 1) * b.strides[d];
      strides[d] = -b.strides[d];
    }
    return ndarray<T, N>(data, shape, strides, b.storage);
  }
  if (layout == 's') {
    Shape<N> wide = shape;
    wide[N - 1] *= 2;
    const ndarray<T, N> b = base<T, N>(wide);
    Shape<N> strides = b.strides;
    strides[N - 1] *= 2;
    return ndarray<T, N>(b.data, shape, strides, b.storage);
  }
  return base<T, N>(shape);
}

template <class T>
std::string text(T v) {
  char buffer[64];
  if constexpr (std::is_floating_point_v<T>) {
    if (std::isnan(v)) return "nan";
    std::snprintf(buffer, sizeof buffer, "%.17g", static_cast<double>(v));
  } else if constexpr (std::is_signed_v<T>) {
    std::snprintf(buffer, sizeof buffer, "%lld", static_cast<long long>(v));
  } else {
    std::snprintf(buffer, sizeof buffer, "%llu", static_cast<unsigned long long>(v));
  }
  return buffer;
}

template <int N>
std::string shape_text(const std::array<int64_t, N>& shape) {
  std::string s = "(";
  for (int d = 0; d < N; ++d) s += (d > 0 ? "," : "") + std::to_string(shape[d]);
  return s + (N == 1 ? ",)" : ")");
}

void print_error(const std::string& name) {
  auto& state = pyaot::error_state();
  CHECK(state.set);
  std::printf("case %s ! %s: %s\n", name.c_str(), pyaot::exc_name(state.type),
              state.message.c_str());
  pyaot::clear_error();
}

template <class R>
void scalar_case(const std::string& name, bool ok, R result) {
  if (!ok) return print_error(name);
  CHECK(clean());
  std::printf("case %s %s () %s\n", name.c_str(), np::dtype_traits<R>::name,
              text(result).c_str());
}

template <class R, int M>
void array_case(const std::string& name, bool ok, const ndarray<R, M>& out) {
  if (!ok) return print_error(name);
  CHECK(clean());
  CHECK(out.is_c_contiguous());
  CHECK(out.storage != nullptr && out.storage->refcount == 1);
  std::string line =
      "case " + name + " " + np::dtype_traits<R>::name + " " + shape_text<M>(out.shape);
  for (int64_t i = 0; i < out.size(); ++i) line += " " + text(out.data[i]);
  std::printf("%s\n", line.c_str());
}

template <class T, int N>
void all_cases(const char* dtype, const Shape<N>& shape, char layout) {
  using S = np::sum_result_t<T>;
  using M = np::mean_result_t<T>;
  const ndarray<T, N> a = make<T, N>(shape, layout);
  std::string dims;
  for (int d = 0; d < N; ++d) dims += (d > 0 ? "x" : "") + std::to_string(shape[d]);
  const std::string stem = std::string(dtype) + ":" + dims + ":" + layout + ":";
  {
    ndarray<S, 1> out;
    array_case(stem + "cumsum", np::cumsum(out, a), out);
  }
  {
    ndarray<S, 1> out;
    array_case(stem + "cumprod", np::cumprod(out, a), out);
  }
  for (int64_t ddof = 0; ddof < 2; ++ddof) {
    M v = 0;
    const bool var_ok = np::var(v, a, ddof);  // before v is passed on by value
    scalar_case(stem + "var" + std::to_string(ddof), var_ok, v);
    M s = 0;
    const bool std_ok = np::stddev(s, a, ddof);
    scalar_case(stem + "std" + std::to_string(ddof), std_ok, s);
  }
  if constexpr (N >= 1) {
    for (int64_t axis = -1; axis <= N; ++axis) {
      const std::string tail = ":" + std::to_string(axis);
      {
        ndarray<S, N> out;
        array_case(stem + "cumsum" + tail, np::cumsum_axis(out, a, axis), out);
      }
      {
        ndarray<S, N> out;
        array_case(stem + "cumprod" + tail, np::cumprod_axis(out, a, axis), out);
      }
      for (int64_t ddof = 0; ddof < 2; ++ddof) {
        ndarray<M, N - 1> v;
        array_case(stem + "var" + std::to_string(ddof) + tail, np::var_axis(v, a, axis, ddof),
                   v);
        ndarray<M, N - 1> s;
        array_case(stem + "std" + std::to_string(ddof) + tail,
                   np::stddev_axis(s, a, axis, ddof), s);
      }
    }
  }
}

template <class T>
void dtype_cases(const char* dtype) {
  all_cases<T, 0>(dtype, {}, 'c');
  for (int64_t n = 0; n <= 200; ++n) {
    for (char layout : {'c', 'r', 's'}) all_cases<T, 1>(dtype, {n}, layout);
  }
  for (const Shape<2>& shape : {Shape<2>{3, 5}, Shape<2>{0, 4}, Shape<2>{4, 0}, Shape<2>{1, 7},
                                Shape<2>{17, 9}, Shape<2>{40, 150}}) {
    for (char layout : {'c', 't', 'r', 's'}) all_cases<T, 2>(dtype, shape, layout);
  }
  for (const Shape<3>& shape : {Shape<3>{2, 3, 4}, Shape<3>{3, 1, 5}, Shape<3>{5, 6, 7},
                                Shape<3>{9, 20, 33}}) {
    for (char layout : {'c', 't', 'r', 's'}) all_cases<T, 3>(dtype, shape, layout);
  }
}

}  // namespace

int main() {
  dtype_cases<bool>("bool");
  dtype_cases<int8_t>("int8");
  dtype_cases<uint8_t>("uint8");
  dtype_cases<int32_t>("int32");
  dtype_cases<int64_t>("int64");
  dtype_cases<uint64_t>("uint64");
  dtype_cases<float>("float32");
  dtype_cases<double>("float64");
  {  // a 1-element int64 cumprod that wraps, as numpy's does
    ndarray<int64_t, 1> a;
    CHECK(np::full(a, {3}, int64_t{1} << 40));
    ndarray<int64_t, 1> out;
    CHECK(np::cumprod(out, a));
    CHECK(out.data[2] == 0);
  }
  return check_summary();
}
"""

FUNCTIONS = {
    "cumsum": np.cumsum,
    "cumprod": np.cumprod,
    "var0": lambda a, **kw: np.var(a, ddof=0, **kw),
    "var1": lambda a, **kw: np.var(a, ddof=1, **kw),
    "std0": lambda a, **kw: np.std(a, ddof=0, **kw),
    "std1": lambda a, **kw: np.std(a, ddof=1, **kw),
}


def base(shape: tuple[int, ...], dtype: str) -> Any:
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
    dtype, shape, layout, op, axis = _parse(name)
    a = make(shape, dtype, layout)
    kwargs = {} if axis is None else {"axis": axis}
    try:
        with warnings.catch_warnings(), np.errstate(all="ignore"):
            warnings.simplefilter("ignore")
            return np.asarray(FUNCTIONS[op](a, **kwargs)), ""
    except Exception as exc:
        kind = "ValueError" if isinstance(exc, ValueError) else type(exc).__name__
        return None, f"! {kind}: {exc}"


def check_line(line: str) -> str | None:
    """None when the printed line agrees with numpy bit for bit, else why not."""
    _, name, rest = line.split(" ", 2)
    want, error = expected(name)
    if error or rest.startswith("!"):
        return None if rest == error else f"{line[:300]}\n  numpy: {error or want!r}"
    dtype, shape_text, *values = rest.split(" ")
    numpy_shape = "(" + ",".join(map(str, want.shape)) + ("," if want.ndim == 1 else "") + ")"
    if (dtype, shape_text) != (str(want.dtype), numpy_shape):
        return f"{line[:300]}\n  numpy: {want.dtype} {numpy_shape}"
    numpy_values = [_text(v) for v in want.ravel().tolist()]
    return None if values == numpy_values else f"{line[:300]}\n  numpy: {numpy_values[:20]}"


@pytest.fixture(scope="module")
def unit_tests(
    cxx: str, tmp_path_factory: pytest.TempPathFactory
) -> subprocess.CompletedProcess[str]:
    """The C++ program's run: one build under the sanitizers for the whole module."""
    tmp: Path = tmp_path_factory.mktemp("cumulative")
    source = tmp / "test_numpy_cumulative.cpp"
    source.write_text(SOURCE)
    exe = tmp / "test_numpy_cumulative"
    build([cxx, *FLAGS, f"-I{CPP}", "-O1", *SANITIZE, str(source), "-o", str(exe)])
    return run(exe, asan_options="detect_leaks=1")


def test_cpp_unit_tests_under_sanitizers(unit_tests: subprocess.CompletedProcess[str]) -> None:
    assert unit_tests.returncode == 0, unit_tests.stdout[-2000:] + unit_tests.stderr[-4000:]
    assert "checks passed" in unit_tests.stdout
    assert "LeakSanitizer" not in unit_tests.stderr


def test_every_case_matches_numpy(unit_tests: subprocess.CompletedProcess[str]) -> None:
    lines = [line for line in unit_tests.stdout.splitlines() if line.startswith("case ")]
    names = [line.split(" ", 2)[1] for line in lines]
    assert len(set(names)) == len(names), "a case name is printed twice"
    assert {_parse(name)[0] for name in names} == DTYPES
    ops = {_parse(name)[3] for name in names}
    assert ops == set(FUNCTIONS)
    assert len(lines) > 20_000
    mismatches = [m for m in map(check_line, lines) if m is not None]
    assert mismatches == [], f"{len(mismatches)} mismatches:\n" + "\n".join(mismatches[:20])
