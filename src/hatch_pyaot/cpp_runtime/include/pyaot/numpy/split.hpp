#pragma once
// numpy's split family: split, array_split (hsplit, vsplit and dsplit are split along axis
// 1 or 0, 0, 2, chosen by the compiler), and the joins of a list of arrays (concatenate,
// stack, hstack, vstack of a `list[NDArray]` value).
//
// Every piece is a view of the array (numpy's `swapaxes(swapaxes(a, axis, 0)[st:end], axis,
// 0)`: the same strides, the data moved along `axis`), so it shares its storage. The axis is
// normalized by the compiler. The errors are numpy's, type and text:
//
//   split_count(out, a, n, axis)          ZeroDivisionError "integer modulo by zero", ValueError
//                                         "array split does not result in an equal division",
//                                         "number sections must be larger than 0."
//   array_split_count(out, a, n, axis)    n pieces, the first N % n one longer
//   split_indices(out, a, indices, axis)  pieces between the indices (Python's slice bounds:
//                                         negative ones count from the end, past it clamp);
//                                         indices a std::array, list or 1-d array of int64
//   concatenate_list / stack_list / hstack_list / vstack_list (out, arrays[, axis])

#include <array>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>
#include <vector>

#include "pyaot/builtins/list.hpp"
#include "pyaot/error.hpp"
#include "pyaot/numpy/join.hpp"
#include "pyaot/numpy/ndarray.hpp"

