#pragma once
// numpy.arctan, numpy.arcsin and numpy.arccos, vectorizable (see bits.hpp): float64 within
// 1 ulp; float32 computed in double precision (a shorter polynomial), one rounding to float,
// so within 1 ulp too (nearly always correctly rounded). The polynomials are minimax fits
// of our own (tools/vmath_fit.py prints them and their errors).
//
// arctan: with a = |x|, atan a = atan c + atan u, u = (a - c) / (1 + a c), for c = 0, 1/2, 1,
// 3/2 or inf picked by a (edges 7/16, 11/16, 19/16, 39/16), so |u| <= 7/16; each numerator
// (a, 2a - 1, a - 1, a - 3/2, -1) is exact, and atan c is added as high + low. atan u =
// u + u p(u*u). The sign is x's (-0.0 stays), atan(+-inf) = +-pi/2, a nan passes through.
//
// arcsin, arccos: asin s = s + s p(s*s) for |s| <= 1/2. Below 1/2 that is the result
// (acos x = pi/2 - asin x); from 1/2 on, with z = (1 - |x|) / 2 (exact) and s = sqrt z,
// asin |x| = pi/2 - 2 asin s, acos x = 2 asin s for x > 0 and pi - 2 asin s for x < 0;
// where 2s must be exact to the last bit, s is split into its 26 high bits w and the rest
// (z - w*w) / (s + w). |x| > 1 gives nan (without an exception), asin(+-1) = +-pi/2,
// acos(1) = 0, acos(-1) = pi.

#include <cmath>
#include <limits>

#include "pyaot/numpy/vmath/bits.hpp"

