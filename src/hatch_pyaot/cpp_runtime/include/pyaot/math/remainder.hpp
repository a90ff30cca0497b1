#pragma once
// math.remainder(x, y): IEEE 754 remainder, CPython's m_remainder (exact).
// ValueError("math domain error") for y == 0 or an infinite x.

#include <cmath>

#include "pyaot/math/common.hpp"

namespace pyaot::math {

inline bool remainder(double& out, double x, double y) noexcept {
  if (std::isfinite(x) && std::isfinite(y)) [[likely]] {
    if (y == 0.0) [[unlikely]] {
      return pyaot::detail::math_domain_error();
    }
    const double absx = std::fabs(x);
    const double absy = std::fabs(y);
    const double m = std::fmod(absx, absy);
    const double c = absy - m;
    double r;
    if (m < c) {
      r = m;
    } else if (m > c) {
      r = -c;
    } else {
      // halfway: choose the even multiple
      r = m - 2.0 * std::fmod(0.5 * (absx - m), absy);
    }
    out = std::copysign(1.0, x) * r;
    return true;
  }
  if (std::isnan(x)) {
    out = x;
    return true;
  }
  if (std::isnan(y)) {
    out = y;
    return true;
  }
  if (std::isinf(x)) [[unlikely]] {
    return pyaot::detail::math_domain_error();
  }
  out = x;  // finite x, infinite y
  return true;
}

}  // namespace pyaot::math
