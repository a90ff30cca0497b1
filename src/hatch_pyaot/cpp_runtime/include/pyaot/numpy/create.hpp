#pragma once
// numpy's array creation from ranges: arange, linspace, eye and identity, bit-exact with
// numpy 2 (same length rule, same arithmetic, same errors).
//
// arange:  numpy computes the length as ceil((stop - start) / step), with the division in
//          double for float arguments and Python's correctly rounded int division for int
//          ones; it stores start, then start + step, and fills element i >= 2 with
//          start + i * delta where delta = a[1] - a[0] in the array's dtype (not `step`).
//          arange<T> is numpy.arange with float arguments (T float or double);
//          arange_int is numpy.arange with Python int arguments (dtype int64); its length is
//          the exact ceil of the integer quotient (numpy's goes through a double, which can
//          only differ for lengths past 2**53, which no allocation reaches).
// linspace: numpy.linspace's algorithm step by step (see the function).

#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <utility>

#include "pyaot/error.hpp"
#include "pyaot/numpy/ndarray.hpp"

namespace pyaot::numpy {

namespace detail {

/// numpy's arange length from the double quotient (stop - start) / step: NaN is ValueError
/// "arange: cannot compute length", a value outside intp "Maximum allowed size exceeded";
/// an underflowed quotient of a non-empty range counts 1 (or 0 when it is -0.0), and
/// negative lengths count 0.
inline bool arange_length(std::int64_t& out, double quotient, double range) noexcept {
  if (quotient == 0.0 && range != 0.0) {
    out = std::signbit(quotient) ? 0 : 1;
    return true;
  }
  const double length = std::ceil(quotient);
  if (std::isnan(length)) return raise(Exc::ValueError, "arange: cannot compute length");
  // [-2**63, 2**63): the doubles that convert to an int64
  if (!(length >= -9223372036854775808.0 && length < 9223372036854775808.0)) {
    return raise(Exc::ValueError, "Maximum allowed size exceeded");
  }
  const auto n = static_cast<std::int64_t>(length);
  out = n < 0 ? 0 : n;
  return true;
}

}  // namespace detail

/// numpy.arange(start, stop, step) of Python floats, as dtype T (double: float64, float:
/// float32). ZeroDivisionError("float division by zero") when step is 0 (numpy 2 divides the
/// range by the step as Python floats); the length errors of detail::arange_length; then
/// empty()'s ValueError / MemoryError.
template <class T>
  requires std::is_floating_point_v<T>
bool arange(ndarray<T, 1>& out, double start, double stop, double step) noexcept {
  if (step == 0.0) return raise(Exc::ZeroDivisionError, "float division by zero");
  const double range = stop - start;
  std::int64_t length = 0;
  if (!detail::arange_length(length, range / step, range)) return false;
  ndarray<T, 1> result;
  if (!empty(result, {length})) return false;
  T* values = result.data;
  if (length > 0) values[0] = static_cast<T>(start);
  if (length > 1) values[1] = static_cast<T>(start + step);
  if (length > 2) {
    const T first = values[0];
    const T delta = values[1] - first;
    for (std::int64_t i = 2; i < length; ++i) values[i] = first + static_cast<T>(i) * delta;
  }
  out = std::move(result);
  return true;
}

/// numpy.arange(start, stop, step) of Python ints (dtype int64): ZeroDivisionError
/// ("division by zero") when step is 0; the values start + i * step, exact.
inline bool arange_int(ndarray<std::int64_t, 1>& out, std::int64_t start, std::int64_t stop,
                       std::int64_t step) noexcept {
  if (step == 0) return raise(Exc::ZeroDivisionError, "division by zero");
  // ceil(range / step) exactly, in 128 bits: range spans up to 2**64
  const __int128 range = static_cast<__int128>(stop) - static_cast<__int128>(start);
  __int128 quotient = range / step;  // truncated toward zero
  if (quotient * step != range && ((range > 0) == (step > 0))) ++quotient;  // ceil
  if (quotient > std::numeric_limits<std::int64_t>::max()) {
    return raise(Exc::ValueError, "Maximum allowed size exceeded");
  }
  const std::int64_t length = quotient <= 0 ? 0 : static_cast<std::int64_t>(quotient);
  ndarray<std::int64_t, 1> result;
  if (!empty(result, {length})) return false;
  // start + i * step fits int64 for every i < length; unsigned arithmetic wraps the
  // intermediate product harmlessly (the exact result is in range)
  const auto first = static_cast<std::uint64_t>(start);
  const auto delta = static_cast<std::uint64_t>(step);
  for (std::int64_t i = 0; i < length; ++i) {
    result.data[i] = static_cast<std::int64_t>(first + static_cast<std::uint64_t>(i) * delta);
  }
  out = std::move(result);
  return true;
}

/// numpy.linspace(start, stop, num, endpoint) of floats (float64), numpy 2's arithmetic:
/// div = num - 1 (endpoint) or num; delta = stop - start; y = arange(num);
/// div > 0: step = delta / div, then y * step, or (y / div) * delta when step == 0
/// (denormal deltas); div <= 0: y * delta; then y + start, and the last element is stop
/// when endpoint and num > 1. ValueError("Number of samples, -1, must be non-negative.").
inline bool linspace(ndarray<double, 1>& out, double start, double stop, std::int64_t num,
                     bool endpoint = true) noexcept {
  if (num < 0) {
    return raise_format(Exc::ValueError, "Number of samples, %lld, must be non-negative.",
                        static_cast<long long>(num));
  }
  const std::int64_t div = endpoint ? num - 1 : num;
  const double delta = stop - start;
  ndarray<double, 1> result;
  if (!empty(result, {num})) return false;
  double* y = result.data;
  if (div > 0) {
    const double step = delta / static_cast<double>(div);
    if (step == 0.0) {
      const auto d = static_cast<double>(div);
      for (std::int64_t i = 0; i < num; ++i) y[i] = static_cast<double>(i) / d * delta + start;
    } else {
      for (std::int64_t i = 0; i < num; ++i) y[i] = static_cast<double>(i) * step + start;
    }
  } else {
    for (std::int64_t i = 0; i < num; ++i) y[i] = static_cast<double>(i) * delta + start;
  }
  if (endpoint && num > 1) y[num - 1] = stop;
  out = std::move(result);
  return true;
}

/// numpy.eye(n, m, k): ones on the k-th diagonal (element [i, i + k]), zeros elsewhere;
/// ValueError("negative dimensions are not allowed") for n or m < 0.
template <class T>
bool eye(ndarray<T, 2>& out, std::int64_t n, std::int64_t m, std::int64_t k = 0) noexcept {
  ndarray<T, 2> result;
  if (!zeros(result, {n, m})) return false;
  for (std::int64_t i = 0; i < n; ++i) {
    // i + k without overflow: only columns in [0, m) matter
    if (k >= m - i || k < -i) continue;
    result.data[i * m + i + k] = static_cast<T>(1);
  }
  out = std::move(result);
  return true;
}

/// numpy.identity(n): eye(n, n).
template <class T>
bool identity(ndarray<T, 2>& out, std::int64_t n) noexcept {
  return eye<T>(out, n, n);
}

}  // namespace pyaot::numpy
