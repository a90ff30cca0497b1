#pragma once
// math.ldexp(x, i): x * 2**i. OverflowError("math range error") when the result overflows.

#include <climits>
#include <cmath>
#include <cstdint>

#include "pyaot/math/common.hpp"

namespace pyaot::math {

inline bool ldexp(double& out, double x, std::int64_t i) noexcept {
  if (x == 0.0 || !std::isfinite(x)) {
    out = x;  // nans, zeros and infinities are returned unchanged
    return true;
  }
  if (i > INT_MAX) [[unlikely]] {
    return pyaot::detail::math_range_error();
  }
  if (i < INT_MIN) {
    out = std::copysign(0.0, x);
    return true;
  }
  const double r = std::ldexp(x, static_cast<int>(i));
  if (std::isinf(r)) [[unlikely]] {
    return pyaot::detail::math_range_error();
  }
  out = r;
  return true;
}

}  // namespace pyaot::math
