#pragma once
// math.log(x[, base]): ValueError("math domain error") for x <= 0 (and base <= 0);
// log(x, 1) divides by log(1) == 0.0: ZeroDivisionError("float division by zero").

#include <cmath>

#include "pyaot/math/common.hpp"
#include "pyaot/operator/float_common.hpp"

namespace pyaot::detail {

/// CPython's m_log under math_1 (a zero or negative x is a domain error).
inline bool math_log(double& out, double x) noexcept {
  return positive_log(out, x, [](double v) { return std::log(v); });
}

}  // namespace pyaot::detail

namespace pyaot::math {

inline bool log(double& out, double x) noexcept { return pyaot::detail::math_log(out, x); }

inline bool log(double& out, double x, double base) noexcept {
  double num;
  double den;
  if (!pyaot::detail::math_log(num, x)) return false;
  if (!pyaot::detail::math_log(den, base)) return false;
  return pyaot::detail::float_div(out, num, den);
}

}  // namespace pyaot::math
