#pragma once
// math.isinf(x). Named isinf_ so that an isinf() macro from <math.h> cannot break it.

#include <cmath>

namespace pyaot::math {

inline bool isinf_(double x) noexcept { return std::isinf(x); }

}  // namespace pyaot::math
