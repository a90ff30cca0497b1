#pragma once
// math.log10(x): ValueError("math domain error") for x <= 0.

#include <cmath>

#include "pyaot/math/common.hpp"

namespace pyaot::math {

inline bool log10(double& out, double x) noexcept {
  return pyaot::detail::positive_log(out, x, [](double v) { return std::log10(v); });
}

}  // namespace pyaot::math
