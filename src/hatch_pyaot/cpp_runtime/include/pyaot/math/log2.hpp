#pragma once
// math.log2(x): ValueError("math domain error") for x <= 0.

#include <cmath>

#include "pyaot/math/common.hpp"

namespace pyaot::math {

inline bool log2(double& out, double x) noexcept {
  if (x > 0.0) [[likely]] {
    out = std::log2(x);
    return true;
  }
  if (std::isnan(x)) {
    out = x;
    return true;
  }
  return pyaot::detail::math_domain_error();
}

}  // namespace pyaot::math
