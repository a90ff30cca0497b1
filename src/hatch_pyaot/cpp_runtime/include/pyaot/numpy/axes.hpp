#pragma once
// numpy's functions that reorder or add axes (views sharing the array's storage) and the
// triangle and diagonal functions (new arrays or scalars):
//
//   transpose_axes(out, a, axes)       numpy.transpose(a, axes), a.transpose(axes): a view
//   swapaxes(out, a, i, j)             numpy.swapaxes / a.swapaxes: a view
//   moveaxis(out, a, source, dest)     numpy.moveaxis of one axis: a view
//   atleast(out, a)                    numpy.atleast_1d/2d/3d: a view
//   rot90(out, a, k, axis0, axis1)     numpy.rot90: a view
//   tril(out, a, k) / triu(out, a, k)  new arrays (the last two axes)
//   tri<T>(out, n, m, k)               numpy.tri
//   trace(out, a, offset)              numpy.trace of a 2-d array, in the sum's dtype
//   diag(out, v, k)                    numpy.diag of a 1-d array: a new 2-d array
//
// Axes written in the code are normalized by the compiler; the others (transpose's axes) are
// checked here with numpy's errors.

#include <algorithm>
#include <array>
#include <cstdint>
#include <type_traits>

#include "pyaot/error.hpp"
#include "pyaot/numpy/ndarray.hpp"
#include "pyaot/numpy/rearrange.hpp"
#include "pyaot/numpy/reduce.hpp"

