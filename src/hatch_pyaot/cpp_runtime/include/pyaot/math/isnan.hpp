#pragma once
// math.isnan(x). Named isnan_ so that an isnan() macro from <math.h> cannot break it.

#include <cmath>

namespace pyaot::math {

inline bool isnan_(double x) noexcept { return std::isnan(x); }

}  // namespace pyaot::math
