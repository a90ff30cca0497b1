#pragma once
// numpy's counting, binning and comparing functions, numpy 2 semantics:
//
//   bincount(out, x, minlength) / bincount_weighted(out, x, w, minlength)   numpy.bincount
//   histogram(out, a, bins, has_range, lo, hi)         numpy.histogram, `bins` an int
//   interp(out, x, xp, fp, has_left, left, has_right, right)   numpy.interp
//   convolve(out, a, v, mode)                           numpy.convolve of 1-d arrays
//   cross(out, a, b)                                    numpy.cross of 3-vectors (last axis)
//   isclose<C>(out, a, b, rtol, atol, equal_nan) / allclose<C>(...)   in the dtype C
//   average_weighted(out, a, w) / average_weighted_axis(out, a, w, axis)
//
// The compiler converts the operands first (bincount's x to int64, interp's arrays to float64,
// convolve's and cross's to their common dtype, average's to the result dtype). The errors
// are numpy's, type and text. histogram follows numpy's uniform-bins path step by step (the
// edges from linspace, each bin index from (x - first) / (last - first) * bins, then
// corrected against the edges), so counts and edges are numpy's; interp is numpy's
// compiled loop (binary search, slope, the NaN fallbacks), bit for bit.

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <type_traits>

#include "pyaot/error.hpp"
#include "pyaot/numpy/create.hpp"
#include "pyaot/numpy/elementwise.hpp"
#include "pyaot/numpy/ndarray.hpp"
#include "pyaot/numpy/rearrange.hpp"
#include "pyaot/numpy/reduce.hpp"

