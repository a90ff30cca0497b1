#pragma once
// numpy's basic indexing: a[1:], a[i], a[::-1, 2], a[:, None], a.T make views that share the
// array's storage; a.copy() and `a[idx] = b` copy elements.
//
// view() follows numpy's get_view_from_index: the index components are applied in order (so
// the first bad one raises), an integer removes its dimension (numpy's IndexError, checked
// unless PYAOT_BOUNDSCHECK is 0), a Slice keeps it with Python's slice.indices() arithmetic,
// NewAxis inserts a dimension of length 1 and stride 0, and dimensions past the last
// component are kept whole. An empty slice points at the element the dimension starts at
// with the dimension's own stride, as numpy's does, so the data pointer stays in range.
// Ellipsis is expanded by the compiler; too many indices is a compile-time error here.
//
// assign() copies as if the source were read first, like numpy: when the two arrays' byte
// ranges overlap (`u[1:] = u[:-1]`), the source goes through a temporary copy.

#include <array>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <type_traits>
#include <utility>

#include "pyaot/error.hpp"
#include "pyaot/numpy/ndarray.hpp"

namespace pyaot::numpy {

// ---- Slices ---------------------------------------------------------------------------------

/// A Python slice start:stop:step with int64 bounds; a missing bound has has_* == 0 (its
/// value is ignored). step 0 is allowed here and raises when the slice is applied.
struct Slice {
  std::int64_t start;
  std::int64_t stop;
  std::int64_t step;
  std::uint8_t has_start;
  std::uint8_t has_stop;
};

/// a[start:stop:step]
constexpr Slice slice(std::int64_t start, std::int64_t stop, std::int64_t step = 1) noexcept {
  return Slice{start, stop, step, 1, 1};
}

/// a[start::step]
constexpr Slice slice_from(std::int64_t start, std::int64_t step = 1) noexcept {
  return Slice{start, 0, step, 1, 0};
}

/// a[:stop:step]
constexpr Slice slice_to(std::int64_t stop, std::int64_t step = 1) noexcept {
  return Slice{0, stop, step, 0, 1};
}

/// a[::step] (a[:] with the default step)
constexpr Slice slice_all(std::int64_t step = 1) noexcept { return Slice{0, 0, step, 0, 0}; }

/// numpy.newaxis (None) in an index: a new dimension of length 1.
struct NewAxis {};

/// What a slice selects from a sequence of some length: the indices start, start + step, ...
/// (`length` of them), stop as Python's slice.indices() gives it.
struct SliceIndices {
  std::int64_t start;
  std::int64_t stop;
  std::int64_t step;
  std::int64_t length;
};

/// CPython's PySlice_Unpack + PySlice_AdjustIndices: negative bounds count from the end, out
/// of range bounds are clamped; ValueError("slice step cannot be zero").
constexpr bool slice_indices(SliceIndices& out, const Slice& s, std::int64_t length) noexcept {
  constexpr std::int64_t max = std::numeric_limits<std::int64_t>::max();
  std::int64_t step = s.step;
  if (step == 0) [[unlikely]] return raise(Exc::ValueError, "slice step cannot be zero");
  if (step < -max) step = -max;  // so that -step cannot overflow
  std::int64_t start = s.has_start ? s.start : (step < 0 ? max : 0);
  std::int64_t stop = s.has_stop ? s.stop : (step < 0 ? -max - 1 : max);
  if (start < 0) {
    start += length;
    if (start < 0) start = step < 0 ? -1 : 0;
  } else if (start >= length) {
    start = step < 0 ? length - 1 : length;
  }
  if (stop < 0) {
    stop += length;
    if (stop < 0) stop = step < 0 ? -1 : 0;
  } else if (stop >= length) {
    stop = step < 0 ? length - 1 : length;
  }
  std::int64_t count = 0;
  if (step < 0) {
    if (stop < start) count = (start - stop - 1) / -step + 1;
  } else if (start < stop) {
    count = (stop - start - 1) / step + 1;
  }
  out = SliceIndices{start, stop, step, count};
  return true;
}

// ---- Views ----------------------------------------------------------------------------------

namespace detail {

template <class I>
inline constexpr bool is_integer_index =
    std::is_integral_v<std::remove_cvref_t<I>> && !std::is_same_v<std::remove_cvref_t<I>, bool>;

template <class I>
inline constexpr bool is_slice_index = std::is_same_v<std::remove_cvref_t<I>, Slice>;

template <class I>
inline constexpr bool is_new_axis = std::is_same_v<std::remove_cvref_t<I>, NewAxis>;

template <class... I>
inline constexpr bool are_view_indices =
    ((is_integer_index<I> || is_slice_index<I> || is_new_axis<I>) && ...);

template <class... I>
inline constexpr int count_integers = (0 + ... + int{is_integer_index<I>});

template <class... I>
inline constexpr int count_new_axes = (0 + ... + int{is_new_axis<I>});

/// The rank of a[index...] for an N-dimensional a.
template <int N, class... I>
inline constexpr int view_rank = N - count_integers<I...> + count_new_axes<I...>;

/// The view under construction: the next input axis, the next output axis, the data offset.
template <int N, int M>
struct ViewBuilder {
  const std::array<std::int64_t, N>& shape;
  const std::array<std::int64_t, N>& strides;
  std::array<std::int64_t, M> out_shape{};
  std::array<std::int64_t, M> out_strides{};
  std::int64_t offset = 0;
  int axis = 0;
  int out_axis = 0;

