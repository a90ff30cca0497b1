#pragma once
// numpy's joining and axis-moving functions: concatenate, stack, hstack, vstack (new arrays),
// and expand_dims, squeeze, flip (views that share the array's storage).
//
// Every input already has the result's dtype T (the compiler converts first). The fallible
// functions return false with numpy's exception pending and leave `out` as it was; numpy's
// AxisError is raised as ValueError (AxisError is a ValueError) with numpy's text ("axis 2 is
// out of bounds for array of dimension 2"). Results of the joins are C-contiguous.

#include <array>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>

#include "pyaot/error.hpp"
#include "pyaot/numpy/ndarray.hpp"
#include "pyaot/numpy/view.hpp"

namespace pyaot::numpy {

namespace detail {

[[gnu::cold]] inline bool join_axis_error(std::int64_t axis, int ndim) noexcept {
  return raise_format(Exc::ValueError, "axis %lld is out of bounds for array of dimension %d",
                      static_cast<long long>(axis), ndim);
}

/// numpy's normalize_axis_index: the axis in [0, ndim), negative counting from the end.
inline bool join_normalize_axis(int& out, std::int64_t axis, int ndim) noexcept {
  if (axis < -ndim || axis >= ndim) return join_axis_error(axis, ndim);
  out = static_cast<int>(axis < 0 ? axis + ndim : axis);
  return true;
}

/// The view of `a` with a dimension of length 1 (stride 0) inserted before `axis` (in
/// [0, N]).
template <class T, int N>
inline ndarray<T, N + 1> insert_unit_axis(const ndarray<T, N>& a, int axis) noexcept {
  std::array<std::int64_t, N + 1> shape{};
  std::array<std::int64_t, N + 1> strides{};
  for (int d = 0, k = 0; d < N + 1; ++d) {
    if (d == axis) {
      shape[d] = 1;
      strides[d] = 0;
    } else {
      shape[d] = a.shape[k];
      strides[d] = a.strides[k];
      ++k;
    }
  }
  return ndarray<T, N + 1>(a.data, shape, strides, a.storage);
}

/// numpy.atleast_{1,2}d for a rank below M: leading dimensions of length 1 (atleast_2d of a
/// 1-d array is a row); an array of rank M or more is returned as it is.
template <int M, class T, int N>
inline auto at_least(const ndarray<T, N>& a) noexcept {
  if constexpr (N >= M) {
    return a;
  } else {
    return at_least<M>(insert_unit_axis<T, N>(a, 0));
  }
}

/// concatenate over `count` arrays along a normalized-or-not axis.
template <class T, int N>
bool concatenate_impl(ndarray<T, N>& out, const ndarray<T, N>* const* arrays, std::size_t count,
                      std::int64_t axis_arg) noexcept {
  static_assert(N >= 1, "zero-dimensional arrays cannot be concatenated");
  if (count == 0) return raise(Exc::ValueError, "need at least one array to concatenate");
  int axis = 0;
  if (!join_normalize_axis(axis, axis_arg, N)) return false;
  std::array<std::int64_t, N> shape = arrays[0]->shape;
  for (std::size_t i = 1; i < count; ++i) {
    const ndarray<T, N>& a = *arrays[i];
    for (int d = 0; d < N; ++d) {
      if (d == axis) continue;
      if (a.shape[d] != shape[d]) [[unlikely]] {
        return raise_format(Exc::ValueError,
                            "all the input array dimensions except for the concatenation axis "
                            "must match exactly, but along dimension %d, the array at index 0 "
                            "has size %lld and the array at index %zu has size %lld",
                            d, static_cast<long long>(shape[d]), i,
                            static_cast<long long>(a.shape[d]));
      }
    }
    shape[axis] += a.shape[axis];
  }
  ndarray<T, N> result;
  if (!empty(result, shape)) return false;
  if (result.size() != 0) {
    std::int64_t position = 0;
    for (std::size_t i = 0; i < count; ++i) {
      const ndarray<T, N>& a = *arrays[i];
      if (a.size() != 0) {
        copy_strided<0, T, N>(result.data + position * result.strides[axis], a.data, a.shape,
                              result.strides, a.strides);
      }
      position += a.shape[axis];
    }
  }
  out = std::move(result);
  return true;
}

/// concatenate of the K views along `axis`.
template <class T, int M, std::size_t K>
inline bool concatenate_views(ndarray<T, M>& out, const ndarray<T, M> (&views)[K],
                              int axis) noexcept {
  const ndarray<T, M>* arrays[K];
  for (std::size_t i = 0; i < K; ++i) arrays[i] = &views[i];
  return concatenate_impl<T, M>(out, arrays, K, axis);
}

template <class T, int N, class... A>
inline constexpr bool all_arrays = (std::is_same_v<A, ndarray<T, N>> && ...);

/// The operands of a join that first raises them to rank `Least` (hstack, vstack,
/// column_stack, dstack): arrays of dtype T, all of rank N or all of rank up to `Least`
/// (`np.column_stack((m, v))` of a matrix and a vector), as NumPy takes them.
template <int Least, class T, int N, class... A>
inline constexpr bool raisable_arrays =
    (std::is_same_v<A, ndarray<T, A::ndim>> && ...) &&
    (((A::ndim == N) && ...) || ((N <= Least) && ... && (A::ndim <= Least)));

}  // namespace detail

// ---- Joins ----------------------------------------------------------------------------------

/// numpy.concatenate(arrays[:count], axis): ValueError "need at least one array to
/// concatenate", numpy's AxisError text, or "all the input array dimensions except for the
/// concatenation axis must match exactly, but along dimension 1, the array at index 0 has size
/// 3 and the array at index 1 has size 4".
template <class T, int N>
bool concatenate_n(ndarray<T, N>& out, const ndarray<T, N>* const* arrays, std::size_t count,
                   std::int64_t axis) noexcept {
  return detail::concatenate_impl<T, N>(out, arrays, count, axis);
}

/// numpy.concatenate((a, b), axis).
template <class T, int N>
bool concatenate(ndarray<T, N>& out, const ndarray<T, N>& a, const ndarray<T, N>& b,
                 std::int64_t axis) noexcept {
  const ndarray<T, N>* arrays[] = {&a, &b};
  return detail::concatenate_impl<T, N>(out, arrays, 2, axis);
}

/// numpy.concatenate((a, b, c), axis).
template <class T, int N>
bool concatenate(ndarray<T, N>& out, const ndarray<T, N>& a, const ndarray<T, N>& b,
                 const ndarray<T, N>& c, std::int64_t axis) noexcept {
  const ndarray<T, N>* arrays[] = {&a, &b, &c};
  return detail::concatenate_impl<T, N>(out, arrays, 3, axis);
}

/// numpy.stack((first, rest...), axis): a new axis of length 1 + sizeof...(rest) at `axis`
/// (in [-(N+1), N]). ValueError "all input arrays must have the same shape" (checked first),
/// then numpy's AxisError text.
template <class T, int N, class... A>
  requires(detail::all_arrays<T, N, A...>)
bool stack(ndarray<T, N + 1>& out, std::int64_t axis_arg, const ndarray<T, N>& first,
           const A&... rest) noexcept {
  if (!((rest.shape == first.shape) && ...)) [[unlikely]] {
    return raise(Exc::ValueError, "all input arrays must have the same shape");
  }
  int axis = 0;
  if (!detail::join_normalize_axis(axis, axis_arg, N + 1)) return false;
  const ndarray<T, N + 1> views[] = {detail::insert_unit_axis<T, N>(first, axis),
                                     detail::insert_unit_axis<T, N>(rest, axis)...};
  return detail::concatenate_views(out, views, axis);
}

/// numpy.hstack((first, rest...)): 1-d arrays (0-d ones as 1-d) join along axis 0, arrays of
/// two or more dimensions along axis 1; concatenate's errors.
template <class T, int N, class... A>
  requires(detail::raisable_arrays<1, T, N, A...>)
bool hstack(ndarray<T, (N < 1 ? 1 : N)>& out, const ndarray<T, N>& first,
            const A&... rest) noexcept {
  constexpr int M = N < 1 ? 1 : N;
  const ndarray<T, M> views[] = {detail::at_least<1>(first), detail::at_least<1>(rest)...};
  return detail::concatenate_views(out, views, M == 1 ? 0 : 1);
}

/// numpy.vstack((first, rest...)): 1-d arrays (n,) become rows (1, n), 0-d ones (1, 1), and
/// everything joins along axis 0; concatenate's errors.
template <class T, int N, class... A>
  requires(detail::raisable_arrays<2, T, N, A...>)
bool vstack(ndarray<T, (N < 2 ? 2 : N)>& out, const ndarray<T, N>& first,
            const A&... rest) noexcept {
  constexpr int M = N < 2 ? 2 : N;
  const ndarray<T, M> views[] = {detail::at_least<2>(first), detail::at_least<2>(rest)...};
  return detail::concatenate_views(out, views, 0);
}

namespace detail {

/// numpy.column_stack's operand: a 1-d array (n,) as a column (n, 1), a 0-d one as (1, 1).
template <class T, int N>
inline auto as_column(const ndarray<T, N>& a) noexcept {
  if constexpr (N == 0) {
    return insert_unit_axis<T, 1>(insert_unit_axis<T, 0>(a, 0), 1);
  } else if constexpr (N == 1) {
    return insert_unit_axis<T, 1>(a, 1);
  } else {
    return a;
  }
}

/// numpy.atleast_3d: (1, 1, 1) for 0-d, (1, n, 1) for (n,), (m, n, 1) for (m, n).
template <class T, int N>
inline auto at_least_3d(const ndarray<T, N>& a) noexcept {
  if constexpr (N == 0) {
    return insert_unit_axis<T, 2>(insert_unit_axis<T, 1>(insert_unit_axis<T, 0>(a, 0), 0), 0);
  } else if constexpr (N == 1) {
    return insert_unit_axis<T, 2>(insert_unit_axis<T, 1>(a, 0), 2);
  } else if constexpr (N == 2) {
    return insert_unit_axis<T, 2>(a, 2);
  } else {
    return a;
  }
}

}  // namespace detail

/// numpy.column_stack((first, rest...)): arrays of rank below 2 as columns, then everything
/// joined along axis 1; concatenate's errors.
template <class T, int N, class... A>
  requires(detail::raisable_arrays<2, T, N, A...>)
bool column_stack(ndarray<T, (N < 2 ? 2 : N)>& out, const ndarray<T, N>& first,
                  const A&... rest) noexcept {
  constexpr int M = N < 2 ? 2 : N;
  const ndarray<T, M> views[] = {detail::as_column(first), detail::as_column(rest)...};
  return detail::concatenate_views(out, views, 1);
}

/// numpy.dstack((first, rest...)): atleast_3d of each, joined along axis 2.
template <class T, int N, class... A>
  requires(detail::raisable_arrays<3, T, N, A...>)
bool dstack(ndarray<T, (N < 3 ? 3 : N)>& out, const ndarray<T, N>& first,
            const A&... rest) noexcept {
  constexpr int M = N < 3 ? 3 : N;
  const ndarray<T, M> views[] = {detail::at_least_3d(first), detail::at_least_3d(rest)...};
  return detail::concatenate_views(out, views, 2);
}

/// numpy.row_stack: numpy.vstack (an alias NumPy 2 deprecates).
template <class T, int N, class... A>
  requires(detail::raisable_arrays<2, T, N, A...>)
bool row_stack(ndarray<T, (N < 2 ? 2 : N)>& out, const ndarray<T, N>& first,
               const A&... rest) noexcept {
  return vstack(out, first, rest...);
}

// ---- Views ----------------------------------------------------------------------------------

/// numpy.expand_dims(a, axis): a view with a new dimension of length 1 (stride 0) at `axis`
/// (in [-(N+1), N]); numpy's AxisError text for the result's rank otherwise.
template <class T, int N>
bool expand_dims(ndarray<T, N + 1>& out, const ndarray<T, N>& a, std::int64_t axis) noexcept {
  int normalized = 0;
  if (!detail::join_normalize_axis(normalized, axis, N + 1)) return false;
  out = detail::insert_unit_axis<T, N>(a, normalized);
  return true;
}

/// numpy.squeeze(a, axis): the view without dimension `axis`; numpy's AxisError text, or
/// ValueError "cannot select an axis to squeeze out which has size not equal to one".
template <class T, int N>
bool squeeze(ndarray<T, N - 1>& out, const ndarray<T, N>& a, std::int64_t axis) noexcept {
  static_assert(N >= 1, "a 0-d array has no axis to squeeze");
  int normalized = 0;
  if (!detail::join_normalize_axis(normalized, axis, N)) return false;
  if (a.shape[normalized] != 1) [[unlikely]] {
    return raise(Exc::ValueError,
                 "cannot select an axis to squeeze out which has size not equal to one");
  }
  std::array<std::int64_t, N - 1> shape{};
  std::array<std::int64_t, N - 1> strides{};
  for (int d = 0, k = 0; d < N; ++d) {
    if (d == normalized) continue;
    shape[k] = a.shape[d];
    strides[k] = a.strides[d];
    ++k;
  }
  out = ndarray<T, N - 1>(a.data, shape, strides, a.storage);
  return true;
}

namespace detail {

/// a[..., ::-1, ...] on one normalized axis, in place on a view's fields.
template <class T, int N>
inline void flip_axis(T*& data, std::array<std::int64_t, N>& strides,
                      const std::array<std::int64_t, N>& shape, int axis) noexcept {
  // an empty dimension keeps the data pointer (numpy's empty slice), stride just negated
  if (shape[axis] > 0) data += (shape[axis] - 1) * strides[axis];
  strides[axis] = -strides[axis];
}

}  // namespace detail

/// numpy.flip(a, axis): the view a[..., ::-1, ...] reversed along `axis`; numpy's AxisError
/// text for a bad axis.
template <class T, int N>
bool flip(ndarray<T, N>& out, const ndarray<T, N>& a, std::int64_t axis) noexcept {
  int normalized = 0;
  if (!detail::join_normalize_axis(normalized, axis, N)) return false;
  T* data = a.data;
  std::array<std::int64_t, N> strides = a.strides;
  detail::flip_axis<T, N>(data, strides, a.shape, normalized);
  out = ndarray<T, N>(data, a.shape, strides, a.storage);
  return true;
}

/// numpy.flip(a): the view reversed along every axis (a itself for a 0-d array).
template <class T, int N>
ndarray<T, N> flip(const ndarray<T, N>& a) noexcept {
  T* data = a.data;
  std::array<std::int64_t, N> strides = a.strides;
  for (int axis = 0; axis < N; ++axis) detail::flip_axis<T, N>(data, strides, a.shape, axis);
  return ndarray<T, N>(data, a.shape, strides, a.storage);
}

}  // namespace pyaot::numpy