namespace pyaot::numpy {

// ---- bincount -----------------------------------------------------------------------------

namespace detail {

inline bool bincount_length(std::int64_t& out, const ndarray<std::int64_t, 1>& x,
                            std::int64_t minlength) noexcept {
  if (minlength < 0) [[unlikely]] return raise(Exc::ValueError, "'minlength' must not be negative");
  std::int64_t largest = -1;
  for (std::int64_t i = 0; i < x.shape[0]; ++i) {
    const std::int64_t v = x.data[i * x.strides[0]];
    if (v < 0) [[unlikely]] {
      return raise(Exc::ValueError, "'list' argument must have no negative elements");
    }
    largest = std::max(largest, v);
  }
  out = std::max(largest + 1, minlength);
  return true;
}

}  // namespace detail

/// numpy.bincount(x, minlength=): the count of each value 0..max(x).
inline bool bincount(ndarray<std::int64_t, 1>& out, const ndarray<std::int64_t, 1>& x,
                     std::int64_t minlength) noexcept {
  std::int64_t n = 0;
  if (!detail::bincount_length(n, x, minlength) || !zeros(out, {n})) return false;
  for (std::int64_t i = 0; i < x.shape[0]; ++i) ++out.data[x.data[i * x.strides[0]]];
  return true;
}

/// numpy.bincount(x, weights=w, minlength=): the sum of the weights of each value, in order.
inline bool bincount_weighted(ndarray<double, 1>& out, const ndarray<std::int64_t, 1>& x,
                              const ndarray<double, 1>& w, std::int64_t minlength) noexcept {
  std::int64_t n = 0;
  if (!detail::bincount_length(n, x, minlength)) return false;
  if (w.shape[0] != x.shape[0]) [[unlikely]] {
    return raise(Exc::ValueError, "The weights and list don't have the same length.");
  }
  if (!zeros(out, {n})) return false;
  for (std::int64_t i = 0; i < x.shape[0]; ++i) {
    out.data[x.data[i * x.strides[0]]] += w.data[i * w.strides[0]];
  }
  return true;
}

// ---- histogram ----------------------------------------------------------------------------

namespace detail {

/// Python's repr of a float (the shortest text that reads back), for error messages.
inline std::string float_repr(double x) {
  if (std::isnan(x)) return "nan";
  if (std::isinf(x)) return x < 0 ? "-inf" : "inf";
  char text[40];
  for (int digits = 1; digits <= 17; ++digits) {
    std::snprintf(text, sizeof text, "%.*g", digits, x);
    if (std::strtod(text, nullptr) == x) break;
  }
  std::string s = text;
  if (s.find_first_of(".en") == std::string::npos) s += ".0";
  return s;
}

template <class T>
inline std::string edge_repr(T x) {
  if constexpr (std::is_floating_point_v<T>) {
    return float_repr(static_cast<double>(x));
  } else if constexpr (std::is_same_v<T, bool>) {
    return x ? "True" : "False";
  } else {
    return std::to_string(x);
  }
}

}  // namespace detail

/// numpy.histogram(a, bins, range=(lo, hi) when has_range): (counts, edges), a flattened.
template <class T, int N>
bool histogram(std::tuple<ndarray<std::int64_t, 1>, ndarray<double, 1>>& out,
               const ndarray<T, N>& a, std::int64_t bins, bool has_range, double lo,
               double hi) noexcept {
  if (bins < 1) [[unlikely]] return raise(Exc::ValueError, "`bins` must be positive, when an integer");
  double first = 0.0;
  double last = 1.0;
  double denominator = 1.0;
  if (has_range) {
    if (lo > hi) [[unlikely]] {
      return raise(Exc::ValueError, "max must be larger than min in range parameter.");
    }
    if (!std::isfinite(lo) || !std::isfinite(hi)) [[unlikely]] {
      const std::string text = "supplied range of [" + detail::float_repr(lo) + ", " +
                               detail::float_repr(hi) + "] is not finite";
      return raise(Exc::ValueError, text);
    }
    first = lo;
    last = hi;
    denominator = last - first;
  } else if (a.size() != 0) {
    T smallest{};
    T largest{};
    if (!amin(smallest, a) || !amax(largest, a)) return false;
    if constexpr (std::is_floating_point_v<T>) {
      if (!std::isfinite(smallest) || !std::isfinite(largest)) [[unlikely]] {
        const std::string text = "autodetected range of [" + detail::edge_repr(smallest) +
                                 ", " + detail::edge_repr(largest) + "] is not finite";
        return raise(Exc::ValueError, text);
      }
    }
    first = static_cast<double>(smallest);
    last = static_cast<double>(largest);
    if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
      // numpy's _unsigned_subtract: the difference of two ints, exactly, as an unsigned int
      using U = std::make_unsigned_t<T>;
      denominator = static_cast<double>(static_cast<U>(static_cast<U>(largest) -
                                                       static_cast<U>(smallest)));
    } else {
      denominator = last - first;
    }
  } else {
    denominator = 1.0;
  }
  if (first == last) {
    first -= 0.5;
    last += 0.5;
    denominator = last - first;
  }
  auto& [counts, edges] = out;
  if (!linspace(edges, first, last, bins + 1, true) || !zeros(counts, {bins})) return false;
  const double* e = edges.data;
  const auto n = static_cast<double>(bins);
  detail::for_each_element(a, [&](const T& value) {
    const auto x = static_cast<double>(value);
    if (!(x >= first && x <= last)) return;
    auto i = static_cast<std::int64_t>((x - first) / denominator * n);
    if (i == bins) --i;
    if (x < e[i]) {
      --i;
    } else if (x >= e[i + 1] && i != bins - 1) {
      ++i;
    }
    ++counts.data[i];
  });
  return true;
}

// ---- interp -------------------------------------------------------------------------------

namespace detail {

inline bool interp_check(const ndarray<double, 1>& xp, const ndarray<double, 1>& fp) noexcept {
  if (xp.shape[0] == 0) [[unlikely]] return raise(Exc::ValueError, "array of sample points is empty");
  if (xp.shape[0] != fp.shape[0]) [[unlikely]] {
    return raise(Exc::ValueError, "fp and xp are not of the same length.");
  }
  return true;
}

/// numpy's compiled interp for one x (xp, fp contiguous copies).
inline double interp_one(double x, const double* xp, const double* fp, std::int64_t n,
                         double left, double right) noexcept {
  if (n == 1) return x < xp[0] ? left : x > xp[0] ? right : fp[0];  // NaN: fp[0], as numpy's
  if (std::isnan(x)) return x;
  if (x < xp[0]) return left;
  if (x > xp[n - 1]) return right;
  // the largest j with xp[j] <= x
  const std::int64_t j = (std::upper_bound(xp, xp + n, x) - xp) - 1;
  if (j >= n - 1) return fp[n - 1];
  if (xp[j] == x) return fp[j];
  const double slope = (fp[j + 1] - fp[j]) / (xp[j + 1] - xp[j]);
  double y = slope * (x - xp[j]) + fp[j];
  if (std::isnan(y)) {
    y = slope * (x - xp[j + 1]) + fp[j + 1];
    if (std::isnan(y) && fp[j] == fp[j + 1]) y = fp[j];
  }
  return y;
}

template <class F>
inline bool with_samples(const ndarray<double, 1>& xp, const ndarray<double, 1>& fp,
                         F&& f) noexcept {
  if (!interp_check(xp, fp)) return false;
  ndarray<double, 1> x_copy;
  ndarray<double, 1> f_copy;
  if (!empty(x_copy, xp.shape) || !empty(f_copy, fp.shape)) return false;
  for (std::int64_t i = 0; i < xp.shape[0]; ++i) {
    x_copy.data[i] = xp.data[i * xp.strides[0]];
    f_copy.data[i] = fp.data[i * fp.strides[0]];
  }
  f(x_copy.data, f_copy.data, xp.shape[0]);
  return true;
}

}  // namespace detail

