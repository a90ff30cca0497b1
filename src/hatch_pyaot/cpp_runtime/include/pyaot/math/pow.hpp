#pragma once
// math.pow(x, y): CPython's math_pow (unlike float ** float: 0.0 ** -1 and (-8.0) ** 0.5 are
// ValueError("math domain error"); overflow is OverflowError("math range error")).

#include <cmath>

#include "pyaot/math/common.hpp"

namespace pyaot::math {

inline bool pow(double& out, double x, double y) noexcept {
  double r = 0.0;
  if (!std::isfinite(x) || !std::isfinite(y)) {
    if (std::isnan(x)) {
      r = y == 0.0 ? 1.0 : x;  // nan**0 = 1
    } else if (std::isnan(y)) {
      r = x == 1.0 ? 1.0 : y;  // 1**nan = 1
    } else if (std::isinf(x)) {
      const bool odd_y = std::isfinite(y) && std::fmod(std::fabs(y), 2.0) == 1.0;
      if (y > 0.0) {
        r = odd_y ? x : std::fabs(x);
      } else if (y == 0.0) {
        r = 1.0;
      } else {
        r = odd_y ? std::copysign(0.0, x) : 0.0;
      }
    } else {  // y is infinite
      if (std::fabs(x) == 1.0) {
        r = 1.0;
      } else if (y > 0.0 && std::fabs(x) > 1.0) {
        r = y;
      } else if (y < 0.0 && std::fabs(x) < 1.0) {
        r = -y;  // +inf
      } else {
        r = 0.0;
      }
    }
    out = r;
    return true;
  }
  r = std::pow(x, y);
  if (!std::isfinite(r)) [[unlikely]] {
    // NaN: a negative x to a non-integer power; inf: 0.0 ** negative (a pole) or overflow
    if (std::isnan(r) || x == 0.0) return pyaot::detail::math_domain_error();
    return pyaot::detail::math_range_error();
  }
  out = r;
  return true;
}

}  // namespace pyaot::math
