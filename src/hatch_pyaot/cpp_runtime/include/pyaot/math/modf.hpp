#pragma once
// math.modf(x) -> (fractional part, integer part), both with the sign of x.

#include <cmath>
#include <tuple>

namespace pyaot::math {

inline std::tuple<double, double> modf(double x) noexcept {
  if (std::isinf(x)) return {std::copysign(0.0, x), x};
  if (std::isnan(x)) return {x, x};
  double whole = 0.0;
  const double fraction = std::modf(x, &whole);
  return {fraction, whole};
}

}  // namespace pyaot::math
