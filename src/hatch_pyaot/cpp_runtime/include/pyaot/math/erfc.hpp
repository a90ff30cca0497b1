#pragma once
// math.erfc: the complementary error function (the C library's erfc, as CPython uses). Never
// raises.

#include <cmath>

namespace pyaot::math {

inline double erfc(double x) noexcept { return std::erfc(x); }

}  // namespace pyaot::math
