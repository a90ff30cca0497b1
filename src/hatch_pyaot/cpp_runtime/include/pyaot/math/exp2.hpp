#pragma once
// math.exp2: 2 ** x. CPython's math_1 rules: a NaN from a non-NaN x is ValueError("math domain
// error"); an infinite result from a finite x is OverflowError("math range error").

#include <cmath>

#include "pyaot/math/common.hpp"

namespace pyaot::math {

inline bool exp2(double& out, double x) noexcept {
  return pyaot::detail::math_1(out, x, std::exp2(x), true);
}

}  // namespace pyaot::math
