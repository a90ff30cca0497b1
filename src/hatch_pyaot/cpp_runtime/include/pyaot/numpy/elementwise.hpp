#pragma once
// Whole-array elementwise expressions with numpy broadcasting, fused into one loop.
//
// The compiler turns `a * b + np.sin(c) * 2.0` into one call with a lambda over scalars,
// `map(out, [](double x, double y, double z) { return x * y + std::sin(z) * 2.0; }, a, b, c)`,
// so no temporary array is made for `a * b`. An operand is an ndarray<T, M> or a plain value
// (a Python or numpy scalar, the same in every element); the lambda gets one element of each.
//
// Broadcasting is numpy's: shapes align at the trailing dimension and a dimension of size 1
// stretches. The check folds the array operands left to right, pairwise, and names the first
// pair that fails ("operands could not be broadcast together with shapes (2,3) (4,) "): that
// is numpy's own message when the expression is evaluated in that order, as in a chain
// `a * b + c`, and always when there are at most two array operands. For another tree
// (`a + b * c`, where numpy checks b with c first) the compiler checks the inner operations
// first with broadcast_shapes().
//
// The loop: dimensions of size 1 are dropped, adjacent dimensions that every operand steps
// through evenly are merged (a C-contiguous expression becomes one flat loop), and the
// remaining outer dimensions are walked with an iterative multi-index that moves one pointer
// per operand. The innermost dimension is a plain counted loop: `out[j] = f(a[j], b[j])` when
// every array operand steps by one element, which GCC and Clang vectorize, else the same loop
// with each operand's stride (0 for an operand broadcast along it).
//
// f is either `R f(args...)` (map, map_into) or, when an element can fail (integer power with
// a negative exponent), `bool f(R& out, args...)` returning false with the error set
// (map_fallible, map_into_fallible); the loop stops at the first failure.

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>

#include "pyaot/error.hpp"
#include "pyaot/parallel/pool.hpp"
#include "pyaot/numpy/ndarray.hpp"

