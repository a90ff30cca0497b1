#pragma once
// math.asinh: the inverse hyperbolic sine. Never raises.

#include <cmath>

namespace pyaot::math {

inline double asinh(double x) noexcept { return std::asinh(x); }

}  // namespace pyaot::math
