#pragma once
// math.nextafter(x, y): the next float after x towards y.

#include <cmath>

namespace pyaot::math {

inline double nextafter(double x, double y) noexcept { return std::nextafter(x, y); }

}  // namespace pyaot::math