/// numpy.interp(x, xp, fp, left, right) of an array x: float64 of x's shape.
template <int N>
bool interp(ndarray<double, N>& out, const ndarray<double, N>& x, const ndarray<double, 1>& xp,
            const ndarray<double, 1>& fp, bool has_left, double left, bool has_right,
            double right) noexcept {
  if (!detail::interp_check(xp, fp) || !empty(out, x.shape)) return false;
  return detail::with_samples(xp, fp, [&](const double* px, const double* pf, std::int64_t n) {
    const double l = has_left ? left : pf[0];
    const double r = has_right ? right : pf[n - 1];
    double* dst = out.data;
    detail::for_each_element(x, [&](double v) { *dst++ = detail::interp_one(v, px, pf, n, l, r); });
  });
}

/// numpy.interp of one number x.
inline bool interp(double& out, double x, const ndarray<double, 1>& xp,
                   const ndarray<double, 1>& fp, bool has_left, double left, bool has_right,
                   double right) noexcept {
  return detail::with_samples(xp, fp, [&](const double* px, const double* pf, std::int64_t n) {
    out = detail::interp_one(x, px, pf, n, has_left ? left : pf[0], has_right ? right : pf[n - 1]);
  });
}

// ---- convolve -----------------------------------------------------------------------------

enum class ConvolveMode : int { full, same, valid };

/// numpy.convolve(a, v, mode): sums of products in T (integers wrapping, bools: or of ands).
template <class T>
bool convolve(ndarray<T, 1>& out, const ndarray<T, 1>& a, const ndarray<T, 1>& v,
              ConvolveMode mode) noexcept {
  if (a.shape[0] == 0) [[unlikely]] return raise(Exc::ValueError, "a cannot be empty");
  if (v.shape[0] == 0) [[unlikely]] return raise(Exc::ValueError, "v cannot be empty");
  const bool swap = v.shape[0] > a.shape[0];
  const ndarray<T, 1>& p = swap ? v : a;
  const ndarray<T, 1>& q = swap ? a : v;
  const std::int64_t n1 = p.shape[0];
  const std::int64_t n2 = q.shape[0];
  const std::int64_t start = mode == ConvolveMode::full ? 0
                             : mode == ConvolveMode::same ? (n2 - 1) / 2 : n2 - 1;
  const std::int64_t length = mode == ConvolveMode::full ? n1 + n2 - 1
                              : mode == ConvolveMode::same ? n1 : n1 - n2 + 1;
  if (!empty(out, {length})) return false;
  using A = std::conditional_t<std::is_floating_point_v<T> || std::is_same_v<T, bool>, T,
                               std::conditional_t<std::is_signed_v<T>, std::uint64_t,
                                                  std::uint64_t>>;
  for (std::int64_t k = 0; k < length; ++k) {
    const std::int64_t c = start + k;  // c[k] = sum over i of p[i] * q[c - i]
    const std::int64_t lo = std::max<std::int64_t>(0, c - (n2 - 1));
    const std::int64_t hi = std::min<std::int64_t>(n1 - 1, c);
    A acc = A(0);
    for (std::int64_t i = lo; i <= hi; ++i) {
      const T x = p.data[i * p.strides[0]];
      const T y = q.data[(c - i) * q.strides[0]];
      if constexpr (std::is_same_v<T, bool>) {
        acc = acc || (x && y);
      } else {
        acc = static_cast<A>(acc + static_cast<A>(x) * static_cast<A>(y));
      }
    }
    out.data[k] = static_cast<T>(acc);
  }
  return true;
}

