#pragma once
// math.ulp(x): the value of the least significant bit of x.

#include <cmath>
#include <limits>

namespace pyaot::math {

inline double ulp(double x) noexcept {
  if (std::isnan(x)) return x;
  x = std::fabs(x);
  if (std::isinf(x)) return x;
  constexpr double inf = std::numeric_limits<double>::infinity();
  const double x2 = std::nextafter(x, inf);
  if (std::isinf(x2)) {
    return x - std::nextafter(x, -inf);  // x is the largest finite float
  }
  return x2 - x;
}

}  // namespace pyaot::math
