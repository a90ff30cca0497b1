"""The runtime's sorting and searching (pyaot/numpy/sort.hpp): a C++ program (written out
below) built under AddressSanitizer, UBSan and LeakSanitizer, and every `case` line it prints
checked against numpy. A case's name says what it computes, ``dtype:dims:layout:op[:args]``:
the layout is tests/cpp/arrays.hpp's letter (c, t, r, s, b), followed by ``n`` for data with
NaNs and infinities; op is one of OPS below. numpy computes the same, and dtype, shape, error
type and text and every value must match exactly (floats to the last bit), for every dtype,
arrays of 0 to 3 dimensions in every layout, along every axis (and a bad one)."""

from __future__ import annotations

import subprocess
from collections.abc import Callable
from typing import Any

import pytest

import case_lines as cl

np = pytest.importorskip("numpy")

DTYPES = {"bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
          "float32", "float64"}  # fmt: skip

SOURCE = r"""
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>

#include "pyaot/error.hpp"
#include "pyaot/numpy/ndarray.hpp"
#include "pyaot/numpy/reduce.hpp"
#include "pyaot/numpy/shape.hpp"
#include "pyaot/numpy/sort.hpp"

#include "arrays.hpp"
#include "check.hpp"

namespace {

using pyaot::numpy::ndarray;
using pyaot::numpy::Shape;
using std::int64_t;
namespace np = pyaot::numpy;
namespace t = pyaot_testing;

/// Many ties and zeros (a third of the elements in -5..5), large values that wrap in small
/// integer types; with `nans`, floats also hold NaNs and infinities.
template <class T>
T value(int64_t i, bool nans) {
  const int64_t m = (i * 7919) % 1000;
  const int64_t k = m % 3 == 0 ? m % 11 - 5 : m - 500;
  if constexpr (std::is_same_v<T, bool>) {
    return k > 0;
  } else if constexpr (std::is_floating_point_v<T>) {
    if (nans && m % 7 == 3) return std::numeric_limits<T>::quiet_NaN();
    if (nans && m % 13 == 5) return (k < 0 ? -1 : 1) * std::numeric_limits<T>::infinity();
    return static_cast<T>(static_cast<double>(k) / 4.0);
  } else {
    return static_cast<T>(k);
  }
}

template <class T, int N>
ndarray<T, N> make(const Shape<N>& shape, char layout, bool nans) {
  return t::make<T, N>(shape, layout, [nans](int64_t i) { return value<T>(i, nans); });
}

template <class T, int N>
void search_cases(const std::string& stem, const ndarray<T, N>& a) {
  ndarray<T, 1> sorted;
  CHECK(np::sort_flat(sorted, a));
  for (bool right : {false, true}) {
    const std::string side = right ? ":right" : ":left";
    ndarray<int64_t, N> out;
    t::array_case(stem + "searchsorted" + side, np::searchsorted(out, sorted, a, right), out);
    if constexpr (N == 1) {  // a itself, strided and unsorted: numpy's steps, numpy's answer
      ndarray<int64_t, 1> unsorted;
      t::array_case(stem + "searchunsorted" + side, np::searchsorted(unsorted, a, a, right),
                    unsorted);
    }
    if (a.size() != 0) {
      int64_t index = -1;
      const bool ok = np::searchsorted(index, sorted, a.data[0], right);
      t::scalar_case(stem + "searchscalar" + side + ":first", ok, index);
    }
    if constexpr (std::is_floating_point_v<T>) {
      int64_t index = -1;
      const bool ok =
          np::searchsorted(index, sorted, std::numeric_limits<T>::quiet_NaN(), right);
      t::scalar_case(stem + "searchscalar" + side + ":nan", ok, index);
    }
  }
}

template <class T, int N>
void nonzero_cases(const std::string& stem, const ndarray<T, N>& a) {
  {
    std::array<ndarray<int64_t, 1>, N> out;
    if (!np::nonzero(out, a)) {
      t::error_case(stem + "nonzero");
    } else if constexpr (N >= 1) {  // printed as numpy.asarray(numpy.nonzero(a)): (N, count)
      ndarray<int64_t, 2> stacked;
      const int64_t count = out[0].size();
      CHECK(np::empty(stacked, {int64_t{N}, count}));
      for (int d = 0; d < N; ++d) {
        CHECK(out[d].size() == count && out[d].storage->refcount == 1);
        for (int64_t i = 0; i < count; ++i) stacked.data[d * count + i] = out[d].data[i];
      }
      t::array_case(stem + "nonzero", true, stacked);
    }
  }
  {
    ndarray<int64_t, 1> out;
    t::array_case(stem + "flatnonzero", np::flatnonzero(out, a), out);
  }
  {
    ndarray<int64_t, 2> out;
    t::array_case(stem + "argwhere", np::argwhere(out, a), out);
  }
  int64_t count = -1;
  const bool ok = np::count_nonzero(count, a);
  t::scalar_case(stem + "count_nonzero", ok, count);
}

template <class T, int N>
void all_cases(const char* dtype, const Shape<N>& shape, char layout, bool nans) {
  using M = np::mean_result_t<T>;
  const ndarray<T, N> a = make<T, N>(shape, layout, nans);
  const std::string stem = std::string(dtype) + ":" + t::dims<N>(shape) + ":" + layout +
                           (nans ? "n" : "") + ":";
  {
    ndarray<T, N> out;
    t::array_case(stem + "sort", np::sort(out, a), out);
  }
  {
    ndarray<T, 1> out;
    t::array_case(stem + "sortflat", np::sort_flat(out, a), out);
  }
  {
    ndarray<int64_t, 1> out;
    t::array_case(stem + "argsortflat", np::argsort_flat(out, a), out);
  }
  {
    M out = 0;
    const bool ok = np::median(out, a);
    t::scalar_case(stem + "median", ok, out);
  }
  {
    ndarray<T, N> out;
    t::array_case(stem + "diff", np::diff(out, a), out);
  }
  {
    ndarray<T, 1> out;
    t::array_case(stem + "unique", np::unique(out, a), out);
  }
  {  // read-only storage (numpy's broadcast views are read-only)
    const ndarray<T, N> b = make<T, N>(shape, layout, nans);
    b.storage->writeable = false;
    t::view_case(stem + "sortreadonly", np::sort_inplace(b), b);
  }
  search_cases(stem, a);
  nonzero_cases(stem, a);
  for (int64_t axis = -1; axis <= N; ++axis) {
    const std::string tail = ":" + std::to_string(axis);
    {
      ndarray<T, N> out;
      t::array_case(stem + "sort" + tail, np::sort_axis(out, a, axis), out);
    }
    if (layout != 'b') {  // numpy's broadcast views are read-only
      const ndarray<T, N> b = make<T, N>(shape, layout, nans);
      t::view_case(stem + "sortinplace" + tail, np::sort_inplace(b, axis), b);
    }
    for (int64_t n : {-1, 0, 1, 2, 3}) {
      ndarray<T, N> out;
      t::array_case(stem + "diff" + tail + ":" + std::to_string(n), np::diff_axis(out, a, n, axis),
                    out);
    }
    if constexpr (N >= 1) {
      {
        ndarray<int64_t, N> out;
        t::array_case(stem + "argsort" + tail, np::argsort_axis(out, a, axis), out);
      }
      {
        ndarray<M, N - 1> out;
        t::array_case(stem + "median" + tail, np::median_axis(out, a, axis), out);
      }
    }
  }
  if constexpr (N >= 1) {
    ndarray<int64_t, N> out;
    t::array_case(stem + "argsort", np::argsort(out, a), out);
  }
}

template <class T, int N>
void layouts(const char* dtype, const Shape<N>& shape) {
  for (char layout : {'c', 't', 'r', 's', 'b'}) {
    if (layout == 't' && N < 2) continue;
    if (N == 0 && layout != 'c') continue;
    all_cases<T, N>(dtype, shape, layout, false);
    if constexpr (std::is_floating_point_v<T>) all_cases<T, N>(dtype, shape, layout, true);
  }
}

template <class T>
void dtype_cases(const char* dtype) {
  layouts<T, 0>(dtype, {});
  for (int64_t n : {0, 1, 2, 3, 4, 5, 7, 8, 16, 33, 300}) layouts<T, 1>(dtype, {n});
  for (const Shape<2>& shape :
       {Shape<2>{3, 5}, Shape<2>{0, 4}, Shape<2>{4, 0}, Shape<2>{1, 7}, Shape<2>{6, 6}}) {
    layouts<T, 2>(dtype, shape);
  }
  for (const Shape<3>& shape :
       {Shape<3>{2, 3, 4}, Shape<3>{3, 1, 5}, Shape<3>{2, 0, 3}, Shape<3>{4, 5, 6}}) {
    layouts<T, 3>(dtype, shape);
  }
}

}  // namespace

int main() {
  dtype_cases<bool>("bool");
  dtype_cases<int8_t>("int8");
  dtype_cases<int16_t>("int16");
  dtype_cases<int32_t>("int32");
  dtype_cases<int64_t>("int64");
  dtype_cases<uint8_t>("uint8");
  dtype_cases<uint16_t>("uint16");
  dtype_cases<uint32_t>("uint32");
  dtype_cases<uint64_t>("uint64");
  dtype_cases<float>("float32");
  dtype_cases<double>("float64");
  {  // out may be a: the result replaces a's handle, a's old storage is released
    ndarray<double, 2> a = make<double, 2>({3, 4}, 't', true);
    CHECK(np::sort_axis(a, a, 0) && a.is_c_contiguous() && a.storage->refcount == 1);
    CHECK(np::diff_axis(a, a, 1, 0) && a.shape[0] == 2);
  }
  {  // numpy's median of -0.0s is 0.0 (numpy.mean sums from 0.0)
    ndarray<double, 2> zeros;
    CHECK(np::full(zeros, {2, 2}, -0.0));
    double whole = -1;
    CHECK(np::median(whole, zeros) && whole == 0 && !std::signbit(whole));
    ndarray<double, 1> rows;
    CHECK(np::median_axis(rows, zeros, 1) && !std::signbit(rows.data[0]));
    ndarray<double, 0> one;
    CHECK(np::full(one, {}, -0.0));
    CHECK(np::median(whole, one) && !std::signbit(whole));
  }
  return check_summary();
}
"""


