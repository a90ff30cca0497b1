#pragma once
// numpy.cbrt, vectorizable (see bits.hpp): float64 within 1 ulp (nearly always correctly
// rounded), float32 computed in double precision and rounded once.
//
// |x| = 2**e * m with m in [1, 2) (a subnormal scaled by 2**54 first), e = 3q + r with
// r in {0, 1, 2}, so cbrt |x| = 2**q cbrt(2**r m) with 2**r m in [1, 8). A minimax polynomial
// of cbrt m (tools/vmath_fit.py, 2**-19.6 relative) times cbrt(2**r) is refined by one step of
// Halley's method, y (y**3 + 2v) / (2 y**3 + v) for v = 2**r m (cubic: to the rounding errors
// of the step), then for float64 by one Newton step y + y (v - y**3) / (3v) whose residual
// v - y**3 is exact (y**3 as a sum of Dekker's products), which leaves only the final
// rounding. 2**q is exact (q from -358 to 341). The sign is x's; +-0, +-inf and nan are
// returned as they are.

#include <limits>

#include "pyaot/numpy/vmath/bits.hpp"

namespace pyaot::numpy::vmath {

namespace detail {

/// cbrt m for m in [1, 2), relative error 2**-19.6.
inline constexpr double cbrt_poly[] = {
    0x1.e4b0cc1c6653ap-2, 0x1.ad234ff2d9c0ep-1,  -0x1.e07d7e99e4674p-2,
    0x1.9f49ab6614d4ap-3, -0x1.9cc43ba7775e1p-5, 0x1.5e85bd5c7d8d0p-8,
};

/// cbrt x for x >= 0 finite and nonzero (its bits in `magnitude`); `exact` adds the last
/// Newton step.
template <bool Exact>
[[gnu::always_inline]] inline double cbrt_magnitude(std::uint64_t magnitude) noexcept {
  using U = std::uint64_t;
  constexpr U mantissa_mask = (U{1} << 52) - 1;
  const U subnormal = ~greater_mask(magnitude, bits(std::numeric_limits<double>::min()) - 1);
  const double a = from_bits<double>(magnitude);
  const U b = bits(blend(subnormal, a * 0x1p54, a));
  const U biased = b >> 52;
  const U bias = blend_bits(subnormal, U{1023 + 54}, U{1023});
  // q = floor(e / 3) = round((e - 1) / 3): (e - 1) / 3 is an integer or a third from one
  const double e = small_uint_to_float<double>(biased) - small_uint_to_float<double>(bias);
  const Rounded<double> q = round_to_integer((e - 1.0) * (1.0 / 3.0));
  const U r = (biased - bias) - 3 * q.integer;
  const double m = from_bits<double>((b & mantissa_mask) | bits(1.0));
  const double v = from_bits<double>((b & mantissa_mask) | ((r + 1023) << 52));
  const double scale = blend(U{0} - (r >> 1), 0x1.965fea53d6e3dp+0,
                             blend(U{0} - (r & 1), 0x1.428a2f98d728bp+0, 1.0));
  const double y0 = horner(m, cbrt_poly) * scale;
  const double t = y0 * y0 * y0;
  double y = y0 * ((t + 2.0 * v) / (2.0 * t + v));
  if constexpr (Exact) {
    const Sum<double> square = two_product(y, y);
    const Sum<double> cube = two_product(square.high, y);
    const double residual = (v - cube.high) - (cube.low + square.low * y);
    y += y * residual / (3.0 * v);
  }
  return y * pow2<double>(q.integer);
}

}  // namespace detail

[[gnu::always_inline]] inline double cbrt(double x) noexcept {
  using U = std::uint64_t;
  const U magnitude = magnitude_bits(x);
  const double root = detail::cbrt_magnitude<true>(magnitude);
  const double y = from_bits<double>(bits(root) ^ (bits(x) & ~magnitude));
  const U special = ~greater_mask(magnitude, U{0}) |
                    greater_mask(magnitude, bits(std::numeric_limits<double>::infinity()) - 1);
  return blend(special, x, y);
}

[[gnu::always_inline]] inline float cbrt(float x) noexcept {
  using U = std::uint32_t;
  const U magnitude = magnitude_bits(x);
  const double a = double(from_bits<float>(magnitude));
  const float root = float(detail::cbrt_magnitude<false>(bits(a)));
  const float y = from_bits<float>(bits(root) ^ (bits(x) & ~magnitude));
  const U special = ~greater_mask(magnitude, U{0}) |
                    greater_mask(magnitude, bits(std::numeric_limits<float>::infinity()) - 1);
  return blend(special, x, y);
}

}  // namespace pyaot::numpy::vmath