// ---- cross --------------------------------------------------------------------------------

/// numpy.cross(a, b) of 3-vectors along the last axis, the other axes broadcast.
template <class T, int N, int M, int R = (N > M ? N : M)>
bool cross(ndarray<T, R>& out, const ndarray<T, N>& a, const ndarray<T, M>& b) noexcept {
  static_assert(N >= 1 && M >= 1, "cross takes arrays of vectors");
  const std::int64_t na = a.shape[N - 1];
  const std::int64_t nb = b.shape[M - 1];
  if ((na != 2 && na != 3) || (nb != 2 && nb != 3)) [[unlikely]] {
    return raise(Exc::ValueError,
                 "incompatible dimensions for cross product\n(dimension must be 2 or 3)");
  }
  if (na != 3 || nb != 3) [[unlikely]] {
    return raise(Exc::ValueError, "numpy.cross of 2-element vectors (deprecated by NumPy) is "
                                  "not supported: give 3-element vectors");
  }
  std::array<std::int64_t, R> shape{};
  shape[R - 1] = 3;
  for (int d = 0; d < R - 1; ++d) {
    const int da = d - (R - N);
    const int db = d - (R - M);
    const std::int64_t x = da >= 0 ? a.shape[da] : 1;
    const std::int64_t y = db >= 0 ? b.shape[db] : 1;
    if (x != y && x != 1 && y != 1) [[unlikely]] {
      const std::string left = detail::shape_repr(a.shape.data(), N - 1);
      const std::string right = detail::shape_repr(b.shape.data(), M - 1);
      const std::string text =
          "shape mismatch: objects cannot be broadcast to a single shape.  Mismatch is "
          "between arg 0 with shape " + left + " and arg 1 with shape " + right + ".";
      return raise(Exc::ValueError, text);
    }
    shape[d] = x == 1 ? y : x;
  }
  if (!empty(out, shape)) return false;
  std::array<std::int64_t, R> index{};
  if (out.size() == 0) return true;
  do {
    if (index[R - 1] != 0) continue;
    std::int64_t pa = 0;
    std::int64_t pb = 0;
    for (int d = 0; d < R - 1; ++d) {
      const int da = d - (R - N);
      const int db = d - (R - M);
      if (da >= 0 && a.shape[da] != 1) pa += index[d] * a.strides[da];
      if (db >= 0 && b.shape[db] != 1) pb += index[d] * b.strides[db];
    }
    const std::int64_t sa = a.strides[N - 1];
    const std::int64_t sb = b.strides[M - 1];
    const T a0 = a.data[pa], a1 = a.data[pa + sa], a2 = a.data[pa + 2 * sa];
    const T b0 = b.data[pb], b1 = b.data[pb + sb], b2 = b.data[pb + 2 * sb];
    T* dst = &detail::element_at(out, index);
    const std::int64_t so = out.strides[R - 1];
    if constexpr (std::is_integral_v<T>) {  // wrapping, as numpy's
      using U = std::make_unsigned_t<T>;
      auto mul = [](T x, T y) { return static_cast<U>(static_cast<U>(x) * static_cast<U>(y)); };
      dst[0] = static_cast<T>(static_cast<U>(mul(a1, b2) - mul(a2, b1)));
      dst[so] = static_cast<T>(static_cast<U>(mul(a2, b0) - mul(a0, b2)));
      dst[2 * so] = static_cast<T>(static_cast<U>(mul(a0, b1) - mul(a1, b0)));
    } else {
      const T c0 = a1 * b2;
      const T c1 = a2 * b0;
      const T c2 = a0 * b1;
      dst[0] = c0 - a2 * b1;
      dst[so] = c1 - a0 * b2;
      dst[2 * so] = c2 - a1 * b0;
    }
  } while (detail::next_index(index, out.shape));
  return true;
}

// ---- isclose / allclose -------------------------------------------------------------------

