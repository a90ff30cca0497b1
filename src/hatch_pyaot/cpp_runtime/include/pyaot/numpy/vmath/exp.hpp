#pragma once
// numpy.exp, vectorizable (see bits.hpp): float64 within 1 ulp, float32 within 1.5 ulp.
//
// x = k ln2 + r with k = round(x / ln2), |r| <= ln2 / 2, r kept as hi - lo (ln2 split in two
// so that k * ln2_hi is exact). On that interval exp(r) = 1 + r + r c / (2 - c), where
// c = r - (R(r) - 2) and R(r) = r (e**r + 1) / (e**r - 1) = r coth(r / 2) is even; its Taylor
// series 2 + sum 2 B_2n r**2n / (2n)! (Bernoulli numbers) is cut where the next term is below
// 2**-70 (float: 2**-40) on the interval. Then exp(x) = 2**k1 * (2**k2 * exp(r)) with
// k1 + k2 = k, both factors normal numbers for every k that can occur, so overflow to inf and
// gradual underflow to subnormals and 0 are one rounding, as in libm. Past those (where k and
// 2**k are meaningless) the result is selected: inf or 0; a NaN passes through.

#include <limits>

#include "pyaot/numpy/vmath/bits.hpp"

namespace pyaot::numpy::vmath {

namespace detail {

template <class T>
struct exp_constants;

template <>
struct exp_constants<double> {
  /// R(r) - 2 = t * horner(t, coth_series) with t = r * r: 2 B_2n / (2n)! for n = 1..7.
  static constexpr double coth_series[] = {
      0x1.5555555555555p-3,  -0x1.6c16c16c16c17p-9,  0x1.1566abc011567p-14,
      -0x1.bbd779334ef0bp-20, 0x1.66a8f2bf70ebep-25, -0x1.22805d644267fp-30,
      0x1.d6db2c4e09162p-36,
  };
  static constexpr double overflow = 709.8;   ///< exp(x) > max past log(max) = 709.78...
  static constexpr double underflow = 745.2;  ///< exp(-x) < min subnormal / 2 past 745.13...
};

template <>
struct exp_constants<float> {
  static constexpr float coth_series[] = {0x1.555556p-3f, -0x1.6c16c2p-9f, 0x1.1566acp-14f};
  static constexpr float overflow = 88.75f;
  static constexpr float underflow = 104.0f;
};

}  // namespace detail

template <class T>
inline T exp(T x) noexcept {
  using C = detail::exp_constants<T>;
  using L = layout<T>;
  using U = uint_t<T>;
  const Rounded<T> k = round_to_integer(x * L::inv_ln2);
  const T hi = x - k.value * L::ln2_hi;
  const T lo = k.value * L::ln2_lo;
  const T r = hi - lo;
  const T t = r * r;
  const T c = r - t * horner(t, C::coth_series);
  const T y = T(1) - ((lo - (r * c) / (T(2) - c)) - hi);
  const Rounded<T> k1 = round_to_integer(k.value * T(0.5));
  const T scaled = y * pow2<T>(k.integer - k1.integer) * pow2<T>(k1.integer);
  const U magnitude = magnitude_bits(x);
  const U negative = negative_mask(x);
  const U over = greater_mask(magnitude, bits(C::overflow)) & ~negative;
  const U under = greater_mask(magnitude, bits(C::underflow)) & negative;
  const T finite = blend(over, std::numeric_limits<T>::infinity(), blend(under, T(0), scaled));
  return blend(nan_mask(x), x, finite);
}

}  // namespace pyaot::numpy::vmath
