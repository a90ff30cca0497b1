#pragma once
// numpy's functions of sequences of samples, computed the way numpy's Python code does:
//
//   digitize(out, x, bins, right)     numpy.digitize: searchsorted on monotonic bins
//   ediff1d(out, a)                   numpy.ediff1d: differences of the flattened a
//   trapezoid(out, y, d)              numpy.trapezoid of a 1-d y, spacing dx (d a number) or
//                                     diff(x) (d an array): the pairwise sum of d*(y1+y0)/2
//   polyval(out, p, x)                numpy.polyval: Horner's rule, y = y * x + p[i]
//   vander(out, x, n, increasing)     numpy.vander: powers by running products
//   logspace(out, start, stop, num, endpoint, base)      base ** linspace(...)
//   ptp(out, a) / ptp_axis(out, a, axis)                 numpy.ptp: max - min
//   append_flat(out, a, b)            numpy.append(a, b) (axis=None)

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <type_traits>

#include "pyaot/error.hpp"
#include "pyaot/numpy/create.hpp"
#include "pyaot/numpy/elementwise.hpp"
#include "pyaot/numpy/ndarray.hpp"
#include "pyaot/numpy/partition.hpp"
#include "pyaot/numpy/rearrange.hpp"
#include "pyaot/numpy/reduce.hpp"

