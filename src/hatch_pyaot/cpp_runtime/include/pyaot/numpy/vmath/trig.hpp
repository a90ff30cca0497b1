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
//
// Everything here is inlined early (gnu::always_inline): a loop body with several of these
// is large, and GCC would otherwise inline them after its loop passes, too late to vectorize.

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

/// x * 2/pi reduced for float32 (see the header's comment): x = k pi/2 + r, |r| <= pi/4
/// (a little more), r to about 2**-75 absolute; k mod 4 in k.integer's low bits. Rows past the
/// table's ends (|x| < 2**-12, inf, nan) give meaningless values, for the caller to select away.
struct FloatQuadrant {
  Rounded<double> k;
  double r;
};

[[gnu::always_inline]] inline FloatQuadrant reduce_float(float x) noexcept {
  using D = std::uint64_t;
  const D wide = magnitude_bits(double(x));
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
  return {k, ((s.high - k.value) + low) * 0x1.921fb54442d18p+0};  // times pi/2
}

/// sin(x) where `quarter` is 0, cos(x) where it is 1: float32, see the header's comment.
[[gnu::always_inline]] inline float sin_cos_float(float x, std::uint64_t quarter) noexcept {
  using U = std::uint32_t;
  const U magnitude = magnitude_bits(x);
  const FloatQuadrant reduced = reduce_float(x);
  const Rounded<double> k = reduced.k;
  const double r = reduced.r;
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

/// sin r and cos r for |r| <= pi/4 (a little more): (-1)**n / (2n + 1)! for n = 1..9 and
/// (-1)**n / (2n)! for n = 2..10, cut where the next term is below 2**-72 relative.
inline constexpr double sin_series_double[] = {
    -0x1.5555555555555p-3, 0x1.1111111111111p-7,  -0x1.a01a01a01a01ap-13,
    0x1.71de3a556c734p-19, -0x1.ae64567f544e4p-26, 0x1.6124613a86d09p-33,
    -0x1.ae7f3e733b81fp-41, 0x1.952c77030ad4ap-49, -0x1.2f49b46814157p-57,
};
inline constexpr double cos_series_double[] = {
    0x1.5555555555555p-5,  -0x1.6c16c16c16c17p-10, 0x1.a01a01a01a01ap-16,
    -0x1.27e4fb7789f5cp-22, 0x1.1eed8eff8d898p-29, -0x1.93974a8c07c9dp-37,
    0x1.ae7f3e733b81fp-45, -0x1.6827863b97d97p-53, 0x1.e542ba4020225p-62,
};

/// x * 2/pi mod 4 for |x| >= 2**-27 (x's bits without the sign): k, the nearest integer
/// (mod 4 in its low bits), and the rest f = hi + lo, |f| <= 1/2 (a little more).
struct Quadrant {
  std::uint64_t k;
  double hi;
  double lo;
};

/// The next limb of 26 bits of a sum of products, from the lowest: v plus the carry from the
/// limb below; the carry to the limb above is left in `carry`. (No loops in this part:
/// inside a larger expression GCC would not unroll them before vectorizing.)
[[gnu::always_inline]] inline std::uint64_t next_limb(std::uint64_t v, std::uint64_t& carry) noexcept {
  v += carry;
  carry = v >> 26;
  return v & ((std::uint64_t{1} << 26) - 1);
}

/// acc + term as a double-double (two-sum on the high part, the errors summed).
[[gnu::always_inline]] inline Sum<double> accumulate(Sum<double> acc, double term) noexcept {
  const Sum<double> sum = two_sum(acc.high, term);
  return {sum.high, acc.low + sum.low};
}

[[gnu::always_inline]] inline Quadrant reduce_double(std::uint64_t magnitude) noexcept {
  using U = std::uint64_t;
  const U e = magnitude >> 52;
  const U m = (magnitude & ((U{1} << 52) - 1)) | (U{1} << 52);  // x = m * 2**(e - 1075)
  const U mh = m >> 26;
  const U ml = m & ((U{1} << 26) - 1);
  // the window of chunks from q on: n = E + 102 with E = e - 1075, q = n / 26 (by a
  // multiplication, exact for n < 1100); where n < 0 (|x| < 2**-50) q = 0, selected away
  const U n = e - U(1075 - 102);
  const U q = ((n * 2521) >> 16) & ((n >> 63) - 1);
  const U s = n + 2 - 26 * q;  // the window's first bit has weight 2**s, 2 <= s <= 27
  const U c[] = {trig_chunks[q],     trig_chunks[q + 1], trig_chunks[q + 2], trig_chunks[q + 3],
                 trig_chunks[q + 4], trig_chunks[q + 5], trig_chunks[q + 6], trig_chunks[q + 7]};
  // m * window as limbs of 26 bits, limb j of weight 2**(s - 26 j); limb 0 and above only
  // add multiples of 4
  U carry = 0;
  const U l8 = next_limb(ml * c[7], carry);
  const U l7 = next_limb(mh * c[7] + ml * c[6], carry);
  const U l6 = next_limb(mh * c[6] + ml * c[5], carry);
  const U l5 = next_limb(mh * c[5] + ml * c[4], carry);
  const U l4 = next_limb(mh * c[4] + ml * c[3], carry);
  const U l3 = next_limb(mh * c[3] + ml * c[2], carry);
  const U l2 = next_limb(mh * c[2] + ml * c[1], carry);
  const U l1 = next_limb(mh * c[1] + ml * c[0], carry);
  const double w = pow2<double>(s - 26);
  double t = small_uint_to_float<double>(l1) * w;
  t -= 4.0 * round_to_integer(t * 0.25).value;
  const double z = t + small_uint_to_float<double>(l2) * (w * 0x1p-26);  // exact
  const Rounded<double> k = round_to_integer(z);
  Sum<double> f{z - k.value, 0.0};
  f = accumulate(f, small_uint_to_float<double>(l3) * (w * 0x1p-52));
  f = accumulate(f, small_uint_to_float<double>(l4) * (w * 0x1p-78));
  f = accumulate(f, small_uint_to_float<double>(l5) * (w * 0x1p-104));
  f = accumulate(f, small_uint_to_float<double>(l6) * (w * 0x1p-130));
  f = accumulate(f, small_uint_to_float<double>(l7) * (w * 0x1p-156));
  f = accumulate(f, small_uint_to_float<double>(l8) * (w * 0x1p-182));
  return {k.integer, f.high, f.low};
}

/// The rest f of a Quadrant times pi/2, as rh + rl (|rl| below half an ulp of rh).
[[gnu::always_inline]] inline Sum<double> radians(const Quadrant& f) noexcept {
  const Sum<double> p = two_product(f.hi, 0x1.921fb54442d18p+0);
  const double tail = p.low + (f.hi * 0x1.1a62633145c07p-54 + f.lo * 0x1.921fb54442d18p+0);
  const double rh = p.high + tail;
  return {rh, tail - (rh - p.high)};
}

/// sin(x) where `quarter` is 0, cos(x) where it is 1: float64, see the header's comment.
[[gnu::always_inline]] inline double sin_cos_double(double x, std::uint64_t quarter) noexcept {
  using U = std::uint64_t;
  const U magnitude = magnitude_bits(x);
  const Quadrant f = reduce_double(magnitude);
  const Sum<double> r = radians(f);
  const double rh = r.high;
  const double rl = r.low;
  const double z = rh * rh;
  const double sine = rh + (rh * z * horner(z, sin_series_double) + rl * (1.0 - 0.5 * z));
  const double half = 0.5 * z;
  const double w = 1.0 - half;
  const double cosine = w + (((1.0 - w) - half) + (z * z * horner(z, cos_series_double) - rh * rl));
  const U q = f.k + quarter;
  const double y = blend(U{0} - (q & 1), cosine, sine);
  const double folded = from_bits<double>(bits(y) ^ ((q & 2) << 62));
  const double result = from_bits<double>(bits(folded) ^ (bits(x) & ~magnitude & (quarter - 1)));
  const U tiny = ~greater_mask(magnitude, bits(0x1p-27) - 1);  // sin x rounds to x, cos x to 1
  const double small = blend(quarter - 1, x, 1.0);
  const U finite = greater_mask(bits(std::numeric_limits<double>::infinity()), magnitude);
  return blend(finite, blend(tiny, small, result), x - x);
}

}  // namespace detail

[[gnu::always_inline]] inline float sin(float x) noexcept { return detail::sin_cos_float(x, 0); }
[[gnu::always_inline]] inline float cos(float x) noexcept { return detail::sin_cos_float(x, 1); }
[[gnu::always_inline]] inline double sin(double x) noexcept { return detail::sin_cos_double(x, 0); }
[[gnu::always_inline]] inline double cos(double x) noexcept { return detail::sin_cos_double(x, 1); }

}  // namespace pyaot::numpy::vmath