def sort_values(count: int, dtype: str, nans: bool) -> Any:
    """The C++ program's value<T>(i, nans) for i < count."""
    i = np.arange(count, dtype=np.int64)
    m = (i * 7919) % 1000
    k = np.where(m % 3 == 0, m % 11 - 5, m - 500)
    if dtype == "bool":
        return k > 0
    if dtype.startswith("float"):
        values = (k.astype(np.float64) / 4.0).astype(dtype)
        if nans:
            values = np.where(m % 13 == 5, np.where(k < 0, -np.inf, np.inf), values)
            values = np.where(m % 7 == 3, np.nan, values).astype(dtype)
        return values
    return k.astype(dtype)


def make(shape: tuple[int, ...], dtype: str, layout: str) -> Any:
    """The C++ program's make<T, N>(shape, layout, nans): layout "cn" is "c" with nans."""
    return cl.make(shape, layout[0], lambda count: sort_values(count, dtype, layout[1:] == "n"))


def _sort_inplace(a: Any, axis: int) -> Any:
    a.sort(axis=axis)
    return a


def _sort_read_only(a: Any) -> Any:
    a.flags.writeable = False
    a.sort()
    return a


def _stacked_nonzero(a: Any) -> Any:
    return np.asarray(np.nonzero(a), dtype=np.int64).reshape(a.ndim, -1)


