#pragma once
// math.log2(x): ValueError("math domain error") for x <= 0.

#include <cmath>

#include "pyaot/math/common.hpp"

namespace pyaot::math {

inline bool log2(double& out, double x) noexcept {
  return pyaot::detail::positive_log(out, x, [](double v) { return std::log2(v); });
}

}  // namespace pyaot::math