  template <class I>
    requires is_integer_index<I>
  constexpr bool apply(I index) noexcept {
    const auto raw = static_cast<std::int64_t>(index);
    const std::int64_t size = shape[axis];
    const std::int64_t i = raw < 0 ? raw + size : raw;
    if constexpr (PYAOT_BOUNDSCHECK) {
      if (i < 0 || i >= size) [[unlikely]] return index_error(raw, axis, size);
    }
    offset += i * strides[axis];
    ++axis;
    return true;
  }

  constexpr bool apply(const Slice& s) noexcept {
    SliceIndices r{};
    if (!slice_indices(r, s, shape[axis])) return false;
    // numpy: an empty slice starts at the dimension's first element, with step 1
    std::int64_t stride = strides[axis];
    if (r.length != 0) {
      offset += r.start * strides[axis];
      // only a one-element slice's step can overflow (a[::2**62]); its stride is never used
      if (__builtin_mul_overflow(r.step, strides[axis], &stride)) stride = strides[axis];
    }
    out_shape[out_axis] = r.length;
    out_strides[out_axis] = stride;
    ++axis;
    ++out_axis;
    return true;
  }

  constexpr bool apply(NewAxis) noexcept {
    out_shape[out_axis] = 1;
    out_strides[out_axis] = 0;
    ++out_axis;
    return true;
  }

