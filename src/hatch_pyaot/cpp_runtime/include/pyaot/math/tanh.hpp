#pragma once
// math.tanh: the hyperbolic tangent. Never raises.

#include <cmath>

namespace pyaot::math {

inline double tanh(double x) noexcept { return std::tanh(x); }

}  // namespace pyaot::math
