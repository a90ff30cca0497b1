#pragma once
// numpy.partition / numpy.argpartition / a.partition(): each lane along an axis rearranged so
// that its kth element is the one a sort would put there, the smaller ones before it and the
// others after (in no particular order; numpy guarantees nothing more, and its introselect
// may order the sides differently). NaN sorts last, as in numpy.
//
//   partition_axis(out, a, kth, axis) / partition_flat(out, a, kth)     new arrays
//   partition_inplace(a, kth, axis)                                       a.partition(kth)
//   argpartition_axis(out, a, kth, axis) / argpartition_flat(out, a, kth) int64 indices
//
// The axis is normalized by the compiler; kth counts from the end when negative, ValueError
// "kth(=k) out of bounds (n)" otherwise, as numpy's.

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <type_traits>

#include "pyaot/error.hpp"
#include "pyaot/numpy/ndarray.hpp"
#include "pyaot/numpy/rearrange.hpp"

namespace pyaot::numpy {

namespace detail {

template <class T>
inline bool nan_last_less(T x, T y) noexcept {
  if constexpr (std::is_floating_point_v<T>) {
    return x < y || (std::isnan(y) && !std::isnan(x));
  } else {
    return x < y;
  }
}

inline bool kth_index(std::int64_t& out, std::int64_t kth, std::int64_t n) noexcept {
  const std::int64_t k = kth < 0 ? kth + n : kth;
  if (k < 0 || k >= n) [[unlikely]] {
    return raise_format(Exc::ValueError, "kth(=%lld) out of bounds (%lld)",
                        static_cast<long long>(k), static_cast<long long>(n));
  }
  out = k;
  return true;
}

/// f(first element, stride) of every lane of `a` along `axis`.
template <class T, int N, class F>
inline void each_partition_lane(const ndarray<T, N>& a, int axis, F&& f) noexcept {
  if (a.size() == 0) return;
  std::array<std::int64_t, N> shape = a.shape;
  shape[axis] = 1;
  std::array<std::int64_t, N> index{};
  do {
    f(&element_at(a, index), a.strides[axis]);
  } while (next_index(index, shape));
}

/// Partitions the lanes of `a` (written in place) along `axis`.
template <class T, int N>
inline bool partition_lanes(const ndarray<T, N>& a, std::int64_t kth, int axis) noexcept {
  const std::int64_t n = a.shape[axis];
  std::int64_t k = 0;
  if (!kth_index(k, kth, n)) return false;
  ndarray<T, 1> buffer;
  if (!empty(buffer, {n})) return false;
  T* lane = buffer.data;
  each_partition_lane(a, axis, [&](T* first, std::int64_t stride) {
    for (std::int64_t i = 0; i < n; ++i) lane[i] = first[i * stride];
    std::nth_element(lane, lane + k, lane + n, nan_last_less<T>);
    for (std::int64_t i = 0; i < n; ++i) first[i * stride] = lane[i];
  });
  return true;
}

/// out (int64, a's shape) gets the argpartition of each lane of `a` along `axis`.
template <class T, int N>
inline bool argpartition_lanes(ndarray<std::int64_t, N>& out, const ndarray<T, N>& a,
                               std::int64_t kth, int axis) noexcept {
  const std::int64_t n = a.shape[axis];
  std::int64_t k = 0;
  if (!kth_index(k, kth, n) || !empty(out, a.shape)) return false;
  ndarray<std::int64_t, 1> buffer;
  if (!empty(buffer, {n})) return false;
  std::int64_t* order = buffer.data;
  std::array<std::int64_t, N> shape = a.shape;
  shape[axis] = 1;
  if (a.size() == 0) return true;
  std::array<std::int64_t, N> index{};
  do {
    const T* first = &element_at(a, index);
    const std::int64_t stride = a.strides[axis];
    for (std::int64_t i = 0; i < n; ++i) order[i] = i;
    std::nth_element(order, order + k, order + n, [&](std::int64_t x, std::int64_t y) {
      return nan_last_less(first[x * stride], first[y * stride]);
    });
    std::int64_t* dst = &element_at(out, index);
    for (std::int64_t i = 0; i < n; ++i) dst[i * out.strides[axis]] = order[i];
  } while (next_index(index, shape));
  return true;
}

template <class T, int N>
inline bool flat_copy(ndarray<T, 1>& out, const ndarray<T, N>& a) noexcept {
  if (!empty(out, {a.size()})) return false;
  T* dst = out.data;
  for_each_element(a, [&](const T& x) { *dst++ = x; });
  return true;
}

}  // namespace detail

/// a.partition(kth, axis): in place; ValueError when a is read-only.
template <class T, int N>
bool partition_inplace(const ndarray<T, N>& a, std::int64_t kth, int axis) noexcept {
  if (!a.storage->writeable) [[unlikely]] {
    return raise(Exc::ValueError, "assignment destination is read-only");
  }
  return detail::partition_lanes(a, kth, axis);
}

/// numpy.partition(a, kth, axis): a new array.
template <class T, int N>
bool partition_axis(ndarray<T, N>& out, const ndarray<T, N>& a, std::int64_t kth,
                    int axis) noexcept {
  ndarray<T, N> copy;
  if (!empty(copy, a.shape)) return false;
  T* dst = copy.data;
  detail::for_each_element(a, [&](const T& x) { *dst++ = x; });
  if (!detail::partition_lanes(copy, kth, axis)) return false;
  out = copy;
  return true;
}

/// numpy.partition(a, kth, axis=None): of the flattened a.
template <class T, int N>
bool partition_flat(ndarray<T, 1>& out, const ndarray<T, N>& a, std::int64_t kth) noexcept {
  ndarray<T, 1> copy;
  if (!detail::flat_copy(copy, a) || !detail::partition_lanes(copy, kth, 0)) return false;
  out = copy;
  return true;
}

/// numpy.argpartition(a, kth, axis).
template <class T, int N>
bool argpartition_axis(ndarray<std::int64_t, N>& out, const ndarray<T, N>& a, std::int64_t kth,
                       int axis) noexcept {
  return detail::argpartition_lanes(out, a, kth, axis);
}

/// numpy.argpartition(a, kth, axis=None): indices into the flattened a.
template <class T, int N>
bool argpartition_flat(ndarray<std::int64_t, 1>& out, const ndarray<T, N>& a,
                       std::int64_t kth) noexcept {
  ndarray<T, 1> flat;
  return detail::flat_copy(flat, a) && detail::argpartition_lanes(out, flat, kth, 0);
}

}  // namespace pyaot::numpy