  /// The dimensions after the last index component, whole.
  constexpr void finish() noexcept {
    for (; axis < N; ++axis, ++out_axis) {
      out_shape[out_axis] = shape[axis];
      out_strides[out_axis] = strides[axis];
    }
  }
};

}  // namespace detail

/// out = a[index...] for integers, Slices and NewAxis (numpy's basic indexing), a view that
/// shares a's storage. IndexError for an integer out of range (unless PYAOT_BOUNDSCHECK is
/// 0), ValueError for a zero step; on failure out is left as it was. out may be a.
template <int M, class T, int N, class... I>
  requires(detail::are_view_indices<I...>)
inline bool view(ndarray<T, M>& out, const ndarray<T, N>& a, I... index) noexcept {
  static_assert(static_cast<int>(sizeof...(I)) - detail::count_new_axes<I...> <= N,
                "too many indices for array");
  static_assert(M == detail::view_rank<N, I...>,
                "the result's rank is N minus the integer indices plus the new axes");
  detail::ViewBuilder<N, M> builder{a.shape, a.strides};
  if (!(builder.apply(index) && ...)) return false;
  builder.finish();
  // a.data + 0 is fine even for the null data of a default handle
  out = ndarray<T, M>(a.data + builder.offset, builder.out_shape, builder.out_strides,
                      a.storage);
  return true;
}

/// a.T: the dimensions in reverse order, a view.
template <class T, int N>
inline ndarray<T, N> transpose(const ndarray<T, N>& a) noexcept {
  std::array<std::int64_t, N> shape{};
  std::array<std::int64_t, N> strides{};
  for (int axis = 0; axis < N; ++axis) {
    shape[axis] = a.shape[N - 1 - axis];
    strides[axis] = a.strides[N - 1 - axis];
  }
  return ndarray<T, N>(a.data, shape, strides, a.storage);
}

// ---- Copies ---------------------------------------------------------------------------------

namespace detail {

/// dst[k] = src[k] over a shape, elementwise, from Axis on (strides in elements).
template <int Axis, class T, int N>
inline void copy_strided(T* dst, const T* src, const std::array<std::int64_t, N>& shape,
                         const std::array<std::int64_t, N>& dst_strides,
                         const std::array<std::int64_t, N>& src_strides) noexcept {
  if constexpr (Axis == N) {
    *dst = *src;
  } else if constexpr (Axis == N - 1) {
    const std::int64_t ds = dst_strides[Axis];
    const std::int64_t ss = src_strides[Axis];
    for (std::int64_t i = 0; i < shape[Axis]; ++i) dst[i * ds] = src[i * ss];
  } else {
    for (std::int64_t i = 0; i < shape[Axis]; ++i) {
      copy_strided<Axis + 1, T, N>(dst + i * dst_strides[Axis], src + i * src_strides[Axis],
                                   shape, dst_strides, src_strides);
    }
  }
}

/// The elements of a non-empty a span [low, high) in bytes.
template <class T, int N>
inline void byte_extent(std::uintptr_t& low, std::uintptr_t& high,
                        const ndarray<T, N>& a) noexcept {
  std::int64_t first = 0;
  std::int64_t last = 0;
  for (int axis = 0; axis < N; ++axis) {
    const std::int64_t reach = (a.shape[axis] - 1) * a.strides[axis];
    (reach < 0 ? first : last) += reach;
  }
  const auto base = reinterpret_cast<std::uintptr_t>(a.data);
  low = base + static_cast<std::uintptr_t>(first * static_cast<std::int64_t>(sizeof(T)));
  high = base + static_cast<std::uintptr_t>((last + 1) * static_cast<std::int64_t>(sizeof(T)));
}

/// Whether the elements of two non-empty arrays may share bytes.
template <class T, int N>
inline bool may_overlap(const ndarray<T, N>& a, const ndarray<T, N>& b) noexcept {
  std::uintptr_t a_low = 0, a_high = 0, b_low = 0, b_high = 0;
  byte_extent(a_low, a_high, a);
  byte_extent(b_low, b_high, b);
  return a_low < b_high && b_low < a_high;
}

/// numpy's shape in broadcast errors: "(3,)", "(2,3)", "()".
inline std::string compact_shape(const std::int64_t* shape, int ndim) {
  std::string text = "(";
  for (int axis = 0; axis < ndim; ++axis) {
    if (axis > 0) text += ",";
    text += std::to_string(shape[axis]);
  }
  text += ndim == 1 ? ",)" : ")";
  return text;
}

[[gnu::cold]] inline bool broadcast_error(const std::int64_t* from, const std::int64_t* into,
                                          int ndim) noexcept {
  const std::string source = compact_shape(from, ndim);
  const std::string target = compact_shape(into, ndim);
  return raise_format(Exc::ValueError,
                      "could not broadcast input array from shape %s into shape %s",
                      source.c_str(), target.c_str());
}

}  // namespace detail

/// a.copy(): a new C-contiguous, writeable array with a's values (MemoryError on failure).
template <class T, int N>
bool copy(ndarray<T, N>& out, const ndarray<T, N>& a) noexcept {
  ndarray<T, N> result;  // not `out` yet: out may be a
  if (!empty(result, a.shape)) return false;
  if (a.size() != 0) {
    if (a.is_c_contiguous()) {
      std::memcpy(static_cast<void*>(result.data), static_cast<const void*>(a.data),
                  static_cast<std::size_t>(a.size()) * sizeof(T));
    } else {
      detail::copy_strided<0, T, N>(result.data, a.data, a.shape, result.strides, a.strides);
    }
  }
  out = std::move(result);
  return true;
}

/// dst[...] = src: numpy's assignment between arrays of one rank. A dimension of length 1 in
/// src is repeated along dst's; any other difference in shape is numpy's ValueError ("could
/// not broadcast input array from shape (3,) into shape (4,)"), as is a read-only dst
/// ("assignment destination is read-only", checked first). Overlapping src and dst are
/// handled as if src were copied first.
template <class T, int N>
bool assign(const ndarray<T, N>& dst, const ndarray<T, N>& src) noexcept {
  if (!dst.storage->writeable) [[unlikely]] {
    return raise(Exc::ValueError, "assignment destination is read-only");
  }
  std::array<std::int64_t, N> src_strides = src.strides;
  for (int axis = 0; axis < N; ++axis) {
    if (src.shape[axis] == dst.shape[axis]) continue;
    if (src.shape[axis] != 1) [[unlikely]] {
      return detail::broadcast_error(src.shape.data(), dst.shape.data(), N);
    }
    src_strides[axis] = 0;
  }
  if (dst.size() == 0) return true;
  if (detail::may_overlap(dst, src)) {
    if (dst.data == src.data && dst.strides == src_strides) return true;  // a[...] = a
    ndarray<T, N> temporary;
    if (!copy(temporary, src)) return false;
    src_strides = temporary.strides;
    for (int axis = 0; axis < N; ++axis) {
      if (temporary.shape[axis] != dst.shape[axis]) src_strides[axis] = 0;
    }
    detail::copy_strided<0, T, N>(dst.data, temporary.data, dst.shape, dst.strides,
                                  src_strides);
    return true;
  }
  if (dst.is_c_contiguous() && src.is_c_contiguous() && src.shape == dst.shape) {
    std::memcpy(static_cast<void*>(dst.data), static_cast<const void*>(src.data),
                static_cast<std::size_t>(dst.size()) * sizeof(T));
    return true;
  }
  detail::copy_strided<0, T, N>(dst.data, src.data, dst.shape, dst.strides, src_strides);
  return true;
}

}  // namespace pyaot::numpy
