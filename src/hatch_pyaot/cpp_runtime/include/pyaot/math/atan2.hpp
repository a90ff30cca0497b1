#pragma once
// math.atan2(y, x): CPython's m_atan2, which settles the special values itself. Never raises.

#include <cmath>
#include <limits>

namespace pyaot::math {

inline double atan2(double y, double x) noexcept {
  constexpr double pi = 3.141592653589793238462643383279502884197;
  if (std::isnan(x) || std::isnan(y)) return std::numeric_limits<double>::quiet_NaN();
  if (std::isinf(y)) {
    if (std::isinf(x)) {
      // atan2(+-inf, +inf) == +-pi/4, atan2(+-inf, -inf) == +-pi*3/4
      return std::copysign(std::copysign(1.0, x) == 1.0 ? 0.25 * pi : 0.75 * pi, y);
    }
    return std::copysign(0.5 * pi, y);  // atan2(+-inf, finite x) == +-pi/2
  }
  if (std::isinf(x) || y == 0.0) {
    // atan2(+-y, +inf) = atan2(+-0, +x) = +-0; atan2(+-y, -inf) = atan2(+-0, -x) = +-pi
    return std::copysign(1.0, x) == 1.0 ? std::copysign(0.0, y) : std::copysign(pi, y);
  }
  return std::atan2(y, x);
}

}  // namespace pyaot::math
