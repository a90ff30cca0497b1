#pragma once
// numpy's cumulative sums and products and its variance and standard deviation, numpy 2
// semantics:
//
//   cumsum(out, a) / cumprod(out, a)            numpy.cumsum(a) / numpy.cumprod(a): a flattened
//                                               in C order; out is a new 1-d array of a.size().
//   cumsum_axis(out, a, axis) / cumprod_axis    along one axis (negative counts from the end);
//                                               out is a new C-contiguous array of a's shape.
//   var(out, a, ddof = 0) / stddev(out, a, ddof = 0)            numpy.var / numpy.std(a, ddof=)
//   var_axis(out, a, axis, ddof = 0) / stddev_axis(...)         ... along one axis.
//
// (numpy.std is `stddev` here: a function named `std` would be legal in this namespace but
// confusing next to `std::`.)
//
// Result types, as numpy's: cumsum and cumprod give sum_result_t<T> (bool and signed integers
// narrower than 64 bits give int64, unsigned uint64, floats themselves), integers wrapping as
// numpy's do; var and stddev give mean_result_t<T> (float32 for float32, float64 otherwise).
//
// numpy's accumulate copies the first element and then adds (multiplies) in order, so cumsum
// and cumprod are bit-identical in any layout. var follows numpy's _var: the mean is numpy's
// (the pairwise sum of reduce.hpp, in float64 for integers and bool, divided by the count in
// float64), x = a - mean is stored in a new array laid out as numpy's K order would (axes by
// decreasing stride magnitude, strides positive), x*x is summed as numpy.sum sums that array
// (pairwise), and the sum is divided in float64 by max(n - ddof, 0) and rounded to R; stddev
// is the sqrt in R. So var and stddev are bit-identical with numpy where reduce.hpp's sums are
// (tested for C-contiguous, transposed, reversed and step-2 arrays of 1 to 3 dimensions, whole
// and along each axis); numpy's iterator may order other layouts differently, and past 8192
// integer elements numpy's buffered casts can change the last bits. Empty: var and stddev NaN
// (numpy warns); n - ddof <= 0: the division by 0 gives inf or NaN, as numpy's (which warns).
// A bad axis raises numpy's AxisError text as a ValueError.
//
// Built with -ffast-math or FMA contraction, the float results lose bit-exactness.

#include <array>
#include <cmath>
#include <cstdint>
#include <type_traits>

#include "pyaot/error.hpp"
#include "pyaot/numpy/ndarray.hpp"
#include "pyaot/numpy/reduce.hpp"

