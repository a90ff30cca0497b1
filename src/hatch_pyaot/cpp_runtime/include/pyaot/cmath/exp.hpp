#pragma once
// cmath.exp (c_exp): e**x times cos/sin of y, e split off near overflow; ValueError for an
// infinite y (unless x is NaN or -inf), OverflowError for an overflow.

#include "pyaot/cmath/common.hpp"

namespace pyaot::cmath {

inline bool exp(complex& out, complex z) noexcept {
  using namespace cmath_detail;
  if (!finite(z)) {
    if (std::isinf(z.real) && std::isfinite(z.imag) && z.imag != 0.0) {
      out = z.real > 0 ? complex{std::copysign(INFINITY, std::cos(z.imag)),
                                 std::copysign(INFINITY, std::sin(z.imag))}
                       : complex{std::copysign(0.0, std::cos(z.imag)),
                                 std::copysign(0.0, std::sin(z.imag))};
    } else {
      out = special(values::exp_values, z);
    }
    if (std::isinf(z.imag) && (std::isfinite(z.real) || (std::isinf(z.real) && z.real > 0))) {
      return domain_error();
    }
    return true;
  }
  if (z.real > log_large_double) {
    const double l = std::exp(z.real - 1.0);
    out = {l * std::cos(z.imag) * e, l * std::sin(z.imag) * e};
  } else {
    const double l = std::exp(z.real);
    out = {l * std::cos(z.imag), l * std::sin(z.imag)};
  }
  if (std::isinf(out.real) || std::isinf(out.imag)) return range_error();
  return true;
}

}  // namespace pyaot::cmath
