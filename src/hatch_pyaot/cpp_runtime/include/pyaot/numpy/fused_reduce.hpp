#pragma once
// A reduction along one axis of an elementwise expression, without the expression's array:
// `((x[:, None, :] - x[None, :, :]) ** 2).sum(axis=2)` never makes the (n, n, k) broadcast.
//
// The expression is computed in blocks of whole leading rows (of about 16K elements, so that
// a block stays in the L2 cache) and each block is reduced by the very function that reduces
// a whole array (sum_axis, mean_axis, ...), whose rows of the result it fills. A block is a
// C-contiguous array like the temporary the unfused form makes, with the same strides in
// every dimension but the first, so the reduction meets every element in the same order
// (numpy's pairwise sum along a contiguous last axis, else sequential along the axis) and the
// results are bit-identical to the unfused form's. That holds for axes past the first; along
// axis 0 the compiler keeps the unfused form (a block there would change which dimension is
// innermost in memory). The operands' broadcasting is checked first, as map() does, then the
// axis.

#include <algorithm>
#include <array>
#include <cstdint>
#include <tuple>
#include <utility>

#include "pyaot/numpy/elementwise.hpp"
#include "pyaot/numpy/ndarray.hpp"
#include "pyaot/numpy/reduce.hpp"

namespace pyaot::numpy {

namespace fused {

// The reductions a block can go through, each as numpy's function along an axis.
#define PYAOT_FUSED_REDUCTION(Name, function)                                             \
  struct Name {                                                                           \
    template <class O, class A>                                                           \
    bool operator()(O& out, const A& block, std::int64_t axis) const noexcept {           \
      return function(out, block, axis);                                                  \
    }                                                                                     \
  };
PYAOT_FUSED_REDUCTION(Sum, sum_axis)
PYAOT_FUSED_REDUCTION(Prod, prod_axis)
PYAOT_FUSED_REDUCTION(Mean, mean_axis)
PYAOT_FUSED_REDUCTION(Min, min_axis)
PYAOT_FUSED_REDUCTION(Max, max_axis)
PYAOT_FUSED_REDUCTION(Any, any_axis)
PYAOT_FUSED_REDUCTION(All, all_axis)
PYAOT_FUSED_REDUCTION(Argmin, argmin_axis)
PYAOT_FUSED_REDUCTION(Argmax, argmax_axis)
#undef PYAOT_FUSED_REDUCTION

/// Elements per block: 128 KB of float64.
inline constexpr std::int64_t block_elements = 16384;

}  // namespace fused

/// out = reduce(map(f, operands...), axis) with E the expression's element type, computed
/// block by block (see the top). `axis` is past the first (negative counts from the end).
template <class E, class Reduce, class R, int K, class F, class... A>
bool reduce_map(ndarray<R, K>& out, std::int64_t axis, Reduce reduce, F f,
                const A&... operands) noexcept {
  constexpr int N = detail::max_rank<A...>;
  static_assert(K == N - 1 && N >= 2, "a reduction along one axis of an array of rank 2 or more");
  detail::ShapeBuffer<N> broadcast{};
  int ndim = 0;
  if (!detail::broadcast_operands(broadcast, ndim, operands...)) return false;
  Shape<N> shape{};
  std::copy_n(broadcast.begin(), N, shape.begin());
  int normalized = 0;
  if (!detail::normalize_axis<N>(normalized, axis)) return false;
  std::int64_t per_row = 1;
  for (int d = 1; d < N; ++d) per_row *= shape[d];
  const std::int64_t rows = std::max<std::int64_t>(1, fused::block_elements / std::max<std::int64_t>(per_row, 1));
  if (normalized == 0 || per_row == 0 || rows >= shape[0]) {  // one block: the unfused form
    ndarray<E, N> whole;
    return map(whole, f, operands...) && reduce(out, whole, axis);
  }
  Shape<N> part = shape;
  part[0] = rows;
  ndarray<E, N> block;
  if (!empty(block, part)) return false;
  ndarray<R, K> result;
  if (!empty(result, detail::drop_axis<N>(shape, normalized))) return false;
  const std::int64_t out_row = result.size() / shape[0];
  const auto cursors = std::make_tuple(detail::make_cursor<N>(operands)...);
  for (std::int64_t begin = 0; begin < shape[0]; begin += rows) {
    ndarray<E, N> view = block;
    view.shape[0] = part[0] = std::min(rows, shape[0] - begin);
    std::apply(
        [&](const auto&... c) {
          detail::run<false>(detail::ArrayCursor<E, N>{view.data, view.strides}, part, f,
                             detail::shifted(c, begin)...);
        },
        cursors);
    ndarray<R, K> piece;
    if (!reduce(piece, view, normalized)) return false;
    std::copy_n(piece.data, piece.size(), result.data + begin * out_row);
  }
  out = std::move(result);
  return true;
}

}  // namespace pyaot::numpy