namespace detail {

template <class C>
struct Close {
  C rtol;
  C atol;
  bool equal_nan;
  template <class X, class Y>
  bool operator()(X x_in, Y y_in) const noexcept {
    const C x = static_cast<C>(x_in);
    const C y = static_cast<C>(y_in);
    const C bound = atol + rtol * std::abs(y);
    bool result = (std::abs(x - y) <= bound && std::isfinite(y)) || x == y;
    if (equal_nan) result = result || (std::isnan(x) && std::isnan(y));
    return result;
  }
};

}  // namespace detail

/// numpy.isclose(a, b, rtol, atol, equal_nan) computed in C (numpy's result_type of b and 1.0,
/// with a), broadcast.
template <class C, class A, class B, int N>
bool isclose(ndarray<bool, N>& out, const A& a, const B& b, double rtol, double atol,
             bool equal_nan) noexcept {
  return map(out, detail::Close<C>{static_cast<C>(rtol), static_cast<C>(atol), equal_nan}, a, b);
}

/// numpy.allclose: all of isclose (the broadcast checked first).
template <class C, int N, class A, class B>
bool allclose(bool& out, const A& a, const B& b, double rtol, double atol,
              bool equal_nan) noexcept {
  ndarray<bool, N> close;
  if (!isclose<C>(close, a, b, rtol, atol, equal_nan)) return false;
  return all(out, close);
}

// ---- average ------------------------------------------------------------------------------

/// numpy.average(a, weights=w) of the whole a (axis_given: a 1-d a, axis=0), in R.
template <class R, int N, int M>
bool average_weighted(R& out, const ndarray<R, N>& a, const ndarray<R, M>& w,
                      bool axis_given) noexcept {
  bool same = false;
  if constexpr (N == M) same = a.shape == w.shape;
  if (!same) [[unlikely]] {
    if (!axis_given) {
      return raise(Exc::TypeError, "Axis must be specified when shapes of a and weights differ.");
    }
    return raise(Exc::ValueError, "Shape of weights must be consistent with shape of a along "
                                  "specified axis.");
  }
  if constexpr (N == M) {
    R scale = 0;
    if (!sum(scale, w)) return false;
    if (scale == R(0)) [[unlikely]] {
      return raise(Exc::ZeroDivisionError, "Weights sum to zero, can't be normalized");
    }
    ndarray<R, N> products;
    R total = 0;
    if (!map(products, [](R x, R y) noexcept { return x * y; }, a, w) || !sum(total, products)) {
      return false;
    }
    out = total / scale;
  }
  return true;
}

/// numpy.average(a, axis, weights=w): w of a's shape, or 1-d along axis.
template <class R, int N, int M>
bool average_weighted_axis(ndarray<R, N - 1>& out, const ndarray<R, N>& a,
                           const ndarray<R, M>& w, int axis) noexcept {
  ndarray<R, N> weights;
  bool same = false;
  if constexpr (M == N) same = a.shape == w.shape;
  if (same) {
    if constexpr (M == N) weights = w;
  } else {
    if (M != 1 || w.shape[0] != a.shape[axis]) [[unlikely]] {
      return raise(Exc::ValueError, "Shape of weights must be consistent with shape of a along "
                                    "specified axis.");
    }
    if constexpr (M == 1) {  // w along axis, stride 0 elsewhere
      std::array<std::int64_t, N> shape{};
      std::array<std::int64_t, N> strides{};
      for (int d = 0; d < N; ++d) shape[d] = d == axis ? w.shape[0] : 1;
      strides[axis] = w.strides[0];
      weights = ndarray<R, N>(w.data, shape, strides, w.storage);
    }
  }
  ndarray<R, N - 1> scale;
  ndarray<R, N> products;
  ndarray<R, N - 1> totals;
  if (!sum_axis(scale, weights, axis)) return false;
  for (std::int64_t i = 0, n = scale.size(); i < n; ++i) {
    if (scale.data[i] == R(0)) [[unlikely]] {
      return raise(Exc::ZeroDivisionError, "Weights sum to zero, can't be normalized");
    }
  }
  if (!map(products, [](R x, R y) noexcept { return x * y; }, a, weights) ||
      !sum_axis(totals, products, axis)) {
    return false;
  }
  return map(out, [](R x, R y) noexcept { return x / y; }, totals, scale);
}

}  // namespace pyaot::numpy
