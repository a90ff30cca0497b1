#pragma once
// math.log10(x): ValueError("math domain error") for x <= 0.

#include <cmath>

#include "pyaot/math/common.hpp"

namespace pyaot::math {

inline bool log10(double& out, double x) noexcept {
  if (x > 0.0) [[likely]] {
    out = std::log10(x);
    return true;
  }
  if (std::isnan(x)) {
    out = x;
    return true;
  }
  return pyaot::detail::math_domain_error();
}

}  // namespace pyaot::math
