#pragma once
// math.isfinite(x). Named isfinite_ so that an isfinite() macro from <math.h> cannot break it.

#include <cmath>

namespace pyaot::math {

inline bool isfinite_(double x) noexcept { return std::isfinite(x); }

}  // namespace pyaot::math
