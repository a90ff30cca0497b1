#pragma once
// math.erf: the error function (the C library's erf, as CPython uses it). Never raises.

#include <cmath>

namespace pyaot::math {

inline double erf(double x) noexcept { return std::erf(x); }

}  // namespace pyaot::math
