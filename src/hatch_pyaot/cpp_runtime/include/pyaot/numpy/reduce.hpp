#pragma once
// numpy reductions: sum, prod, min (amin), max (amax), mean, any, all, argmin, argmax, over the
// whole array (`sum(out, a)`) or along one axis (`sum_axis(out, a, axis)`), numpy 2 semantics.
//
// The result type R is the compiler's choice and comes in through `out`; the traits below
// give numpy's rule: sum and prod of bool and signed integers narrower than 64 bits give int64,
// of unsigned integers uint64, of floats the same float (sum_result_t); mean gives float32 for
// float32 and float64 otherwise (mean_result_t); min and max keep T; any and all give bool;
// argmin and argmax give int64. Integer sums and products wrap around as numpy's do.
//
// Float sums reproduce numpy's order of additions, so that the results are bit-identical:
// numpy's innermost reduction loop is `pairwise_sum` (numpy/_core/src/umath/loops_utils.h.src:
// eight accumulators for blocks of up to 128 elements, longer runs split in halves rounded to
// a multiple of 8), and its iterator visits the array in memory order. So a whole-array sum
// orders the axes by stride magnitude and merges the ones that step evenly (a C-contiguous or
// transposed array becomes one pairwise pass over its memory), then adds the pairwise sums of
// the inner runs to 0.0 one after another; an array whose layout keeps several runs numpy
// copies into buffers first, so its float sum is pairwise per buffer (buffered_sum, a core
// longer than a buffer run by run). Along an axis, a sum is pairwise per output element when
// the reduced axis has the smallest stride (numpy's inner loop runs along it), else
// sequential from 0.0 along the axis (numpy's inner loop runs over the outputs). Tested
// bit-identical with numpy 2.4 for C-contiguous, transposed, reversed and strided (step 2)
// arrays of 1 to 3 dimensions, whole and along every axis; for other layouts (zero strides,
// mixed axis orders) numpy's iterator may pick another order, and the last bits can differ.
// prod is sequential in the same order. mean is the sum (in float64 for integers and bool, as
// numpy's dtype='f8') divided by the count in float64 (numpy divides by an intp), rounded to R;
// numpy casts integers in buffers of 8192, so past that size and 2**53 the last bits can differ.
// rounded to R. min/max propagate NaN; argmin/argmax return the first extreme, and a NaN wins.
//
// Empty reductions: sum 0, prod 1, any false, all true, mean NaN (numpy also warns); min, max,
// argmin and argmax raise numpy's ValueError, also along an axis of length 0. A bad axis
// raises ValueError with numpy's AxisError message (AxisError is a ValueError). keepdims is
// left to the compiler (a reshape of the result).
//
// Built with -ffast-math or FMA contraction of the adds, the float sums lose bit-exactness.

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "pyaot/error.hpp"
#include "pyaot/numpy/ndarray.hpp"
#include "pyaot/numpy/reduce_complex.hpp"

