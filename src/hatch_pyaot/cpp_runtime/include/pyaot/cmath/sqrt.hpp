#pragma once
// cmath.sqrt (c_sqrt): the principal root, scaled by 1/8 (or up by 2**53 for subnormal
// parts) so that hypot cannot overflow or lose bits; never raises.

#include "pyaot/cmath/common.hpp"

namespace pyaot::cmath {

inline complex sqrt(complex z) noexcept {
  using namespace cmath_detail;
  if (!finite(z)) return special(values::sqrt_values, z);
  if (z.real == 0.0 && z.imag == 0.0) return {0.0, z.imag};
  double ax = std::fabs(z.real);
  const double ay = std::fabs(z.imag);
  double s;
  if (ax < 2.2250738585072014e-308 && ay < 2.2250738585072014e-308) {
    ax = std::ldexp(ax, 53);
    s = std::ldexp(std::sqrt(ax + std::hypot(ax, std::ldexp(ay, 53))), -27);
  } else {
    ax /= 8.0;
    s = 2.0 * std::sqrt(ax + std::hypot(ax, ay / 8.0));
  }
  const double d = ay / (2.0 * s);
  if (z.real >= 0.0) return {s, std::copysign(d, z.imag)};
  return {d, std::copysign(s, z.imag)};
}

}  // namespace pyaot::cmath
