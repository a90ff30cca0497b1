#pragma once
// math.copysign(x, y): |x| with the sign of y. Never raises.

#include <cmath>

namespace pyaot::math {

inline double copysign(double x, double y) noexcept { return std::copysign(x, y); }

}  // namespace pyaot::math
