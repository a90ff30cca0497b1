#pragma once
// math.degrees(x): radians to degrees (x * (180 / pi), as CPython computes it).

namespace pyaot::math {

inline double degrees(double x) noexcept {
  constexpr double rad_to_deg = 180.0 / 3.141592653589793238462643383279502884197;
  return x * rad_to_deg;
}

}  // namespace pyaot::math