namespace pyaot::numpy {

// ---- Result types -----------------------------------------------------------------------------

/// numpy's dtype of sum(a) and prod(a) for an a of element type T.
template <class T>
using sum_result_t = std::conditional_t<
    std::is_floating_point_v<T>, T,
    std::conditional_t<std::is_unsigned_v<T> && !std::is_same_v<T, bool>, std::uint64_t,
                       std::int64_t>>;

/// numpy's dtype of mean(a): float32 for float32, float64 otherwise.
template <class T>
using mean_result_t = std::conditional_t<std::is_same_v<T, float>, float, double>;

namespace detail {

// ---- Layouts: the dimensions a loop walks -----------------------------------------------------

/// Up to max(N, 1) dimensions, the innermost last; ndim >= 1.
template <int N>
struct Layout {
  static constexpr int kCap = N > 0 ? N : 1;
  std::array<std::int64_t, kCap> shape{};
  std::array<std::int64_t, kCap> strides{};
  int ndim = 0;
};

/// a's own dimensions in C order (a 0-d array as one element).
template <class T, int N>
inline Layout<N> logical_layout(const ndarray<T, N>& a) noexcept {
  Layout<N> layout;
  for (int axis = 0; axis < N; ++axis) {
    layout.shape[axis] = a.shape[axis];
    layout.strides[axis] = a.strides[axis];
  }
  layout.ndim = N;
  if (N == 0) {
    layout.shape[0] = 1;
    layout.strides[0] = 1;
    layout.ndim = 1;
  }
  return layout;
}

inline std::int64_t magnitude(std::int64_t stride) noexcept {
  return stride < 0 ? -stride : stride;
}

/// numpy's iterator order for a non-empty a: dimensions of size 1 dropped, axes ordered by
/// decreasing stride magnitude (stable), adjacent axes merged where they step evenly. Negative
/// strides stay: numpy's reductions walk a reversed array backwards.
template <class T, int N>
inline Layout<N> memory_layout(const ndarray<T, N>& a) noexcept {
  Layout<N> layout;
  for (int axis = 0; axis < N; ++axis) {
    if (a.shape[axis] == 1) continue;
    const std::int64_t stride = a.strides[axis];
    // insertion sort: after every axis with a stride at least as large in magnitude
    int at = layout.ndim;
    while (at > 0 && magnitude(layout.strides[at - 1]) < magnitude(stride)) {
      layout.shape[at] = layout.shape[at - 1];
      layout.strides[at] = layout.strides[at - 1];
      --at;
    }
    layout.shape[at] = a.shape[axis];
    layout.strides[at] = stride;
    ++layout.ndim;
  }
  if (layout.ndim == 0) {
    layout.shape[0] = 1;
    layout.strides[0] = 1;
    layout.ndim = 1;
    return layout;
  }
  int merged = 0;
  for (int axis = 1; axis < layout.ndim; ++axis) {
    if (layout.strides[merged] == layout.strides[axis] * layout.shape[axis]) {
      layout.shape[merged] *= layout.shape[axis];
      layout.strides[merged] = layout.strides[axis];
    } else {
      ++merged;
      layout.shape[merged] = layout.shape[axis];
      layout.strides[merged] = layout.strides[axis];
    }
  }
  layout.ndim = merged + 1;
  return layout;
}

/// Calls row(first, n, stride) for every run along the innermost dimension, the outer
/// dimensions in C order; stops early (returning false) when row returns false.
template <int N, class T, class F>
inline bool for_each_row(const Layout<N>& layout, const T* base, F&& row) noexcept {
  const int outer = layout.ndim - 1;
  const std::int64_t n = layout.shape[outer];
  const std::int64_t stride = layout.strides[outer];
  std::array<std::int64_t, Layout<N>::kCap> index{};
  const T* ptr = base;
  for (;;) {
    if (!row(ptr, n, stride)) return false;
    int axis = outer - 1;
    for (; axis >= 0; --axis) {
      ptr += layout.strides[axis];
      if (++index[axis] < layout.shape[axis]) break;
      ptr -= layout.strides[axis] * layout.shape[axis];
      index[axis] = 0;
    }
    if (axis < 0) return true;
  }
}

/// Calls lane(j, first) for every output element j (C order) of a reduction of a along
/// `axis`, first pointing at the lane's element 0.
template <class T, int N, class F>
inline void for_each_lane(const ndarray<T, N>& a, int axis, F&& lane) noexcept {
  std::array<std::int64_t, N> index{};
  const T* ptr = a.data;
  std::int64_t total = 1;
  for (int d = 0; d < N; ++d) {
    if (d != axis) total *= a.shape[d];
  }
  for (std::int64_t j = 0; j < total; ++j) {
    lane(j, ptr);
    for (int d = N - 1; d >= 0; --d) {
      if (d == axis) continue;
      ptr += a.strides[d];
      if (++index[d] < a.shape[d]) break;
      ptr -= a.strides[d] * a.shape[d];
      index[d] = 0;
    }
  }
}

/// For a reduction of a along `axis` into a C-ordered output of a's shape without `axis`:
/// calls step(k, j, out_step, row, len, row_stride) for each slice k of the axis so that every output element j + l * out_step
/// (l < len) meets its lane's elements row[l * row_stride] in order along `axis`, one slice of
/// the axis after another. The run is taken along the output dimension with the smallest
/// stride in a (the innermost in memory), so a C-contiguous array reduced along a leading axis
/// adds whole contiguous rows. N >= 2; a non-empty output.
template <class T, int N, class F>
inline void for_each_slice_run(const ndarray<T, N>& a, int axis, F&& step) noexcept {
  // out's C-order strides (in elements) for each of a's dimensions but `axis`
  std::array<std::int64_t, N> out_strides{};
  std::int64_t total = 1;
  for (int d = N - 1; d >= 0; --d) {
    if (d == axis) continue;
    out_strides[d] = total;
    total *= a.shape[d];
  }
  if (total == 0) return;
  int inner = -1;
  for (int d = 0; d < N; ++d) {
    if (d == axis) continue;
    if (inner < 0 || a.shape[inner] == 1 ||
        (a.shape[d] != 1 && magnitude(a.strides[d]) <= magnitude(a.strides[inner]))) {
      inner = d;
    }
  }
  const std::int64_t len = a.shape[inner];
  const std::int64_t row_stride = a.strides[inner];
  const std::int64_t out_step = out_strides[inner];
  const std::int64_t n = a.shape[axis];
  const std::int64_t axis_stride = a.strides[axis];
  std::array<std::int64_t, N> index{};
  const T* ptr = a.data;
  std::int64_t j = 0;
  for (;;) {
    const T* row = ptr;
    for (std::int64_t k = 0; k < n; ++k, row += axis_stride) {
      step(k, j, out_step, row, len, row_stride);
    }
    int d = N - 1;
    for (; d >= 0; --d) {
      if (d == axis || d == inner) continue;
      ptr += a.strides[d];
      j += out_strides[d];
      if (++index[d] < a.shape[d]) break;
      ptr -= a.strides[d] * a.shape[d];
      j -= out_strides[d] * a.shape[d];
      index[d] = 0;
    }
    if (d < 0) return;
  }
}

/// acc[j + l * out_step] = op(acc[...], row[l * row_stride]) for l < len, with a unit-stride
/// loop (which GCC vectorizes) when both steps are 1.
template <class A, class T, class Op>
inline void apply_run(A* acc, std::int64_t out_step, const T* row, std::int64_t len,
                      std::int64_t row_stride, Op&& op) noexcept {
  if (out_step == 1 && row_stride == 1) {
    for (std::int64_t l = 0; l < len; ++l) acc[l] = op(acc[l], row[l]);
  } else {
    for (std::int64_t l = 0; l < len; ++l) {
      acc[l * out_step] = op(acc[l * out_step], row[l * row_stride]);
    }
  }
}

[[gnu::cold]] inline bool axis_error(std::int64_t axis, int ndim) noexcept {
  return raise_format(Exc::ValueError, "axis %lld is out of bounds for array of dimension %d",
                      static_cast<long long>(axis), ndim);
}

[[gnu::cold]] inline bool no_identity_error(const char* ufunc) noexcept {
  return raise_format(Exc::ValueError,
                      "zero-size array to reduction operation %s which has no identity", ufunc);
}

[[gnu::cold]] inline bool empty_sequence_error(const char* function) noexcept {
  return raise_format(Exc::ValueError, "attempt to get %s of an empty sequence", function);
}

/// The axis in [0, N), negative counting from the end; numpy's AxisError text otherwise.
template <int N>
inline bool normalize_axis(int& out, std::int64_t axis) noexcept {
  if (axis < -N || axis >= N) return axis_error(axis, N);
  out = static_cast<int>(axis < 0 ? axis + N : axis);
  return true;
}

/// out's shape: a's without `axis`.
template <int N>
inline std::array<std::int64_t, N - 1> drop_axis(const std::array<std::int64_t, N>& shape,
                                                 int axis) noexcept {
  std::array<std::int64_t, N - 1> result{};
  for (int d = 0, k = 0; d < N; ++d) {
    if (d != axis) result[k++] = shape[d];
  }
  return result;
}

// ---- Row kernels: one run of n elements, `stride` apart ---------------------------------------

/// What sums and products accumulate in: R for floats and complex, uint64 (wrapping) for
/// integers.
template <class R>
using accumulator_t = std::conditional_t<std::is_floating_point_v<R> || scalar::complex_number<R>,
                                         R, std::uint64_t>;

template <class A, class T>
inline A to_accumulator(T x) noexcept {
  return static_cast<A>(x);
}

/// a + b, and a * b as numpy's elementwise loops compute them: where a product along an axis
/// goes slice by slice numpy runs its multiply loop (the fused complex product,
/// scalar::multiply), not the reduce loop of sequential_prod (the schoolbook one).
template <class A>
inline A plus(A a, A b) noexcept {
  if constexpr (scalar::complex_number<A>) {
    return scalar::add(a, b);
  } else {
    return a + b;
  }
}

template <class A>
inline A times(A a, A b) noexcept {
  if constexpr (scalar::complex_number<A>) {
    return scalar::multiply(a, b);
  } else {
    return a * b;
  }
}

/// numpy's pairwise_sum over the run, each element first converted to A.
template <class A, class T>
A pairwise_sum(const T* a, std::int64_t n, std::int64_t stride) noexcept {
  if (n < 8) {
    A res = A(-0.0);
    for (std::int64_t i = 0; i < n; ++i) res += to_accumulator<A>(a[i * stride]);
    return res;
  }
  if (n <= 128) {
    A r[8];
    for (int k = 0; k < 8; ++k) r[k] = to_accumulator<A>(a[k * stride]);
    std::int64_t i = 8;
    for (; i < n - (n % 8); i += 8) {
      for (int k = 0; k < 8; ++k) r[k] += to_accumulator<A>(a[(i + k) * stride]);
    }
    A res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
    for (; i < n; ++i) res += to_accumulator<A>(a[i * stride]);
    return res;
  }
  std::int64_t n2 = n / 2;
  n2 -= n2 % 8;
  return pairwise_sum<A>(a, n2, stride) + pairwise_sum<A>(a + n2 * stride, n - n2, stride);
}

/// acc + a[0] + a[1] + ... in order (numpy's loop when its inner loop is not the reduction).
template <class A, class T>
inline A sequential_sum(A acc, const T* a, std::int64_t n, std::int64_t stride) noexcept {
  for (std::int64_t i = 0; i < n; ++i) acc = plus(acc, to_accumulator<A>(a[i * stride]));
  return acc;
}

template <class A, class T>
inline A sequential_prod(A acc, const T* a, std::int64_t n, std::int64_t stride) noexcept {
  if constexpr (scalar::complex_number<A>) {
    return complex_prod(acc, a, n, stride);
  } else {
    for (std::int64_t i = 0; i < n; ++i) acc *= to_accumulator<A>(a[i * stride]);
    return acc;
  }
}

template <class T>
inline bool is_nan(T x) noexcept {
  if constexpr (std::is_floating_point_v<T>) {
    return std::isnan(x);
  } else if constexpr (scalar::complex_number<T>) {
    return scalar::isnan(x);
  } else {
    return false;
  }
}

/// numpy.maximum / numpy.minimum of the running value and x: a NaN on either side wins.
template <bool Max, class T>
inline T extreme(T acc, T x) noexcept {
  if constexpr (scalar::complex_number<T>) {  // numpy's lexicographic CGE / CLE
    return Max ? scalar::maximum(acc, x) : scalar::minimum(acc, x);
  } else if constexpr (Max) {
    return (acc >= x || is_nan(acc)) ? acc : x;
  } else {
    return (acc <= x || is_nan(acc)) ? acc : x;
  }
}

/// Whether x is strictly beyond best (both without NaN): complex numbers lexicographically.
template <bool Max, class T>
inline bool beyond(T x, T best) noexcept {
  if constexpr (scalar::complex_number<T>) {
    return Max ? scalar::greater(x, best) : scalar::less(x, best);
  } else {
    return Max ? x > best : x < best;
  }
}

/// The index of the run's first maximum (minimum), a NaN counting as one; n >= 1.
template <bool Max, class T>
inline std::int64_t arg_extreme(const T* a, std::int64_t n, std::int64_t stride) noexcept {
  T best = a[0];
  std::int64_t where = 0;
  if (is_nan(best)) return 0;
  for (std::int64_t i = 1; i < n; ++i) {
    const T x = a[i * stride];
    if (is_nan(x)) return i;
    if (beyond<Max>(x, best)) {
      best = x;
      where = i;
    }
  }
  return where;
}

/// numpy's buffer for a float sum whose memory layout has several runs (numpy 2.4 copies
/// such an array, in memory order, into buffers of the largest multiple of the core (every
/// dimension but the outermost) up to 8192 elements, and adds the pairwise sum of each buffer
/// to 0.0 one after another); 0 where the core is longer than that (run by run then).
constexpr std::int64_t kSumBuffer = 8192;

template <int N>
inline std::int64_t buffer_size(const Layout<N>& layout) noexcept {
  constexpr std::int64_t kBuffer = kSumBuffer;
  std::int64_t core = 1;
  for (int axis = 1; axis < layout.ndim; ++axis) core *= layout.shape[axis];
  return core <= kBuffer ? kBuffer / core * core : 0;
}

template <class A, class T, int N>
inline A buffered_sum(const ndarray<T, N>& a, const Layout<N>& layout,
                      std::int64_t size) noexcept {
  thread_local A buffer[kSumBuffer];
  A acc = A(0);
  std::int64_t used = 0;
  for_each_row(layout, a.data, [&](const T* row, std::int64_t n, std::int64_t stride) {
    for (std::int64_t i = 0; i < n; ++i) buffer[used + i] = to_accumulator<A>(row[i * stride]);
    used += n;
    if (used == size) {
      acc = acc + pairwise_sum<A>(buffer, used, 1);
      used = 0;
    }
    return true;
  });
  if (used > 0) acc = acc + pairwise_sum<A>(buffer, used, 1);
  return acc;
}

/// The sum of a non-empty a in A, in numpy's order (see the top).
template <class A, class T, int N>
inline A whole_sum(const ndarray<T, N>& a) noexcept {
  const Layout<N> layout = memory_layout(a);
  if constexpr (std::is_floating_point_v<A>) {
    if (layout.ndim > 1) {
      const std::int64_t size = buffer_size(layout);
      if (size > 0) return buffered_sum<A>(a, layout, size);
    }
  }
  A acc = A(0);
  for_each_row(layout, a.data, [&](const T* row, std::int64_t n, std::int64_t stride) {
    if constexpr (scalar::complex_number<A>) {
      acc = scalar::add(acc, complex_pairwise_sum(row, n, stride));
    } else if constexpr (std::is_floating_point_v<A>) {
      acc = acc + pairwise_sum<A>(row, n, stride);
    } else {
      acc = sequential_sum<A>(acc, row, n, stride);
    }
    return true;
  });
  return acc;
}

/// The sum along `axis` of one lane, in numpy's order (pairwise when `pairwise`).
template <class A, class T>
inline A lane_sum(const T* first, std::int64_t n, std::int64_t stride, bool pairwise) noexcept {
  if constexpr (scalar::complex_number<A>) {
    if (pairwise) return scalar::add(A(0), complex_pairwise_sum(first, n, stride));
  } else if constexpr (std::is_floating_point_v<A>) {
    if (pairwise) {
      return A(0) + pairwise_sum<A>(first, n, stride);
    }
  }
  return sequential_sum<A>(A(0), first, n, stride);
}

/// Whether numpy's inner loop runs along `axis`: its stride is the smallest in magnitude
/// among the dimensions longer than 1 (or it is the only such dimension).
template <class T, int N>
inline bool reduces_innermost(const ndarray<T, N>& a, int axis) noexcept {
  const std::int64_t own = magnitude(a.strides[axis]);
  for (int d = 0; d < N; ++d) {
    if (d == axis || a.shape[d] == 1) continue;
    const std::int64_t other = magnitude(a.strides[d]);
    if (other < own || (other == own && d > axis)) return false;
  }
  return true;
}

/// One slice's run of a sequential sum: acc[l] += A(row[l]).
template <class A, class T>
struct SumRun {
  void operator()(A* acc, std::int64_t out_step, const T* row, std::int64_t len,
                  std::int64_t row_stride, std::int64_t) const noexcept {
    apply_run(acc, out_step, row, len, row_stride,
              [](A s, T x) { return plus(s, to_accumulator<A>(x)); });
  }
};

/// R(sum / count) with the division in float64, as numpy divides by an intp count. For no
/// elements that is 0.0 / 0.0 computed at run time, as numpy's, so that the NaN is the
/// machine's default one (negative on x86-64) and bit-identical with numpy's.
template <class R, class A>
inline R divide_count(A sum, std::int64_t count) noexcept {
  if constexpr (scalar::complex_number<R>) {  // numpy's complex true_divide by the count
    return scalar::true_divide(sum, R(static_cast<double>(count)));
  } else {
    return static_cast<R>(static_cast<double>(sum) / static_cast<double>(count));
  }
}

}  // namespace detail

// ---- Whole-array reductions -------------------------------------------------------------------

/// numpy.sum(a): R is sum_result_t<T> (or any dtype numpy's `dtype=` allows).
template <class R, class T, int N>
bool sum(R& out, const ndarray<T, N>& a) noexcept {
  using A = detail::accumulator_t<R>;
  out = a.size() == 0 ? R(0) : static_cast<R>(detail::whole_sum<A>(a));
  return true;
}

/// numpy.prod(a).
template <class R, class T, int N>
bool prod(R& out, const ndarray<T, N>& a) noexcept {
  using A = detail::accumulator_t<R>;
  A acc = A(1);
  if (a.size() != 0) {
    const detail::Layout<N> layout = detail::memory_layout(a);
    detail::for_each_row(layout, a.data, [&](const T* row, std::int64_t n, std::int64_t stride) {
      acc = detail::sequential_prod<A>(acc, row, n, stride);
      return true;
    });
  }
  out = static_cast<R>(acc);
  return true;
}

namespace detail {

template <bool Max, class R, class T, int N>
inline bool whole_extreme(R& out, const ndarray<T, N>& a) noexcept {
  if (a.size() == 0) return no_identity_error(Max ? "maximum" : "minimum");
  T acc = a.data[0];
  const Layout<N> layout = memory_layout(a);
  for_each_row(layout, a.data, [&](const T* row, std::int64_t n, std::int64_t stride) {
    for (std::int64_t i = 0; i < n; ++i) acc = extreme<Max>(acc, row[i * stride]);
    return !is_nan(acc);
  });
  out = static_cast<R>(acc);
  return true;
}

template <bool Max, class R, class T, int N>
inline bool whole_arg_extreme(R& out, const ndarray<T, N>& a) noexcept {
  if (a.size() == 0) return empty_sequence_error(Max ? "argmax" : "argmin");
  const Layout<N> layout = logical_layout(a);
  T best = a.data[0];
  std::int64_t where = 0;
  std::int64_t start = 0;  // the flat index of the row's first element
  for_each_row(layout, a.data, [&](const T* row, std::int64_t n, std::int64_t stride) {
    const std::int64_t i = arg_extreme<Max>(row, n, stride);
    const T x = row[i * stride];
    if (is_nan(x) || beyond<Max>(x, best)) {
      best = x;
      where = start + i;
    }
    start += n;
    return !is_nan(best);
  });
  out = static_cast<R>(where);
  return true;
}

template <bool All, class T, int N>
inline bool whole_truth(const ndarray<T, N>& a) noexcept {
  if (a.size() == 0) return All;
  bool result = All;
  const Layout<N> layout = memory_layout(a);
  for_each_row(layout, a.data, [&](const T* row, std::int64_t n, std::int64_t stride) {
    for (std::int64_t i = 0; i < n; ++i) {
      if ((row[i * stride] != T(0)) != All) {
        result = !All;
        return false;
      }
    }
    return true;
  });
  return result;
}

}  // namespace detail

/// numpy.min / numpy.amin(a): ValueError for an empty a.
template <class R, class T, int N>
bool min(R& out, const ndarray<T, N>& a) noexcept {
  return detail::whole_extreme<false>(out, a);
}

/// numpy.max / numpy.amax(a): ValueError for an empty a.
template <class R, class T, int N>
bool max(R& out, const ndarray<T, N>& a) noexcept {
  return detail::whole_extreme<true>(out, a);
}

template <class R, class T, int N>
bool amin(R& out, const ndarray<T, N>& a) noexcept {
  return detail::whole_extreme<false>(out, a);
}

template <class R, class T, int N>
bool amax(R& out, const ndarray<T, N>& a) noexcept {
  return detail::whole_extreme<true>(out, a);
}

/// numpy.mean(a): R is mean_result_t<T>; NaN for an empty a.
template <class R, class T, int N>
bool mean(R& out, const ndarray<T, N>& a) noexcept {
  if constexpr (scalar::complex_number<R>) {  // numpy's complex true_divide by the count
    const R sum = a.size() == 0 ? R(0) : detail::whole_sum<R>(a);
    out = scalar::true_divide(sum, R(static_cast<double>(a.size())));
  } else {
    static_assert(std::is_floating_point_v<R>, "mean gives a float or a complex");
    // numpy sums in the result dtype: float32 for float32 (or dtype=np.float32), else float64
    using A = std::conditional_t<std::is_same_v<R, float>, float, double>;
    const std::int64_t count = a.size();
    out = detail::divide_count<R>(count == 0 ? A(0) : detail::whole_sum<A>(a), count);
  }
  return true;
}

/// numpy.any(a).
template <class R, class T, int N>
bool any(R& out, const ndarray<T, N>& a) noexcept {
  out = static_cast<R>(detail::whole_truth<false>(a));
  return true;
}

/// numpy.all(a).
template <class R, class T, int N>
bool all(R& out, const ndarray<T, N>& a) noexcept {
  out = static_cast<R>(detail::whole_truth<true>(a));
  return true;
}

/// numpy.argmin(a): the flat (C-order) index of the first minimum; ValueError when empty.
template <class R, class T, int N>
bool argmin(R& out, const ndarray<T, N>& a) noexcept {
  return detail::whole_arg_extreme<false>(out, a);
}

/// numpy.argmax(a).
template <class R, class T, int N>
bool argmax(R& out, const ndarray<T, N>& a) noexcept {
  return detail::whole_arg_extreme<true>(out, a);
}

// ---- Reductions along one axis ----------------------------------------------------------------

namespace detail {

/// Whether a reduction along `axis` goes slice by slice (numpy's inner loop runs over the
/// outputs): N >= 2 and `axis` is not the innermost in memory.
template <class T, int N>
inline bool reduces_by_slices(const ndarray<T, N>& a, int axis) noexcept {
  if constexpr (N >= 2) {
    return !reduces_innermost(a, axis);
  } else {
    return false;
  }
}

/// For an out allocated by reduce_lanes' shape rule: acc = init everywhere; then
/// run(acc + j, out_step, row, len, row_stride, k) for the runs of for_each_slice_run; then
/// out[i] = finish(acc[i]). acc is out itself when A is R, else a scratch array.
template <class A, class R, class T, int N, class Run, class Finish>
inline bool reduce_slices(ndarray<R, N - 1>& out, const ndarray<T, N>& a, int axis, A init,
                          Run&& run, Finish&& finish) noexcept {
  if constexpr (N >= 2) {
    ndarray<A, N - 1> scratch;
    A* acc = nullptr;
    if constexpr (std::is_same_v<A, R>) {
      acc = out.data;
    } else {
      if (!empty(scratch, out.shape)) return false;
      acc = scratch.data;
    }
    const std::int64_t total = out.size();
    std::fill_n(acc, total, init);
    for_each_slice_run(a, axis,
                       [&](std::int64_t k, std::int64_t j, std::int64_t out_step, const T* row,
                           std::int64_t len, std::int64_t row_stride) {
                         run(acc + j, out_step, row, len, row_stride, k);
                       });
    R* result = out.data;
    for (std::int64_t i = 0; i < total; ++i) result[i] = finish(acc[i]);
  }
  return true;
}

/// out = a new array of a's shape without `axis`; then, where the reduction goes slice by
/// slice (reduces_by_slices) and slices is not nullptr, slices() (which fills out and returns
/// false on an error), else
/// lane(out_element, first, n, stride) for each output element. `axis` may be negative.
template <class R, class T, int N, class F, class S>
inline bool reduce_lanes(ndarray<R, N - 1>& out, const ndarray<T, N>& a, std::int64_t axis,
                         int& normalized, F&& lane, S&& slices) noexcept {
  if (!normalize_axis<N>(normalized, axis)) return false;
  if (!empty(out, drop_axis<N>(a.shape, normalized))) return false;
  if constexpr (!std::is_same_v<std::decay_t<S>, std::nullptr_t>) {
    if (reduces_by_slices(a, normalized)) return slices();
  }
  const std::int64_t n = a.shape[normalized];
  const std::int64_t stride = a.strides[normalized];
  R* result = out.data;
  for_each_lane(a, normalized, [&](std::int64_t j, const T* first) {
    lane(result[j], first, n, stride);
  });
  return true;
}

template <bool Max, class R, class T, int N>
inline bool extreme_axis(ndarray<R, N - 1>& out, const ndarray<T, N>& a,
                         std::int64_t axis) noexcept {
  int normalized = 0;
  if (!normalize_axis<N>(normalized, axis)) return false;
  if (a.shape[normalized] == 0) return no_identity_error(Max ? "maximum" : "minimum");
  return reduce_lanes(out, a, axis, normalized,
                      [](R& r, const T* first, std::int64_t n, std::int64_t stride) {
                        T acc = first[0];
                        for (std::int64_t i = 1; i < n; ++i) {
                          acc = extreme<Max>(acc, first[i * stride]);
                        }
                        r = static_cast<R>(acc);
                      },
                      [&] {
                        return reduce_slices(
                            out, a, normalized, T(0),
                            [](T* acc, std::int64_t out_step, const T* row, std::int64_t len,
                               std::int64_t row_stride, std::int64_t k) {
                              if (k == 0) {
                                apply_run(acc, out_step, row, len, row_stride,
                                          [](T, T x) { return x; });
                              } else {
                                apply_run(acc, out_step, row, len, row_stride,
                                          [](T acc_x, T x) { return extreme<Max>(acc_x, x); });
                              }
                            },
                            [](T acc) { return static_cast<R>(acc); });
                      });
}

template <bool Max, class R, class T, int N>
inline bool arg_extreme_axis(ndarray<R, N - 1>& out, const ndarray<T, N>& a,
                             std::int64_t axis) noexcept {
  int normalized = 0;
  if (!normalize_axis<N>(normalized, axis)) return false;
  if (a.shape[normalized] == 0) return empty_sequence_error(Max ? "argmax" : "argmin");
  return reduce_lanes(out, a, axis, normalized,
                      [](R& r, const T* first, std::int64_t n, std::int64_t stride) {
                        r = static_cast<R>(arg_extreme<Max>(first, n, stride));
                      },
                      nullptr);  // lane by lane: stops at a NaN
}

template <bool All, class R, class T, int N>
inline bool truth_axis(ndarray<R, N - 1>& out, const ndarray<T, N>& a,
                       std::int64_t axis) noexcept {
  int normalized = 0;
  return reduce_lanes(out, a, axis, normalized,
                      [](R& r, const T* first, std::int64_t n, std::int64_t stride) {
                        bool result = All;
                        for (std::int64_t i = 0; i < n; ++i) {
                          if ((first[i * stride] != T(0)) != All) {
                            result = !All;
                            break;
                          }
                        }
                        r = static_cast<R>(result);
                      },
                      nullptr);  // lane by lane: stops at the first deciding element
}

}  // namespace detail

/// numpy.sum(a, axis): out gets a's shape without `axis` (negative counts from the end).
template <class R, class T, int N>
  requires(N >= 1)
bool sum_axis(ndarray<R, N - 1>& out, const ndarray<T, N>& a, std::int64_t axis) noexcept {
  using A = detail::accumulator_t<R>;
  int normalized = 0;
  if (!detail::normalize_axis<N>(normalized, axis)) return false;
  const bool pairwise = detail::reduces_innermost(a, normalized);
  return detail::reduce_lanes(out, a, axis, normalized,
                              [&](R& r, const T* first, std::int64_t n, std::int64_t stride) {
                                r = static_cast<R>(detail::lane_sum<A>(first, n, stride,
                                                                       pairwise));
                              },
                              [&] {
                                return detail::reduce_slices(
                                    out, a, normalized, A(0), detail::SumRun<A, T>{},
                                    [](A acc) { return static_cast<R>(acc); });
                              });
}

/// numpy.prod(a, axis).
template <class R, class T, int N>
  requires(N >= 1)
bool prod_axis(ndarray<R, N - 1>& out, const ndarray<T, N>& a, std::int64_t axis) noexcept {
  using A = detail::accumulator_t<R>;
  int normalized = 0;
  return detail::reduce_lanes(out, a, axis, normalized,
                              [](R& r, const T* first, std::int64_t n, std::int64_t stride) {
                                r = static_cast<R>(
                                    detail::sequential_prod<A>(A(1), first, n, stride));
                              },
                              [&] {
                                return detail::reduce_slices(
                                    out, a, normalized, A(1),
                                    [](A* acc, std::int64_t out_step, const T* row,
                                       std::int64_t len, std::int64_t row_stride,
                                       std::int64_t) {
                                      detail::apply_run(acc, out_step, row, len, row_stride,
                                                        [](A p, T x) {
                                                          return detail::times(
                                                              p, detail::to_accumulator<A>(x));
                                                        });
                                    },
                                    [](A acc) { return static_cast<R>(acc); });
                              });
}

/// numpy.mean(a, axis): NaN where the axis is empty.
template <class R, class T, int N>
  requires(N >= 1)
bool mean_axis(ndarray<R, N - 1>& out, const ndarray<T, N>& a, std::int64_t axis) noexcept {
  static_assert(std::is_floating_point_v<R> || scalar::complex_number<R>,
                "mean gives a float or a complex");
  // numpy sums in the result dtype: float32 for float32 (or dtype=np.float32), else float64
  using A = std::conditional_t<scalar::complex_number<R>, R,
                               std::conditional_t<std::is_same_v<R, float>, float, double>>;
  int normalized = 0;
  if (!detail::normalize_axis<N>(normalized, axis)) return false;
  const bool pairwise = detail::reduces_innermost(a, normalized);
  return detail::reduce_lanes(
      out, a, axis, normalized, [&](R& r, const T* first, std::int64_t n, std::int64_t stride) {
        r = detail::divide_count<R>(detail::lane_sum<A>(first, n, stride, pairwise), n);
      },
      [&] {
        const std::int64_t count = a.shape[normalized];
        return detail::reduce_slices(out, a, normalized, A(0), detail::SumRun<A, T>{},
                                     [count](A acc) { return detail::divide_count<R>(acc, count); });
      });
}

/// numpy.min / numpy.amin(a, axis): ValueError when the axis is empty.
template <class R, class T, int N>
  requires(N >= 1)
bool min_axis(ndarray<R, N - 1>& out, const ndarray<T, N>& a, std::int64_t axis) noexcept {
  return detail::extreme_axis<false>(out, a, axis);
}

/// numpy.max / numpy.amax(a, axis).
template <class R, class T, int N>
  requires(N >= 1)
bool max_axis(ndarray<R, N - 1>& out, const ndarray<T, N>& a, std::int64_t axis) noexcept {
  return detail::extreme_axis<true>(out, a, axis);
}

/// numpy.any(a, axis).
template <class R, class T, int N>
  requires(N >= 1)
bool any_axis(ndarray<R, N - 1>& out, const ndarray<T, N>& a, std::int64_t axis) noexcept {
  return detail::truth_axis<false>(out, a, axis);
}

/// numpy.all(a, axis).
template <class R, class T, int N>
  requires(N >= 1)
bool all_axis(ndarray<R, N - 1>& out, const ndarray<T, N>& a, std::int64_t axis) noexcept {
  return detail::truth_axis<true>(out, a, axis);
}

/// numpy.argmin(a, axis): ValueError when the axis is empty.
template <class R, class T, int N>
  requires(N >= 1)
bool argmin_axis(ndarray<R, N - 1>& out, const ndarray<T, N>& a, std::int64_t axis) noexcept {
  return detail::arg_extreme_axis<false>(out, a, axis);
}

/// numpy.argmax(a, axis).
template <class R, class T, int N>
  requires(N >= 1)
bool argmax_axis(ndarray<R, N - 1>& out, const ndarray<T, N>& a, std::int64_t axis) noexcept {
  return detail::arg_extreme_axis<true>(out, a, axis);
}

}  // namespace pyaot::numpy
