#pragma once
// numpy.tan, vectorizable (see bits.hpp), from the argument reduction and the series of sin and
// cos (trig.hpp): x = k pi/2 + r with |r| <= pi/4, and tan x = sin r / cos r for even k,
// -cos r / sin r for odd k (tan has period pi, so k mod 2 is enough).
//
// float32: in double precision (sin r and cos r within about 2**-52 relative, the quotient one
// rounding more), then one rounding to float: within 1 ulp, nearly always correctly rounded.
// float64: sin r and cos r are kept as unevaluated sums high + low (the low parts carry the
// series' small terms, r's low part and the rounding error of r * r, exactly where it
// matters), and the quotient of the two sums is formed as q + (n - q d) / d with q = nh / dh
// and n - q d computed exactly (Dekker's product; n and d renormalized first): about 2**-58
// relative before the final rounding, so within 1 ulp. Below 2**-27 (float: 2**-12) tan x
// rounds to x (-0.0 stays); inf and nan give nan.

#include <limits>

#include "pyaot/numpy/vmath/bits.hpp"
#include "pyaot/numpy/vmath/trig.hpp"

namespace pyaot::numpy::vmath {

[[gnu::always_inline]] inline float tan(float x) noexcept {
  using U = std::uint32_t;
  using D = std::uint64_t;
  const U magnitude = magnitude_bits(x);
  const detail::FloatQuadrant reduced = detail::reduce_float(x);
  const double r = reduced.r;
  const double z = r * r;
  const double sine = r + r * z * horner(z, detail::sin_series_float);
  const double cosine = 1.0 - z * 0.5 + z * z * horner(z, detail::cos_series_float);
  const D odd = D{0} - (reduced.k.integer & 1);
  const double y = blend(odd, -cosine, sine) / blend(odd, sine, cosine);
  const float result = from_bits<float>(bits(float(y)) ^ (bits(x) & ~magnitude));
  const U tiny = ~greater_mask(magnitude, bits(0x1p-12f) - 1);
  const U finite = greater_mask(bits(std::numeric_limits<float>::infinity()), magnitude);
  return blend(finite, blend(tiny, x, result), x - x);
}

[[gnu::always_inline]] inline double tan(double x) noexcept {
  using U = std::uint64_t;
  const U magnitude = magnitude_bits(x);
  const detail::Quadrant f = detail::reduce_double(magnitude);
  const Sum<double> r = detail::radians(f);
  const double rh = r.high;
  const double rl = r.low;
  const Sum<double> square = two_product(rh, rh);
  const double z = square.high;
  // sin r = rh + sl, cos r = w + cl
  const double sl = rh * z * horner(z, detail::sin_series_double) + rl * (1.0 - 0.5 * z);
  const double half = 0.5 * z;
  const double w = 1.0 - half;
  const double cl = ((1.0 - w) - half) +
                    (z * z * horner(z, detail::cos_series_double) - (rh * rl + 0.5 * square.low));
  // as double-doubles (the low parts below half an ulp of the high ones)
  const Sum<double> sine = fast_two_sum(rh, sl);
  const Sum<double> cosine = fast_two_sum(w, cl);
  // numerator and denominator: sin / cos for even k, cos / sin (negated below) for odd k
  const U odd = U{0} - (f.k & 1);
  const double nh = blend(odd, cosine.high, sine.high);
  const double nl = blend(odd, cosine.low, sine.low);
  const double dh = blend(odd, sine.high, cosine.high);
  const double dl = blend(odd, sine.low, cosine.low);
  const double q = nh / dh;
  const Sum<double> p = two_product(q, dh);
  const double residual = ((nh - p.high) - p.low) + (nl - q * dl);
  const double y = q + residual / dh;
  const double result = from_bits<double>(bits(y) ^ (odd << 63) ^ (bits(x) & ~magnitude));
  const U tiny = ~greater_mask(magnitude, bits(0x1p-27) - 1);
  const U finite = greater_mask(bits(std::numeric_limits<double>::infinity()), magnitude);
  return blend(finite, blend(tiny, x, result), x - x);
}

}  // namespace pyaot::numpy::vmath
