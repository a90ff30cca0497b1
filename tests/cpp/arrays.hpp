// Test arrays for the differential tests of the numpy runtime, and the `case` lines that
// report results for the Python side to check against numpy. Include it from the test file,
// after check.hpp.
//
// make_array(shape, layout, value) fills a C-order base with value(i) for flat index i and
// views it in one layout: 'c' the base itself, 't' the transpose of a base of the reversed
// shape, 'r' every axis reversed, 's' every other element along the last axis, 'z' the first
// axis broadcast from a base of length 1 (stride 0). A case line reads
// `case NAME DTYPE SHAPE VALUE...` (values in C order as Python's str() writes them: bool as
// True/False, floats as %.17g with NaN as "nan") or
// `case NAME ! ExcName: message` for a raised exception.

#pragma once

#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <type_traits>

#include "check.hpp"
#include "pyaot/error.hpp"
#include "pyaot/numpy/ndarray.hpp"

namespace {

template <class T, int N, class Value>
pyaot::numpy::ndarray<T, N> make_base(const pyaot::numpy::Shape<N>& shape, Value&& value) {
  pyaot::numpy::ndarray<T, N> a;
  CHECK(pyaot::numpy::empty(a, shape));
  for (std::int64_t i = 0; i < a.size(); ++i) a.data[i] = value(i);
  return a;
}

template <class T, int N, class Value>
pyaot::numpy::ndarray<T, N> make_array(const pyaot::numpy::Shape<N>& shape, char layout,
                                       Value&& value) {
  using pyaot::numpy::ndarray;
  using pyaot::numpy::Shape;
  if (layout == 't') {
    Shape<N> reversed{};
    for (int d = 0; d < N; ++d) reversed[d] = shape[N - 1 - d];
    const ndarray<T, N> b = make_base<T, N>(reversed, value);
    Shape<N> strides{};
    for (int d = 0; d < N; ++d) strides[d] = b.strides[N - 1 - d];
    return ndarray<T, N>(b.data, shape, strides, b.storage);
  }
  if (layout == 'r') {
    const ndarray<T, N> b = make_base<T, N>(shape, value);
    T* data = b.data;
    Shape<N> strides{};
    for (int d = 0; d < N; ++d) {
      if (b.size() != 0) data += (shape[d] - 1) * b.strides[d];
      strides[d] = -b.strides[d];
    }
    return ndarray<T, N>(data, shape, strides, b.storage);
  }
  if constexpr (N >= 1) {
    if (layout == 's') {
      Shape<N> wide = shape;
      wide[N - 1] *= 2;
      const ndarray<T, N> b = make_base<T, N>(wide, value);
      Shape<N> strides = b.strides;
      strides[N - 1] *= 2;
      return ndarray<T, N>(b.data, shape, strides, b.storage);
    }
    if (layout == 'z') {
      Shape<N> one = shape;
      one[0] = 1;
      const ndarray<T, N> b = make_base<T, N>(one, value);
      Shape<N> strides = b.strides;
      strides[0] = 0;
      return ndarray<T, N>(b.data, shape, strides, b.storage);
    }
  }
  return make_base<T, N>(shape, value);
}

template <class T>
std::string value_text(T v) {
  char buffer[64];
  if constexpr (std::is_same_v<T, bool>) {
    return v ? "True" : "False";
  } else if constexpr (std::is_floating_point_v<T>) {
    if (std::isnan(v)) return "nan";
    std::snprintf(buffer, sizeof buffer, "%.17g", static_cast<double>(v));
  } else if constexpr (std::is_signed_v<T>) {
    std::snprintf(buffer, sizeof buffer, "%lld", static_cast<long long>(v));
  } else {
    std::snprintf(buffer, sizeof buffer, "%llu", static_cast<unsigned long long>(v));
  }
  return buffer;
}

/// "(2,3)", "(5,)", "()".
template <int N>
std::string shape_text(const std::array<std::int64_t, N>& shape) {
  std::string s = "(";
  for (int d = 0; d < N; ++d) s += (d > 0 ? "," : "") + std::to_string(shape[d]);
  return s + (N == 1 ? ",)" : ")");
}

/// The dims part of a case name: "2x3", "5", "" for 0-d.
template <int N>
std::string dims_text(const std::array<std::int64_t, N>& shape) {
  std::string s;
  for (int d = 0; d < N; ++d) s += (d > 0 ? "x" : "") + std::to_string(shape[d]);
  return s;
}

/// The case line of the pending exception; clears it.
[[maybe_unused]] void print_error(const std::string& name) {
  pyaot::ErrorState& state = pyaot::error_state();
  CHECK(state.set);
  std::printf("case %s ! %s: %s\n", name.c_str(), pyaot::exc_name(state.type),
              state.message.c_str());
  pyaot::clear_error();
}

template <class R>
void scalar_case(const std::string& name, bool ok, R result) {
  if (!ok) return print_error(name);
  CHECK(clean());
  std::printf("case %s %s () %s\n", name.c_str(), pyaot::numpy::dtype_traits<R>::name,
              value_text(result).c_str());
}

/// A case line for any array (a view too): its values in C order.
template <class R, int M>
void view_case(const std::string& name, const pyaot::numpy::ndarray<R, M>& out) {
  CHECK(clean());
  std::string line = "case " + name + " " + pyaot::numpy::dtype_traits<R>::name + " " +
                     shape_text<M>(out.shape);
  const std::int64_t total = out.size();
  std::array<std::int64_t, M> index{};
  for (std::int64_t i = 0; i < total; ++i) {
    std::int64_t offset = 0;
    for (int d = 0; d < M; ++d) offset += index[d] * out.strides[d];
    line += " " + value_text(out.data[offset]);
    for (int d = M - 1; d >= 0; --d) {
      if (++index[d] < out.shape[d]) break;
      index[d] = 0;
    }
  }
  std::printf("%s\n", line.c_str());
}

/// A case line for a new result: it must be C-contiguous and its storage's only handle.
template <class R, int M>
void array_case(const std::string& name, bool ok, const pyaot::numpy::ndarray<R, M>& out) {
  if (!ok) return print_error(name);
  CHECK(out.is_c_contiguous());
  CHECK(out.storage != nullptr && out.storage->refcount == 1);
  view_case(name, out);
}

}  // namespace