namespace pyaot::numpy {

namespace detail {

/// +1 for bins that never decrease, -1 for bins that never increase, 0 otherwise (numpy's
/// check_array_monotonic; equal neighbours decide nothing).
template <class T>
inline int monotonicity(const T* bins, std::int64_t n) noexcept {
  int direction = 0;
  for (std::int64_t i = 1; i < n; ++i) {
    if (bins[i] == bins[i - 1]) continue;
    const int step = bins[i] > bins[i - 1] ? 1 : -1;
    if (direction == 0) {
      direction = step;
    } else if (step != direction) {
      return 0;
    }
  }
  return direction == 0 ? 1 : direction;
}

}  // namespace detail

/// numpy.digitize(x, bins, right) of an array x: int64 of x's shape.
template <class T, int N>
bool digitize(ndarray<std::int64_t, N>& out, const ndarray<T, N>& x, const ndarray<T, 1>& bins,
              bool right) noexcept {
  ndarray<T, 1> sorted;
  if (!detail::flat_copy(sorted, bins)) return false;
  const std::int64_t n = sorted.shape[0];
  const int mono = detail::monotonicity(sorted.data, n);
  if (mono == 0) [[unlikely]] {
    return raise(Exc::ValueError, "bins must be monotonically increasing or decreasing");
  }
  if (mono < 0) std::reverse(sorted.data, sorted.data + n);
  if (!empty(out, x.shape)) return false;
  std::int64_t* dst = out.data;
  const T* first = sorted.data;
  detail::for_each_element(x, [&](T v) {
    // searchsorted, side='right' for right=False; decreasing bins: n - that of the reversed
    const bool upper = !right;
    const T* at = upper ? std::upper_bound(first, first + n, v, detail::nan_last_less<T>)
                        : std::lower_bound(first, first + n, v, detail::nan_last_less<T>);
    const std::int64_t i = at - first;
    *dst++ = mono > 0 ? i : n - i;
  });
  return true;
}

/// numpy.ediff1d(a): a.ravel()[1:] - a.ravel()[:-1] in T (integers wrapping).
template <class T, int N>
bool ediff1d(ndarray<T, 1>& out, const ndarray<T, N>& a) noexcept {
  ndarray<T, 1> flat;
  if (!detail::flat_copy(flat, a)) return false;
  const std::int64_t n = std::max<std::int64_t>(flat.shape[0] - 1, 0);
  if (!empty(out, {n})) return false;
  for (std::int64_t i = 0; i < n; ++i) {
    if constexpr (std::is_integral_v<T>) {
      using U = std::make_unsigned_t<T>;
      out.data[i] = static_cast<T>(static_cast<U>(flat.data[i + 1]) - static_cast<U>(flat.data[i]));
    } else {
      out.data[i] = flat.data[i + 1] - flat.data[i];
    }
  }
  return true;
}

/// numpy.trapezoid(y, dx=d) of a 1-d y.
template <class R>
bool trapezoid(R& out, const ndarray<R, 1>& y, R d) noexcept {
  const std::int64_t n = std::max<std::int64_t>(y.shape[0] - 1, 0);
  ndarray<R, 1> terms;
  if (!empty(terms, {n})) return false;
  const std::int64_t s = y.strides[0];
  for (std::int64_t i = 0; i < n; ++i) terms.data[i] = d * (y.data[(i + 1) * s] + y.data[i * s]) / R(2);
  return sum(out, terms);
}

/// numpy.trapezoid(y, x) of 1-d y and x: the spacing diff(x), broadcast against y's pairs.
template <class R>
bool trapezoid(R& out, const ndarray<R, 1>& y, const ndarray<R, 1>& x) noexcept {
  const std::int64_t ny = std::max<std::int64_t>(y.shape[0] - 1, 0);
  const std::int64_t nd = std::max<std::int64_t>(x.shape[0] - 1, 0);
  if (nd != ny && nd != 1 && ny != 1) [[unlikely]] {
    return raise_format(Exc::ValueError,
                        "operands could not be broadcast together with shapes (%lld,) (%lld,) ",
                        static_cast<long long>(nd), static_cast<long long>(ny));
  }
  const std::int64_t n = nd == ny ? ny : nd == 1 ? ny : nd;
  ndarray<R, 1> terms;
  if (!empty(terms, {n})) return false;
  const std::int64_t s = y.strides[0];
  const std::int64_t t = x.strides[0];
  for (std::int64_t i = 0; i < n; ++i) {
    const std::int64_t j = nd == 1 ? 0 : i;
    const std::int64_t k = ny == 1 ? 0 : i;
    const R d = x.data[(j + 1) * t] - x.data[j * t];
    terms.data[i] = d * (y.data[(k + 1) * s] + y.data[k * s]) / R(2);
  }
  return sum(out, terms);
}

/// numpy.polyval(p, x) of an array x, in R.
template <class R, int N>
bool polyval(ndarray<R, N>& out, const ndarray<R, 1>& p, const ndarray<R, N>& x) noexcept {
  if (!zeros(out, x.shape)) return false;
  for (std::int64_t k = 0; k < p.shape[0]; ++k) {
    const R c = p.data[k * p.strides[0]];
    R* y = out.data;
    detail::for_each_element(x, [&](R v) {
      *y = static_cast<R>(*y * v + c);
      ++y;
    });
  }
  return true;
}

/// numpy.polyval(p, x) of a number x.
template <class R>
bool polyval(R& out, const ndarray<R, 1>& p, R x) noexcept {
  R y = R(0);
  for (std::int64_t k = 0; k < p.shape[0]; ++k) y = static_cast<R>(y * x + p.data[k * p.strides[0]]);
  out = y;
  return true;
}

/// numpy.vander(x, N, increasing) in R; n < 0 is numpy's "negative dimensions" error.
template <class R>
bool vander(ndarray<R, 2>& out, const ndarray<R, 1>& x, std::int64_t n, bool increasing) noexcept {
  const std::int64_t m = x.shape[0];
  if (!empty(out, {m, n})) return false;
  for (std::int64_t i = 0; i < m; ++i) {
    R* row = out.data + i * n;
    const R v = x.data[i * x.strides[0]];
    R power = R(1);
    for (std::int64_t j = 0; j < n; ++j) {
      if (j == 1) power = v;
      if (j >= 2) power = static_cast<R>(power * v);
      row[increasing ? j : n - 1 - j] = power;
    }
  }
  return true;
}

/// numpy.vander(x): N = len(x).
template <class R>
bool vander_square(ndarray<R, 2>& out, const ndarray<R, 1>& x, bool increasing) noexcept {
  return vander(out, x, x.shape[0], increasing);
}

/// numpy.logspace(start, stop, num, endpoint, base).
inline bool logspace(ndarray<double, 1>& out, double start, double stop, std::int64_t num,
                     bool endpoint, double base) noexcept {
  ndarray<double, 1> exponents;
  if (!linspace(exponents, start, stop, num, endpoint)) return false;
  return map(out, [base](double y) noexcept { return std::pow(base, y); }, exponents);
}

/// numpy.ptp(a): max - min in T (integers wrapping).
template <class T, int N>
bool ptp(T& out, const ndarray<T, N>& a) noexcept {
  T hi{};
  T lo{};
  if (!max(hi, a) || !min(lo, a)) return false;
  out = static_cast<T>(hi - lo);
  return true;
}

/// numpy.ptp(a, axis).
template <class T, int N>
bool ptp_axis(ndarray<T, N - 1>& out, const ndarray<T, N>& a, std::int64_t axis) noexcept {
  ndarray<T, N - 1> hi;
  ndarray<T, N - 1> lo;
  return max_axis(hi, a, axis) && min_axis(lo, a, axis) &&
         map(out, [](T x, T y) noexcept { return static_cast<T>(x - y); }, hi, lo);
}

/// numpy.append(a, b): both flattened, one after the other.
template <class T, int N, int M>
bool append_flat(ndarray<T, 1>& out, const ndarray<T, N>& a, const ndarray<T, M>& b) noexcept {
  if (!empty(out, {a.size() + b.size()})) return false;
  T* dst = out.data;
  detail::for_each_element(a, [&](const T& x) { *dst++ = x; });
  detail::for_each_element(b, [&](const T& x) { *dst++ = x; });
  return true;
}

}  // namespace pyaot::numpy
