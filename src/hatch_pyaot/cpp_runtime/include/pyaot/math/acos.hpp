#pragma once
// math.acos: the arc cosine, in radians. CPython's math_1 rules: a NaN from a non-NaN x is
// ValueError("math domain error"); an infinite result from a finite x is ValueError("math domain
// error").

#include <cmath>

#include "pyaot/math/common.hpp"

namespace pyaot::math {

inline bool acos(double& out, double x) noexcept {
  return pyaot::detail::math_1(out, x, std::acos(x), false);
}

}  // namespace pyaot::math