namespace pyaot::numpy {

namespace detail {

/// a[..., start:stop, ...] along `axis`, start and stop already within [0, shape[axis]].
template <class T, int N>
inline ndarray<T, N> axis_piece(const ndarray<T, N>& a, int axis, std::int64_t start,
                                std::int64_t stop) noexcept {
  std::array<std::int64_t, N> shape = a.shape;
  shape[axis] = stop > start ? stop - start : 0;
  T* data = shape[axis] != 0 ? a.data + start * a.strides[axis] : a.data;
  return ndarray<T, N>(data, shape, a.strides, a.storage);
}

/// Python's bound of a slice of `size` items: negative counts from the end, clamped.
inline std::int64_t slice_bound(std::int64_t i, std::int64_t size) noexcept {
  if (i < 0) {
    i += size;
    return i < 0 ? 0 : i;
  }
  return i > size ? size : i;
}

inline std::size_t index_count(const std::vector<std::int64_t>& v) noexcept { return v.size(); }
template <std::size_t K>
inline std::size_t index_count(const std::array<std::int64_t, K>&) noexcept { return K; }
inline std::size_t index_count(const list<std::int64_t>& l) noexcept {
  return static_cast<std::size_t>(l.size());
}
inline std::size_t index_count(const ndarray<std::int64_t, 1>& a) noexcept {
  return static_cast<std::size_t>(a.shape[0]);
}

template <std::size_t K>
inline std::int64_t index_item(const std::array<std::int64_t, K>& v, std::size_t i) noexcept {
  return v[i];
}
inline std::int64_t index_item(const list<std::int64_t>& l, std::size_t i) noexcept {
  return l.items()[i];
}
inline std::int64_t index_item(const ndarray<std::int64_t, 1>& a, std::size_t i) noexcept {
  return a.data[static_cast<std::int64_t>(i) * a.strides[0]];
}

}  // namespace detail

// ---- Splits ---------------------------------------------------------------------------------

/// numpy.array_split(a, n, axis): n pieces, the first `len % n` of them one longer.
template <class T, int N>
bool array_split_count(list<ndarray<T, N>>& out, const ndarray<T, N>& a, std::int64_t n,
                       int axis) noexcept {
  static_assert(N >= 1, "a 0-d array cannot be split");
  if (n <= 0) [[unlikely]] return raise(Exc::ValueError, "number sections must be larger than 0.");
  const std::int64_t total = a.shape[axis];
  const std::int64_t each = total / n, extras = total % n;
  list<ndarray<T, N>> pieces = list<ndarray<T, N>>::make(static_cast<std::size_t>(n));
  std::int64_t start = 0;
  for (std::int64_t i = 0; i < n; ++i) {
    const std::int64_t stop = start + each + (i < extras ? 1 : 0);
    pieces.items().push_back(detail::axis_piece(a, axis, start, stop));
    start = stop;
  }
  out = std::move(pieces);
  return true;
}

/// numpy.split(a, n, axis): n pieces of equal length.
template <class T, int N>
bool split_count(list<ndarray<T, N>>& out, const ndarray<T, N>& a, std::int64_t n,
                 int axis) noexcept {
  static_assert(N >= 1, "a 0-d array cannot be split");
  if (n == 0) [[unlikely]] return raise(Exc::ZeroDivisionError, "integer modulo by zero");
  const std::int64_t total = a.shape[axis];
  std::int64_t rem = total % n;
  if (rem != 0 && ((rem < 0) != (n < 0))) rem += n;  // Python's modulo
  if (rem != 0) [[unlikely]] {
    return raise(Exc::ValueError, "array split does not result in an equal division");
  }
  return array_split_count(out, a, n, axis);
}

/// numpy.split(a, indices, axis) and numpy.array_split(...): the pieces a[:i0], a[i0:i1], ...,
/// a[ik:] along `axis`, each bound as a Python slice takes it.
template <class T, int N, class Indices>
bool split_indices(list<ndarray<T, N>>& out, const ndarray<T, N>& a, const Indices& indices,
                   int axis) noexcept {
  static_assert(N >= 1, "a 0-d array cannot be split");
  const std::int64_t total = a.shape[axis];
  const std::size_t count = detail::index_count(indices);
  list<ndarray<T, N>> pieces = list<ndarray<T, N>>::make(count + 1);
  std::int64_t start = 0;
  for (std::size_t i = 0; i <= count; ++i) {
    const std::int64_t stop = i < count ? detail::index_item(indices, i) : total;
    const std::int64_t lo = detail::slice_bound(start, total);
    const std::int64_t hi = detail::slice_bound(stop, total);
    pieces.items().push_back(detail::axis_piece(a, axis, lo, hi));
    start = stop;
  }
  out = std::move(pieces);
  return true;
}

// ---- Joins of a list of arrays --------------------------------------------------------------

namespace detail {

template <class T, int N>
inline std::vector<const ndarray<T, N>*> pointers(const list<ndarray<T, N>>& arrays) {
  std::vector<const ndarray<T, N>*> out;
  out.reserve(static_cast<std::size_t>(arrays.size()));
  for (const ndarray<T, N>& a : arrays.items()) out.push_back(&a);
  return out;
}

template <int Least, class T, int N>
inline bool raised_concatenate(ndarray<T, (N < Least ? Least : N)>& out,
                               const list<ndarray<T, N>>& arrays, int axis) noexcept {
  constexpr int M = N < Least ? Least : N;
  std::vector<ndarray<T, M>> views;
  views.reserve(static_cast<std::size_t>(arrays.size()));
  for (const ndarray<T, N>& a : arrays.items()) views.push_back(at_least<M>(a));
  std::vector<const ndarray<T, M>*> ptrs;
  ptrs.reserve(views.size());
  for (const ndarray<T, M>& v : views) ptrs.push_back(&v);
  return concatenate_impl<T, M>(out, ptrs.data(), ptrs.size(), axis);
}

}  // namespace detail

/// numpy.concatenate(arrays, axis) of a list.
template <class T, int N>
bool concatenate_list(ndarray<T, N>& out, const list<ndarray<T, N>>& arrays,
                      std::int64_t axis) noexcept {
  const auto ptrs = detail::pointers(arrays);
  return detail::concatenate_impl<T, N>(out, ptrs.data(), ptrs.size(), axis);
}

/// numpy.stack(arrays, axis) of a list: ValueError "need at least one array to stack", "all
/// input arrays must have the same shape".
template <class T, int N>
bool stack_list(ndarray<T, N + 1>& out, const list<ndarray<T, N>>& arrays,
                std::int64_t axis_arg) noexcept {
  if (arrays.size() == 0) [[unlikely]] {
    return raise(Exc::ValueError, "need at least one array to stack");
  }
  const auto& items = arrays.items();
  for (const ndarray<T, N>& a : items) {
    if (a.shape != items[0].shape) [[unlikely]] {
      return raise(Exc::ValueError, "all input arrays must have the same shape");
    }
  }
  int axis = 0;
  if (!detail::join_normalize_axis(axis, axis_arg, N + 1)) return false;
  std::vector<ndarray<T, N + 1>> views;
  views.reserve(items.size());
  for (const ndarray<T, N>& a : items) views.push_back(detail::insert_unit_axis<T, N>(a, axis));
  std::vector<const ndarray<T, N + 1>*> ptrs;
  ptrs.reserve(views.size());
  for (const ndarray<T, N + 1>& v : views) ptrs.push_back(&v);
  return detail::concatenate_impl<T, N + 1>(out, ptrs.data(), ptrs.size(), axis);
}

/// numpy.hstack(arrays) of a list: 1-d (0-d) arrays along axis 0, others along axis 1.
template <class T, int N>
bool hstack_list(ndarray<T, (N < 1 ? 1 : N)>& out, const list<ndarray<T, N>>& arrays) noexcept {
  return detail::raised_concatenate<1, T, N>(out, arrays, N <= 1 ? 0 : 1);
}

/// numpy.vstack(arrays) of a list: 1-d arrays as rows, everything along axis 0.
template <class T, int N>
bool vstack_list(ndarray<T, (N < 2 ? 2 : N)>& out, const list<ndarray<T, N>>& arrays) noexcept {
  return detail::raised_concatenate<2, T, N>(out, arrays, 0);
}

}  // namespace pyaot::numpy
