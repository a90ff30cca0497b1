#pragma once
// numpy.kron (operands of one rank), numpy.inner, numpy.vdot and numpy.vecdot of 1-d arrays, on the
// operands' common dtype (the compiler casts them). Integers wrap as numpy's; float sums run
// in order (numpy's BLAS sums in blocks: the last bits may differ).
//
//   kron(out, a, b) / inner(out, a, b) / vdot(out, a, b) / vecdot(out, a, b)

#include <array>
#include <cstdint>
#include <type_traits>

#include "pyaot/error.hpp"
#include "pyaot/numpy/ndarray.hpp"
#include "pyaot/numpy/rearrange.hpp"

namespace pyaot::numpy {

template <class T, int N>
bool kron(ndarray<T, N>& out, const ndarray<T, N>& a, const ndarray<T, N>& b) noexcept {
  std::array<std::int64_t, N> shape{};
  for (int d = 0; d < N; ++d) shape[d] = a.shape[d] * b.shape[d];
  if (!empty(out, shape)) return false;
  detail::fill_by_index(out, [&](const std::array<std::int64_t, N>& index) {
    std::array<std::int64_t, N> ia{}, ib{};
    for (int d = 0; d < N; ++d) {
      ia[d] = index[d] / b.shape[d];
      ib[d] = index[d] % b.shape[d];
    }
    return static_cast<T>(detail::element_at(a, ia) * detail::element_at(b, ib));
  });
  return true;
}

namespace products_detail {
template <class T>
inline T sum_of_products(const ndarray<T, 1>& a, const ndarray<T, 1>& b) noexcept {
  if constexpr (std::is_same_v<T, bool>) {
    bool any = false;
    for (std::int64_t i = 0; i < a.shape[0]; ++i)
      any = any || (a.data[i * a.strides[0]] && b.data[i * b.strides[0]]);
    return any;
  } else {
    using W = typename std::conditional_t<std::is_integral_v<T>, std::make_unsigned<T>,
                                          std::type_identity<T>>::type;
    W total = W(0);
    for (std::int64_t i = 0; i < a.shape[0]; ++i)
      total = static_cast<W>(total + static_cast<W>(a.data[i * a.strides[0]]) *
                                         static_cast<W>(b.data[i * b.strides[0]]));
    return static_cast<T>(total);
  }
}
}  // namespace products_detail

template <class T>
bool inner(T& out, const ndarray<T, 1>& a, const ndarray<T, 1>& b) noexcept {
  if (a.shape[0] != b.shape[0]) [[unlikely]]
    return raise_format(Exc::ValueError,
                        "shapes (%lld,) and (%lld,) not aligned: %lld (dim 0) != %lld (dim 0)",
                        static_cast<long long>(a.shape[0]), static_cast<long long>(b.shape[0]),
                        static_cast<long long>(a.shape[0]), static_cast<long long>(b.shape[0]));
  out = products_detail::sum_of_products(a, b);
  return true;
}

template <class T>
bool vdot(T& out, const ndarray<T, 1>& a, const ndarray<T, 1>& b) noexcept {
  if (a.shape[0] != b.shape[0]) [[unlikely]]
    return raise_format(Exc::ValueError, "cannot reshape array of size %lld into shape (%lld,)",
                        static_cast<long long>(b.shape[0]), static_cast<long long>(a.shape[0]));
  out = products_detail::sum_of_products(a, b);
  return true;
}

template <class T>
bool vecdot(T& out, const ndarray<T, 1>& a, const ndarray<T, 1>& b) noexcept {
  if (a.shape[0] != b.shape[0]) [[unlikely]]
    return raise_format(Exc::ValueError,
                        "vecdot: Input operand 1 has a mismatch in its core dimension 0, with "
                        "gufunc signature (n),(n)->() (size %lld is different from %lld)",
                        static_cast<long long>(b.shape[0]), static_cast<long long>(a.shape[0]));
  out = products_detail::sum_of_products(a, b);
  return true;
}

}  // namespace pyaot::numpy
