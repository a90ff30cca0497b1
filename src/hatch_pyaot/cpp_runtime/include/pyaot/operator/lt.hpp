#pragma once
// operator.lt: a < b. Mixed int/float comparisons are exact, as in CPython (no rounding
// of the int to a float).

#include <cstdint>

#include "pyaot/operator/int_common.hpp"

namespace pyaot::op {

inline bool lt(std::int64_t a, std::int64_t b) noexcept { return a < b; }

inline bool lt(double a, double b) noexcept { return a < b; }

inline bool lt(std::int64_t a, double b) noexcept {
  const int c = pyaot::detail::compare_int_float(a, b);
  return c == -1;
}

inline bool lt(double a, std::int64_t b) noexcept {
  const int c = pyaot::detail::compare_int_float(b, a);
  return c == 1;
}

}  // namespace pyaot::op
