#pragma once
// math.log1p: log(1 + x), accurate near 0 (m_log1p: a zero is returned as is). CPython's math_1
// rules: a NaN from a non-NaN x is ValueError("math domain error"); an infinite result from a
// finite x is ValueError("math domain error").

#include <cmath>

#include "pyaot/math/common.hpp"

namespace pyaot::math {

inline bool log1p(double& out, double x) noexcept {
  return pyaot::detail::math_1(out, x, x == 0.0 ? x : std::log1p(x), false);
}

}  // namespace pyaot::math
