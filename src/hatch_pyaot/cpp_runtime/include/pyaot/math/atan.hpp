#pragma once
// math.atan: the arc tangent, in radians. Never raises.

#include <cmath>

namespace pyaot::math {

inline double atan(double x) noexcept { return std::atan(x); }

}  // namespace pyaot::math
