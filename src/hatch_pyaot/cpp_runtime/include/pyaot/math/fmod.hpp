#pragma once
// math.fmod(x, y): the C fmod (sign of x). ValueError("math domain error") for y == 0 or an
// infinite x; fmod(finite, +-inf) is x.

#include <cmath>

#include "pyaot/math/common.hpp"

namespace pyaot::math {

inline bool fmod(double& out, double x, double y) noexcept {
  if (std::isinf(y) && std::isfinite(x)) {
    out = x;
    return true;
  }
  const double r = std::fmod(x, y);
  if (std::isnan(r) && !std::isnan(x) && !std::isnan(y)) [[unlikely]] {
    return pyaot::detail::math_domain_error();
  }
  out = r;
  return true;
}

}  // namespace pyaot::math
