#pragma once
// math.fabs: the absolute value of a float. Never raises.

#include <cmath>

namespace pyaot::math {

inline double fabs(double x) noexcept { return std::fabs(x); }

}  // namespace pyaot::math
