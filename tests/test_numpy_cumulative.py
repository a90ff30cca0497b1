"""The runtime's cumulative sums and products, variance and standard deviation
(pyaot/numpy/cumulative.hpp): a C++ program (written out below) built under AddressSanitizer,
UBSan and LeakSanitizer, and every `case` line it prints checked against numpy. A case's name
says what it computes, ``dtype:shape:layout:op[:axis]`` (op ``var0``/``var1``/``std0``/``std1``
carry ddof); numpy computes the same, and dtype, shape, error text and every value's bits must
match: cumsum and cumprod in every layout, var and std for C-contiguous, transposed (t),
reversed (r) and step-2 (s) arrays of 1 to 3 dimensions, whole and along each axis."""

from __future__ import annotations

import subprocess
from functools import partial
from typing import Any

import pytest

import case_lines as cl

np = pytest.importorskip("numpy")

DTYPES = {"bool", "int8", "uint8", "int32", "int64", "uint64", "float32", "float64"}

SOURCE = r"""
#include <cstdint>
#include <string>

#include "pyaot/numpy/cumulative.hpp"
#include "pyaot/numpy/ndarray.hpp"

#include "arrays.hpp"
#include "check.hpp"

namespace {

using pyaot::numpy::ndarray;
using pyaot::numpy::Shape;
using std::int64_t;
namespace np = pyaot::numpy;
namespace t = pyaot_testing;

template <class T, int N>
void all_cases(const char* dtype, const Shape<N>& shape, char layout) {
  using S = np::sum_result_t<T>;
  using M = np::mean_result_t<T>;
  const ndarray<T, N> a = t::make<T, N>(shape, layout);
  const std::string stem = std::string(dtype) + ":" + t::dims<N>(shape) + ":" + layout + ":";
  {
    ndarray<S, 1> out;
    t::array_case(stem + "cumsum", np::cumsum(out, a), out);
  }
  {
    ndarray<S, 1> out;
    t::array_case(stem + "cumprod", np::cumprod(out, a), out);
  }
  for (int64_t ddof = 0; ddof < 2; ++ddof) {
    M v = 0;
    const bool var_ok = np::var(v, a, ddof);  // before v is passed on by value
    t::scalar_case(stem + "var" + std::to_string(ddof), var_ok, v);
    M s = 0;
    const bool std_ok = np::stddev(s, a, ddof);
    t::scalar_case(stem + "std" + std::to_string(ddof), std_ok, s);
  }
  if constexpr (N >= 1) {
    for (int64_t axis = -1; axis <= N; ++axis) {
      const std::string tail = ":" + std::to_string(axis);
      {
        ndarray<S, N> out;
        t::array_case(stem + "cumsum" + tail, np::cumsum_axis(out, a, axis), out);
      }
      {
        ndarray<S, N> out;
        t::array_case(stem + "cumprod" + tail, np::cumprod_axis(out, a, axis), out);
      }
      for (int64_t ddof = 0; ddof < 2; ++ddof) {
        ndarray<M, N - 1> v;
        t::array_case(stem + "var" + std::to_string(ddof) + tail,
                      np::var_axis(v, a, axis, ddof), v);
        ndarray<M, N - 1> s;
        t::array_case(stem + "std" + std::to_string(ddof) + tail,
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
    "cumsum": cl.along(np.cumsum),
    "cumprod": cl.along(np.cumprod),
    "var0": cl.along(partial(np.var, ddof=0)),
    "var1": cl.along(partial(np.var, ddof=1)),
    "std0": cl.along(partial(np.std, ddof=0)),
    "std1": cl.along(partial(np.std, ddof=1)),
}


def expected(name: str) -> tuple[Any, str]:
    return cl.numpy_case(name, cl.make_values, FUNCTIONS)


unit_tests = cl.program_fixture("test_numpy_cumulative", SOURCE, "-O1")


def test_cpp_unit_tests_under_sanitizers(unit_tests: subprocess.CompletedProcess[str]) -> None:
    cl.assert_clean(unit_tests)


def test_every_case_matches_numpy(unit_tests: subprocess.CompletedProcess[str]) -> None:
    lines = cl.case_lines(unit_tests.stdout)
    names = [cl.case_name(line) for line in lines]
    assert {cl.parse_name(name)[0] for name in names} == DTYPES
    assert {cl.parse_name(name)[3] for name in names} == set(FUNCTIONS)
    assert len(lines) > 20_000
    cl.assert_match(lines, expected)