namespace pyaot::numpy {

namespace detail {

/// acc * x as numpy's accumulate computes it along a lane of `n` elements: it runs its
/// multiply loop over the n - 1 steps at once, and for complex numbers that loop takes its
/// scalar path (the schoolbook product, no fused operations) where its input and output
/// overlap, i.e. unless n == 2 (then its SIMD path: scalar::multiply).
template <class A>
inline A running_product(A acc, A x, std::int64_t n) noexcept {
  if constexpr (scalar::complex_number<A>) {
    return n == 2 ? scalar::multiply(acc, x) : scalar::complex_detail::plain_product(acc, x);
  } else {
    return acc * x;
  }
}

/// The running sum (Mul: product) of n elements `stride` apart, into out[0], out[out_step], ...
template <bool Mul, class R, class T>
inline void accumulate_run(R* out, std::int64_t out_step, const T* a, std::int64_t n,
                           std::int64_t stride) noexcept {
  using A = accumulator_t<R>;
  if (n <= 0) return;
  A acc = to_accumulator<A>(a[0]);
  out[0] = static_cast<R>(acc);
  for (std::int64_t i = 1; i < n; ++i) {
    const A x = to_accumulator<A>(a[i * stride]);
    if constexpr (Mul) {
      acc = running_product(acc, x, n);
    } else {
      acc = plus(acc, x);
    }
    out[i * out_step] = static_cast<R>(acc);
  }
}

template <bool Mul, class R, class T, int N>
inline bool accumulate_flat(ndarray<R, 1>& out, const ndarray<T, N>& a) noexcept {
  using A = accumulator_t<R>;
  const std::int64_t total = a.size();
  if (!empty(out, {total})) return false;
  if (total == 0) return true;
  const Layout<N> layout = logical_layout(a);
  R* result = out.data;
  A acc = A(0);
  bool first = true;
  for_each_row(layout, a.data, [&](const T* row, std::int64_t n, std::int64_t stride) {
    for (std::int64_t i = 0; i < n; ++i) {
      const A x = to_accumulator<A>(row[i * stride]);
      if (first) {
        acc = x;
        first = false;
      } else if constexpr (Mul) {
        acc = running_product(acc, x, total);
      } else {
        acc = plus(acc, x);
      }
      *result++ = static_cast<R>(acc);
    }
    return true;
  });
  return true;
}

template <bool Mul, class R, class T, int N>
inline bool accumulate_axis(ndarray<R, N>& out, const ndarray<T, N>& a,
                            std::int64_t axis) noexcept {
  int normalized = 0;
  if (!normalize_axis<N>(normalized, axis)) return false;
  if (!empty(out, a.shape)) return false;
  if (a.size() == 0) return true;
  const std::int64_t n = a.shape[normalized];
  const std::int64_t stride = a.strides[normalized];
  const std::int64_t out_stride = out.strides[normalized];
  // out's C-order position of each lane's first element, walked alongside a's
  std::array<std::int64_t, N> index{};
  const T* src = a.data;
  R* dst = out.data;
  for (;;) {
    accumulate_run<Mul>(dst, out_stride, src, n, stride);
    int d = N - 1;
    for (; d >= 0; --d) {
      if (d == normalized) continue;
      src += a.strides[d];
      dst += out.strides[d];
      if (++index[d] < a.shape[d]) break;
      src -= a.strides[d] * a.shape[d];
      dst -= out.strides[d] * a.shape[d];
      index[d] = 0;
    }
    if (d < 0) return true;
  }
}

/// A new array of a's shape laid out as numpy's K order allocates a ufunc's output: axes by
/// decreasing stride magnitude in a (ties and size-1 axes in their order), strides positive.
template <class A, class T, int N>
inline bool empty_like_k(ndarray<A, N>& out, const ndarray<T, N>& a) noexcept {
  if (!empty(out, a.shape)) return false;
  if constexpr (N >= 2) {
    if (out.size() == 0) return true;
    std::array<int, N> order{};
    int count = 0;
    for (int axis = 0; axis < N; ++axis) {
      int at = count;
      while (at > 0 && magnitude(a.strides[order[at - 1]]) < magnitude(a.strides[axis])) {
        order[at] = order[at - 1];
        --at;
      }
      order[at] = axis;
      ++count;
    }
    std::int64_t stride = 1;
    for (int k = N - 1; k >= 0; --k) {
      out.strides[order[k]] = stride;
      stride *= a.shape[order[k]];
    }
  }
  return true;
}

/// out = a - mean (mean broadcast along `axis`, or a scalar when axis < 0), squared, in A.
template <class A, class T, int N, class Mean>
inline void squared_deviations(ndarray<A, N>& x, const ndarray<T, N>& a, Mean&& mean) noexcept {
  std::array<std::int64_t, N> index{};
  const std::int64_t total = a.size();
  for (std::int64_t i = 0; i < total; ++i) {
    std::int64_t src = 0;
    std::int64_t dst = 0;
    for (int d = 0; d < N; ++d) {
      src += index[d] * a.strides[d];
      dst += index[d] * x.strides[d];
    }
    const A dev = static_cast<A>(a.data[src]) - mean(index);
    x.data[dst] = dev * dev;
    for (int d = N - 1; d >= 0; --d) {
      if (++index[d] < a.shape[d]) break;
      index[d] = 0;
    }
  }
}

template <class R, class A>
inline R divide_dof(A sum, std::int64_t count, std::int64_t ddof) noexcept {
  const std::int64_t dof = count - ddof > 0 ? count - ddof : 0;
  return static_cast<R>(static_cast<double>(sum) / static_cast<double>(dof));
}

template <bool Sqrt, class R, class T, int N>
inline bool whole_var(R& out, const ndarray<T, N>& a, std::int64_t ddof) noexcept {
  static_assert(std::is_floating_point_v<R>, "var gives a float");
  using A = std::conditional_t<std::is_same_v<T, float> && std::is_same_v<R, float>, float,
                               double>;
  A mean_value = A(0);
  if (!mean(mean_value, a)) return false;
  const std::int64_t count = a.size();
  A total = A(0);
  if (count != 0) {
    ndarray<A, N> x;
    if (!empty_like_k(x, a)) return false;
    squared_deviations(x, a, [&](const std::array<std::int64_t, N>&) { return mean_value; });
    if (!sum(total, x)) return false;
  }
  const R result = divide_dof<R>(total, count, ddof);
  out = Sqrt ? static_cast<R>(std::sqrt(result)) : result;
  return true;
}

template <bool Sqrt, class R, class T, int N>
inline bool var_along(ndarray<R, N - 1>& out, const ndarray<T, N>& a, std::int64_t axis,
                      std::int64_t ddof) noexcept {
  static_assert(std::is_floating_point_v<R>, "var gives a float");
  using A = std::conditional_t<std::is_same_v<T, float> && std::is_same_v<R, float>, float,
                               double>;
  int normalized = 0;
  if (!normalize_axis<N>(normalized, axis)) return false;
  ndarray<A, N - 1> means;
  if (!mean_axis(means, a, axis)) return false;
  ndarray<A, N> x;
  if (!empty_like_k(x, a)) return false;
  squared_deviations(x, a, [&](const std::array<std::int64_t, N>& index) {
    std::int64_t offset = 0;
    for (int d = 0, k = 0; d < N; ++d) {
      if (d == normalized) continue;
      offset += index[d] * means.strides[k++];
    }
    return means.data[offset];
  });
  ndarray<A, N - 1> sums;
  if (!sum_axis(sums, x, axis)) return false;
  if (!empty(out, sums.shape)) return false;
  const std::int64_t count = a.shape[normalized];
  for (std::int64_t i = 0; i < sums.size(); ++i) {
    const R result = divide_dof<R>(sums.data[i], count, ddof);
    out.data[i] = Sqrt ? static_cast<R>(std::sqrt(result)) : result;
  }
  return true;
}

}  // namespace detail

/// numpy.cumsum(a): out = a new 1-d array of a.size() elements (a flattened in C order);
/// R is sum_result_t<T>.
template <class R, class T, int N>
bool cumsum(ndarray<R, 1>& out, const ndarray<T, N>& a) noexcept {
  return detail::accumulate_flat<false>(out, a);
}

/// numpy.cumprod(a).
template <class R, class T, int N>
bool cumprod(ndarray<R, 1>& out, const ndarray<T, N>& a) noexcept {
  return detail::accumulate_flat<true>(out, a);
}

/// numpy.cumsum(a, axis): out = a new C-contiguous array of a's shape.
template <class R, class T, int N>
  requires(N >= 1)
bool cumsum_axis(ndarray<R, N>& out, const ndarray<T, N>& a, std::int64_t axis) noexcept {
  return detail::accumulate_axis<false>(out, a, axis);
}

/// numpy.cumprod(a, axis).
template <class R, class T, int N>
  requires(N >= 1)
bool cumprod_axis(ndarray<R, N>& out, const ndarray<T, N>& a, std::int64_t axis) noexcept {
  return detail::accumulate_axis<true>(out, a, axis);
}

/// numpy.var(a, ddof=ddof): R is mean_result_t<T>; NaN for an empty a.
template <class R, class T, int N>
bool var(R& out, const ndarray<T, N>& a, std::int64_t ddof = 0) noexcept {
  return detail::whole_var<false>(out, a, ddof);
}

/// numpy.std(a, ddof=ddof).
template <class R, class T, int N>
bool stddev(R& out, const ndarray<T, N>& a, std::int64_t ddof = 0) noexcept {
  return detail::whole_var<true>(out, a, ddof);
}

/// numpy.var(a, axis=axis, ddof=ddof): out gets a's shape without `axis`.
template <class R, class T, int N>
  requires(N >= 1)
bool var_axis(ndarray<R, N - 1>& out, const ndarray<T, N>& a, std::int64_t axis,
              std::int64_t ddof = 0) noexcept {
  return detail::var_along<false>(out, a, axis, ddof);
}

/// numpy.std(a, axis=axis, ddof=ddof).
template <class R, class T, int N>
  requires(N >= 1)
bool stddev_axis(ndarray<R, N - 1>& out, const ndarray<T, N>& a, std::int64_t axis,
                 std::int64_t ddof = 0) noexcept {
  return detail::var_along<true>(out, a, axis, ddof);
}

}  // namespace pyaot::numpy