namespace pyaot::numpy {

/// numpy.transpose(a, axes): axes a permutation of 0..N-1 (negative count from the end).
template <class T, int N>
bool transpose_axes(ndarray<T, N>& out, const ndarray<T, N>& a,
                    const std::array<std::int64_t, static_cast<std::size_t>(N)>& axes) noexcept {
  std::array<bool, N> seen{};
  ndarray<T, N> view = a;
  for (int d = 0; d < N; ++d) {
    std::int64_t axis = axes[d];
    if (axis < -N || axis >= N) [[unlikely]] {
      return raise_format(Exc::ValueError, "axis %lld is out of bounds for array of dimension %d",
                          static_cast<long long>(axis), N);
    }
    if (axis < 0) axis += N;
    if (seen[axis]) [[unlikely]] return raise(Exc::ValueError, "repeated axis in transpose");
    seen[axis] = true;
    view.shape[d] = a.shape[axis];
    view.strides[d] = a.strides[axis];
  }
  out = view;
  return true;
}

/// numpy.swapaxes(a, i, j).
template <class T, int N>
bool swapaxes(ndarray<T, N>& out, const ndarray<T, N>& a, int i, int j) noexcept {
  ndarray<T, N> view = a;
  std::swap(view.shape[i], view.shape[j]);
  std::swap(view.strides[i], view.strides[j]);
  out = view;
  return true;
}

/// numpy.moveaxis(a, source, destination) of one axis.
template <class T, int N>
bool moveaxis(ndarray<T, N>& out, const ndarray<T, N>& a, int source, int destination) noexcept {
  std::array<int, N> order{};
  for (int d = 0, k = 0; d < N; ++d) {
    if (d == source) continue;
    order[k++] = d;
  }
  for (int d = N - 1; d > destination; --d) order[d] = order[d - 1];
  order[destination] = source;
  ndarray<T, N> view = a;
  for (int d = 0; d < N; ++d) {
    view.shape[d] = a.shape[order[d]];
    view.strides[d] = a.strides[order[d]];
  }
  out = view;
  return true;
}

/// numpy.atleast_1d/2d/3d (M): a of rank N < M with axes of length 1 added, numpy's way
/// (1-d x becomes (1, n) and (1, n, 1); 2-d becomes (m, n, 1)).
template <int M, class T, int N>
bool atleast(ndarray<T, M>& out, const ndarray<T, N>& a) noexcept {
  static_assert(N < M && M <= 3);
  std::array<std::int64_t, M> shape{};
  std::array<std::int64_t, M> strides{};
  for (int d = 0; d < M; ++d) shape[d] = 1;
  if constexpr (N == 1) {
    const int at = M == 1 ? 0 : 1;
    shape[at] = a.shape[0];
    strides[at] = a.strides[0];
  } else if constexpr (N == 2) {
    shape[0] = a.shape[0];
    shape[1] = a.shape[1];
    strides[0] = a.strides[0];
    strides[1] = a.strides[1];
  }
  out = ndarray<T, M>(a.data, shape, strides, a.storage);
  return true;
}

/// numpy.rot90(a, k, axes=(axis0, axis1)): k quarter turns from axis0 towards axis1.
template <class T, int N>
bool rot90(ndarray<T, N>& out, const ndarray<T, N>& a, std::int64_t k, int axis0,
           int axis1) noexcept {
  const std::int64_t turns = detail::floor_mod(k, 4);
  ndarray<T, N> view = a;
  auto flip = [&](int axis) {
    if (view.shape[axis] > 0) view.data += (view.shape[axis] - 1) * view.strides[axis];
    view.strides[axis] = -view.strides[axis];
  };
  if (turns == 2) {
    flip(axis0);
    flip(axis1);
  } else if (turns == 1) {  // flip(axis1), then swap the two axes
    flip(axis1);
    std::swap(view.shape[axis0], view.shape[axis1]);
    std::swap(view.strides[axis0], view.strides[axis1]);
  } else if (turns == 3) {  // swap, then flip(axis1)
    std::swap(view.shape[axis0], view.shape[axis1]);
    std::swap(view.strides[axis0], view.strides[axis1]);
    flip(axis1);
  }
  out = view;
  return true;
}

namespace detail {

/// A 1-d a is a row broadcast to a square, as numpy's where(tri(...), a, 0) does.
template <bool Lower, class T, int N, int M>
inline bool triangle(ndarray<T, M>& out, const ndarray<T, N>& a, std::int64_t k) noexcept {
  static_assert(N >= 1 && M == (N > 2 ? N : 2));
  std::array<std::int64_t, M> shape{};
  for (int d = 0; d < M; ++d) shape[d] = N == 1 ? a.shape[0] : a.shape[d];
  if (!empty(out, shape)) return false;
  fill_by_index(out, [&](const std::array<std::int64_t, M>& index) {
    const std::int64_t row = index[M - 2];
    const std::int64_t column = index[M - 1];
    const bool keep = Lower ? column - row <= k : column - row >= k;
    if (!keep) return T(0);
    if constexpr (N == 1) {
      return a.data[column * a.strides[0]];
    } else {
      return element_at(a, index);
    }
  });
  return true;
}

}  // namespace detail

/// numpy.tril(a, k): zeros above the kth diagonal of the last two axes.
template <class T, int N, int M>
bool tril(ndarray<T, M>& out, const ndarray<T, N>& a, std::int64_t k) noexcept {
  return detail::triangle<true>(out, a, k);
}

/// numpy.triu(a, k): zeros below the kth diagonal.
template <class T, int N, int M>
bool triu(ndarray<T, M>& out, const ndarray<T, N>& a, std::int64_t k) noexcept {
  return detail::triangle<false>(out, a, k);
}

/// numpy.tri(n, m, k, dtype): ones at and below the kth diagonal.
template <class T>
bool tri(ndarray<T, 2>& out, std::int64_t n, std::int64_t m, std::int64_t k) noexcept {
  // numpy's outer(arange(n), arange(-k, m - k)): a negative size counts as 0
  if (!empty(out, {std::max<std::int64_t>(n, 0), std::max<std::int64_t>(m, 0)})) return false;
  detail::fill_by_index(out, [&](const std::array<std::int64_t, 2>& index) {
    return static_cast<T>(index[1] - index[0] <= k);
  });
  return true;
}

/// numpy.trace(a, offset) of a 2-d array: numpy.sum of the diagonal (a strided view), in R.
template <class R, class T>
bool trace(R& out, const ndarray<T, 2>& a, std::int64_t offset) noexcept {
  const std::int64_t i = offset >= 0 ? 0 : -offset;
  const std::int64_t j = offset >= 0 ? offset : 0;
  const std::int64_t n = std::max<std::int64_t>(
      0, std::min(a.shape[0] - i, a.shape[1] - j));
  const ndarray<T, 1> diagonal(n == 0 ? a.data : a.data + i * a.strides[0] + j * a.strides[1],
                               {n}, {a.strides[0] + a.strides[1]}, a.storage);
  return sum(out, diagonal);
}

/// numpy.diag(v, k) of a 1-d v: a square array with v on its kth diagonal.
template <class T>
bool diag(ndarray<T, 2>& out, const ndarray<T, 1>& v, std::int64_t k) noexcept {
  const std::int64_t n = v.shape[0] + (k >= 0 ? k : -k);
  if (!zeros(out, {n, n})) return false;
  for (std::int64_t i = 0; i < v.shape[0]; ++i) {
    const std::int64_t row = k >= 0 ? i : i - k;
    const std::int64_t column = k >= 0 ? i + k : i;
    out.data[row * n + column] = v.data[i * v.strides[0]];
  }
  return true;
}

}  // namespace pyaot::numpy
