#pragma once
// numpy's sorting and searching, numpy 2 semantics:
//
//   sort(out, a) / sort_axis(out, a, axis)     numpy.sort(a, axis=-1 / axis): a new
//                                              C-contiguous array of a's shape.
//   sort_flat(out, a)                          numpy.sort(a, axis=None): a flattened (C order).
//   sort_inplace(a, axis = -1)                 a.sort(axis): a's elements, in place (a may be
//                                              any view; "sort array is read-only" otherwise).
//   argsort / argsort_axis / argsort_flat      numpy.argsort(a, kind='stable'): int64 indices.
//   median(out, a) / median_axis(out, a, axis) numpy.median(a) / numpy.median(a, axis).
//   diff(out, a, n = 1) / diff_axis(out, a, n, axis)   numpy.diff(a, n, axis=-1 / axis).
//   searchsorted(out, a, v, right = false)     numpy.searchsorted(a, v, side='left'/'right')
//                                              for a scalar v (out int64) or an array v (out
//                                              int64 of v's shape).
//   unique(out, a)                             numpy.unique(a): sorted, NaNs collapsed to one.
//   nonzero(out, a) / flatnonzero(out, a) / argwhere(out, a) / count_nonzero(out, a)
//
// Order: numpy's (npysort's `a < b || (b != b && a == a)`): NaNs after every number, so they
// end sorts, argsorts, unique and searchsorted's order. argsort is stable (numpy's
// kind='stable'), so its indices are numpy's for any input; numpy's default kind (an
// introsort or SIMD sort) may order equal elements differently. sort uses std::sort: the
// values are numpy's, but where -0.0 and 0.0 (which compare equal) or NaNs of different signs
// or payloads meet, which of them lands where may differ (also which one unique keeps).
//
// median follows numpy's _median: the middle element (odd count) or the mean of the two
// middle ones (even count), computed as numpy.mean computes it: the sum from 0 in float64
// (float32 for float32), divided by the count in float64 and rounded to R = mean_result_t<T>
// (float64 for bool and integers, float32 for float32). Bit-identical with numpy (a -0.0
// median is 0.0, as there). A lane holding a NaN gives that NaN (numpy's _median_nancheck;
// with several NaNs numpy may pick another one); an empty lane gives NaN (numpy warns).
//
// diff subtracts n times in T, as numpy's repeated `a[1:] - a[:-1]` does (integers wrap), or
// for bool takes not_equal; the axis shrinks by n, down to 0. n == 0 returns a C-contiguous
// copy (numpy returns a itself) without looking at the axis, as numpy; n < 0 and a 0-d a raise
// numpy's ValueErrors.
//
// searchsorted is numpy's binsearch step for step, including the bounds it carries from one key
// to the next (keys in C order), so even for an unsorted a the indices are numpy's. v comes in
// as a's element type: numpy would compare in the common dtype of a and v, the compiler casts.
//
// nonzero of a 0-d array raises numpy 2's ValueError (with the longer text numpy gives for
// bool); flatnonzero and argwhere accept it (an argwhere of shape (count, 0)). A bad axis
// raises numpy's AxisError text as a ValueError; sort_inplace checks the axis before the
// writeable flag, as numpy does. numpy.argsort of a 0-d array gives [0] of shape (1,) whatever
// the axis: that is argsort_flat here, as argsort and argsort_axis take N >= 1. sort_inplace
// sorts a writeable view with a zero stride lane by lane (numpy's broadcast views, the only
// ones with zero strides there, are read-only).
//
// Tested against numpy 2.4 (every value, bits included) for every dtype, arrays of 0 to 3
// dimensions C-contiguous, transposed, reversed, step-2 and broadcast, along every axis.

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <numeric>
#include <type_traits>
#include <utility>

#include "pyaot/error.hpp"
#include "pyaot/numpy/ndarray.hpp"
#include "pyaot/numpy/reduce.hpp"
#include "pyaot/numpy/shape.hpp"
#include "pyaot/numpy/view.hpp"