namespace pyaot::numpy::vmath {

namespace detail {

/// atan u = u + u z horner(z, ...) with z = u * u, |u| <= 7/16 (2**-56 relative).
inline constexpr double atan_poly_double[] = {
    -0x1.5555555555525p-2, 0x1.99999999917a4p-3,  -0x1.24924920f1874p-3, 0x1.c71c703028fe3p-4,
    -0x1.745ce3e2e5bd1p-4, 0x1.3b0f9f8dbe679p-4,  -0x1.10daec65fd8afp-4, 0x1.de1c2a5ebb249p-5,
    -0x1.9896f2c20d557p-5, 0x1.2d3cb075da86cp-5,  -0x1.0e9eb4f428264p-6,
};
/// The same to 2**-34 (for float32).
inline constexpr double atan_poly_float[] = {
    -0x1.555554559f1d1p-2, 0x1.9998c9b9ce4fcp-3,  -0x1.24760339521e8p-3,
    0x1.c3898c458cacdp-4,  -0x1.56738a9754ceap-4, 0x1.713a84646c18ap-5,
};
/// asin s = s + s z horner(z, ...) with z = s * s, |s| <= 1/2 (2**-58 relative).
inline constexpr double asin_poly_double[] = {
    0x1.5555555555569p-3, 0x1.333333332fe52p-4, 0x1.6db6db70c0b4cp-5,  0x1.f1c71b10e6d11p-6,
    0x1.6e8bd17540711p-6, 0x1.1c4ade1046886p-6, 0x1.ca098f56fca44p-7,  0x1.763786219fff8p-7,
    0x1.5d60d3f65edf9p-7, 0x1.0fdcc3eb1a97dp-8, 0x1.52306c8874a85p-6,  -0x1.3f86836db8517p-6,
    0x1.03ae656cba709p-5,
};
/// The same to 2**-31 (for float32).
inline constexpr double asin_poly_float[] = {
    0x1.55554c36aae20p-3, 0x1.33388eaf989a2p-4, 0x1.6cac3b3a45c01p-5,
    0x1.04a65f4e2ea31p-5, 0x1.d7f1bc94d1939p-7, 0x1.33bbf7963f3bfp-5,
};

inline constexpr double pio2_hi = 0x1.921fb54442d18p+0;
inline constexpr double pio2_lo = 0x1.1a62633145c07p-54;
inline constexpr double pio4_hi = 0x1.921fb54442d18p-1;

/// atan a for a = |x| (its bits without the sign), with the polynomial `poly`.
template <int N>
[[gnu::always_inline]] inline double atan_magnitude(double a, const double (&poly)[N]) noexcept {
  using U = std::uint64_t;
  const U b = bits(a);
  const U c1 = greater_mask(b, bits(0x1.cp-2) - 1);   // a >= 7/16: c = 1/2
  const U c2 = greater_mask(b, bits(0x1.6p-1) - 1);   // a >= 11/16: c = 1
  const U c3 = greater_mask(b, bits(0x1.3p+0) - 1);   // a >= 19/16: c = 3/2
  const U c4 = greater_mask(b, bits(0x1.38p+1) - 1);  // a >= 39/16: c = inf
  // u = num / den, atan c = hi + lo (tools/vmath_fit.py prints them)
  const double num =
      blend(c4, -1.0, blend(c3, a - 1.5, blend(c2, a - 1.0, blend(c1, 2.0 * a - 1.0, a))));
  const double den =
      blend(c4, a, blend(c3, 1.0 + 1.5 * a, blend(c2, a + 1.0, blend(c1, 2.0 + a, 1.0))));
  const double hi = blend(c4, pio2_hi,
                          blend(c3, 0x1.f730bd281f69bp-1,
                                blend(c2, pio4_hi, blend(c1, 0x1.dac670561bb4fp-2, 0.0))));
  const double lo = blend(c4, pio2_lo,
                          blend(c3, 0x1.007887af0cbbdp-56,
                                blend(c2, 0x1.1a62633145c07p-55,
                                      blend(c1, 0x1.a2b7f222f65e2p-56, 0.0))));
  const double u = num / den;
  const double z = u * u;
  return hi + ((u * (z * horner(z, poly)) + lo) + u);
}

/// What asin and acos share, for a = |x|: `big` (a >= 1/2), z (a*a below 1/2, (1 - a) / 2
/// from it on), r = z p(z) with asin s = s + s r, s = sqrt z, and s = w + c with w its
/// 26 high bits.
struct AsinParts {
  std::uint64_t big;
  double z;
  double r;
  double s;
  double w;
  double c;
};

template <int N>
[[gnu::always_inline]] inline AsinParts asin_parts(double a, const double (&poly)[N]) noexcept {
  const std::uint64_t big = greater_mask(bits(a), bits(0.5) - 1);
  const double z = blend(big, (1.0 - a) * 0.5, a * a);
  const double r = z * horner(z, poly);
  const double s = std::sqrt(z);
  const double w = from_bits<double>(bits(s) & 0xffffffff00000000);
  // (at |x| = 1, z = s = w = 0: c = 0, not 0 / 0)
  const double split = blend(greater_mask(bits(z), std::uint64_t{0}), s + w, 1.0);
  return {big, z, r, s, w, (z - w * w) / split};
}

/// asin x and acos x in double precision, with the polynomial `poly`.
template <int N>
[[gnu::always_inline]] inline double asin_double(double x, const double (&poly)[N]) noexcept {
  const std::uint64_t magnitude = magnitude_bits(x);
  const double a = from_bits<double>(magnitude);
  const AsinParts p = asin_parts(a, poly);
  const double small = a + a * p.r;
  const double big = pio4_hi - ((2.0 * p.s * p.r - (pio2_lo - 2.0 * p.c)) - (pio4_hi - 2.0 * p.w));
  const double y = from_bits<double>(bits(blend(p.big, big, small)) ^ (bits(x) & ~magnitude));
  const std::uint64_t domain = greater_mask(magnitude, bits(1.0));
  return blend(nan_mask(x), x, blend(domain, std::numeric_limits<double>::quiet_NaN(), y));
}

template <int N>
[[gnu::always_inline]] inline double acos_double(double x, const double (&poly)[N]) noexcept {
  const std::uint64_t magnitude = magnitude_bits(x);
  const double a = from_bits<double>(magnitude);
  const AsinParts p = asin_parts(a, poly);
  const double small = pio2_hi - (x - (pio2_lo - x * p.r));
  const double positive = 2.0 * (p.w + (p.r * p.s + p.c));
  const double negative = 2.0 * pio2_hi - 2.0 * (p.s + (p.r * p.s - pio2_lo));
  const double big = blend(negative_mask(x), negative, positive);
  const std::uint64_t domain = greater_mask(magnitude, bits(1.0));
  const double y = blend(p.big, big, small);
  return blend(nan_mask(x), x, blend(domain, std::numeric_limits<double>::quiet_NaN(), y));
}

}  // namespace detail

[[gnu::always_inline]] inline double arctan(double x) noexcept {
  const std::uint64_t magnitude = magnitude_bits(x);
  const double y = detail::atan_magnitude(from_bits<double>(magnitude), detail::atan_poly_double);
  return blend(nan_mask(x), x, from_bits<double>(bits(y) ^ (bits(x) & ~magnitude)));
}

[[gnu::always_inline]] inline float arctan(float x) noexcept {
  const std::uint32_t magnitude = magnitude_bits(x);
  const double a = double(from_bits<float>(magnitude));
  const float y = float(detail::atan_magnitude(a, detail::atan_poly_float));
  return blend(nan_mask(x), x, from_bits<float>(bits(y) ^ (bits(x) & ~magnitude)));
}

[[gnu::always_inline]] inline double arcsin(double x) noexcept {
  return detail::asin_double(x, detail::asin_poly_double);
}

[[gnu::always_inline]] inline float arcsin(float x) noexcept {
  return float(detail::asin_double(double(x), detail::asin_poly_float));
}

[[gnu::always_inline]] inline double arccos(double x) noexcept {
  return detail::acos_double(x, detail::asin_poly_double);
}

[[gnu::always_inline]] inline float arccos(float x) noexcept {
  return float(detail::acos_double(double(x), detail::asin_poly_float));
}

}  // namespace pyaot::numpy::vmath