def _search(a: Any, side: str, key: str | None = None) -> Any:
    haystack = np.sort(a, axis=None)
    if key is None:
        return np.searchsorted(haystack, a, side=side)
    return np.searchsorted(haystack, a.flat[0] if key == "first" else np.nan, side=side)


OPS: dict[str, Callable[..., Any]] = {
    "sort": lambda a, axis=-1: np.sort(a, axis=int(axis)),
    "sortflat": lambda a: np.sort(a, axis=None),
    "sortinplace": lambda a, axis: _sort_inplace(a, int(axis)),
    "sortreadonly": _sort_read_only,
    "argsort": lambda a, axis=-1: np.argsort(a, axis=int(axis), kind="stable"),
    "argsortflat": lambda a: np.argsort(a, axis=None, kind="stable"),
    "median": lambda a, axis=None: np.median(a, axis=None if axis is None else int(axis)),
    "diff": lambda a, axis=-1, n=1: np.diff(a, n=int(n), axis=int(axis)),
    "searchsorted": _search,
    "searchunsorted": lambda a, side: np.searchsorted(a, a, side=side),
    "searchscalar": _search,
    "unique": np.unique,
    "nonzero": _stacked_nonzero,
    "flatnonzero": np.flatnonzero,
    "argwhere": np.argwhere,
    "count_nonzero": np.count_nonzero,
}


def expected(name: str) -> tuple[Any, str]:
    return cl.numpy_case(name, make, OPS)


# -O0: the sanitizers catch the same there, and the build takes a third of -O1's time
unit_tests = cl.program_fixture("test_numpy_sort", SOURCE, "-O0")


def test_cpp_unit_tests_under_sanitizers(unit_tests: subprocess.CompletedProcess[str]) -> None:
    cl.assert_clean(unit_tests)


def test_every_case_matches_numpy(unit_tests: subprocess.CompletedProcess[str]) -> None:
    lines = cl.case_lines(unit_tests.stdout)
    names = [cl.case_name(line) for line in lines]
    assert {cl.parse_name(name)[0] for name in names} == DTYPES
    assert {cl.parse_name(name)[3] for name in names} == set(OPS)
    assert len(lines) > 40_000
    cl.assert_match(lines, expected)
