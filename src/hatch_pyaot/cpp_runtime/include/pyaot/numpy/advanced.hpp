#pragma once
// numpy's advanced indexing (numpy 2 semantics): boolean masks and integer index arrays on
// the first axis. Every result is a new C-contiguous array (a copy, never a view).
//
//   mask_get(out, a, mask)           out = a[mask]: mask an ndarray<bool, N> of a's shape; out
//                                    the selected elements, 1-d, in C order.
//   mask_get_rows(out, a, mask)      out = a[mask] for a 1-d mask on a's first axis: out of
//                                    rank N, shape (count, a.shape[1:]...).
//   mask_set(a, mask, value)         a[mask] = value (mask of a's shape).
//   mask_set(a, mask, values)        a[mask] = values: values 1-d, of length count or 1.
//   mask_set_rows(a, mask, v)        a[mask] = v for a 1-d mask on an N-d a (N >= 2; the
//                                    compiler calls mask_set for N == 1, as numpy does): v a
//                                    value or an array of any rank that broadcasts to
//                                    (count, a.shape[1:]...).
//   take_get(out, a, idx)            out = a[idx]: idx an ndarray<I, M> of any integer type
//                                    (not bool); out of rank M + N - 1, shape
//                                    idx.shape + a.shape[1:].
//   take_set(a, idx, v)              a[idx] = v: v a value or an array of any rank that
//                                    broadcasts to idx.shape + a.shape[1:].
//
// Indices: negative ones count from the end; an unsigned index past INT64_MAX wraps to a
// negative one, as numpy's cast to intp does. Values have a's dtype (the compiler converts
// first).
//
// Errors, numpy's texts in numpy's order (setters check everything before they write, so a
// failed assignment leaves a as it was):
//   ValueError  assignment destination is read-only
//                 (setters, first, even when nothing is selected)
//   IndexError  boolean index did not match indexed array along axis 0; size of axis is 3
//               but size of corresponding boolean axis is 4          (the first axis differing)
//   ValueError  NumPy boolean array indexing assignment cannot assign 3 input values to the
//               2 output values where the mask is true                (mask_set with values)
//   ValueError  shape mismatch: value array of shape (3,) could not be broadcast to indexing
//               result of shape (2,4)     (take_set, mask_set_rows; values of higher rank are
//               reshaped to their last dimensions first, as numpy does, so extra leading
//               dimensions must be 1 unless no element remains: (2, 0) fits (0,))
//   IndexError  index 5 is out of bounds for axis 0 with size 3
//               (take_get, take_set, after the shape check; not checked when PYAOT_BOUNDSCHECK
//               is 0, where an index out of range is undefined behaviour)
//   MemoryError for the result or a temporary copy.
//
// Assignments read before they write: values, a mask or an index array that share a's
// storage are copied first, so `a[m] = a[::-1][:k]` and `a[a] = v` act as if the right side
// and the index were evaluated before any element changes. A repeated index is assigned in
// C order of idx: the last one wins.
//
// Differences from numpy:
//  - numpy's iterator may walk an index array that is not C-contiguous in memory order: with
//    several indices out of range it may name another one, and for a repeated index another
//    value may win (numpy leaves that order unspecified). Here it is always C order.
//  - a bool mask that shares a's storage (`b[b[::-1]] = False`): numpy reads the mask while it
//    writes, so its earlier writes change later selections; here the mask is read first.
//  - a[np.array(1)] (M == 0): numpy treats a 0-d index array as an integer: it returns a view
//    (or a scalar) where take_get copies, and its assignment follows basic indexing (an index
//    out of range is named before a values shape that does not fit, with "could not broadcast
//    input array from shape ..."; a 1-d a takes one scalar, not [x]). The compiler may lower
//    it to basic indexing instead.

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>

#include "pyaot/error.hpp"
#include "pyaot/numpy/elementwise.hpp"
#include "pyaot/numpy/ndarray.hpp"
#include "pyaot/numpy/view.hpp"

