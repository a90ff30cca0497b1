#pragma once
// numpy.sin and numpy.cos, vectorizable (see bits.hpp).
//
// float32 is computed in double precision, for every finite argument alike (no branch, no
// slower path for large ones): x = M * 2**E with M the 24-bit mantissa, and
// x * 2/pi mod 4 = M * (2**E * 2/pi mod 4) mod 4, where the factor comes from a table by
// the exponent (trig_tables.hpp: four pieces of 26 bits, so each product is exact; the first
// product is reduced modulo 4 exactly). That is x = k pi/2 + r with |r| <= pi/4, r to about
// 2**-75 absolute, which holds even for the floats closest to a multiple of pi/2. sin r and
// cos r are their Taylor series, cut where the next term is below 2**-40 on the interval, and
// k mod 4 picks which one and its sign; one rounding to float at the end, so the result is
// within 1 ulp (nearly always the correctly rounded one).

#include <limits>

#include "pyaot/numpy/vmath/bits.hpp"
#include "pyaot/numpy/vmath/trig_tables.hpp"

namespace pyaot::numpy::vmath {

namespace detail {

/// sin r = r + r z horner(z, ...) with z = r * r: (-1)**n / (2n + 1)! for n = 1..6.
inline constexpr double sin_series_float[] = {
    -0x1.5555555555555p-3, 0x1.1111111111111p-7,  -0x1.a01a01a01a01ap-13,
    0x1.71de3a556c734p-19, -0x1.ae64567f544e4p-26, 0x1.6124613a86d09p-33,
};
/// cos r = 1 - z/2 + z z horner(z, ...): (-1)**n / (2n)! for n = 2..6.
inline constexpr double cos_series_float[] = {
    0x1.5555555555555p-5, -0x1.6c16c16c16c17p-10, 0x1.a01a01a01a01ap-16,
    -0x1.27e4fb7789f5cp-22, 0x1.1eed8eff8d898p-29,
};

/// sin(x) where `quarter` is 0, cos(x) where it is 1: float32, see the header's comment.
inline float sin_cos_float(float x, std::uint64_t quarter) noexcept {
  using U = std::uint32_t;
  using D = std::uint64_t;
  const U magnitude = magnitude_bits(x);
  const D wide = magnitude_bits(double(x));
  // the row of |x|'s exponent; rows past the table's ends (tiny, inf, nan) are selected
  // away below
  const D row = ((wide >> 52) - D(1023 + trig_float_low)) & D(0xfff);
  const D at = blend_bits(greater_mask(row, D(trig_float_count - 1)), D(0), row);
  const double g[] = {trig_float[at][0], trig_float[at][1], trig_float[at][2], trig_float[at][3]};
  // the 24-bit mantissa M as an integer-valued double
  const double m = from_bits<double>((wide & ((D{1} << 52) - 1)) | bits(0x1p23));
  double t = m * g[0];
  t -= 4.0 * round_to_integer(t * 0.25).value;  // exact: t is below 2**26
  const Sum<double> s = two_sum(t, m * g[1]);
  const double low = s.low + (m * g[2] + m * g[3]);
  const Rounded<double> k = round_to_integer(s.high);
  const double r = ((s.high - k.value) + low) * 0x1.921fb54442d18p+0;  // times pi/2
  const double z = r * r;
  const double sine = r + r * z * horner(z, sin_series_float);
  const double cosine = 1.0 - z * 0.5 + z * z * horner(z, cos_series_float);
  const std::uint64_t q = k.integer + quarter;
  const double y = blend(std::uint64_t{0} - (q & 1), cosine, sine);
  const float folded = float(from_bits<double>(bits(y) ^ ((q & 2) << 62)));
  // sin is odd: its sign is x's; cos is even
  const float result = from_bits<float>(bits(folded) ^ (bits(x) & ~magnitude & U(quarter - 1)));
  const U tiny = ~greater_mask(magnitude, bits(0x1p-12f) - 1);  // sin x rounds to x, cos x to 1
  const float small = blend(U(quarter - 1), x, 1.0f);
  const U finite = greater_mask(bits(std::numeric_limits<float>::infinity()), magnitude);
  return blend(finite, blend(tiny, small, result), x - x);
}

}  // namespace detail

inline float sin(float x) noexcept { return detail::sin_cos_float(x, 0); }
inline float cos(float x) noexcept { return detail::sin_cos_float(x, 1); }

}  // namespace pyaot::numpy::vmath
