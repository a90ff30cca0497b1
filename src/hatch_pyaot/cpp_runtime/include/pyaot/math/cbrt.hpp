#pragma once
// math.cbrt: the cube root. Never raises.

#include <cmath>

namespace pyaot::math {

inline double cbrt(double x) noexcept { return std::cbrt(x); }

}  // namespace pyaot::math
