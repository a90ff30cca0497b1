#pragma once
// numpy's set functions of arrays, flattened, in the operands' common dtype T (the compiler
// converts first), following numpy/lib/_arraysetops_impl.py:
//
//   isin(out, element, test, invert)   bool of element's shape: equal to some test value
//   intersect1d / union1d / setdiff1d / setxor1d(out, a, b)   sorted 1-d results
//   array_equal(out, a, b, equal_nan)  same shape and values
//
// numpy.unique keeps one NaN (equal_nan=True), sorted last; a NaN is equal to nothing, so
// it is in no intersection and never `isin`; setxor1d keeps both operands' NaNs, as numpy's.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <type_traits>

#include "pyaot/error.hpp"
#include "pyaot/numpy/ndarray.hpp"
#include "pyaot/numpy/partition.hpp"
#include "pyaot/numpy/rearrange.hpp"

namespace pyaot::numpy {

namespace detail {

template <class T>
inline bool is_nan_value(T x) noexcept {
  if constexpr (std::is_floating_point_v<T>) {
    return std::isnan(x);
  } else {
    (void)x;
    return false;
  }
}

/// numpy.unique(a) (flattened, sorted, one NaN kept): its length; the values in out.
template <class T, int N>
inline bool unique_values(ndarray<T, 1>& out, std::int64_t& count, const ndarray<T, N>& a) noexcept {
  if (!flat_copy(out, a)) return false;
  T* first = out.data;
  T* last = first + out.shape[0];
  std::sort(first, last, nan_last_less<T>);
  count = std::unique(first, last, [](T x, T y) {
            return x == y || (is_nan_value(x) && is_nan_value(y));
          }) - first;
  return true;
}

/// unique(a) and unique(b): their values and lengths.
template <class T>
struct UniquePair {
  ndarray<T, 1> ua;
  std::int64_t na = 0;
  ndarray<T, 1> ub;
  std::int64_t nb = 0;

  template <int N, int M>
  bool make(const ndarray<T, N>& a, const ndarray<T, M>& b) noexcept {
    return unique_values(ua, na, a) && unique_values(ub, nb, b);
  }
};

template <class T>
inline bool copy_prefix(ndarray<T, 1>& out, const T* values, std::int64_t n) noexcept {
  if (!empty(out, {n})) return false;
  std::copy(values, values + n, out.data);
  return true;
}

}  // namespace detail

/// numpy.isin(element, test_elements, invert=).
template <class T, int N, int M>
bool isin(ndarray<bool, N>& out, const ndarray<T, N>& element, const ndarray<T, M>& test,
          bool invert) noexcept {
  ndarray<T, 1> sorted;
  std::int64_t n = 0;
  if (!detail::unique_values(sorted, n, test) || !empty(out, element.shape)) return false;
  const T* first = sorted.data;
  bool* dst = out.data;
  detail::for_each_element(element, [&](T x) {
    const bool found = !detail::is_nan_value(x) &&
                       std::binary_search(first, first + n, x, detail::nan_last_less<T>);
    *dst++ = found != invert;
  });
  return true;
}

/// numpy.intersect1d(a, b): the sorted unique values in both.
template <class T, int N, int M>
bool intersect1d(ndarray<T, 1>& out, const ndarray<T, N>& a, const ndarray<T, M>& b) noexcept {
  detail::UniquePair<T> u;
  if (!u.make(a, b)) return false;
  auto& [ua, na, ub, nb] = u;
  ndarray<T, 1> both;
  if (!empty(both, {std::min(na, nb)})) return false;
  std::int64_t n = 0;
  for (std::int64_t i = 0, j = 0; i < na && j < nb;) {
    if (detail::is_nan_value(ua.data[i]) || detail::is_nan_value(ub.data[j])) break;
    if (ua.data[i] < ub.data[j]) {
      ++i;
    } else if (ub.data[j] < ua.data[i]) {
      ++j;
    } else {
      both.data[n++] = ua.data[i];
      ++i;
      ++j;
    }
  }
  return detail::copy_prefix(out, both.data, n);
}

/// numpy.union1d(a, b): the sorted unique values of either.
template <class T, int N, int M>
bool union1d(ndarray<T, 1>& out, const ndarray<T, N>& a, const ndarray<T, M>& b) noexcept {
  ndarray<T, 1> joined;
  if (!empty(joined, {a.size() + b.size()})) return false;
  T* dst = joined.data;
  detail::for_each_element(a, [&](const T& x) { *dst++ = x; });
  detail::for_each_element(b, [&](const T& x) { *dst++ = x; });
  ndarray<T, 1> u;
  std::int64_t n = 0;
  return detail::unique_values(u, n, joined) && detail::copy_prefix(out, u.data, n);
}

/// numpy.setdiff1d(a, b): the sorted unique values of a not in b.
template <class T, int N, int M>
bool setdiff1d(ndarray<T, 1>& out, const ndarray<T, N>& a, const ndarray<T, M>& b) noexcept {
  detail::UniquePair<T> u;
  if (!u.make(a, b)) return false;
  auto& [ua, na, ub, nb] = u;
  std::int64_t n = 0;
  for (std::int64_t i = 0; i < na; ++i) {
    const T x = ua.data[i];
    const bool found = !detail::is_nan_value(x) &&
                       std::binary_search(ub.data, ub.data + nb, x, detail::nan_last_less<T>);
    if (!found) ua.data[n++] = x;
  }
  return detail::copy_prefix(out, ua.data, n);
}

/// numpy.setxor1d(a, b): the sorted values in exactly one of unique(a) and unique(b).
template <class T, int N, int M>
bool setxor1d(ndarray<T, 1>& out, const ndarray<T, N>& a, const ndarray<T, M>& b) noexcept {
  detail::UniquePair<T> u;
  if (!u.make(a, b)) return false;
  auto& [ua, na, ub, nb] = u;
  ndarray<T, 1> aux;
  if (!empty(aux, {na + nb})) return false;
  std::copy(ua.data, ua.data + na, aux.data);
  std::copy(ub.data, ub.data + nb, aux.data + na);
  const std::int64_t n = na + nb;
  std::sort(aux.data, aux.data + n, detail::nan_last_less<T>);
  // flag[i]: aux[i] differs from aux[i - 1] (NaN differs from NaN); kept where it differs
  // from both neighbours
  std::int64_t kept = 0;
  ndarray<T, 1> result;
  if (!empty(result, {n})) return false;
  for (std::int64_t i = 0; i < n; ++i) {
    const bool left = i == 0 || aux.data[i] != aux.data[i - 1];
    const bool right = i == n - 1 || aux.data[i + 1] != aux.data[i];
    if (left && right) result.data[kept++] = aux.data[i];
  }
  return detail::copy_prefix(out, result.data, kept);
}

/// numpy.array_equal(a, b, equal_nan=): compared in the common dtype (the compiler converts).
template <class T, int N, int M>
bool array_equal(bool& out, const ndarray<T, N>& a, const ndarray<T, M>& b,
                 bool equal_nan) noexcept {
  out = false;
  if constexpr (N == M) {
    if (a.shape != b.shape) return true;
    ndarray<T, 1> fa;
    ndarray<T, 1> fb;
    if (!detail::flat_copy(fa, a) || !detail::flat_copy(fb, b)) return false;
    for (std::int64_t i = 0; i < fa.shape[0]; ++i) {
      const T x = fa.data[i];
      const T y = fb.data[i];
      if (!(x == y || (equal_nan && detail::is_nan_value(x) && detail::is_nan_value(y)))) {
        return true;
      }
    }
    out = true;
  }
  return true;
}

}  // namespace pyaot::numpy