namespace pyaot::numpy {

namespace detail {

/// npysort's order of complex numbers: lexicographic (real parts first), a NaN part after
/// every number: R + Rj < R + nanj < nan + Rj < nan + nanj.
template <class T>
constexpr bool complex_less(T a, T b) noexcept {
  const bool a_imag = a.imag == a.imag, b_imag = b.imag == b.imag;
  if (a.real < b.real) return a_imag || !b_imag;
  if (a.real > b.real) return !b_imag && a_imag;
  if (a.real == b.real || (a.real != a.real && b.real != b.real)) {
    return a.imag < b.imag || (!b_imag && a_imag);
  }
  return b.real != b.real;
}

/// numpy's sort order (npysort's Tag::less): a < b, with NaNs after every number.
struct NumpyLess {
  template <class T>
  bool operator()(T a, T b) const noexcept {
    if constexpr (std::is_floating_point_v<T>) {
      return a < b || (b != b && a == a);
    } else if constexpr (scalar::complex_number<T>) {
      return complex_less(a, b);
    } else {
      return a < b;
    }
  }
};

/// x and y are the same value for unique: equal, or both NaN (numpy 2's equal_nan=True).
struct SameValue {
  template <class T>
  bool operator()(T x, T y) const noexcept {
    return x == y || (is_nan(x) && is_nan(y));
  }
};

/// dst[i * dst_stride] = src[i * src_stride] for i < n.
template <class T>
inline void copy_run(T* dst, std::int64_t dst_stride, const T* src, std::int64_t src_stride,
                     std::int64_t n) noexcept {
  for (std::int64_t i = 0; i < n; ++i) dst[i * dst_stride] = src[i * src_stride];
}

/// Calls lane(a_first, b_first) for each lane along `axis` of a and b, two arrays whose other
/// dimensions are a's (their lengths along `axis` may differ), the other axes in C order.
template <class T, class U, int N, class F>
inline void for_each_lane_pair(const ndarray<T, N>& a, const ndarray<U, N>& b, int axis,
                               F&& lane) noexcept {
  for (int d = 0; d < N; ++d) {
    if (d != axis && a.shape[d] == 0) return;
  }
  std::array<std::int64_t, N> index{};
  std::int64_t a_offset = 0;
  std::int64_t b_offset = 0;
  for (;;) {
    lane(a.data + a_offset, b.data + b_offset);
    int d = N - 1;
    for (; d >= 0; --d) {
      if (d == axis) continue;
      a_offset += a.strides[d];
      b_offset += b.strides[d];
      if (++index[d] < a.shape[d]) break;
      a_offset -= a.strides[d] * a.shape[d];
      b_offset -= b.strides[d] * a.shape[d];
      index[d] = 0;
    }
    if (d < 0) return;
  }
}

/// Calls f(x, index) for every element x of a in C order, index its position.
template <class T, int N, class F>
inline void for_each_indexed(const ndarray<T, N>& a, F&& f) noexcept {
  if (a.size() == 0) return;
  std::array<std::int64_t, N> index{};
  std::int64_t offset = 0;
  for (;;) {
    f(a.data[offset], index);
    int d = N - 1;
    for (; d >= 0; --d) {
      offset += a.strides[d];
      if (++index[d] < a.shape[d]) break;
      offset -= a.strides[d] * a.shape[d];
      index[d] = 0;
    }
    if (d < 0) return;
  }
}

/// Sorts each lane of src along `axis` into the same lane of dst (dst may be src).
template <class T, int N>
inline bool sort_lanes(const ndarray<T, N>& dst, const ndarray<T, N>& src, int axis) noexcept {
  const std::int64_t n = src.shape[axis];
  ndarray<T, 1> buffer;
  if (!empty(buffer, {n})) return false;
  T* values = buffer.data;
  for_each_lane_pair(src, dst, axis, [&](const T* from, T* to) {
    copy_run(values, 1, from, src.strides[axis], n);
    std::sort(values, values + n, NumpyLess{});
    copy_run(to, dst.strides[axis], values, 1, n);
  });
  return true;
}

/// The positions 0..n-1 of values, stably sorted by value (ties keep their order).
template <class T>
inline void stable_order(std::int64_t* order, const T* values, std::int64_t n) noexcept {
  std::iota(order, order + n, std::int64_t{0});
  std::stable_sort(order, order + n, [values](std::int64_t i, std::int64_t j) {
    return NumpyLess{}(values[i], values[j]);
  });
}

/// The median of the n values (reordered), as numpy computes it (see the top).
template <class R, class T>
inline R median_of(T* values, std::int64_t n) noexcept {
  static_assert(std::is_floating_point_v<R>, "median gives a float");
  using A = std::conditional_t<std::is_same_v<T, float> && std::is_same_v<R, float>, float,
                               double>;
  if (n == 0) return std::numeric_limits<R>::quiet_NaN();
  if constexpr (std::is_floating_point_v<T>) {
    const T* nan = std::find_if(values, values + n, [](T x) { return x != x; });
    if (nan != values + n) return static_cast<R>(*nan);
  }
  const std::int64_t half = n / 2;
  std::nth_element(values, values + half, values + n, NumpyLess{});
  const A upper = static_cast<A>(values[half]);
  if (n % 2 == 1) return divide_count<R>(A(0) + upper, 1);
  const A lower = static_cast<A>(*std::max_element(values, values + half, NumpyLess{}));
  return divide_count<R>(A(0) + (lower + upper), 2);
}

/// numpy.subtract (integers wrapping), or numpy.not_equal for bool.
template <class T>
inline T difference(T later, T earlier) noexcept {
  if constexpr (std::is_same_v<T, bool>) {
    return later != earlier;
  } else if constexpr (std::is_integral_v<T>) {
    using U = std::make_unsigned_t<T>;
    return static_cast<T>(static_cast<U>(static_cast<U>(later) - static_cast<U>(earlier)));
  } else {
    return later - earlier;
  }
}

/// numpy's binsearch (numpy/_core/src/npysort/binsearch.cpp) over a, one key after another:
/// when a key does not sort after the previous one, the search restarts from the previous
/// bounds widened by one, as numpy's does.
template <class T>
class SortedSearch {
 public:
  SortedSearch(const ndarray<T, 1>& a, bool right) noexcept
      : a_(a.data), stride_(a.strides[0]), length_(a.shape[0]), right_(right), high_(length_) {}

