#pragma once
// numpy.log, vectorizable (see bits.hpp): float64 within 1 ulp, float32 within 1 ulp.
//
// x = 2**k * m with m in [sqrt(2)/2, sqrt(2)), read from the bits (a subnormal x is scaled
// into the normal range first); with f = m - 1 and s = f / (2 + f), log(m) =
// log((1 + s) / (1 - s)) = 2s + s R(s*s), where R(z) = sum 2 z**n / (2n + 1) is cut where the
// next term is below 2**-65 (float: 2**-35; |s| <= 0.1716). As in the classic formulation,
// log(1 + f) = f - f*f/2 + s (f*f/2 + R) keeps the large terms exact, and k ln 2 is added as
// k * ln2_hi (exact) plus k * ln2_lo. Special values as numpy: log(+-0) = -inf,
// log(x < 0) = nan, log(inf) = inf, log(nan) = nan.

#include <limits>

#include "pyaot/numpy/vmath/bits.hpp"

namespace pyaot::numpy::vmath {

namespace detail {

template <class T>
struct log_constants;

template <>
struct log_constants<double> {
  /// R(z) = z * horner(z, atanh_series): 2 / (2n + 1) for n = 1..11.
  static constexpr double atanh_series[] = {
      0x1.5555555555555p-1, 0x1.999999999999ap-2, 0x1.2492492492492p-2, 0x1.c71c71c71c71cp-3,
      0x1.745d1745d1746p-3, 0x1.3b13b13b13b14p-3, 0x1.1111111111111p-3, 0x1.e1e1e1e1e1e1ep-4,
      0x1.af286bca1af28p-4, 0x1.8618618618618p-4, 0x1.642c8590b2164p-4,
  };
  static constexpr std::uint64_t sqrt_half = 0x3fe6a09e667f3bcd;  ///< sqrt(2) / 2
  static constexpr double subnormal_scale = 0x1p54;
  static constexpr double subnormal_shift = 54.0;
};

template <>
struct log_constants<float> {
  static constexpr float atanh_series[] = {0x1.555556p-1f, 0x1.99999ap-2f, 0x1.24924ap-2f,
                                           0x1.c71c72p-3f, 0x1.745d18p-3f};
  static constexpr std::uint32_t sqrt_half = 0x3f3504f3;
  static constexpr float subnormal_scale = 0x1p25f;
  static constexpr float subnormal_shift = 25.0f;
};

}  // namespace detail

template <class T>
inline T log(T x) noexcept {
  using C = detail::log_constants<T>;
  using L = layout<T>;
  using U = uint_t<T>;
  constexpr U mantissa_mask = (U{1} << L::mantissa) - 1;
  constexpr T inf = std::numeric_limits<T>::infinity();
  const U magnitude = magnitude_bits(x);
  const U negative = negative_mask(x);
  const U subnormal = ~greater_mask(magnitude, bits(std::numeric_limits<T>::min()) - 1);
  const T xs = blend(subnormal, x * C::subnormal_scale, x);
  // move the exponent boundary from 1 to sqrt(2)/2: m's bits are the low ones plus sqrt_half's
  const U u = bits(xs) + (bits(T(1)) - C::sqrt_half);
  const T m = from_bits<T>((u & mantissa_mask) + C::sqrt_half);
  const T bias = blend(subnormal, T(L::bias) + C::subnormal_shift, T(L::bias));
  const T k = small_uint_to_float<T>(u >> L::mantissa) - bias;
  const T f = m - T(1);
  const T hfsq = T(0.5) * f * f;
  const T s = f / (T(2) + f);
  const T z = s * s;
  const T r = z * horner(z, C::atanh_series);
  const T y = k * L::ln2_hi - ((hfsq - (s * (hfsq + r) + k * L::ln2_lo)) - f);
  const U zero = ~greater_mask(magnitude, U{0});
  const U infinite = greater_mask(magnitude, bits(inf) - 1) & ~nan_mask(x);
  const T special = blend(zero, -inf, blend(infinite & ~negative, inf, y));
  const T domain = blend(negative & ~zero, std::numeric_limits<T>::quiet_NaN(), special);
  return blend(nan_mask(x), x, domain);
}

}  // namespace pyaot::numpy::vmath