namespace pyaot::numpy {

namespace detail::advanced {

template <class I>
inline constexpr bool is_index_type = std::is_integral_v<I> && !std::is_same_v<I, bool>;

/// f(offset0, offset1) for every multi-index of `shape` in C order, the offsets (in elements)
/// stepping by strides0 and strides1 from offset0 and offset1; false as soon as f is.
template <int Axis, int R, class F>
inline bool walk(const std::array<std::int64_t, R>& shape,
                 const std::array<std::int64_t, R>& strides0,
                 const std::array<std::int64_t, R>& strides1, std::int64_t offset0,
                 std::int64_t offset1, F& f) noexcept {
  if constexpr (Axis == R) {
    return f(offset0, offset1);
  } else {
    const std::int64_t n = shape[Axis];
    for (std::int64_t i = 0; i < n; ++i) {
      if (!walk<Axis + 1, R>(shape, strides0, strides1, offset0 + i * strides0[Axis],
                             offset1 + i * strides1[Axis], f)) {
        return false;
      }
    }
    return true;
  }
}

/// dst[k] = src[k] over `shape`.
template <int R, class T>
inline void copy_block(T* dst, const std::array<std::int64_t, R>& dst_strides, const T* src,
                       const std::array<std::int64_t, R>& src_strides,
                       const std::array<std::int64_t, R>& shape) noexcept {
  auto f = [&](std::int64_t d, std::int64_t s) noexcept {
    dst[d] = src[s];
    return true;
  };
  walk<0, R>(shape, dst_strides, src_strides, 0, 0, f);
}

/// Axes [From, From + R) of x.
template <int From, int R, std::size_t N>
inline std::array<std::int64_t, R> axes(const std::array<std::int64_t, N>& x) noexcept {
  static_assert(From >= 0 && From + R <= static_cast<int>(N));
  std::array<std::int64_t, R> part{};
  for (int axis = 0; axis < R; ++axis) part[axis] = x[From + axis];
  return part;
}

/// C-contiguous strides of `shape` (also for an empty shape, unlike empty()'s zeros).
template <int R>
inline std::array<std::int64_t, R> c_strides(const std::array<std::int64_t, R>& shape) noexcept {
  std::array<std::int64_t, R> strides{};
  std::int64_t stride = 1;
  for (int axis = R - 1; axis >= 0; --axis) {
    strides[axis] = stride;
    stride *= shape[axis];
  }
  return strides;
}

/// Elements to write (strides 0 where broadcast): a value's are all 0.
template <class T, int R>
struct Source {
  const T* data;
  std::array<std::int64_t, R> strides;
};

template <class T, int N, class U, int M>
inline bool shares_storage(const ndarray<T, N>& a, const ndarray<U, M>& b) noexcept {
  return a.storage != nullptr && a.storage == b.storage;
}

/// index made non-negative; IndexError (numpy's text) when out of range.
template <class I>
inline bool checked_index(std::int64_t& out, I value, std::int64_t size) noexcept {
  const auto raw = static_cast<std::int64_t>(value);
  const std::int64_t i = raw < 0 ? raw + size : raw;
  if constexpr (PYAOT_BOUNDSCHECK) {
    if (i < 0 || i >= size) [[unlikely]] return index_error(raw, 0, size);
  }
  out = i;
  return true;
}

template <class I>
inline std::int64_t unchecked_index(I value, std::int64_t size) noexcept {
  const auto raw = static_cast<std::int64_t>(value);
  return raw < 0 ? raw + size : raw;
}

/// Every index of idx in range for an axis of `size` (the first bad one, in C order, raises).
template <class I, int M>
inline bool check_indices([[maybe_unused]] const ndarray<I, M>& idx,
                          [[maybe_unused]] std::int64_t size) noexcept {
  if constexpr (PYAOT_BOUNDSCHECK) {
    auto f = [&](std::int64_t o, std::int64_t) noexcept {
      std::int64_t i = 0;
      return checked_index(i, idx.data[o], size);
    };
    return walk<0, M>(idx.shape, idx.strides, idx.strides, 0, 0, f);
  } else {
    return true;
  }
}

[[gnu::cold]] inline bool mask_shape_error(int axis, std::int64_t size,
                                           std::int64_t mask_size) noexcept {
  return raise_format(Exc::IndexError,
                      "boolean index did not match indexed array along axis %d; size of axis "
                      "is %lld but size of corresponding boolean axis is %lld",
                      axis, static_cast<long long>(size), static_cast<long long>(mask_size));
}

/// The mask's K dimensions equal a's first K.
template <int K, int N>
inline bool check_mask_shape(const std::array<std::int64_t, N>& shape,
                             const std::array<std::int64_t, K>& mask_shape) noexcept {
  for (int axis = 0; axis < K; ++axis) {
    if (shape[axis] != mask_shape[axis]) [[unlikely]] {
      return mask_shape_error(axis, shape[axis], mask_shape[axis]);
    }
  }
  return true;
}

template <int K>
inline std::int64_t count_true(const ndarray<bool, K>& mask) noexcept {
  std::int64_t count = 0;
  auto f = [&](std::int64_t o, std::int64_t) noexcept {
    count += mask.data[o] ? 1 : 0;
    return true;
  };
  walk<0, K>(mask.shape, mask.strides, mask.strides, 0, 0, f);
  return count;
}

[[gnu::cold]] inline bool mask_count_error(std::int64_t values, std::int64_t count) noexcept {
  return raise_format(Exc::ValueError,
                      "NumPy boolean array indexing assignment cannot assign %lld input values "
                      "to the %lld output values where the mask is true",
                      static_cast<long long>(values), static_cast<long long>(count));
}

[[gnu::cold]] inline bool value_shape_error(const std::int64_t* from, int from_ndim,
                                            const std::int64_t* to, int to_ndim) noexcept {
  const std::string source = compact_shape(from, from_ndim);
  const std::string target = compact_shape(to, to_ndim);
  return raise_format(Exc::ValueError,
                      "shape mismatch: value array of shape %s could not be broadcast to "
                      "indexing result of shape %s",
                      source.c_str(), target.c_str());
}

/// values' strides broadcast to `shape`, else numpy's ValueError. numpy's rule for a fancy
/// assignment: values with more dimensions than the result are reshaped to their last R
/// dimensions (so the extra leading ones must be 1, unless those last R hold no element),
/// then dimensions of size 1 repeat.
template <std::size_t Rank, class T, int K>
inline bool broadcast_values(std::array<std::int64_t, Rank>& strides, const ndarray<T, K>& values,
                             const std::array<std::int64_t, Rank>& shape) noexcept {
  constexpr int R = static_cast<int>(Rank);
  bool kept_empty = false;
  for (int i = 1; i <= K && i <= R; ++i) kept_empty = kept_empty || values.shape[K - i] == 0;
  std::array<std::int64_t, Rank> result{};
  for (int i = 1; i <= K; ++i) {
    const std::int64_t dim = values.shape[K - i];
    const bool fits = i <= R ? dim == shape[R - i] || dim == 1 : dim == 1 || kept_empty;
    if (!fits) [[unlikely]] return value_shape_error(values.shape.data(), K, shape.data(), R);
    if (i <= R && dim != 1) result[R - i] = values.strides[K - i];
  }
  strides = result;
  return true;
}

/// `local` = a copy of `x` when it shares a's storage (so that writing a cannot change it);
/// the array to read from.
template <class U, int M, class T, int N>
inline bool read_first(const ndarray<U, M>*& use, ndarray<U, M>& local, const ndarray<U, M>& x,
                       const ndarray<T, N>& a) noexcept {
  use = &x;
  if (!shares_storage(a, x) || x.size() == 0) return true;
  if (!copy(local, x)) return false;
  use = &local;
  return true;
}

/// a[idx] = source, after the checks: source spans idx.shape + a.shape[1:].
template <class T, int N, class I, int M>
inline bool take_write(const ndarray<T, N>& a, const ndarray<I, M>& idx,
                       const Source<T, M + N - 1>& source) noexcept {
  const ndarray<I, M>* index = nullptr;
  ndarray<I, M> index_copy;
  if (!read_first(index, index_copy, idx, a)) return false;
  const std::array<std::int64_t, N - 1> row_shape = axes<1, N - 1>(a.shape);
  const std::array<std::int64_t, N - 1> row_strides = axes<1, N - 1>(a.strides);
  const std::array<std::int64_t, N - 1> source_row = axes<M, N - 1>(source.strides);
  const std::array<std::int64_t, M> source_outer = axes<0, M>(source.strides);
  const std::int64_t size = a.shape[0];
  auto f = [&](std::int64_t o, std::int64_t s) noexcept {
    const std::int64_t i = unchecked_index(index->data[o], size);
    copy_block<N - 1>(a.data + i * a.strides[0], row_strides, source.data + s, source_row,
                      row_shape);
    return true;
  };
  return walk<0, M>(index->shape, index->strides, source_outer, 0, 0, f);
}

/// a[mask] = source (mask on a's first axis), after the checks: source spans
/// (count, a.shape[1:]...).
template <class T, int N>
inline bool mask_rows_write(const ndarray<T, N>& a, const ndarray<bool, 1>& mask,
                            const Source<T, N>& source) noexcept {
  const ndarray<bool, 1>* selected = nullptr;
  ndarray<bool, 1> mask_copy;
  if (!read_first(selected, mask_copy, mask, a)) return false;
  const std::array<std::int64_t, N - 1> row_shape = axes<1, N - 1>(a.shape);
  const std::array<std::int64_t, N - 1> row_strides = axes<1, N - 1>(a.strides);
  const std::array<std::int64_t, N - 1> source_row = axes<1, N - 1>(source.strides);
  std::int64_t k = 0;
  for (std::int64_t i = 0; i < a.shape[0]; ++i) {
    if (!selected->data[i * selected->strides[0]]) continue;
    copy_block<N - 1>(a.data + i * a.strides[0], row_strides,
                      source.data + k * source.strides[0], source_row, row_shape);
    ++k;
  }
  return true;
}

template <std::size_t N>
inline std::array<std::int64_t, N> rows_shape(std::int64_t count,
                                              const std::array<std::int64_t, N>& shape) noexcept {
  std::array<std::int64_t, N> result = shape;
  result[0] = count;
  return result;
}

}  // namespace detail::advanced

// ---- Boolean masks --------------------------------------------------------------------------

/// out = a[mask] with mask of a's shape: the elements where mask is true, in C order, as a
/// new 1-d array. IndexError when the shapes differ. out may be a.
template <class T, int N>
bool mask_get(ndarray<T, 1>& out, const ndarray<T, N>& a, const ndarray<bool, N>& mask) noexcept {
  namespace d = detail::advanced;
  if (!d::check_mask_shape<N, N>(a.shape, mask.shape)) return false;
  ndarray<T, 1> result;
  if (!empty(result, {d::count_true(mask)})) return false;
  T* dst = result.data;
  std::int64_t k = 0;
  auto f = [&](std::int64_t o, std::int64_t m) noexcept {
    if (mask.data[m]) dst[k++] = a.data[o];
    return true;
  };
  d::walk<0, N>(a.shape, a.strides, mask.strides, 0, 0, f);
  out = std::move(result);
  return true;
}

/// out = a[mask] with a 1-d mask on a's first axis: the rows where mask is true, as a new
/// array of shape (count, a.shape[1:]...). IndexError when the lengths differ. out may be a.
template <class T, int N>
  requires(N >= 1)
bool mask_get_rows(ndarray<T, N>& out, const ndarray<T, N>& a,
                   const ndarray<bool, 1>& mask) noexcept {
  namespace d = detail::advanced;
  if (!d::check_mask_shape<1, N>(a.shape, mask.shape)) return false;
  ndarray<T, N> result;
  if (!empty(result, d::rows_shape(d::count_true(mask), a.shape))) return false;
  const std::array<std::int64_t, N - 1> row_shape = d::axes<1, N - 1>(a.shape);
  const std::array<std::int64_t, N - 1> row_strides = d::axes<1, N - 1>(a.strides);
  const std::array<std::int64_t, N - 1> dst_strides = d::c_strides<N - 1>(row_shape);
  std::int64_t row_size = 1;
  for (std::int64_t dim : row_shape) row_size *= dim;
  std::int64_t k = 0;
  for (std::int64_t i = 0; i < a.shape[0]; ++i) {
    if (!mask.data[i * mask.strides[0]]) continue;
    d::copy_block<N - 1>(result.data + k * row_size, dst_strides, a.data + i * a.strides[0],
                         row_strides, row_shape);
    ++k;
  }
  out = std::move(result);
  return true;
}

/// a[mask] = value with mask of a's shape. ValueError when a is read-only, then IndexError
/// when the shapes differ.
template <class T, int N>
bool mask_set(const ndarray<T, N>& a, const ndarray<bool, N>& mask,
              std::type_identity_t<T> value) noexcept {
  namespace d = detail::advanced;
  if (detail::is_read_only(a)) return detail::read_only_error();
  if (!d::check_mask_shape<N, N>(a.shape, mask.shape)) return false;
  const ndarray<bool, N>* selected = nullptr;
  ndarray<bool, N> mask_copy;
  if (!d::read_first(selected, mask_copy, mask, a)) return false;
  auto f = [&](std::int64_t o, std::int64_t m) noexcept {
    if (selected->data[m]) a.data[o] = value;
    return true;
  };
  d::walk<0, N>(a.shape, a.strides, selected->strides, 0, 0, f);
  return true;
}

/// a[mask] = values with mask of a's shape and values 1-d, of length count(mask) (assigned in
/// C order) or 1 (repeated). Errors: a read-only, the shapes differ (IndexError), another
/// length (numpy's ValueError "... cannot assign 3 input values to the 2 output values ...").
template <class T, int N>
bool mask_set(const ndarray<T, N>& a, const ndarray<bool, N>& mask,
              const ndarray<T, 1>& values) noexcept {
  namespace d = detail::advanced;
  if (detail::is_read_only(a)) return detail::read_only_error();
  if (!d::check_mask_shape<N, N>(a.shape, mask.shape)) return false;
  const std::int64_t count = d::count_true(mask);
  const std::int64_t length = values.shape[0];
  if (length != count && length != 1) [[unlikely]] return d::mask_count_error(length, count);
  if (count == 0) return true;
  if (length == 1) return mask_set(a, mask, values.data[0]);
  const ndarray<bool, N>* selected = nullptr;
  ndarray<bool, N> mask_copy;
  const ndarray<T, 1>* source = nullptr;
  ndarray<T, 1> values_copy;
  if (!d::read_first(selected, mask_copy, mask, a) ||
      !d::read_first(source, values_copy, values, a)) {
    return false;
  }
  const T* src = source->data;
  const std::int64_t step = source->strides[0];
  std::int64_t k = 0;
  auto f = [&](std::int64_t o, std::int64_t m) noexcept {
    if (selected->data[m]) a.data[o] = src[step * k++];
    return true;
  };
  d::walk<0, N>(a.shape, a.strides, selected->strides, 0, 0, f);
  return true;
}

/// a[mask] = value with a 1-d mask on the first axis of a (N >= 2): every selected row.
/// ValueError when a is read-only, then IndexError when the lengths differ.
template <class T, int N>
  requires(N >= 2)
bool mask_set_rows(const ndarray<T, N>& a, const ndarray<bool, 1>& mask,
                   std::type_identity_t<T> value) noexcept {
  namespace d = detail::advanced;
  if (detail::is_read_only(a)) return detail::read_only_error();
  if (!d::check_mask_shape<1, N>(a.shape, mask.shape)) return false;
  return d::mask_rows_write(a, mask, d::Source<T, N>{&value, {}});
}

/// a[mask] = values with a 1-d mask on the first axis of a (N >= 2); values broadcast to
/// (count, a.shape[1:]...). Errors: a read-only, the lengths differ (IndexError), values do
/// not broadcast (numpy's ValueError "shape mismatch: value array of shape ...").
template <class T, int N, int K>
  requires(N >= 2)
bool mask_set_rows(const ndarray<T, N>& a, const ndarray<bool, 1>& mask,
                   const ndarray<T, K>& values) noexcept {
  namespace d = detail::advanced;
  if (detail::is_read_only(a)) return detail::read_only_error();
  if (!d::check_mask_shape<1, N>(a.shape, mask.shape)) return false;
  const std::array<std::int64_t, N> shape = d::rows_shape(d::count_true(mask), a.shape);
  d::Source<T, N> source{values.data, {}};
  if (!d::broadcast_values(source.strides, values, shape)) return false;
  if (a.size() == 0 || shape[0] == 0) return true;
  const ndarray<T, K>* from = nullptr;
  ndarray<T, K> values_copy;
  if (!d::read_first(from, values_copy, values, a)) return false;
  if (from != &values) {
    source.data = from->data;
    d::broadcast_values(source.strides, *from, shape);
  }
  return d::mask_rows_write(a, mask, source);
}

// ---- Integer index arrays on the first axis -------------------------------------------------

/// out = a[idx]: for every index of idx, a's row at that index (negative counts from the end),
/// as a new array of shape idx.shape + a.shape[1:]. IndexError for an index out of range (the
/// first in C order). out may be a.
template <int R, class T, int N, class I, int M>
  requires(N >= 1 && detail::advanced::is_index_type<I>)
bool take_get(ndarray<T, R>& out, const ndarray<T, N>& a, const ndarray<I, M>& idx) noexcept {
  static_assert(R == M + N - 1, "a[idx] has idx's dimensions, then a's after the first");
  namespace d = detail::advanced;
  std::array<std::int64_t, R> shape{};
  for (int axis = 0; axis < M; ++axis) shape[axis] = idx.shape[axis];
  for (int axis = 1; axis < N; ++axis) shape[M + axis - 1] = a.shape[axis];
  ndarray<T, R> result;
  if (!empty(result, shape)) return false;
  const std::array<std::int64_t, N - 1> row_shape = d::axes<1, N - 1>(a.shape);
  const std::array<std::int64_t, N - 1> row_strides = d::axes<1, N - 1>(a.strides);
  const std::array<std::int64_t, N - 1> dst_strides = d::c_strides<N - 1>(row_shape);
  std::int64_t row_size = 1;
  for (std::int64_t dim : row_shape) row_size *= dim;
  const std::int64_t size = a.shape[0];
  T* dst = result.data;
  auto f = [&](std::int64_t o, std::int64_t) noexcept {
    std::int64_t i = 0;
    if (!d::checked_index(i, idx.data[o], size)) return false;
    d::copy_block<N - 1>(dst, dst_strides, a.data + i * a.strides[0], row_strides, row_shape);
    dst += row_size;
    return true;
  };
  if (!d::walk<0, M>(idx.shape, idx.strides, idx.strides, 0, 0, f)) return false;
  out = std::move(result);
  return true;
}

/// a[idx] = value: every row of a that idx names. ValueError when a is read-only, then
/// IndexError for an index out of range; nothing is written when either fails.
template <class T, int N, class I, int M>
  requires(N >= 1 && detail::advanced::is_index_type<I>)
bool take_set(const ndarray<T, N>& a, const ndarray<I, M>& idx,
              std::type_identity_t<T> value) noexcept {
  namespace d = detail::advanced;
  if (detail::is_read_only(a)) return detail::read_only_error();
  if (!d::check_indices(idx, a.shape[0])) return false;
  if (idx.size() == 0) return true;
  return d::take_write(a, idx, d::Source<T, M + N - 1>{&value, {}});
}

/// a[idx] = values, values broadcast to idx.shape + a.shape[1:]; for a repeated index the
/// last in C order wins. Errors, in numpy's order: a read-only; values do not broadcast
/// (ValueError "shape mismatch: value array of shape (3,) could not be broadcast to indexing
/// result of shape (2,)"); an index out of range (IndexError). Nothing is written on failure.
template <class T, int N, class I, int M, int K>
  requires(N >= 1 && detail::advanced::is_index_type<I>)
bool take_set(const ndarray<T, N>& a, const ndarray<I, M>& idx,
              const ndarray<T, K>& values) noexcept {
  namespace d = detail::advanced;
  constexpr int R = M + N - 1;
  if (detail::is_read_only(a)) return detail::read_only_error();
  std::array<std::int64_t, R> shape{};
  for (int axis = 0; axis < M; ++axis) shape[axis] = idx.shape[axis];
  for (int axis = 1; axis < N; ++axis) shape[M + axis - 1] = a.shape[axis];
  d::Source<T, R> source{values.data, {}};
  if (!d::broadcast_values(source.strides, values, shape)) return false;
  if (!d::check_indices(idx, a.shape[0])) return false;
  if (idx.size() == 0 || a.size() == 0) return true;
  const ndarray<T, K>* from = nullptr;
  ndarray<T, K> values_copy;
  if (!d::read_first(from, values_copy, values, a)) return false;
  if (from != &values) {
    source.data = from->data;
    d::broadcast_values(source.strides, *from, shape);
  }
  return d::take_write(a, idx, source);
}

}  // namespace pyaot::numpy