  /// The index at which `key` would be inserted into a.
  std::int64_t find(T key) noexcept {
    if (!first_ && goes_before(last_, key)) {
      high_ = length_;
    } else {
      low_ = 0;
      high_ = high_ < length_ ? high_ + 1 : length_;
    }
    first_ = false;
    last_ = key;
    while (low_ < high_) {
      const std::int64_t mid = low_ + ((high_ - low_) >> 1);
      if (goes_before(a_[mid * stride_], key)) {
        low_ = mid + 1;
      } else {
        high_ = mid;
      }
    }
    return low_;
  }

 private:
  /// side='left': x < key; side='right': x <= key (in numpy's order).
  bool goes_before(T x, T key) const noexcept {
    return right_ ? !NumpyLess{}(key, x) : NumpyLess{}(x, key);
  }

  const T* a_;
  std::int64_t stride_;
  std::int64_t length_;
  bool right_;
  std::int64_t low_ = 0;
  std::int64_t high_;
  T last_{};
  bool first_ = true;
};

template <class T, int N>
inline std::int64_t count_true(const ndarray<T, N>& a) noexcept {
  std::int64_t count = 0;
  for_each_indexed(a, [&](T x, const std::array<std::int64_t, N>&) { count += x != T(0); });
  return count;
}

}  // namespace detail

// ---- sort and argsort -------------------------------------------------------------------------

/// numpy.sort(a, axis): out = a new C-contiguous array of a's shape, each lane along `axis`
/// (negative counts from the end) sorted, NaNs last.
template <class T, int N>
bool sort_axis(ndarray<T, N>& out, const ndarray<T, N>& a, std::int64_t axis) noexcept {
  if constexpr (N == 0) {
    return detail::axis_error(axis, 0);
  } else {
    int normalized = 0;
    if (!detail::normalize_axis<N>(normalized, axis)) return false;
    ndarray<T, N> result;  // not `out` yet: out may be a
    if (!empty(result, a.shape)) return false;
    if (!detail::sort_lanes(result, a, normalized)) return false;
    out = std::move(result);
    return true;
  }
}

/// numpy.sort(a): along the last axis.
template <class T, int N>
bool sort(ndarray<T, N>& out, const ndarray<T, N>& a) noexcept {
  return sort_axis(out, a, -1);
}

/// numpy.sort(a, axis=None): a flattened in C order, sorted.
template <class T, int N>
bool sort_flat(ndarray<T, 1>& out, const ndarray<T, N>& a) noexcept {
  ndarray<T, 1> result;
  if (!flatten(result, a)) return false;
  std::sort(result.data, result.data + result.shape[0], detail::NumpyLess{});
  out = std::move(result);
  return true;
}

/// a.sort(axis): sorts a's elements in place along `axis`; ValueError for a bad axis, then
/// for read-only storage.
template <class T, int N>
bool sort_inplace(const ndarray<T, N>& a, std::int64_t axis = -1) noexcept {
  if constexpr (N == 0) {
    return detail::axis_error(axis, 0);
  } else {
    int normalized = 0;
    if (!detail::normalize_axis<N>(normalized, axis)) return false;
    if (a.storage != nullptr && !a.storage->writeable) [[unlikely]] {
      return raise(Exc::ValueError, "sort array is read-only");
    }
    return detail::sort_lanes(a, a, normalized);
  }
}

/// numpy.argsort(a, axis, kind='stable'): out = int64 positions along `axis` that sort each
/// lane, a new C-contiguous array of a's shape.
template <class T, int N>
  requires(N >= 1)
bool argsort_axis(ndarray<std::int64_t, N>& out, const ndarray<T, N>& a,
                  std::int64_t axis) noexcept {
  int normalized = 0;
  if (!detail::normalize_axis<N>(normalized, axis)) return false;
  const std::int64_t n = a.shape[normalized];
  ndarray<std::int64_t, N> result;
  ndarray<T, 1> values;
  ndarray<std::int64_t, 1> order;
  if (!empty(result, a.shape) || !empty(values, {n}) || !empty(order, {n})) return false;
  detail::for_each_lane_pair(a, result, normalized, [&](const T* from, std::int64_t* to) {
    detail::copy_run(values.data, 1, from, a.strides[normalized], n);
    detail::stable_order(order.data, values.data, n);
    detail::copy_run(to, result.strides[normalized], order.data, 1, n);
  });
  out = std::move(result);
  return true;
}

/// numpy.argsort(a, kind='stable'): along the last axis.
template <class T, int N>
  requires(N >= 1)
bool argsort(ndarray<std::int64_t, N>& out, const ndarray<T, N>& a) noexcept {
  return argsort_axis(out, a, -1);
}

/// numpy.argsort(a, axis=None, kind='stable'): positions in a flattened in C order.
template <class T, int N>
bool argsort_flat(ndarray<std::int64_t, 1>& out, const ndarray<T, N>& a) noexcept {
  ndarray<T, 1> values;
  ndarray<std::int64_t, 1> result;
  if (!flatten(values, a) || !empty(result, {a.size()})) return false;
  detail::stable_order(result.data, values.data, a.size());
  out = std::move(result);
  return true;
}

// ---- median ------------------------------------------------------------------------------------

/// numpy.median(a): R is mean_result_t<T>; NaN for an empty a or one holding a NaN.
template <class R, class T, int N>
bool median(R& out, const ndarray<T, N>& a) noexcept {
  ndarray<T, 1> values;
  if (!flatten(values, a)) return false;
  out = detail::median_of<R>(values.data, values.shape[0]);
  return true;
}

/// numpy.median(a, axis): out gets a's shape without `axis`.
template <class R, class T, int N>
  requires(N >= 1)
bool median_axis(ndarray<R, N - 1>& out, const ndarray<T, N>& a, std::int64_t axis) noexcept {
  int normalized = 0;
  if (!detail::normalize_axis<N>(normalized, axis)) return false;
  const std::int64_t n = a.shape[normalized];
  const std::int64_t stride = a.strides[normalized];
  ndarray<R, N - 1> result;
  ndarray<T, 1> values;
  if (!empty(result, detail::drop_axis<N>(a.shape, normalized)) || !empty(values, {n})) {
    return false;
  }
  detail::for_each_lane(a, normalized, [&](std::int64_t j, const T* first) {
    detail::copy_run(values.data, 1, first, stride, n);
    result.data[j] = detail::median_of<R>(values.data, n);
  });
  out = std::move(result);
  return true;
}

// ---- diff ---------------------------------------------------------------------------------------

/// numpy.diff(a, n, axis): the n-th difference along `axis` (see the top); out is a new
/// C-contiguous array of a's shape with `axis` n shorter (0 at least).
template <class T, int N>
bool diff_axis(ndarray<T, N>& out, const ndarray<T, N>& a, std::int64_t n,
               std::int64_t axis) noexcept {
  if (n == 0) return copy(out, a);
  if (n < 0) {
    return raise_format(Exc::ValueError, "order must be non-negative but got %lld",
                        static_cast<long long>(n));
  }
  if constexpr (N == 0) {
    return raise(Exc::ValueError, "diff requires input that is at least one dimensional");
  } else {
    int normalized = 0;
    if (!detail::normalize_axis<N>(normalized, axis)) return false;
    const std::int64_t length = a.shape[normalized];
    std::array<std::int64_t, N> shape = a.shape;
    shape[normalized] = length > n ? length - n : 0;
    ndarray<T, N> result;
    ndarray<T, 1> buffer;
    if (!empty(result, shape) || !empty(buffer, {length})) return false;
    if (result.size() != 0) {
      T* values = buffer.data;
      detail::for_each_lane_pair(a, result, normalized, [&](const T* from, T* to) {
        detail::copy_run(values, 1, from, a.strides[normalized], length);
        for (std::int64_t round = 1; round <= n; ++round) {
          for (std::int64_t i = 0; i < length - round; ++i) {
            values[i] = detail::difference(values[i + 1], values[i]);
          }
        }
        detail::copy_run(to, result.strides[normalized], values, 1, shape[normalized]);
      });
    }
    out = std::move(result);
    return true;
  }
}

/// numpy.diff(a, n): along the last axis.
template <class T, int N>
bool diff(ndarray<T, N>& out, const ndarray<T, N>& a, std::int64_t n = 1) noexcept {
  return diff_axis(out, a, n, -1);
}

// ---- searchsorted and unique -------------------------------------------------------------------

/// numpy.searchsorted(a, v, side='right' if right else 'left') for one key v.
template <class T>
bool searchsorted(std::int64_t& out, const ndarray<T, 1>& a, std::type_identity_t<T> v,
                  bool right = false) noexcept {
  out = detail::SortedSearch<T>(a, right).find(v);
  return true;
}

/// numpy.searchsorted(a, v, side=...) for an array of keys: out gets v's shape.
template <class T, int M>
bool searchsorted(ndarray<std::int64_t, M>& out, const ndarray<T, 1>& a, const ndarray<T, M>& v,
                  bool right = false) noexcept {
  ndarray<std::int64_t, M> result;
  if (!empty(result, v.shape)) return false;
  detail::SortedSearch<T> search(a, right);
  std::int64_t* next = result.data;
  detail::for_each_indexed(v, [&](T key, const std::array<std::int64_t, M>&) {
    *next++ = search.find(key);
  });
  out = std::move(result);
  return true;
}

/// numpy.unique(a): the distinct values of a, sorted, one NaN for all of a's NaNs.
template <class T, int N>
bool unique(ndarray<T, 1>& out, const ndarray<T, N>& a) noexcept {
  ndarray<T, 1> sorted;
  if (!sort_flat(sorted, a)) return false;
  T* first = sorted.data;
  const std::int64_t count = std::unique(first, first + sorted.shape[0], detail::SameValue{}) -
                             first;
  ndarray<T, 1> result;
  if (!empty(result, {count})) return false;
  std::copy_n(first, count, result.data);
  out = std::move(result);
  return true;
}

// ---- nonzero ------------------------------------------------------------------------------------

/// numpy.count_nonzero(a).
template <class T, int N>
bool count_nonzero(std::int64_t& out, const ndarray<T, N>& a) noexcept {
  out = detail::count_true(a);
  return true;
}

/// numpy.nonzero's result for an N-dimensional array: one index array per dimension.
template <int N>
using NonzeroIndices = std::array<ndarray<std::int64_t, 1>, static_cast<std::size_t>(N)>;

/// numpy.nonzero(a): for each dimension, the int64 indices along it of a's nonzero elements
/// (C order). ValueError for a 0-d a, with numpy 2's text (longer for bool).
template <class T, int N>
bool nonzero(std::type_identity_t<NonzeroIndices<N>>& out, const ndarray<T, N>& a) noexcept {
  if constexpr (N == 0) {
    constexpr const char* message =
        std::is_same_v<T, bool>
            ? "Calling nonzero on 0d arrays is not allowed. Use "
              "np.atleast_1d(scalar).nonzero() instead. If the context of this error is of the "
              "form `arr[nonzero(cond)]`, just use `arr[cond]`."
            : "Calling nonzero on 0d arrays is not allowed. Use "
              "np.atleast_1d(scalar).nonzero() instead.";
    return raise(Exc::ValueError, message);
  } else {
    const std::int64_t count = detail::count_true(a);
    NonzeroIndices<N> result;
    for (ndarray<std::int64_t, 1>& indices : result) {
      if (!empty(indices, {count})) return false;
    }
    std::int64_t k = 0;
    detail::for_each_indexed(a, [&](T x, const std::array<std::int64_t, N>& index) {
      if (x == T(0)) return;
      for (int d = 0; d < N; ++d) result[d].data[k] = index[d];
      ++k;
    });
    out = std::move(result);
    return true;
  }
}

/// numpy.flatnonzero(a): the C-order positions of a's nonzero elements.
template <class T, int N>
bool flatnonzero(ndarray<std::int64_t, 1>& out, const ndarray<T, N>& a) noexcept {
  ndarray<std::int64_t, 1> result;
  if (!empty(result, {detail::count_true(a)})) return false;
  std::int64_t* next = result.data;
  std::int64_t position = 0;
  detail::for_each_indexed(a, [&](T x, const std::array<std::int64_t, N>&) {
    if (x != T(0)) *next++ = position;
    ++position;
  });
  out = std::move(result);
  return true;
}

/// numpy.argwhere(a): one row per nonzero element (C order), its N indices; shape (count, N).
template <class T, int N>
bool argwhere(ndarray<std::int64_t, 2>& out, const ndarray<T, N>& a) noexcept {
  ndarray<std::int64_t, 2> result;
  if (!empty(result, {detail::count_true(a), std::int64_t{N}})) return false;
  std::int64_t* next = result.data;
  detail::for_each_indexed(a, [&](T x, const std::array<std::int64_t, N>& index) {
    if (x == T(0)) return;
    for (int d = 0; d < N; ++d) *next++ = index[d];
  });
  out = std::move(result);
  return true;
}

}  // namespace pyaot::numpy