namespace pyaot::numpy {

namespace detail {

template <class A>
struct operand_traits {
  static constexpr bool is_array = false;
  static constexpr int rank = 0;
  using element = A;
};

template <class T, int M>
struct operand_traits<ndarray<T, M>> {
  static constexpr bool is_array = true;
  static constexpr int rank = M;
  using element = T;
};

/// The element type f receives for an operand: T for an ndarray<T, M>, the value's own type
/// for a scalar.
template <class A>
using element_t = typename operand_traits<A>::element;

/// The largest rank among the operands (0 when all are scalars).
template <class... A>
inline constexpr int max_rank = std::max({0, operand_traits<A>::rank...});

/// A shape buffer of rank up to M (at least one slot, so that M == 0 needs no special case).
template <int M>
using ShapeBuffer = std::array<std::int64_t, (M > 0 ? M : 1)>;

/// numpy's shape text in broadcasting errors: "()", "(3,)", "(2,3)" (no spaces).
inline std::string broadcast_shape_repr(const std::int64_t* shape, int ndim) {
  std::string text = "(";
  for (int axis = 0; axis < ndim; ++axis) {
    if (axis > 0) text += ',';
    text += std::to_string(shape[axis]);
  }
  text += ndim == 1 ? ",)" : ")";
  return text;
}

[[gnu::cold]] inline bool operands_error(const std::int64_t* x, int x_ndim,
                                         const std::int64_t* y, int y_ndim) noexcept {
  return raise(Exc::ValueError, "operands could not be broadcast together with shapes " +
                                    broadcast_shape_repr(x, x_ndim) + " " +
                                    broadcast_shape_repr(y, y_ndim) + " ");
}

/// acc = broadcast(acc, shape), or false (no error set) when they do not broadcast.
template <std::size_t M>
inline bool broadcast_join(std::array<std::int64_t, M>& acc, int& acc_ndim,
                           const std::int64_t* shape, int ndim) noexcept {
  const int result_ndim = std::max(acc_ndim, ndim);
  std::array<std::int64_t, M> result{};
  for (int i = 1; i <= result_ndim; ++i) {
    const std::int64_t x = i <= acc_ndim ? acc[acc_ndim - i] : 1;
    const std::int64_t y = i <= ndim ? shape[ndim - i] : 1;
    if (x != y && x != 1 && y != 1) return false;
    result[result_ndim - i] = x == 1 ? y : x;
  }
  acc = result;
  acc_ndim = result_ndim;
  return true;
}

/// acc = broadcast(acc, shape): numpy's check for one binary operation.
template <std::size_t M>
inline bool broadcast_step(std::array<std::int64_t, M>& acc, int& acc_ndim,
                           const std::int64_t* shape, int ndim) noexcept {
  return broadcast_join(acc, acc_ndim, shape, ndim) ||
         operands_error(acc.data(), acc_ndim, shape, ndim);
}

/// acc = broadcast(acc, operand), or false (no error set, acc as it was) when they do not
/// broadcast; a scalar broadcasts with anything.
template <std::size_t M, class A>
inline bool join_operand(std::array<std::int64_t, M>& acc, int& acc_ndim,
                         const A& operand) noexcept {
  if constexpr (operand_traits<A>::is_array) {
    return broadcast_join(acc, acc_ndim, operand.shape.data(), operand_traits<A>::rank);
  } else {
    return true;
  }
}

/// join_operand() with numpy's error for the pair that fails.
template <std::size_t M, class A>
inline bool broadcast_operand(std::array<std::int64_t, M>& acc, int& acc_ndim,
                              const A& operand) noexcept {
  if (join_operand(acc, acc_ndim, operand)) return true;
  if constexpr (operand_traits<A>::is_array) {
    return operands_error(acc.data(), acc_ndim, operand.shape.data(), operand_traits<A>::rank);
  }
  return false;
}

/// The broadcast shape of all array operands, folded left to right (see the top).
template <std::size_t M, class... A>
inline bool broadcast_operands(std::array<std::int64_t, M>& shape, int& ndim,
                               const A&... operands) noexcept {
  ndim = 0;
  return (broadcast_operand(shape, ndim, operands) && ...);
}

/// numpy's setitem check: `from` (leading dimensions past `to`'s rank must be 1) broadcasts to
/// `to` without stretching `to`.
inline bool broadcast_to_target(const std::int64_t* from, int from_ndim, const std::int64_t* to,
                                int to_ndim) noexcept {
  for (int i = 1; i <= from_ndim; ++i) {
    const std::int64_t dim = from[from_ndim - i];
    const std::int64_t target = i <= to_ndim ? to[to_ndim - i] : 1;
    if (dim != target && dim != 1) {
      const std::string message = "could not broadcast input array from shape " +
                                  broadcast_shape_repr(from, from_ndim) + " into shape " +
                                  broadcast_shape_repr(to, to_ndim);
      return raise(Exc::ValueError, message);
    }
  }
  return true;
}

[[gnu::cold]] inline bool read_only_error() noexcept {
  return raise(Exc::ValueError, "assignment destination is read-only");
}

template <class R, int N>
inline bool is_read_only(const ndarray<R, N>& out) noexcept {
  return out.storage != nullptr && !out.storage->writeable;
}

/// An array operand's strides over the loop's N dimensions (the target's): 0 where it has no
/// such dimension or a dimension of size 1. An operand of higher rank has already been
/// checked to have size 1 in the dimensions past N, which are dropped.
template <int N, class T, int M>
inline std::array<std::int64_t, N> loop_strides(const ndarray<T, M>& a) noexcept {
  std::array<std::int64_t, N> strides{};
  for (int axis = 0; axis < N; ++axis) {
    const int own = axis - N + M;
    if (own >= 0 && a.shape[own] != 1) strides[axis] = a.strides[own];
  }
  return strides;
}

// ---- Cursors: one operand's position during the loop ----------------------------------------

template <class T, int N>
struct ArrayCursor {
  T* ptr;  ///< the element at the current outer position (T const for inputs)
  std::array<std::int64_t, N> strides;
};

template <class S>
struct ScalarCursor {
  S value;
};

template <int N, class A>
inline auto make_cursor(const A& operand) noexcept {
  if constexpr (operand_traits<A>::is_array) {
    using T = const typename operand_traits<A>::element;
    return ArrayCursor<T, N>{operand.data, loop_strides<N>(operand)};
  } else {
    return ScalarCursor<A>{operand};
  }
}

template <class T, int N>
inline bool mergeable(const ArrayCursor<T, N>& c, int outer, int inner, std::int64_t n) noexcept {
  return c.strides[outer] == c.strides[inner] * n;
}
template <class S>
inline bool mergeable(const ScalarCursor<S>&, int, int, std::int64_t) noexcept {
  return true;
}

template <class T, int N>
inline void move_stride(ArrayCursor<T, N>& c, int to, int from) noexcept {
  c.strides[to] = c.strides[from];
}
template <class S>
inline void move_stride(ScalarCursor<S>&, int, int) noexcept {}

template <class T, int N>
inline bool unit_stride(const ArrayCursor<T, N>& c, int axis) noexcept {
  return c.strides[axis] == 1;
}
template <class S>
inline bool unit_stride(const ScalarCursor<S>&, int) noexcept {
  return true;
}

template <class T, int N>
inline void advance(ArrayCursor<T, N>& c, int axis) noexcept {
  c.ptr += c.strides[axis];
}
template <class S>
inline void advance(ScalarCursor<S>&, int) noexcept {}

template <class T, int N>
inline void rewind(ArrayCursor<T, N>& c, int axis, std::int64_t steps) noexcept {
  c.ptr -= c.strides[axis] * steps;
}
template <class S>
inline void rewind(ScalarCursor<S>&, int, std::int64_t) noexcept {}

// ---- Loads: one operand's element j along the innermost dimension ---------------------------

template <class T>
struct UnitLoad {
  const T* ptr;
  T operator()(std::int64_t j) const noexcept { return ptr[j]; }
};

template <class T>
struct StridedLoad {
  const T* ptr;
  std::int64_t stride;
  T operator()(std::int64_t j) const noexcept { return ptr[j * stride]; }
};

template <class S>
struct ValueLoad {
  S value;
  S operator()(std::int64_t) const noexcept { return value; }
};

template <class T, int N>
inline UnitLoad<std::remove_const_t<T>> unit_load(const ArrayCursor<T, N>& c) noexcept {
  return {c.ptr};
}
template <class S>
inline ValueLoad<S> unit_load(const ScalarCursor<S>& c) noexcept {
  return {c.value};
}

template <class T, int N>
inline StridedLoad<std::remove_const_t<T>> strided_load(const ArrayCursor<T, N>& c,
                                                        int axis) noexcept {
  return {c.ptr, c.strides[axis]};
}
template <class S>
inline ValueLoad<S> strided_load(const ScalarCursor<S>& c, int) noexcept {
  return {c.value};
}

// ---- The innermost loops --------------------------------------------------------------------

/// Every operand steps by one element (or is a scalar): the loop compilers vectorize. Its
/// element function is inlined with everything it calls (gnu::flatten), however large: a
/// body with several of our vectorized sin or cos (pyaot/numpy/vmath) is past GCC's inlining
/// limits, and a call left in the loop keeps it scalar.
template <bool Fallible, class R, class F, class... L>
[[gnu::flatten]] inline bool unit_loop(R* out, std::int64_t n, F& f, const L... load) noexcept {
  if constexpr (Fallible) {
    for (std::int64_t j = 0; j < n; ++j) {
      if (!f(out[j], load(j)...)) [[unlikely]] return false;
    }
  } else {
    for (std::int64_t j = 0; j < n; ++j) out[j] = f(load(j)...);  // the contiguous loop
  }
  return true;
}

template <bool Fallible, class R, class F, class... L>
inline bool strided_loop(R* out, std::int64_t stride, std::int64_t n, F& f,
                         const L... load) noexcept {
  if constexpr (Fallible) {
    for (std::int64_t j = 0; j < n; ++j) {
      if (!f(out[j * stride], load(j)...)) [[unlikely]] return false;
    }
  } else {
    for (std::int64_t j = 0; j < n; ++j) out[j * stride] = f(load(j)...);
  }
  return true;
}

/// The loops of run() over dimensions already merged: `ndim` of them, none of size 1.
template <bool Fallible, class R, int N, class F, class... C>
inline bool run_merged(ArrayCursor<R, N> out, const Shape<N>& shape, int ndim, F& f,
                       C... operands) noexcept {
  if (ndim == 0) return unit_loop<Fallible>(out.ptr, 1, f, unit_load(operands)...);
  const int inner = ndim - 1;
  const std::int64_t n = shape[inner];
  // the outer dimensions: an iterative multi-index, one pointer step per operand
  auto sweep = [&](auto inner_loop) noexcept -> bool {
    std::array<std::int64_t, N> index{};
    for (;;) {
      if (!inner_loop()) return false;
      int axis = inner - 1;
      for (; axis >= 0; --axis) {
        if (++index[axis] < shape[axis]) {
          advance(out, axis);
          (advance(operands, axis), ...);
          break;
        }
        index[axis] = 0;
        const std::int64_t back = shape[axis] - 1;
        rewind(out, axis, back);
        (rewind(operands, axis, back), ...);
      }
      if (axis < 0) return true;
    }
  };
  if (unit_stride(out, inner) && (unit_stride(operands, inner) && ...)) {
    return sweep([&]() noexcept {
      return unit_loop<Fallible>(out.ptr, n, f, unit_load(operands)...);
    });
  }
  return sweep([&]() noexcept {
    return strided_loop<Fallible>(out.ptr, out.strides[inner], n, f,
                                  strided_load(operands, inner)...);
  });
}

template <class T, int N>
inline ArrayCursor<T, N> shifted(ArrayCursor<T, N> c, std::int64_t steps) noexcept {
  c.ptr += steps * c.strides[0];
  return c;
}
template <class S>
inline ScalarCursor<S> shifted(const ScalarCursor<S>& c, std::int64_t) noexcept {
  return c;
}

/// out[i] = f(operands[i]...) over `shape` (no dimension 0), operands already aligned to it.
template <bool Fallible, class R, int N, class F, class... C>
inline bool run(ArrayCursor<R, N> out, Shape<N> shape, F& f, C... operands) noexcept {
  if constexpr (N == 0) {
    return unit_loop<Fallible>(out.ptr, 1, f, unit_load(operands)...);
  } else {
    // drop dimensions of size 1; merge a dimension into the one before it when every operand
    // steps through both evenly
    int ndim = 0;
    for (int axis = 0; axis < N; ++axis) {
      const std::int64_t n = shape[axis];
      if (n == 1) continue;
      if (ndim > 0 && mergeable(out, ndim - 1, axis, n) &&
          (mergeable(operands, ndim - 1, axis, n) && ...)) {
        shape[ndim - 1] *= n;
        move_stride(out, ndim - 1, axis);
        (move_stride(operands, ndim - 1, axis), ...);
      } else {
        shape[ndim] = n;
        move_stride(out, ndim, axis);
        (move_stride(operands, ndim, axis), ...);
        ++ndim;
      }
    }
    if (ndim == 0) return unit_loop<Fallible>(out.ptr, 1, f, unit_load(operands)...);
    if constexpr (!Fallible) {
      // A large loop that cannot fail: contiguous blocks of the outer dimension in threads
      std::int64_t total = 1;
      for (int axis = 0; axis < ndim; ++axis) total *= shape[axis];
      const int parts = parallel::parts_for(total, shape[0]);
      if (parts > 1) {
        parallel::for_chunks(shape[0], parts, [&](std::int64_t begin, std::int64_t end) {
          Shape<N> part = shape;
          part[0] = end - begin;
          run_merged<Fallible>(shifted(out, begin), part, ndim, f, shifted(operands, begin)...);
        });
        return true;
      }
    }
    return run_merged<Fallible>(out, shape, ndim, f, operands...);
  }
}

// ---- Overlap between the target and an input ------------------------------------------------

/// The bytes [lo, hi) that a non-empty view's elements span.
template <class T, int M>
inline void byte_span(std::uintptr_t& lo, std::uintptr_t& hi, const ndarray<T, M>& a) noexcept {
  std::int64_t low = 0;
  std::int64_t high = 0;
  for (int axis = 0; axis < M; ++axis) {
    const std::int64_t extent = (a.shape[axis] - 1) * a.strides[axis];
    (extent < 0 ? low : high) += extent;
  }
  const auto base = reinterpret_cast<std::uintptr_t>(a.data);
  const auto itemsize = static_cast<std::int64_t>(sizeof(T));
  lo = base + static_cast<std::uintptr_t>(low * itemsize);
  hi = base + static_cast<std::uintptr_t>((high + 1) * itemsize);
}

/// Whether writing `out` element by element could change an element of `operand` before it is
/// read: their bytes overlap and `operand` is not the very same view (same type, data pointer
/// and, wherever out has more than one element, stride), which is read and written at the
/// same element only. Called with out non-empty, after the broadcast checks.
template <class R, int N, class A>
inline bool overlaps_unsafely(const ndarray<R, N>& out, const A& operand) noexcept {
  if constexpr (!operand_traits<A>::is_array) {
    return false;
  } else {
    std::uintptr_t out_lo = 0, out_hi = 0, lo = 0, hi = 0;
    byte_span(out_lo, out_hi, out);
    byte_span(lo, hi, operand);
    if (hi <= out_lo || out_hi <= lo) return false;
    if constexpr (std::is_same_v<element_t<A>, R>) {
      if (operand.data == out.data) {
        const std::array<std::int64_t, N> strides = loop_strides<N>(operand);
        bool same = true;
        for (int axis = 0; axis < N; ++axis) {
          if (out.shape[axis] != 1 && strides[axis] != out.strides[axis]) same = false;
        }
        if (same) return false;
      }
    }
    return true;
  }
}

template <class F, class R, class... A>
consteval bool fits_plain() {
  if constexpr (std::is_invocable_v<F&, element_t<A>...>) {
    return std::is_convertible_v<std::invoke_result_t<F&, element_t<A>...>, R>;
  } else {
    return false;
  }
}

template <class F, class R, class... A>
inline constexpr bool fits = fits_plain<F, R, A...>();

template <class F, class R, class... A>
inline constexpr bool fits_fallible = std::is_invocable_r_v<bool, F&, R&, element_t<A>...>;

/// The element functions of a copy and a fill, named so that their loops are instantiated
/// once per array type rather than once per expression.
struct Copy {
  template <class T>
  T operator()(T x) const noexcept {
    return x;
  }
};

template <class T>
struct Constant {
  T value;
  T operator()() const noexcept { return value; }
};

template <bool Fallible, class R, int N, class F, class... A>
inline bool map_impl(ndarray<R, N>& out, F& f, const A&... operands) noexcept {
  static_assert(N == max_rank<A...>,
                "the result's rank is the largest rank among the operands");
  ShapeBuffer<N> broadcast{};
  int ndim = 0;
  if (!broadcast_operands(broadcast, ndim, operands...)) return false;
  std::array<std::int64_t, N> shape{};
  std::copy_n(broadcast.begin(), N, shape.begin());
  ndarray<R, N> result;
  if (!empty(result, shape)) return false;
  if (result.size() != 0 &&
      !run<Fallible>(ArrayCursor<R, N>{result.data, result.strides}, shape, f,
                     make_cursor<N>(operands)...)) {
    return false;
  }
  out = std::move(result);
  return true;
}

template <bool Fallible, class R, int N, class F, class... A>
inline bool map_into_impl(const ndarray<R, N>& out, F& f, const A&... operands) noexcept {
  ShapeBuffer<max_rank<A...>> broadcast{};
  int ndim = 0;
  if (!broadcast_operands(broadcast, ndim, operands...)) return false;
  if (is_read_only(out)) return read_only_error();
  if (!broadcast_to_target(broadcast.data(), ndim, out.shape.data(), N)) return false;
  if (out.size() == 0) return true;
  // through a temporary when an input overlaps the target (numpy reads every input before
  // it writes), and when an element can fail (the target stays as it was, as in numpy, where
  // the right-hand side is computed before the assignment)
  if (Fallible || (overlaps_unsafely(out, operands) || ...)) {
    ndarray<R, N> temporary;
    if (!empty(temporary, out.shape)) return false;
    if (!run<Fallible>(ArrayCursor<R, N>{temporary.data, temporary.strides}, out.shape, f,
                       make_cursor<N>(operands)...)) {
      return false;
    }
    Copy copy;
    return run<false>(ArrayCursor<R, N>{out.data, out.strides}, out.shape, copy,
                      ArrayCursor<const R, N>{temporary.data, temporary.strides});
  }
  return run<Fallible>(ArrayCursor<R, N>{out.data, out.strides}, out.shape, f,
                       make_cursor<N>(operands)...);
}

/// An array operand's shape and a space, as numpy lists the operands of a ufunc; "" for a
/// scalar.
template <class A>
inline std::string operand_shape_text(const A& operand) {
  if constexpr (operand_traits<A>::is_array) {
    return broadcast_shape_repr(operand.shape.data(), operand_traits<A>::rank) + " ";
  } else {
    return "";
  }
}

/// `out op= operands` (numpy's ufunc with out=): out is writeable ("output array is
/// read-only"); the inputs broadcast together ("operands could not be broadcast together with
/// shapes (2,) (0,) (2,) ", the output listed last); their shape is out's own
/// ("non-broadcastable output operand with shape (1,) doesn't match the broadcast shape (3,)").
template <bool Fallible, class R, int N, class F, class... A>
inline bool map_in_place_impl(const ndarray<R, N>& out, F& f, const A&... operands) noexcept {
  if (is_read_only(out)) return raise(Exc::ValueError, "output array is read-only");
  constexpr int M = std::max(N, max_rank<A...>);
  ShapeBuffer<M> shape{};
  int ndim = 0;
  const bool joined = (join_operand(shape, ndim, operands) && ...);
  const std::string out_text = broadcast_shape_repr(out.shape.data(), N);
  if (!joined) {
    return raise(Exc::ValueError, "operands could not be broadcast together with shapes " +
                                      (operand_shape_text(operands) + ...) + out_text + " ");
  }
  bool same = ndim <= N;
  for (int i = 1; same && i <= N; ++i) {
    same = (i <= ndim ? shape[ndim - i] : 1) == out.shape[N - i];
  }
  if (!same) {
    return raise(Exc::ValueError, "non-broadcastable output operand with shape " + out_text +
                                      " doesn't match the broadcast shape " +
                                      broadcast_shape_repr(shape.data(), ndim));
  }
  return map_into_impl<Fallible>(out, f, operands...);
}

}  // namespace detail

/// `out op= ...` on an array: map_into() with the checks and messages of numpy's in-place
/// ufunc (see map_in_place_impl).
template <class R, int N, class F, class... A>
bool map_in_place(const ndarray<R, N>& out, F f, const A&... operands) noexcept {
  return detail::map_in_place_impl<false>(out, f, operands...);
}

/// map_in_place() with a fallible `bool f(R& out, elements...)`.
template <class R, int N, class F, class... A>
bool map_in_place_fallible(const ndarray<R, N>& out, F f, const A&... operands) noexcept {
  return detail::map_in_place_impl<true>(out, f, operands...);
}

/// numpy's broadcasting of the operands of one binary operation: out = the broadcast shape,
/// or ValueError("operands could not be broadcast together with shapes (3,) (2,4) ").
/// For expressions whose operations numpy does not evaluate in operand order (see the top).
template <std::size_t A, std::size_t B>
bool broadcast_shapes(std::array<std::int64_t, std::max(A, B)>& out,
                      const std::array<std::int64_t, A>& x,
                      const std::array<std::int64_t, B>& y) noexcept {
  detail::ShapeBuffer<static_cast<int>(std::max(A, B))> shape{};
  int ndim = 0;
  if (!detail::broadcast_step(shape, ndim, x.data(), static_cast<int>(A)) ||
      !detail::broadcast_step(shape, ndim, y.data(), static_cast<int>(B))) {
    return false;
  }
  std::copy_n(shape.begin(), std::max(A, B), out.begin());
  return true;
}

/// out = f(operands...) elementwise, as a new C-contiguous array of the broadcast shape (N is
/// the largest operand rank). ValueError when the operands do not broadcast; MemoryError when
/// the allocation fails. On failure `out` is left as it was.
template <class R, int N, class F, class... A>
bool map(ndarray<R, N>& out, F f, const A&... operands) noexcept {
  static_assert(detail::fits<F, R, A...>, "f must take one element of each operand and "
                                          "return a value convertible to the result's type");
  return detail::map_impl<false>(out, f, operands...);
}

/// map() with `bool f(R& out, elements...)`, which may fail (returns false with the error
/// set): the first failure stops the loop and is returned; `out` is left as it was.
template <class R, int N, class F, class... A>
bool map_fallible(ndarray<R, N>& out, F f, const A&... operands) noexcept {
  static_assert(detail::fits_fallible<F, R, A...>,
                "f must be bool f(R& out, one element of each operand)");
  return detail::map_impl<true>(out, f, operands...);
}

/// `out[...] = f(operands...)` into an existing array or view: numpy's assignment. Errors, in
/// numpy's order: the operands do not broadcast together ("operands could not be broadcast
/// together with shapes (3,) (2,) "); out is read-only ("assignment destination is
/// read-only"); their shape does not broadcast to out's ("could not broadcast input array
/// from shape (3,) into shape (4,)"; leading dimensions of size 1 are dropped). An input that
/// overlaps out, other than out's very own view, is read in full before out is written.
template <class R, int N, class F, class... A>
bool map_into(const ndarray<R, N>& out, F f, const A&... operands) noexcept {
  static_assert(detail::fits<F, R, A...>, "f must take one element of each operand and "
                                          "return a value convertible to the target's type");
  return detail::map_into_impl<false>(out, f, operands...);
}

/// map_into() with a fallible `bool f(R& out, elements...)`. The values go through a
/// temporary, so that out is unchanged when an element fails.
template <class R, int N, class F, class... A>
bool map_into_fallible(const ndarray<R, N>& out, F f, const A&... operands) noexcept {
  static_assert(detail::fits_fallible<F, R, A...>,
                "f must be bool f(R& out, one element of each operand)");
  return detail::map_into_impl<true>(out, f, operands...);
}

/// `out[...] = value`; ValueError("assignment destination is read-only").
template <class R, int N>
bool fill(const ndarray<R, N>& out, std::type_identity_t<R> value) noexcept {
  if (detail::is_read_only(out)) return detail::read_only_error();
  if (out.size() == 0) return true;
  detail::Constant<R> constant{value};
  return detail::run<false>(detail::ArrayCursor<R, N>{out.data, out.strides}, out.shape,
                            constant);
}

}  // namespace pyaot::numpy
