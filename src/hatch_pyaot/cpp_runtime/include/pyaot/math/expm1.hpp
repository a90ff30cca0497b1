#pragma once
// math.expm1: exp(x) - 1, accurate near 0. CPython's math_1 rules: a NaN from a non-NaN x is
// ValueError("math domain error"); an infinite result from a finite x is OverflowError("math range
// error").

#include <cmath>

#include "pyaot/math/common.hpp"

namespace pyaot::math {

inline bool expm1(double& out, double x) noexcept {
  return pyaot::detail::math_1(out, x, std::expm1(x), true);
}

}  // namespace pyaot::math
