// Arrays for the differential tests of the numpy runtime: deterministic element values, the
// layouts the tests cover, and the `case` lines that the Python side (tests/case_lines.py)
// compares with numpy. Everything is in namespace pyaot_testing.
//
// value<T>(i) is numpy's `k.astype(dtype)` for k = (i * 7919) % 1000 - 500 (bool: i * 7919 % 3
// != 0; floats: k / 7.0 in float64, then cast). make(shape, layout, gen) fills a C-order array
// with gen(i) for flat index i and views it in one layout:
//   'c'  C-contiguous                      'r'  every axis reversed (a[::-1, ::-1])
//   't'  the transpose of a C-contiguous   's'  every second element of the last axis
//        array of the reversed shape            (a wider array's [..., ::2])
//   'b'  the first axis broadcast (stride 0) from an array whose first dimension is 1
// (a 0-d array is always 'c'); case_lines.make builds the same views. Output lines:
//   case NAME DTYPE SHAPE v1 v2 ...    (values in C order as Python's str() writes them: bool
//                                      as True/False, floats as %.17g, NaN as "nan"; SHAPE as
//                                      "(2,3)", "(4,)", "()")
//   case NAME ! TypeName: message      (the pending runtime exception, then cleared)

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

namespace pyaot_testing {

using pyaot::numpy::ndarray;
using pyaot::numpy::Shape;

template <class T>
T value(std::int64_t i) {
  const std::int64_t k = (i * 7919) % 1000 - 500;
  if constexpr (std::is_same_v<T, bool>) {
    return (i * 7919) % 3 != 0;
  } else if constexpr (std::is_floating_point_v<T>) {
    return static_cast<T>(static_cast<double>(k) / 7.0);
  } else {
    return static_cast<T>(k);
  }
}

/// A new C-contiguous array whose element i (in C order) is gen(i).
template <class T, int N, class G>
ndarray<T, N> generated(const Shape<N>& shape, G&& gen) {
  ndarray<T, N> a;
  const bool ok = pyaot::numpy::empty(a, shape);
  CHECK(ok);
  if (!ok) return a;
  for (std::int64_t i = 0; i < a.size(); ++i) a.data[i] = gen(i);
  return a;
}

/// An array of `shape` in `layout` (see the top) whose underlying C-order elements are gen(i).
template <class T, int N, class G>
ndarray<T, N> make(const Shape<N>& shape, char layout, G&& gen) {
  if constexpr (N > 0) {
    if (layout == 't') {
      Shape<N> reversed{};
      for (int d = 0; d < N; ++d) reversed[d] = shape[N - 1 - d];
      const ndarray<T, N> b = generated<T, N>(reversed, gen);
      Shape<N> strides{};
      for (int d = 0; d < N; ++d) strides[d] = b.strides[N - 1 - d];
      return ndarray<T, N>(b.data, shape, strides, b.storage);
    }
    if (layout == 'r') {
      const ndarray<T, N> b = generated<T, N>(shape, gen);
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
      const ndarray<T, N> b = generated<T, N>(wide, gen);
      Shape<N> strides = b.strides;
      strides[N - 1] *= 2;
      return ndarray<T, N>(b.data, shape, strides, b.storage);
    }
    if (layout == 'b') {
      Shape<N> one = shape;
      one[0] = 1;
      const ndarray<T, N> b = generated<T, N>(one, gen);
      Shape<N> strides = b.strides;
      strides[0] = 0;
      return ndarray<T, N>(b.data, shape, strides, b.storage);
    }
  }
  return generated<T, N>(shape, gen);
}

/// make() of value<T>(i).
template <class T, int N>
ndarray<T, N> make(const Shape<N>& shape, char layout) {
  return make<T, N>(shape, layout, [](std::int64_t i) { return value<T>(i); });
}

/// The element at C-order position k of a non-empty view.
template <class T, int N>
T& flat(const ndarray<T, N>& a, std::int64_t k) {
  std::int64_t offset = 0;
  for (int d = N - 1; d >= 0; --d) {
    offset += (k % a.shape[d]) * a.strides[d];
    k /= a.shape[d];
  }
  return a.data[offset];
}

template <class T>
std::string text(T v) {
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

/// "3x4" ("" for a 0-d shape): how case names spell a shape.
template <int N>
std::string dims(const std::array<std::int64_t, N>& shape) {
  std::string s;
  for (int d = 0; d < N; ++d) s += (d > 0 ? "x" : "") + std::to_string(shape[d]);
  return s;
}

/// "(2,3)", "(5,)", "()".
template <int N>
std::string shape_text(const std::array<std::int64_t, N>& shape) {
  std::string s = "(";
  for (int d = 0; d < N; ++d) s += (d > 0 ? "," : "") + std::to_string(shape[d]);
  return s + (N == 1 ? ",)" : ")");
}

/// The case's line for the pending exception; clears it. A failure without one fails a CHECK
/// and prints a line no numpy result matches.
inline void error_case(const std::string& name) {
  pyaot::ErrorState& state = pyaot::error_state();
  CHECK(state.set);
  if (!state.set) {
    std::printf("case %s ! (failed without an exception)\n", name.c_str());
    return;
  }
  std::printf("case %s ! %s: %s\n", name.c_str(), pyaot::exc_name(state.type),
              state.message.c_str());
  pyaot::clear_error();
}

/// The case's line for a 0-d result, or, when !ok, the pending exception.
template <class R>
void scalar_case(const std::string& name, bool ok, R result) {
  if (!ok) return error_case(name);
  CHECK(clean());
  std::printf("case %s %s () %s\n", name.c_str(), pyaot::numpy::dtype_traits<R>::name,
              text(result).c_str());
}

/// The case's line for any array (a view too, any strides): its dtype, shape and values in C
/// order, or, when !ok, the pending exception.
template <class T, int N>
void view_case(const std::string& name, bool ok, const ndarray<T, N>& a) {
  if (!ok) return error_case(name);
  CHECK(clean());
  std::string line = "case " + name + " " + pyaot::numpy::dtype_traits<T>::name + " " +
                     shape_text<N>(a.shape);
  const std::int64_t total = a.size();
  std::array<std::int64_t, N> index{};
  for (std::int64_t i = 0; i < total; ++i) {
    std::int64_t offset = 0;
    for (int d = 0; d < N; ++d) offset += index[d] * a.strides[d];
    line += " " + text(a.data[offset]);
    for (int d = N - 1; d >= 0; --d) {
      if (++index[d] < a.shape[d]) break;
      index[d] = 0;
    }
  }
  if (pyaot::error_state().set) line += " ! (an exception is pending)";
  std::printf("%s\n", line.c_str());
}

/// view_case for a new result: it must be C-contiguous and its storage's only handle.
template <class T, int N>
void array_case(const std::string& name, bool ok, const ndarray<T, N>& out) {
  if (ok) {
    CHECK(out.is_c_contiguous());
    CHECK(out.storage != nullptr && out.storage->refcount == 1);
  }
  view_case(name, ok, out);
}

}  // namespace pyaot_testing
