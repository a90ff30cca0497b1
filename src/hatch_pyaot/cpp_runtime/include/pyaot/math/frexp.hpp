#pragma once
// math.frexp(x) -> (m, e) with x == m * 2**e and 0.5 <= |m| < 1; (x, 0) for 0, inf and nan.

#include <cmath>
#include <cstdint>
#include <tuple>

namespace pyaot::math {

inline std::tuple<double, std::int64_t> frexp(double x) noexcept {
  if (std::isnan(x) || std::isinf(x) || x == 0.0) return {x, 0};
  int e = 0;
  const double m = std::frexp(x, &e);
  return {m, e};
}

}  // namespace pyaot::math
