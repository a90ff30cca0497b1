#pragma once
// The row kernels of numpy's sum and prod of complex arrays (pyaot/numpy/reduce.hpp calls
// them): numpy's complex pairwise_sum (loops_utils.h.src), which sums the real and the
// imaginary parts in four accumulators each for runs of up to 64 elements, sequentially
// from -0.0 below 4, and splits longer runs at (n - n % 8) / 2; and the sequential product
// with the schoolbook multiplication numpy's reduce loop uses (no fused operations).

#include <cstdint>

#include "pyaot/numpy/scalar/complex.hpp"

namespace pyaot::numpy::detail {

template <scalar::complex_number T>
T complex_pairwise_sum(const T* a, std::int64_t n, std::int64_t stride) noexcept {
  using P = complex_part_t<T>;
  if (n < 4) {
    T res{P(-0.0), P(-0.0)};
    for (std::int64_t i = 0; i < n; ++i) res = scalar::add(res, a[i * stride]);
    return res;
  }
  if (n <= 64) {
    T r[4] = {a[0], a[stride], a[2 * stride], a[3 * stride]};
    std::int64_t i = 4;
    for (; i < n - (n % 4); i += 4) {
      for (int k = 0; k < 4; ++k) r[k] = scalar::add(r[k], a[(i + k) * stride]);
    }
    T res = scalar::add(scalar::add(r[0], r[1]), scalar::add(r[2], r[3]));
    for (; i < n; ++i) res = scalar::add(res, a[i * stride]);
    return res;
  }
  const std::int64_t n2 = (n - n % 8) / 2;
  return scalar::add(complex_pairwise_sum(a, n2, stride),
                     complex_pairwise_sum(a + n2 * stride, n - n2, stride));
}

template <scalar::complex_number A, class T>
A complex_prod(A acc, const T* a, std::int64_t n, std::int64_t stride) noexcept {
  for (std::int64_t i = 0; i < n; ++i) {
    acc = scalar::complex_detail::plain_product(acc, static_cast<A>(a[i * stride]));
  }
  return acc;
}

}  // namespace pyaot::numpy::detail
