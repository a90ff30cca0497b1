#pragma once
// math.radians(x): degrees to radians (x * (pi / 180), as CPython computes it).

namespace pyaot::math {

inline double radians(double x) noexcept {
  constexpr double deg_to_rad = 3.141592653589793238462643383279502884197 / 180.0;
  return x * deg_to_rad;
}

}  // namespace pyaot::math
