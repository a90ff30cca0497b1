#pragma once
// numpy's functions that move elements to new places: roll, repeat, tile, take, put, pad and
// meshgrid. Every result is a new C-contiguous array (numpy's copies); `put` writes into its
// array. The axis arguments are normalized by the compiler (it checked them against the rank);
// the errors raised at run time are numpy's, type and text.
//
//   roll_flat(out, a, shift) / roll_axis(out, a, shift, axis)          numpy.roll
//   repeat_flat(out, a, n) / repeat_axis(out, a, n, axis)              numpy.repeat, n an int
//   repeat_each_flat(out, a, ns) / repeat_each_axis(out, a, ns, axis)  ... ns an int64 array
//   tile(out, a, reps)                                                 numpy.tile
//   take_flat(out, a, idx) / take_axis(out, a, idx, axis)              numpy.take
//   put(a, idx, values)                                                numpy.put (mode='raise')
//   pad(out, a, widths, mode, value)                                   numpy.pad
//   meshgrid(out, ij, x...)                                            numpy.meshgrid of 1-d x

#include <array>
#include <cstdint>
#include <tuple>
#include <type_traits>
#include <utility>

#include "pyaot/error.hpp"
#include "pyaot/numpy/ndarray.hpp"

namespace pyaot::numpy {

namespace detail {

/// The next index of `shape` in C order; false after the last one.
template <std::size_t N>
inline bool next_index(std::array<std::int64_t, N>& index,
                       const std::array<std::int64_t, N>& shape) noexcept {
  for (int d = static_cast<int>(N) - 1; d >= 0; --d) {
    if (++index[d] < shape[d]) return true;
    index[d] = 0;
  }
  return false;
}

template <class T, int N, std::size_t M>
inline T& element_at(const ndarray<T, N>& a, const std::array<std::int64_t, M>& index) noexcept {
  static_assert(static_cast<int>(M) == N, "one index per dimension");
  std::int64_t offset = 0;
  for (int d = 0; d < N; ++d) offset += index[d] * a.strides[d];
  return a.data[offset];
}

/// f(element) for every element of a, in C order.
template <class T, int N, class F>
inline void for_each_element(const ndarray<T, N>& a, F&& f) noexcept {
  if (a.size() == 0) return;
  std::array<std::int64_t, N> index{};
  do {
    f(element_at(a, index));
  } while (next_index(index, a.shape));
}

/// out[index] = f(index) for every index of out (a new C-contiguous array), in C order.
template <class T, int N, class F>
inline void fill_by_index(ndarray<T, N>& out, F&& f) noexcept {
  if (out.size() == 0) return;
  std::array<std::int64_t, N> index{};
  T* dst = out.data;
  do {
    *dst++ = f(index);
  } while (next_index(index, out.shape));
}

[[gnu::cold]] inline bool negative_dimensions() noexcept {
  return raise(Exc::ValueError, "negative dimensions are not allowed");
}

/// The index `i` of an axis of `size` (negative counts from the end), IndexError otherwise.
inline bool wrap_index(std::int64_t& out, std::int64_t i, std::int64_t size, int axis) noexcept {
  const std::int64_t j = i < 0 ? i + size : i;
  if (j < 0 || j >= size) [[unlikely]] return index_error(i, axis, size);
  out = j;
  return true;
}

inline std::int64_t floor_mod(std::int64_t a, std::int64_t n) noexcept {
  const std::int64_t r = a % n;
  return r < 0 ? r + n : r;
}

/// The counts of repeat_each for `n` elements: one count for every element, or one for all.
inline bool repeat_counts(const ndarray<std::int64_t, 1>& counts, std::int64_t n) noexcept {
  if (counts.shape[0] != n && counts.shape[0] != 1) [[unlikely]] {
    return raise_format(Exc::ValueError,
                        "operands could not be broadcast together with shape (%lld,) (%lld,)",
                        static_cast<long long>(n), static_cast<long long>(counts.shape[0]));
  }
  for (std::int64_t i = 0; i < counts.shape[0]; ++i) {
    if (counts.data[i * counts.strides[0]] < 0) [[unlikely]] {
      return raise(Exc::ValueError, "repeats may not contain negative values.");
    }
  }
  return true;
}

inline std::int64_t count_at(const ndarray<std::int64_t, 1>& counts, std::int64_t i) noexcept {
  return counts.data[(counts.shape[0] == 1 ? 0 : i) * counts.strides[0]];
}

}  // namespace detail

// ---- roll ---------------------------------------------------------------------------------

/// numpy.roll(a, shift): the elements in C order moved `shift` places on, wrapping around.
template <class T, int N>
bool roll_flat(ndarray<T, N>& out, const ndarray<T, N>& a, std::int64_t shift) noexcept {
  if (!empty(out, a.shape)) return false;
  const std::int64_t n = a.size();
  if (n == 0) return true;
  std::int64_t at = detail::floor_mod(shift, n);
  detail::for_each_element(a, [&](const T& x) {
    out.data[at] = x;
    if (++at == n) at = 0;
  });
  return true;
}

/// numpy.roll(a, shift, axis).
template <class T, int N>
bool roll_axis(ndarray<T, N>& out, const ndarray<T, N>& a, std::int64_t shift,
               int axis) noexcept {
  if (!empty(out, a.shape)) return false;
  const std::int64_t n = a.shape[axis];
  if (out.size() == 0) return true;
  const std::int64_t s = detail::floor_mod(shift, n);
  detail::fill_by_index(out, [&](std::array<std::int64_t, N> index) {
    index[axis] = detail::floor_mod(index[axis] - s, n);
    return detail::element_at(a, index);
  });
  return true;
}

// ---- repeat -------------------------------------------------------------------------------

/// numpy.repeat(a, repeats): a flattened, each element `repeats` times.
template <class T, int N>
bool repeat_flat(ndarray<T, 1>& out, const ndarray<T, N>& a, std::int64_t repeats) noexcept {
  // numpy's error is its allocation's: a negative count of no elements is no error
  if (repeats < 0 && a.size() != 0) [[unlikely]] return detail::negative_dimensions();
  if (repeats < 0) repeats = 0;
  if (!empty(out, {a.size() * repeats})) return false;
  T* dst = out.data;
  detail::for_each_element(a, [&](const T& x) {
    for (std::int64_t r = 0; r < repeats; ++r) *dst++ = x;
  });
  return true;
}

/// numpy.repeat(a, repeats, axis).
template <class T, int N>
bool repeat_axis(ndarray<T, N>& out, const ndarray<T, N>& a, std::int64_t repeats,
                 int axis) noexcept {
  if (repeats < 0 && a.shape[axis] != 0) [[unlikely]] return detail::negative_dimensions();
  if (repeats < 0) repeats = 0;
  std::array<std::int64_t, N> shape = a.shape;
  shape[axis] *= repeats;
  if (!empty(out, shape)) return false;
  detail::fill_by_index(out, [&](std::array<std::int64_t, N> index) {
    index[axis] /= repeats;
    return detail::element_at(a, index);
  });
  return true;
}

/// numpy.repeat(a, counts): element i of the flattened a counts[i] times.
template <class T, int N>
bool repeat_each_flat(ndarray<T, 1>& out, const ndarray<T, N>& a,
                      const ndarray<std::int64_t, 1>& counts) noexcept {
  if (!detail::repeat_counts(counts, a.size())) return false;
  std::int64_t total = 0;
  for (std::int64_t i = 0; i < a.size(); ++i) total += detail::count_at(counts, i);
  if (!empty(out, {total})) return false;
  T* dst = out.data;
  std::int64_t i = 0;
  detail::for_each_element(a, [&](const T& x) {
    for (std::int64_t r = detail::count_at(counts, i++); r > 0; --r) *dst++ = x;
  });
  return true;
}

/// numpy.repeat(a, counts, axis): slice i along axis counts[i] times.
template <class T, int N>
bool repeat_each_axis(ndarray<T, N>& out, const ndarray<T, N>& a,
                      const ndarray<std::int64_t, 1>& counts, int axis) noexcept {
  const std::int64_t n = a.shape[axis];
  if (!detail::repeat_counts(counts, n)) return false;
  std::array<std::int64_t, N> shape = a.shape;
  shape[axis] = 0;
  for (std::int64_t i = 0; i < n; ++i) shape[axis] += detail::count_at(counts, i);
  if (!empty(out, shape)) return false;
  // the source slice of each slice of out along axis
  ndarray<std::int64_t, 1> source;
  if (!empty(source, {shape[axis]})) return false;
  for (std::int64_t i = 0, k = 0; i < n; ++i) {
    for (std::int64_t r = detail::count_at(counts, i); r > 0; --r) source.data[k++] = i;
  }
  detail::fill_by_index(out, [&](std::array<std::int64_t, N> index) {
    index[axis] = source.data[index[axis]];
    return detail::element_at(a, index);
  });
  return true;
}

// ---- tile ---------------------------------------------------------------------------------

/// numpy.tile(a, reps): M = max(N, K) dimensions; the shorter of a's shape and reps gets
/// leading ones.
template <class T, int N, std::size_t K, int M = (N > static_cast<int>(K) ? N : static_cast<int>(K))>
bool tile(ndarray<T, M>& out, const ndarray<T, N>& a,
          const std::array<std::int64_t, K>& reps) noexcept {
  std::array<std::int64_t, M> a_shape{};
  std::array<std::int64_t, M> shape{};
  for (int d = 0; d < M; ++d) {
    const int da = d - (M - N);
    const int dr = d - (M - static_cast<int>(K));
    a_shape[d] = da >= 0 ? a.shape[da] : 1;
    const std::int64_t r = dr >= 0 ? reps[dr] : 1;
    if (r < 0 && a.size() != 0) [[unlikely]] return detail::negative_dimensions();
    shape[d] = a_shape[d] * r;
  }
  if (!empty(out, shape)) return false;
  detail::fill_by_index(out, [&](const std::array<std::int64_t, M>& index) {
    std::int64_t offset = 0;
    for (int d = M - N; d < M; ++d) offset += (index[d] % a_shape[d]) * a.strides[d - (M - N)];
    return a.data[offset];
  });
  return true;
}

// ---- take / put ---------------------------------------------------------------------------

/// numpy.take(a, indices): elements of the flattened a; out has the shape of indices.
template <class T, int N, int R>
bool take_flat(ndarray<T, R>& out, const ndarray<T, N>& a,
               const ndarray<std::int64_t, R>& indices) noexcept {
  const std::int64_t n = a.size();
  std::array<std::int64_t, N> shape = a.shape;
  if (!empty(out, indices.shape)) return false;
  bool ok = true;
  T* dst = out.data;
  detail::for_each_element(indices, [&](std::int64_t i) {
    std::int64_t flat = 0;
    if (!ok || !(ok = detail::wrap_index(flat, i, n, 0))) return;
    std::array<std::int64_t, N> index{};
    for (int d = N - 1; d >= 0; --d) {
      index[d] = flat % shape[d];
      flat /= shape[d];
    }
    *dst++ = detail::element_at(a, index);
  });
  return ok;
}

/// numpy.take(a, indices, axis): out's shape is a's with `axis` replaced by indices' shape.
template <class T, int N, int R>
bool take_axis(ndarray<T, N - 1 + R>& out, const ndarray<T, N>& a,
               const ndarray<std::int64_t, R>& indices, int axis) noexcept {
  constexpr int M = N - 1 + R;
  std::array<std::int64_t, M> shape{};
  for (int d = 0; d < M; ++d) {
    shape[d] = d < axis ? a.shape[d] : d < axis + R ? indices.shape[d - axis]
                                                     : a.shape[d - R + 1];
  }
  // every index checked first, as numpy does (nothing is written on an error)
  bool ok = true;
  detail::for_each_element(indices, [&](std::int64_t i) {
    std::int64_t j = 0;
    ok = ok && detail::wrap_index(j, i, a.shape[axis], axis);
  });
  if (!ok || !empty(out, shape)) return false;
  detail::fill_by_index(out, [&](const std::array<std::int64_t, M>& index) {
    std::array<std::int64_t, N> src{};
    std::array<std::int64_t, R> at{};
    for (int d = 0; d < M; ++d) {
      if (d < axis) {
        src[d] = index[d];
      } else if (d < axis + R) {
        at[d - axis] = index[d];
      } else {
        src[d - R + 1] = index[d];
      }
    }
    const std::int64_t i = detail::element_at(indices, at);
    src[axis] = i < 0 ? i + a.shape[axis] : i;
    return detail::element_at(a, src);
  });
  return true;
}

namespace detail {

template <class T, int N, class Indices, class Value>
inline bool put_values(const ndarray<T, N>& a, const Indices& indices, std::int64_t count,
                       std::int64_t nvalues, Value&& value) noexcept {
  if (!a.storage->writeable) [[unlikely]] {
    return raise(Exc::ValueError, "assignment destination is read-only");
  }
  if (count == 0 || nvalues == 0) return true;
  const std::int64_t n = a.size();
  if (n == 0) [[unlikely]] return raise(Exc::IndexError, "cannot replace elements of an empty array");
  std::int64_t k = 0;
  bool ok = true;
  for_each_element(indices, [&](std::int64_t i) {
    std::int64_t flat = 0;
    if (!ok || !(ok = wrap_index(flat, i, n, 0))) return;
    std::array<std::int64_t, N> index{};
    for (int d = N - 1; d >= 0; --d) {
      index[d] = flat % a.shape[d];
      flat /= a.shape[d];
    }
    element_at(a, index) = value(k % nvalues);
    ++k;
  });
  return ok;
}

}  // namespace detail

/// numpy.put(a, indices, values): a.flat[indices[k]] = values.flat[k % values.size].
template <class T, int N, int R, int M>
bool put(const ndarray<T, N>& a, const ndarray<std::int64_t, R>& indices,
         const ndarray<T, M>& values) noexcept {
  ndarray<T, 1> flat;
  if (!empty(flat, {values.size()})) return false;
  T* dst = flat.data;
  detail::for_each_element(values, [&](const T& x) { *dst++ = x; });
  return detail::put_values(a, indices, indices.size(), flat.shape[0],
                            [&](std::int64_t k) { return flat.data[k]; });
}

/// numpy.put(a, indices, value) of one value.
template <class T, int N, int R>
bool put(const ndarray<T, N>& a, const ndarray<std::int64_t, R>& indices,
         std::type_identity_t<T> value) noexcept {
  return detail::put_values(a, indices, indices.size(), 1, [&](std::int64_t) { return value; });
}

// ---- pad ----------------------------------------------------------------------------------

enum class PadMode : int { constant, edge, reflect, wrap };

namespace detail {

/// The index of a that position i of an axis of length n padded `before` reads.
inline std::int64_t pad_source(std::int64_t i, std::int64_t before, std::int64_t n,
                               PadMode mode) noexcept {
  const std::int64_t j = i - before;
  if (j >= 0 && j < n) return j;
  switch (mode) {
    case PadMode::edge: return j < 0 ? 0 : n - 1;
    case PadMode::wrap: return floor_mod(j, n);
    case PadMode::reflect: {
      if (n == 1) return 0;
      const std::int64_t period = 2 * (n - 1);
      const std::int64_t k = floor_mod(j, period);
      return k < n ? k : period - k;
    }
    case PadMode::constant: break;
  }
  return -1;
}

}  // namespace detail

/// numpy.pad(a, pad_width, mode, constant_values): widths holds (before, after) per axis.
template <class T, int N>
bool pad(ndarray<T, N>& out, const ndarray<T, N>& a,
         const std::array<std::int64_t, 2 * N>& widths, PadMode mode,
         std::type_identity_t<T> value) noexcept {
  std::array<std::int64_t, N> shape{};
  for (int d = 0; d < N; ++d) {
    if (widths[2 * d] < 0 || widths[2 * d + 1] < 0) [[unlikely]] {
      return raise(Exc::ValueError, "index can't contain negative values");
    }
    shape[d] = a.shape[d] + widths[2 * d] + widths[2 * d + 1];
  }
  if (mode != PadMode::constant && a.size() == 0) {
    for (int d = 0; d < N; ++d) {
      if (a.shape[d] == 0 && (widths[2 * d] != 0 || widths[2 * d + 1] != 0)) [[unlikely]] {
        return raise_format(Exc::ValueError,
                            "can't extend empty axis %d using modes other than 'constant' or "
                            "'empty'", d);
      }
    }
  }
  if (!empty(out, shape)) return false;
  detail::fill_by_index(out, [&](const std::array<std::int64_t, N>& index) {
    std::array<std::int64_t, N> src{};
    for (int d = 0; d < N; ++d) {
      src[d] = detail::pad_source(index[d], widths[2 * d], a.shape[d], mode);
      if (src[d] < 0) return static_cast<T>(value);
    }
    return detail::element_at(a, src);
  });
  return true;
}

// ---- meshgrid -----------------------------------------------------------------------------

/// numpy.meshgrid(x0, x1, ..., indexing='ij' (ij) or 'xy'): out holds one array per x, each
/// of the grid's shape (for 'xy' the first two axes swapped).
template <class... T>
bool meshgrid(std::tuple<ndarray<T, static_cast<int>(sizeof...(T))>...>& out, bool ij,
              const ndarray<T, 1>&... x) noexcept {
  constexpr int K = static_cast<int>(sizeof...(T));
  std::array<std::int64_t, K> shape{x.shape[0]...};
  std::array<int, K> axis_of{};
  for (int k = 0; k < K; ++k) axis_of[k] = k;
  if (!ij && K >= 2) {
    std::swap(shape[0], shape[1]);
    axis_of[0] = 1;
    axis_of[1] = 0;
  }
  bool ok = true;
  int k = 0;
  auto one = [&](auto& grid, const auto& v) {
    const int axis = axis_of[k++];
    if (!ok || !(ok = empty(grid, shape))) return;
    detail::fill_by_index(grid, [&](const std::array<std::int64_t, K>& index) {
      return v.data[index[axis] * v.strides[0]];
    });
  };
  std::apply([&](auto&... grids) { (one(grids, x), ...); }, out);
  return ok;
}

}  // namespace pyaot::numpy
